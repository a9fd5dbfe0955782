/**
 * POST /tasks/batch (D21): 1..100 tasks, all or none in one transaction, answers in input order,
 * the first failing item named by `details.index`, Idempotency-Key honoured, one change-log row
 * per task, one rate-limit count per request.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type Client, type TestApp, type TestUser } from '../helpers/app.js';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const titles = (n: number, prefix: string) => Array.from({ length: n }, (_, i) => `${prefix} ${i}`);

async function ownTaskCount(c: Client): Promise<number> {
  return (await c.get('/tasks?limit=1')).body.meta.pagination.total;
}

async function changeRows(user: TestUser): Promise<number> {
  const row = await t.app.database.db
    .selectFrom('changes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('actor_id', '=', user.id)
    .where('record_type', '=', 'task')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('POST /tasks/batch', () => {
  it('creates 100 tasks in input order, each with its own change-log row', async () => {
    const u = await t.user('batch');
    const c = t.as(u);
    const names = titles(100, 'Item');
    const res = await c.post('/tasks/batch', { tasks: names.map((title, i) => ({ title, priority: i % 2 ? 'high' : 'low', estimated_minutes: i })) });
    expect(res.status).toBe(201);
    expect(res.body.data.map((task: { title: string }) => task.title)).toEqual(names);
    expect(res.body.data[1]).toMatchObject({ priority: 'high', estimated_minutes: 1, status: 'pending', version_major: 1, version_minor: 0, user_id: u.id });
    expect(new Set(res.body.data.map((task: { id: string }) => task.id)).size).toBe(100);
    expect(await ownTaskCount(c)).toBe(100);
    expect(await changeRows(u)).toBe(100);
    // Each task reads back as the batch answered it.
    expect((await c.get(`/tasks/${res.body.data[42].id}`)).body.data).toEqual(res.body.data[42]);
  });

  it('creates nothing when item 57 fails the schema, and names it', async () => {
    const u = await t.user('batch');
    const c = t.as(u);
    const tasks = titles(100, 'Item').map((title) => ({ title }));
    tasks[57] = { title: '' };
    const res = await c.post('/tasks/batch', { tasks });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'validation_error', details: { index: 57, field: 'tasks.57.title', constraint: 'minLength' } });
    expect(await ownTaskCount(c)).toBe(0);
    expect(await changeRows(u)).toBe(0);
  });

  it('creates nothing when item 57 breaks a rule of the use case, and names it', async () => {
    const u = await t.user('batch');
    const c = t.as(u);
    const tasks = titles(100, 'Item').map((title) => ({ title }));
    tasks[57] = { title: '   ' }; // passes the schema, blank after trimming (D4)
    const res = await c.post('/tasks/batch', { tasks });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'validation_error', details: { index: 57, field: 'tasks.57.title', constraint: 'minLength' } });
    expect(res.body.message).toContain('tasks[57]');
    expect(await ownTaskCount(c)).toBe(0);
    expect(await changeRows(u)).toBe(0);
  });

  it('is 403 with nothing created when an item goes into a context the caller may only read', async () => {
    const owner = await t.user('owner');
    const reader = await t.user('reader');
    const o = t.as(owner);
    const r = t.as(reader);
    const ctx = (await o.post('/contexts', { name: 'Read only' })).body.data.id;
    expect((await o.post(`/contexts/${ctx}/share`, { user_email: reader.email, permission: 'read' })).status).toBe(201);
    const res = await r.post('/tasks/batch', { tasks: [{ title: 'Mine' }, { title: 'Also mine' }, { title: 'Theirs', context_id: ctx }] });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ error: 'forbidden', details: { index: 2, field: 'tasks.2', constraint: 'forbidden' } });
    expect(await ownTaskCount(r)).toBe(0);
    expect((await o.get(`/tasks?context_id=${ctx}`)).body.data).toEqual([]);
    expect(await changeRows(reader)).toBe(0);
  });

  it('is 404 for an item in a context the caller cannot see', async () => {
    const u = await t.user('batch');
    const res = await t.as(u).post('/tasks/batch', { tasks: [{ title: 'a' }, { title: 'b', context_id: '6f1c1d52-8c9a-4e53-9d7e-0d7a3f1b2c3d' }] });
    expect(res.status).toBe(404);
    expect(res.body.details).toEqual({ index: 1, field: 'tasks.1', constraint: 'not_found' });
    expect(await ownTaskCount(t.as(u))).toBe(0);
  });

  it('replays the first answer for the same Idempotency-Key and creates the tasks once', async () => {
    const u = await t.user('batch');
    const c = t.as(u);
    const body = { tasks: [{ title: 'One' }, { title: 'Two' }, { title: 'Three' }] };
    const first = await c.post('/tasks/batch', body, { 'Idempotency-Key': 'batch-key-1' });
    expect(first.status).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const again = await c.post('/tasks/batch', body, { 'Idempotency-Key': 'batch-key-1' });
    expect(again.status).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(await ownTaskCount(c)).toBe(3);
    expect(await changeRows(u)).toBe(3);
    const other = await c.post('/tasks/batch', { tasks: [{ title: 'Different' }] }, { 'Idempotency-Key': 'batch-key-1' });
    expect(other.status).toBe(422);
    expect(await ownTaskCount(c)).toBe(3);
  });

  it('takes 1..100 items and only task fields', async () => {
    const c = t.as(await t.user('batch'));
    const empty = await c.post('/tasks/batch', { tasks: [] });
    expect(empty.status).toBe(400);
    expect(empty.body.details).toMatchObject({ field: 'tasks', constraint: 'minItems' });
    const tooMany = await c.post('/tasks/batch', { tasks: titles(101, 'x').map((title) => ({ title })) });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.details).toMatchObject({ field: 'tasks', constraint: 'maxItems' });
    const unknown = await c.post('/tasks/batch', { tasks: [{ title: 'a' }, { title: 'b', colour: 'red' }] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.details).toEqual({ index: 1, field: 'tasks.1.colour', constraint: 'unknown_field' });
    expect((await c.post('/tasks/batch', [{ title: 'a' }])).status).toBe(400);
    expect(await ownTaskCount(c)).toBe(0);
  });

  it('ignores read-only fields in items, whatever they hold (D3)', async () => {
    const c = t.as(await t.user('batch'));
    const res = await c.post('/tasks/batch', { tasks: [{ title: 'Echoed', id: [1, 2], created_at: 'whenever', version_major: 'x', last_live: { a: 1 } }] });
    expect(res.status).toBe(201);
    expect(res.body.data[0]).toMatchObject({ title: 'Echoed', version_major: 1, last_live: null });
  });

  it('counts once against the rate limit, however many tasks it holds', async () => {
    const c = t.as(await t.user('batch'));
    const before = Number((await c.get('/tasks?limit=1')).headers['x-ratelimit-remaining']);
    const batch = await c.post('/tasks/batch', { tasks: titles(50, 'r').map((title) => ({ title })) });
    expect(batch.status).toBe(201);
    const after = Number(batch.headers['x-ratelimit-remaining']);
    // The same fixed window almost always; across a window edge the count restarts (after > before).
    if (after <= before) expect(before - after).toBe(1);
  });

  it('sends the URL of a single created task in Location, and none for a batch', async () => {
    const c = t.as(await t.user('batch'));
    const one = await c.post('/tasks', { title: 'Located' });
    expect(one.headers.location).toBe(`/api/v1/tasks/${one.body.data.id}`);
    const many = await c.post('/tasks/batch', { tasks: [{ title: 'a' }] });
    expect(many.headers.location).toBeUndefined();
  });
});
