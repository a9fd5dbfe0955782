import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type Client, type TestApp } from '../helpers/app.js';

let t: TestApp;
let c: Client;
beforeAll(async () => {
  t = await startTestApp();
  c = t.as(await t.user());
});
afterAll(async () => {
  await t.close();
});

const create = async (body: Record<string, unknown> = {}) => (await c.post('/tasks', { title: 'Original', priority: 'low', ...body })).body.data;

describe('draft and publish (SPEC states, D8)', () => {
  it('an update without publish opens a draft; each further update raises version_minor', async () => {
    const task = await create();
    const d1 = (await c.put(`/tasks/${task.id}`, { title: 'Draft title' })).body.data;
    expect(d1).toMatchObject({ title: 'Draft title', is_published: false, version_major: 1, version_minor: 1 });
    expect(d1.last_live).toEqual({ title: 'Original', version: '1.0' });
    const d2 = (await c.patch(`/tasks/${task.id}`, { priority: 'high' })).body.data;
    expect(d2).toMatchObject({ title: 'Draft title', priority: 'high', version_minor: 2, is_published: false });
    expect(d2.last_live).toEqual({ title: 'Original', priority: 'low', version: '1.0' });
    // Every reader sees the same draft representation.
    expect((await c.get(`/tasks/${task.id}`)).body.data).toEqual(d2);
  });

  it('accept publishes the draft as the next major version', async () => {
    const task = await create();
    await c.put(`/tasks/${task.id}`, { title: 'New' });
    const res = await c.post(`/tasks/${task.id}/draft`, { action: 'accept' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ title: 'New', version_major: 2, version_minor: 0, is_published: true, last_live: null });
  });

  it('discard reverts to the last published state', async () => {
    const task = await create({ description: 'keep me' });
    await c.put(`/tasks/${task.id}`, { title: 'Lost', description: null });
    const res = await c.post(`/tasks/${task.id}/draft`, { action: 'discard' });
    expect(res.body.data).toMatchObject({ title: 'Original', description: 'keep me', version_major: 1, version_minor: 0, is_published: true, last_live: null });
  });

  it('accept or discard without a draft is 422; bad actions are 400', async () => {
    const task = await create();
    for (const action of ['accept', 'discard']) {
      const res = await c.post(`/tasks/${task.id}/draft`, { action });
      expect(res.status).toBe(422);
      expect(res.body.error).toBe('unprocessable_entity');
    }
    expect((await c.post(`/tasks/${task.id}/draft`, { action: 'merge' })).status).toBe(400);
    expect((await c.post(`/tasks/${task.id}/draft`, {})).status).toBe(400);
    expect((await c.post('/tasks/6f1c1d52-8c9a-4e53-9d7e-0d7a3f1b2c3d/draft', { action: 'accept' })).status).toBe(404);
  });

  it('publish: true publishes at once (major + 1) without a draft', async () => {
    const task = await create();
    const res = await c.put(`/tasks/${task.id}`, { title: 'Now', publish: true });
    expect(res.body.data).toMatchObject({ title: 'Now', version_major: 2, version_minor: 0, is_published: true, last_live: null });
  });

  it('a stale draft: accept is 409 draft_conflict with versions and conflicting fields; discard still works', async () => {
    const task = await create();
    await c.put(`/tasks/${task.id}`, { title: 'Draft title', priority: 'high' });
    // Publish directly while the draft is open: title conflicts, description does not.
    const pub = await c.put(`/tasks/${task.id}`, { title: 'Published title', description: 'pub', publish: true });
    expect(pub.body.data).toMatchObject({ title: 'Draft title', description: 'pub', version_major: 2, version_minor: 1, is_published: false });
    expect(pub.body.data.last_live).toEqual({ title: 'Published title', priority: 'low', version: '2.0' });
    const res = await c.post(`/tasks/${task.id}/draft`, { action: 'accept' });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({
      error: 'draft_conflict',
      status: 409,
      data: { your_version: '1.1', current_version: '2.0', conflicting_fields: ['title'] },
    });
    const discarded = await c.post(`/tasks/${task.id}/draft`, { action: 'discard' });
    expect(discarded.body.data).toMatchObject({
      title: 'Published title',
      priority: 'low',
      description: 'pub',
      version_major: 2,
      version_minor: 0,
      is_published: true,
    });
    // The documented way out: a new draft on top of the current version, then publish.
    await c.put(`/tasks/${task.id}`, { title: 'Merged' });
    expect((await c.post(`/tasks/${task.id}/draft`, { action: 'accept' })).body.data).toMatchObject({ title: 'Merged', version_major: 3 });
  });

  it('complete publishes directly and leaves the draft stale', async () => {
    const task = await create();
    await c.put(`/tasks/${task.id}`, { title: 'Draft' });
    const done = (await c.post(`/tasks/${task.id}/complete`)).body.data;
    expect(done).toMatchObject({ status: 'completed', title: 'Draft', version_major: 2, is_published: false });
    const res = await c.post(`/tasks/${task.id}/draft`, { action: 'accept' });
    expect(res.status).toBe(409);
    expect(res.body.data.conflicting_fields).toEqual([]);
  });

  it('an update moving status to completed is published whole, without a draft', async () => {
    const task = await create();
    const res = await c.put(`/tasks/${task.id}`, { status: 'completed', title: 'Done it' });
    expect(res.body.data).toMatchObject({ status: 'completed', title: 'Done it', version_major: 2, version_minor: 0, is_published: true });
  });

  it('history lists every published version, oldest first, and the current state', async () => {
    const task = await create();
    await c.put(`/tasks/${task.id}`, { title: 'v2', publish: true });
    await c.put(`/tasks/${task.id}`, { title: 'draft of v3' });
    const res = await c.get(`/tasks/${task.id}/history`);
    expect(res.status).toBe(200);
    const h = res.body.data;
    expect(h.current).toMatchObject({ version: '2.1', is_published: false });
    expect(h.published).toMatchObject({ version: '2.0' });
    expect(h.published.snapshot).toMatchObject({ title: 'v2', priority: 'low', status: 'pending' });
    expect(h.history.map((x: any) => x.version)).toEqual(['1.0', '2.0']);
    expect(h.history[0].published_at <= h.history[1].published_at).toBe(true);
    expect((await c.get('/tasks/6f1c1d52-8c9a-4e53-9d7e-0d7a3f1b2c3d/history')).status).toBe(404);
  });

  it('editing a field back to its published value drops it from last_live', async () => {
    const task = await create();
    await c.put(`/tasks/${task.id}`, { title: 'Changed', priority: 'urgent' });
    const back = (await c.put(`/tasks/${task.id}`, { title: 'Original' })).body.data;
    expect(back.last_live).toEqual({ priority: 'low', version: '1.0' });
    expect(back.version_minor).toBe(2);
  });

  it('lifecycle rules apply to drafts too', async () => {
    const task = await create({ status: 'canceled' });
    expect((await c.put(`/tasks/${task.id}`, { status: 'in_progress' })).status).toBe(422);
  });
});

describe('a move is published at once (D8, D9a)', () => {
  it('no empty draft: a new major version whose history snapshot names the new context; discard never undoes half of it', async () => {
    const A = (await c.post('/contexts', { name: 'A' })).body.data.id;
    const B = (await c.post('/contexts', { name: 'B' })).body.data.id;
    const task = await create({ context_id: A });
    const moved = (await c.put(`/tasks/${task.id}`, { context_id: null })).body.data;
    expect(moved).toMatchObject({ context_id: null, is_published: true, version_major: 2, version_minor: 0, last_live: null });
    let history = (await c.get(`/tasks/${task.id}/history`)).body.data;
    expect(history.published).toMatchObject({ version: '2.0', snapshot: expect.objectContaining({ context_id: null }) });
    expect(history.history.map((h: { version: string }) => h.version)).toEqual(['1.0', '2.0']);
    // With a draft open, the move is still published; the draft stays, as with any direct publication.
    await c.put(`/tasks/${task.id}`, { title: 'Drafted title' });
    const again = (await c.put(`/tasks/${task.id}`, { context_id: B, title: 'Moved title' })).body.data;
    expect(again).toMatchObject({ context_id: B, version_major: 3, is_published: false });
    expect((await c.post(`/tasks/${task.id}/draft`, { action: 'discard' })).status).toBe(200);
    const after = (await c.get(`/tasks/${task.id}`)).body.data;
    expect(after).toMatchObject({ context_id: B, title: 'Moved title', is_published: true, version_major: 3, version_minor: 0 });
    history = (await c.get(`/tasks/${task.id}/history`)).body.data;
    expect(history.published.snapshot).toMatchObject({ context_id: B, title: 'Moved title' });
    expect((await c.get(`/tasks?context_id=${B}`)).body.data.map((x: { id: string }) => x.id)).toEqual([task.id]);
  });

  it('the same for events', async () => {
    const A = (await c.post('/contexts', { name: 'events A' })).body.data.id;
    const ev = (await c.post('/events', { title: 'Meet', context_id: A, start_time: '2026-12-01T10:00:00Z', end_time: '2026-12-01T11:00:00Z' })).body.data;
    const moved = (await c.patch(`/events/${ev.id}`, { context_id: null })).body.data;
    expect(moved).toMatchObject({ context_id: null, is_published: true, version_major: 2, version_minor: 0 });
    const history = (await c.get(`/events/${ev.id}/history`)).body.data;
    expect(history.published.snapshot).toMatchObject({ context_id: null });
  });
});
