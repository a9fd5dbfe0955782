/**
 * D7's final states bind the published status: a status a draft set is not final until it is
 * published (audit 6, B1).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type Client, type TestApp, type TestUser } from '../helpers/app.js';

let t: TestApp;
let c: Client;
let owner: TestUser;
beforeAll(async () => {
  t = await startTestApp();
  owner = await t.user();
  c = t.as(owner);
});
afterAll(async () => {
  await t.close();
});

const create = async (body: Record<string, unknown> = {}) => (await c.post('/tasks', { title: 'Lifecycle', ...body })).body.data;

describe('a draft status is not final until published (D7, D8)', () => {
  it('complete works over a draft that cancels: published completed, the draft stays open and stale', async () => {
    const task = await create();
    const draft = (await c.put(`/tasks/${task.id}`, { status: 'canceled', title: 'Maybe drop' })).body.data;
    expect(draft).toMatchObject({ status: 'canceled', is_published: false, version_major: 1, version_minor: 1 });

    const res = await c.post(`/tasks/${task.id}/complete`);
    expect(res.status).toBe(200);
    // The draft's values stay in the main fields (D8); the published state is completed.
    expect(res.body.data).toMatchObject({ status: 'canceled', title: 'Maybe drop', version_major: 2, version_minor: 1, is_published: false });
    expect(res.body.data.last_live).toEqual({ status: 'completed', title: 'Lifecycle', version: '2.0' });
    expect(res.body.data.completed_at).not.toBeNull();
    const history = (await c.get(`/tasks/${task.id}/history`)).body.data;
    expect(history.published.snapshot).toMatchObject({ status: 'completed', title: 'Lifecycle' });

    // Completing again is the no-op of D7: nothing new is published.
    const again = await c.post(`/tasks/${task.id}/complete`);
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({ version_major: 2, version_minor: 1 });

    // Now the published status is final: the draft may not reopen it, and accepting the stale draft is a conflict.
    expect((await c.put(`/tasks/${task.id}`, { status: 'in_progress' })).status).toBe(422);
    const accept = await c.post(`/tasks/${task.id}/draft`, { action: 'accept' });
    expect(accept.status).toBe(409);
    expect(accept.body.data).toMatchObject({ current_version: '2.0', conflicting_fields: ['status'] });
    const discarded = (await c.post(`/tasks/${task.id}/draft`, { action: 'discard' })).body.data;
    expect(discarded).toMatchObject({ status: 'completed', title: 'Lifecycle', version_major: 2, version_minor: 0, last_live: null });
  });

  it('a draft that cancels can be changed again to any status the published one allows', async () => {
    const task = await create({ status: 'in_progress' });
    await c.put(`/tasks/${task.id}`, { status: 'canceled' });
    const res = await c.put(`/tasks/${task.id}`, { status: 'in_progress' });
    expect(res.status).toBe(200);
    // Back to the published status: the field leaves the draft.
    expect(res.body.data).toMatchObject({ status: 'in_progress', is_published: false, version_minor: 2, last_live: { version: '1.0' } });
    const pending = await c.put(`/tasks/${task.id}`, { status: 'pending' });
    expect(pending.body.data).toMatchObject({ status: 'pending', is_published: false, last_live: { status: 'in_progress' } });
    // Accepting publishes the draft's status as checked against the published one.
    expect((await c.post(`/tasks/${task.id}/draft`, { action: 'accept' })).body.data).toMatchObject({
      status: 'pending',
      version_major: 2,
      is_published: true,
    });
  });

  it('the brief case: published pending, draft canceled; complete 200 and a draft edit to in_progress 200', async () => {
    const a = await create();
    await c.put(`/tasks/${a.id}`, { status: 'canceled' });
    expect((await c.put(`/tasks/${a.id}`, { status: 'in_progress' })).body.data).toMatchObject({ status: 'in_progress', is_published: false });
    const b = await create();
    await c.put(`/tasks/${b.id}`, { status: 'canceled' });
    expect((await c.post(`/tasks/${b.id}/complete`)).status).toBe(200);
  });

  it('a published cancellation stays final: complete and reopening are 422', async () => {
    const task = await create();
    await c.put(`/tasks/${task.id}`, { status: 'canceled', publish: true });
    expect((await c.post(`/tasks/${task.id}/complete`)).status).toBe(422);
    expect((await c.put(`/tasks/${task.id}`, { status: 'pending' })).status).toBe(422);
    // A draft over a published cancellation cannot leave it either.
    await c.put(`/tasks/${task.id}`, { title: 'still canceled' });
    const res = await c.put(`/tasks/${task.id}`, { status: 'in_progress' });
    expect(res.status).toBe(422);
    expect(res.body.details).toMatchObject({ field: 'status', constraint: 'transition' });
  });
});

describe('POST /tasks/{id}/complete takes no fields (D3, SPEC request "none")', () => {
  it('no body or {} complete the task; an unknown field is 400 unknown_field and changes nothing', async () => {
    const a = await create();
    const bad = await c.post(`/tasks/${a.id}/complete`, { x: 1 });
    expect(bad.status).toBe(400);
    expect(bad.body.details).toEqual({ field: 'x', constraint: 'unknown_field' });
    expect((await c.get(`/tasks/${a.id}`)).body.data).toMatchObject({ status: 'pending', version_major: 1 });
    expect((await c.post(`/tasks/${a.id}/complete`, {})).body.data.status).toBe('completed');
    const b = await create();
    const none = await c.post(`/tasks/${b.id}/complete`);
    expect(none.status).toBe(200);
    expect(none.body.data.status).toBe('completed');
    // An empty JSON body is no body (docs/api.md "Input limits").
    const d = await create();
    const empty = await t.request('POST', `/api/v1/tasks/${d.id}/complete`, { headers: { 'content-type': 'application/json' }, raw: '', token: owner.token });
    expect(empty.status).toBe(200);
  });

  it('the document says the body is optional', async () => {
    const doc = (await t.request('GET', '/api/v1/docs/openapi.json')).body;
    const op = doc.paths['/api/v1/tasks/{id}/complete'].post;
    expect(op.requestBody.required).toBe(false);
    expect(op['x-optional-body']).toBeUndefined();
  });
});
