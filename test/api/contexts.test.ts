import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const changeRows = (type: string, id: string) =>
  t.app.database.db.selectFrom('changes').selectAll().where('record_type', '=', type).where('record_id', '=', id).orderBy('seq').execute();

describe('contexts', () => {
  it('creates, reads, updates and validates fields', async () => {
    const u = t.as(await t.user());
    const created = await u.post('/contexts', { name: '  Work  ', color: '#A0B1C2', description: 'desk' });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ name: 'Work', color: '#a0b1c2', description: 'desk', parent_context_id: null });
    const id = created.body.data.id;
    expect((await u.get(`/contexts/${id}`)).body.data.name).toBe('Work');
    const put = await u.put(`/contexts/${id}`, { color: null });
    expect(put.status).toBe(200);
    expect(put.body.data).toMatchObject({ name: 'Work', color: null });
    expect((await u.patch(`/contexts/${id}`, { name: 'Home' })).body.data.name).toBe('Home');

    for (const [body, field] of [
      [{ name: 'x', color: 'red' }, 'color'],
      [{ name: 'x', color: '#12345' }, 'color'],
      [{ name: '   ' }, 'name'],
      [{ name: 'x'.repeat(501) }, 'name'],
      [{ name: 'x', description: 'd'.repeat(20_001) }, 'description'],
      [{ name: 'x', colour: '#000000' }, 'colour'],
      [{}, 'name'],
    ] as const) {
      const res = await u.post('/contexts', body);
      expect(res.status, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(res.body.details.field).toBe(field);
    }
    const other = await t.user();
    expect((await u.post('/contexts', { name: 'x', user_id: other.id })).status).toBe(403);
    expect((await u.get('/contexts/not-a-uuid')).status).toBe(404);
  });

  it('lists owned and shared contexts with parent filter, sort and pagination', async () => {
    const owner = await t.user();
    const viewer = await t.user();
    const o = t.as(owner);
    const v = t.as(viewer);
    const a = (await o.post('/contexts', { name: 'b-alpha' })).body.data;
    const child = (await o.post('/contexts', { name: 'a-child', parent_context_id: a.id })).body.data;
    await o.post('/contexts', { name: 'c-private' });
    const mine = (await v.post('/contexts', { name: 'mine' })).body.data;
    await o.post(`/contexts/${a.id}/share`, { user_email: viewer.email, permission: 'read' });

    const all = await v.get('/contexts?sort=name');
    expect(all.body.data.map((c: any) => c.name)).toEqual(['a-child', 'b-alpha', 'mine']);
    expect(all.body.meta.pagination).toEqual({ limit: 50, offset: 0, total: 3, hasMore: false });
    expect((await v.get(`/contexts?parent_context_id=${a.id}`)).body.data.map((c: any) => c.id)).toEqual([child.id]);
    expect((await v.get('/contexts?parent_context_id=null&sort=-name')).body.data.map((c: any) => c.id)).toEqual([mine.id, a.id]);
    const page = await v.get('/contexts?sort=name&limit=1&offset=1');
    expect(page.body.data.map((c: any) => c.name)).toEqual(['b-alpha']);
    expect(page.body.meta.pagination.hasMore).toBe(true);
    expect((await v.get('/contexts?sort=color')).status).toBe(400);
  });

  it('nests at most three levels and never into its own subtree', async () => {
    const u = t.as(await t.user());
    const l1 = (await u.post('/contexts', { name: 'l1' })).body.data.id;
    const l2 = (await u.post('/contexts', { name: 'l2', parent_context_id: l1 })).body.data.id;
    const l3 = (await u.post('/contexts', { name: 'l3', parent_context_id: l2 })).body.data.id;
    const l4 = await u.post('/contexts', { name: 'l4', parent_context_id: l3 });
    expect(l4.status).toBe(422);
    expect(l4.body.details).toEqual({ field: 'parent_context_id', constraint: 'max_depth' });

    expect((await u.patch(`/contexts/${l1}`, { parent_context_id: l1 })).body.details.constraint).toBe('cycle');
    expect((await u.patch(`/contexts/${l1}`, { parent_context_id: l3 })).status).toBe(422);
    // A two-level subtree cannot go under a level-2 context (it would reach level 4)...
    const other = (await u.post('/contexts', { name: 'o1' })).body.data.id;
    const other2 = (await u.post('/contexts', { name: 'o2', parent_context_id: other })).body.data.id;
    expect((await u.patch(`/contexts/${l2}`, { parent_context_id: other2 })).body.details?.constraint).toBe('max_depth');
    // ...but fits under a level-1 one, and back to the top.
    const moved = await u.patch(`/contexts/${l2}`, { parent_context_id: other });
    expect(moved.status).toBe(200);
    expect(moved.body.data.parent_context_id).toBe(other);
    expect((await u.patch(`/contexts/${l2}`, { parent_context_id: null })).body.data.parent_context_id).toBe(null);
    expect((await u.post('/contexts', { name: 'x', parent_context_id: '00000000-0000-4000-8000-000000000000' })).status).toBe(404);
  });

  it('moving a context is for the tree owner only, into trees they own (D9a: admin is not enough)', async () => {
    const owner = await t.user();
    const collab = await t.user();
    const o = t.as(owner);
    const c = t.as(collab);
    const a = (await o.post('/contexts', { name: 'a' })).body.data.id;
    const b = (await o.post('/contexts', { name: 'b' })).body.data.id;
    const target = (await o.post('/contexts', { name: 'target' })).body.data.id;
    await o.post(`/contexts/${a}/share`, { user_email: collab.email, permission: 'write' });
    await o.post(`/contexts/${b}/share`, { user_email: collab.email, permission: 'admin' });
    await o.post(`/contexts/${target}/share`, { user_email: collab.email, permission: 'read' });
    expect((await c.patch(`/contexts/${a}`, { name: 'renamed by writer' })).status).toBe(200);
    expect((await c.patch(`/contexts/${a}`, { parent_context_id: b })).status).toBe(403);
    expect((await c.patch(`/contexts/${b}`, { parent_context_id: target })).status).toBe(403);
    await o.post(`/contexts/${target}/share`, { user_email: collab.email, permission: 'admin' });
    expect((await c.patch(`/contexts/${b}`, { parent_context_id: target })).status).toBe(403);
    expect((await o.patch(`/contexts/${b}`, { parent_context_id: target })).status).toBe(200);
  });

  it('refuses to delete a context that holds anything unless cascade=true, which removes the subtree', async () => {
    const owner = await t.user();
    const friend = await t.user();
    const o = t.as(owner);
    const root = (await o.post('/contexts', { name: 'root' })).body.data.id;
    const child = (await o.post('/contexts', { name: 'child', parent_context_id: root })).body.data.id;
    const task = (await o.post('/tasks', { title: 'in child', context_id: child })).body.data.id;
    const event = (await o.post('/events', { title: 'ev', context_id: root, start_time: '2026-01-01T10:00:00Z', end_time: '2026-01-01T11:00:00Z' })).body.data
      .id;
    const comment = (await o.post(`/tasks/${task}/comments`, { message: 'hi' })).body.data.id;
    await o.post(`/contexts/${child}/share`, { user_email: friend.email, permission: 'read' });
    const outside = (await o.post('/tasks', { title: 'outside' })).body.data.id;

    const refused = await o.delete(`/contexts/${root}`);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe('conflict');
    expect((await o.delete(`/contexts/${child}`)).status).toBe(409);

    expect((await o.delete(`/contexts/${root}?cascade=true`)).status).toBe(204);
    for (const path of [`/contexts/${root}`, `/contexts/${child}`, `/tasks/${task}`, `/events/${event}`]) {
      expect((await o.get(path)).status, path).toBe(404);
    }
    expect((await o.get(`/tasks/${outside}`)).status).toBe(200);
    expect((await t.as(friend).get('/contexts')).body.data).toEqual([]);
    for (const [type, id] of [
      ['context', root],
      ['context', child],
      ['task', task],
      ['event', event],
      ['comment', comment],
      ['share', `${child}:${friend.id}`],
    ]) {
      expect((await changeRows(type, id)).at(-1)?.op, `${type} ${id}`).toBe('delete');
    }
    const empty = (await o.post('/contexts', { name: 'empty' })).body.data.id;
    expect((await o.delete(`/contexts/${empty}`)).status).toBe(204);
  });
});

describe('sharing', () => {
  it('shares, re-shares with another permission, lists and removes collaborators (D9)', async () => {
    const owner = await t.user();
    const friend = await t.user();
    const o = t.as(owner);
    const ctx = (await o.post('/contexts', { name: 'shared' })).body.data.id;
    const first = await o.post(`/contexts/${ctx}/share`, { user_email: friend.email.toUpperCase(), permission: 'read' });
    expect(first.status).toBe(201);
    expect(first.body.data).toMatchObject({ context_id: ctx, shared_with: { user_id: friend.id, email: friend.email }, permission: 'read' });
    const again = await o.post(`/contexts/${ctx}/share`, { user_email: friend.email, permission: 'write' });
    expect(again.status).toBe(200);
    expect(again.body.data.permission).toBe('write');
    expect(again.body.data.shared_at).toBe(first.body.data.shared_at);

    const list = await t.as(friend).get(`/contexts/${ctx}/collaborators`);
    expect(list.status).toBe(200);
    expect(list.body.data).toEqual([again.body.data]);

    expect((await o.post(`/contexts/${ctx}/share`, { user_email: 'nobody@example.net', permission: 'read' })).status).toBe(404);
    const self = await o.post(`/contexts/${ctx}/share`, { user_email: owner.email, permission: 'read' });
    expect(self.status).toBe(422);
    expect(self.body.details).toEqual({ field: 'user_email', constraint: 'self' });
    expect((await o.post(`/contexts/${ctx}/share`, { user_email: friend.email, permission: 'owner' })).status).toBe(400);

    expect((await o.delete(`/contexts/${ctx}/collaborators/${friend.id}`)).status).toBe(204);
    expect((await o.delete(`/contexts/${ctx}/collaborators/${friend.id}`)).status).toBe(404);
    expect((await t.as(friend).get(`/contexts/${ctx}`)).status).toBe(404);
  });

  it('lets a collaborator leave, but not remove others without admin', async () => {
    const owner = await t.user();
    const a = await t.user();
    const b = await t.user();
    const o = t.as(owner);
    const ctx = (await o.post('/contexts', { name: 'club' })).body.data.id;
    await o.post(`/contexts/${ctx}/share`, { user_email: a.email, permission: 'read' });
    await o.post(`/contexts/${ctx}/share`, { user_email: b.email, permission: 'write' });
    expect((await t.as(a).delete(`/contexts/${ctx}/collaborators/${b.id}`)).status).toBe(403);
    expect((await t.as(a).delete(`/contexts/${ctx}/collaborators/${a.id}`)).status).toBe(204);
    expect((await t.as(a).get(`/contexts/${ctx}`)).status).toBe(404);
    expect((await t.as(b).get(`/contexts/${ctx}`)).status).toBe(200);
  });

  it('a share on a parent covers records added to a child later, and removing it removes access at once', async () => {
    const owner = await t.user();
    const friend = await t.user();
    const o = t.as(owner);
    const f = t.as(friend);
    const parent = (await o.post('/contexts', { name: 'parent' })).body.data.id;
    await o.post(`/contexts/${parent}/share`, { user_email: friend.email, permission: 'write' });
    const child = (await o.post('/contexts', { name: 'child', parent_context_id: parent })).body.data.id;
    const grandchild = (await o.post('/contexts', { name: 'grandchild', parent_context_id: child })).body.data.id;
    const task = (await o.post('/tasks', { title: 'added later', context_id: grandchild })).body.data.id;
    const event = (await o.post('/events', { title: 'later', context_id: child, start_time: '2026-02-01T09:00:00Z', end_time: '2026-02-01T10:00:00Z' })).body
      .data.id;

    expect((await f.get(`/tasks/${task}`)).status).toBe(200);
    expect((await f.get('/tasks')).body.data.map((x: any) => x.id)).toEqual([task]);
    expect((await f.get('/events')).body.data.map((x: any) => x.id)).toEqual([event]);
    expect((await f.get('/contexts')).body.meta.pagination.total).toBe(3);
    expect((await f.patch(`/tasks/${task}`, { title: 'edited by friend' })).status).toBe(200);
    const own = (await f.post('/tasks', { title: 'friend made', context_id: grandchild })).body.data.id;

    expect((await o.delete(`/contexts/${parent}/collaborators/${friend.id}`)).status).toBe(204);
    expect((await f.get(`/tasks/${task}`)).status).toBe(404);
    expect((await f.get(`/events/${event}`)).status).toBe(404);
    expect((await f.get('/contexts')).body.data).toEqual([]);
    // D9a: what the friend made in there went with the share (it stays in the owner's tree).
    expect((await f.get(`/tasks/${own}`)).status).toBe(404);
    expect((await f.get('/tasks')).body.data).toEqual([]);
    expect((await o.get(`/tasks/${own}`)).status).toBe(200);
  });

  it('sees records moved into a shared context, and loses those moved out', async () => {
    const owner = await t.user();
    const friend = await t.user();
    const o = t.as(owner);
    const shared = (await o.post('/contexts', { name: 'shared' })).body.data.id;
    const privateCtx = (await o.post('/contexts', { name: 'private' })).body.data.id;
    await o.post(`/contexts/${shared}/share`, { user_email: friend.email, permission: 'read' });
    const task = (await o.post('/tasks', { title: 'mover', context_id: privateCtx })).body.data.id;
    expect((await t.as(friend).get(`/tasks/${task}`)).status).toBe(404);
    await o.patch(`/tasks/${task}`, { context_id: shared });
    expect((await t.as(friend).get(`/tasks/${task}`)).status).toBe(200);
    await o.patch(`/tasks/${task}`, { context_id: null });
    expect((await t.as(friend).get(`/tasks/${task}`)).status).toBe(404);
  });
});
