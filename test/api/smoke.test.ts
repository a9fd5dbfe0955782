import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app.js';

let t: TestApp;
beforeAll(async () => { t = await startTestApp(); });
afterAll(async () => { await t.close(); });

describe('smoke', () => {
  it('creates and reads a task', async () => {
    const u = await t.user();
    const c = t.as(u);
    const created = await c.post('/tasks', { title: 'Hello' });
    expect(created.status).toBe(201);
    const got = await c.get(`/tasks/${created.body.data.id}`);
    expect(got.body.data.title).toBe('Hello');
  });
});
