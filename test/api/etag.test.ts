/** ETag and If-None-Match on reads under /api/v1 (D21's declared headers): 304 while nothing changed. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('ETag on GET', () => {
  it('tags a record, answers 304 to the same tag, and a new tag once it changes', async () => {
    const c = t.as(await t.user('etag'));
    const task = (await c.post('/tasks', { title: 'Tagged' })).body.data;
    const first = await c.get(`/tasks/${task.id}`);
    const tag = String(first.headers.etag);
    expect(tag).toMatch(/^W\/"[A-Za-z0-9_-]{27}"$/);
    expect((await c.get(`/tasks/${task.id}`)).headers.etag).toBe(tag);

    const unchanged = await c.get(`/tasks/${task.id}`, undefined, { 'If-None-Match': tag });
    expect(unchanged.status).toBe(304);
    expect(unchanged.text).toBe('');
    expect(unchanged.headers.etag).toBe(tag);
    expect((await c.get(`/tasks/${task.id}`, undefined, { 'If-None-Match': `"other", ${tag}` })).status).toBe(304);
    expect((await c.get(`/tasks/${task.id}`, undefined, { 'If-None-Match': '*' })).status).toBe(304);

    await c.patch(`/tasks/${task.id}`, { title: 'Tagged again' });
    const changed = await c.get(`/tasks/${task.id}`, undefined, { 'If-None-Match': tag });
    expect(changed.status).toBe(200);
    expect(changed.body.data.title).toBe('Tagged again');
    expect(changed.headers.etag).not.toBe(tag);
  });

  it('tags lists too: a new task changes the tag', async () => {
    const c = t.as(await t.user('etag'));
    await c.post('/tasks', { title: 'One' });
    const tag = String((await c.get('/tasks')).headers.etag);
    expect((await c.get('/tasks', undefined, { 'If-None-Match': tag })).status).toBe(304);
    await c.post('/tasks', { title: 'Two' });
    expect((await c.get('/tasks', undefined, { 'If-None-Match': tag })).status).toBe(200);
  });

  it('tags only successful reads', async () => {
    const c = t.as(await t.user('etag'));
    const created = await c.post('/tasks', { title: 'Not a read' });
    expect(created.headers.etag).toBeUndefined();
    const missing = await c.get('/tasks/6f1c1d52-8c9a-4e53-9d7e-0d7a3f1b2c3d', undefined, { 'If-None-Match': '*' });
    expect(missing.status).toBe(404);
    expect(missing.headers.etag).toBeUndefined();
  });
});
