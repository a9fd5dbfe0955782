import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { drain } from './replay-client.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('GET /sync basics', () => {
  it('first call returns what is visible, later calls the changes and tombstones', async () => {
    const u = await t.user();
    const c = t.as(u);
    const a = (await c.post('/tasks', { title: 'A' })).body.data;
    const first = await c.get('/sync');
    expect(first.status).toBe(200);
    expect(first.body.data).toEqual([{ type: 'task', id: a.id, op: 'upsert', version: '1.0', record: a }]);
    expect(first.body.meta.hasMore).toBe(false);

    const b = (await c.post('/tasks', { title: 'B' })).body.data;
    const edited = (await c.put(`/tasks/${a.id}`, { title: 'A2' })).body.data;
    await c.delete(`/tasks/${b.id}`);
    const next = await drain(t, u, first.body.meta.cursor);
    expect(next.items).toEqual([
      { type: 'task', id: a.id, op: 'upsert', version: '1.1', record: edited },
      { type: 'task', id: b.id, op: 'delete', version: '1.0' },
    ]);
    const quiet = await drain(t, u, next.cursor);
    expect(quiet.items).toEqual([]);
  });

  it('pages with limit and hasMore', async () => {
    const u = await t.user();
    const c = t.as(u);
    for (let i = 0; i < 5; i++) await c.post('/tasks', { title: `T${i}` });
    // The first sync reads the tables, not the log: exactly three pages of at most two.
    const first = await drain(t, u, undefined, 2);
    expect(new Set(first.items.map((i) => i.id)).size).toBe(5);
    expect(first.pages).toBe(3);
    const made: string[] = [];
    for (let i = 0; i < 3; i++) made.push((await c.post('/tasks', { title: `N${i}` })).body.data.id);
    const later = await drain(t, u, first.cursor, 2);
    // The log is read from where the first sync began, so (on PostgreSQL, when another transaction
    // was running then) creates already seen may come again; the new ones come in order.
    expect(later.items.map((i) => i.id).filter((id) => made.includes(id))).toEqual(made);
    expect(later.items.every((i) => i.op === 'upsert')).toBe(true);
    expect(later.pages).toBeGreaterThanOrEqual(2);
  });

  it('rejects malformed cursors and limits with 400', async () => {
    const c = t.as(await t.user());
    for (const bad of ['nonsense!', 'e30', Buffer.from('{"m":"l","p":[1],"t":1}').toString('base64url')]) {
      const res = await c.get(`/sync?cursor=${bad}`);
      expect(res.status).toBe(400);
      expect(res.body.details.field).toBe('cursor');
    }
    expect((await c.get('/sync?limit=0')).status).toBe(400);
    expect((await c.get('/sync?limit=1001')).status).toBe(400);
  });

  it('answers 410 gone for cursors older than the retention, and prunes old rows', async () => {
    const u = await t.user();
    const c = t.as(u);
    const first = await c.get('/sync');
    const task = (await c.post('/tasks', { title: 'old' })).body.data;
    const old = new Date(Date.now() - 31 * 86_400_000).toISOString();
    await sql`UPDATE changes SET created_at = ${old} WHERE record_id = ${task.id}`.execute(t.app.database.db);
    expect(await t.app.services.sync.prune()).toBeGreaterThanOrEqual(1);
    const res = await c.get(`/sync?cursor=${first.body.meta.cursor}`);
    expect(res.status).toBe(410);
    expect(res.body.error).toBe('gone');
    // A cursor issued more than SYNC_RETENTION_DAYS ago is gone too, even if nothing was pruned after it.
    const stale = t.app.services.sync.cursors.encode({ mode: 'log', position: { txid: 0, seq: 0 }, keyset: null, issuedAt: Date.now() - 31 * 86_400_000 });
    expect((await c.get(`/sync?cursor=${stale}`)).status).toBe(410);
    // Starting over works.
    expect((await c.get('/sync')).status).toBe(200);
  });

  it('surfaces comment and assignee changes as an upsert of the task', async () => {
    const u = await t.user();
    const c = t.as(u);
    const task = (await c.post('/tasks', { title: 'discuss' })).body.data;
    const first = await c.get('/sync');
    await c.post(`/tasks/${task.id}/comments`, { message: 'hello' });
    await c.post(`/tasks/${task.id}/assign`, { user_email: u.email });
    const res = await drain(t, u, first.body.meta.cursor);
    expect(res.items).toEqual([{ type: 'task', id: task.id, op: 'upsert', version: '1.0', record: task }]);
  });

  it('is described in the OpenAPI document, 410 included', async () => {
    const doc = (await t.request('GET', '/api/v1/docs/openapi.json')).body;
    const op = doc.paths['/api/v1/sync'].get;
    expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '410']));
    expect(
      op.parameters
        .filter((p: { in: string }) => p.in === 'query')
        .map((p: { name: string }) => p.name)
        .sort(),
    ).toEqual(['cursor', 'limit']);
  });
});
