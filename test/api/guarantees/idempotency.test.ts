import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runHousekeeping } from '../../../src/housekeeping.js';
import { startTestApp, type TestApp } from '../../helpers/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const key = () => ({ 'idempotency-key': randomUUID() });
const countTasks = async (c: ReturnType<TestApp['as']>) => (await c.get('/tasks?limit=1')).body.meta.pagination.total as number;

describe('Idempotency-Key (D12)', () => {
  it('replays the first answer, byte for byte, and creates one record', async () => {
    const c = t.as(await t.user());
    const h = key();
    const first = await c.post('/tasks', { title: 'Pay rent', priority: 'high' }, h);
    expect(first.status).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const again = await c.post('/tasks', { priority: 'high', title: 'Pay rent' }, h); // key order does not matter
    expect(again.status).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.text).toBe(first.text);
    expect(await countTasks(c)).toBe(1);
  });

  it('without a key, two posts make two records', async () => {
    const c = t.as(await t.user());
    await c.post('/tasks', { title: 'A' });
    await c.post('/tasks', { title: 'A' });
    expect(await countTasks(c)).toBe(2);
  });

  it('answers 422 when the key is reused with another body, method or path', async () => {
    const c = t.as(await t.user());
    const h = key();
    const first = await c.post('/tasks', { title: 'One' }, h);
    const other = await c.post('/tasks', { title: 'Two' }, h);
    expect(other.status).toBe(422);
    expect(other.body).toMatchObject({ error: 'unprocessable_entity', status: 422, details: { field: 'Idempotency-Key', constraint: 'reused' } });
    const otherPath = await c.put(`/tasks/${first.body.data.id}`, { title: 'One' }, h);
    expect(otherPath.status).toBe(422);
    expect(await countTasks(c)).toBe(1);
  });

  it('scopes keys to the caller', async () => {
    const a = t.as(await t.user());
    const b = t.as(await t.user());
    const h = key();
    const ra = await a.post('/tasks', { title: 'Shared key' }, h);
    const rb = await b.post('/tasks', { title: 'Shared key' }, h);
    expect(rb.status).toBe(201);
    expect(rb.headers['idempotent-replayed']).toBeUndefined();
    expect(rb.body.data.id).not.toBe(ra.body.data.id);
  });

  it('stores and replays 4xx answers, and the failed attempt leaves nothing behind', async () => {
    const c = t.as(await t.user());
    const h = key();
    const body = { title: 'In a missing context', context_id: randomUUID() };
    const first = await c.post('/tasks', body, h);
    expect(first.status).toBe(404);
    const again = await c.post('/tasks', body, h);
    expect(again.status).toBe(404);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.text).toBe(first.text);
    expect(await countTasks(c)).toBe(0);
  });

  it('does not store a 5xx: the failed attempt is rolled back entirely and a retry runs afresh', async () => {
    const c = t.as(await t.user());
    const tasks = t.app.services.tasks;
    const original = tasks.create;
    // The use case writes its task, then something unexpected breaks before it returns.
    tasks.create = async (...args: Parameters<typeof original>) => {
      await original(...args);
      throw new Error('disk on fire');
    };
    const h = key();
    try {
      const failed = await c.post('/tasks', { title: 'Flaky' }, h);
      expect(failed.status).toBe(500);
      expect(failed.body.error).toBe('internal_error');
    } finally {
      tasks.create = original;
    }
    expect(await countTasks(c)).toBe(0);
    const retry = await c.post('/tasks', { title: 'Flaky' }, h);
    expect(retry.status).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
    expect(await countTasks(c)).toBe(1);
  });

  it('covers PUT and PATCH, and 204-less writes like complete', async () => {
    const c = t.as(await t.user());
    const task = (await c.post('/tasks', { title: 'Draft me' })).body.data;
    const h = key();
    const first = await c.patch(`/tasks/${task.id}`, { title: 'Drafted' }, h);
    expect(first.body.data.version_minor).toBe(1);
    const again = await c.patch(`/tasks/${task.id}`, { title: 'Drafted' }, h);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.text).toBe(first.text);
    const now = await c.get(`/tasks/${task.id}`);
    expect(now.body.data.version_minor).toBe(1); // applied once
    const done = key();
    const c1 = await c.post(`/tasks/${task.id}/complete`, undefined, done);
    const c2 = await c.post(`/tasks/${task.id}/complete`, undefined, done);
    expect(c2.headers['idempotent-replayed']).toBe('true');
    expect(c2.text).toBe(c1.text);
  });

  it('rejects keys that are empty or longer than 255 characters', async () => {
    const c = t.as(await t.user());
    const long = await c.post('/tasks', { title: 'x' }, { 'idempotency-key': 'k'.repeat(256) });
    expect(long.status).toBe(400);
    expect(long.body.details.field).toMatch(/idempotency-key/i);
    const empty = await c.post('/tasks', { title: 'x' }, { 'idempotency-key': '' });
    expect(empty.status).toBe(400);
    const ok = await c.post('/tasks', { title: 'x' }, { 'idempotency-key': 'k'.repeat(255) });
    expect(ok.status).toBe(201);
    expect(await countTasks(c)).toBe(1);
  });

  it('20 concurrent requests with one key create exactly one record; the others replay or get 409', async () => {
    const c = t.as(await t.user());
    const h = key();
    const results = await Promise.all(Array.from({ length: 20 }, () => c.post('/tasks', { title: 'Once only' }, h)));
    const statuses = results.map((r) => r.status);
    expect(statuses.every((s) => s === 201 || s === 409)).toBe(true);
    const created = results.filter((r) => r.status === 201);
    expect(created.length).toBeGreaterThan(0);
    expect(new Set(created.map((r) => r.body.data.id)).size).toBe(1);
    expect(results.filter((r) => r.status === 201 && r.headers['idempotent-replayed'] !== 'true')).toHaveLength(1);
    for (const r of results.filter((x) => x.status === 409)) expect(r.body.error).toBe('conflict');
    expect(await countTasks(c)).toBe(1);
  });

  it('replays to every one of many parallel repeats once the first answer is stored, none told "still being processed"', async () => {
    const c = t.as(await t.user());
    const h = key();
    const first = await c.post('/tasks', { title: 'Answered once' }, h);
    expect(first.status).toBe(201);
    const repeats = await Promise.all(Array.from({ length: 12 }, () => c.post('/tasks', { title: 'Answered once' }, h)));
    expect(repeats.map((r) => r.status)).toEqual(Array(12).fill(201));
    for (const r of repeats) {
      expect(r.headers['idempotent-replayed']).toBe('true');
      expect(r.text).toBe(first.text);
    }
    expect(await countTasks(c)).toBe(1);
  });

  it('forgets keys after 24 hours: a late retry runs afresh, and housekeeping purges expired rows', async () => {
    const u = await t.user();
    const c = t.as(u);
    const h = key();
    await c.post('/tasks', { title: 'Old' }, h);
    const db = t.app.database.db;
    const past = new Date(Date.now() - 1000).toISOString();
    await db.updateTable('idempotency_keys').set({ expires_at: past }).where('user_id', '=', u.id).execute();
    const late = await c.post('/tasks', { title: 'New body is fine now' }, h);
    expect(late.status).toBe(201);
    expect(late.headers['idempotent-replayed']).toBeUndefined();
    expect(await countTasks(c)).toBe(2);

    const other = key();
    await c.post('/tasks', { title: 'Will expire' }, other);
    await db.updateTable('idempotency_keys').set({ expires_at: past }).where('key', '=', other['idempotency-key']).execute();
    await runHousekeeping(db, { hit: async () => 0, prune: async () => {} }, 60);
    const left = await db.selectFrom('idempotency_keys').select('key').where('user_id', '=', u.id).execute();
    expect(left.map((r) => r.key)).toEqual([h['idempotency-key']]);
  });
});
