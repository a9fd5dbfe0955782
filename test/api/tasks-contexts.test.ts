import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { createContext, share } from '../helpers/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('tasks in contexts', () => {
  it('creating in a context needs write there; moving needs write on both sides', async () => {
    const owner = await t.user();
    const collab = await t.user();
    const o = t.as(owner);
    const c = t.as(collab);
    const readable = await createContext(t, owner, 'readable');
    const writable = await createContext(t, owner, 'writable');
    const hidden = await createContext(t, owner, 'hidden');
    await share(t, owner, readable, collab, 'read');
    await share(t, owner, writable, collab, 'write');

    expect((await c.post('/tasks', { title: 'x', context_id: readable })).status).toBe(403);
    expect((await c.post('/tasks', { title: 'x', context_id: hidden })).status).toBe(404);
    const mine = (await c.post('/tasks', { title: 'x', context_id: writable })).body.data;
    expect(mine).toMatchObject({ context_id: writable, user_id: collab.id });

    expect((await c.patch(`/tasks/${mine.id}`, { context_id: readable })).status).toBe(403);
    expect((await c.patch(`/tasks/${mine.id}`, { context_id: hidden })).status).toBe(404);
    const inReadable = (await o.post('/tasks', { title: 'owner task', context_id: readable })).body.data.id;
    expect((await c.patch(`/tasks/${inReadable}`, { context_id: writable })).status).toBe(403);
    const moved = await c.patch(`/tasks/${mine.id}`, { context_id: null });
    expect(moved.status).toBe(200);
    expect(moved.body.data.context_id).toBe(null);
  });

  it('assigning needs an assignee who can see the task (422 otherwise) and gives no access', async () => {
    const owner = await t.user();
    const friend = await t.user();
    const outsider = await t.user();
    const o = t.as(owner);
    const ctx = await createContext(t, owner, 'team');
    await share(t, owner, ctx, friend, 'read');
    const task = (await o.post('/tasks', { title: 'do it', context_id: ctx })).body.data.id;
    const privateTask = (await o.post('/tasks', { title: 'mine' })).body.data.id;

    const assigned = await o.post(`/tasks/${task}/assign`, { user_email: friend.email });
    expect(assigned.status).toBe(201);
    expect(assigned.body.data).toMatchObject({ task_id: task, user_id: friend.id, assigned_by: owner.id });
    for (const [id, email] of [
      [task, outsider.email],
      [privateTask, friend.email],
      [task, 'nobody@example.org'],
    ]) {
      const res = await o.post(`/tasks/${id}/assign`, { user_email: email });
      expect(res.status).toBe(422);
      expect(res.body.details.field).toBe('user_email');
    }
    await o.delete(`/contexts/${ctx}/collaborators/${friend.id}`);
    expect((await t.as(friend).get(`/tasks/${task}`)).status).toBe(404);
  });
});
