/**
 * RFC 9562: UUID hex is case-insensitive on input. Ids in paths, query filters and body fields are
 * read in any case and shown lower-case (audit 6, B6).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type Client, type TestApp, type TestUser } from '../helpers/app.js';
import { createContext, share } from '../helpers/factories.js';

let t: TestApp;
let alice: TestUser;
let bob: TestUser;
let a: Client;
beforeAll(async () => {
  t = await startTestApp();
  [alice, bob] = await Promise.all([t.user('alice'), t.user('bob')]);
  a = t.as(alice);
});
afterAll(async () => {
  await t.close();
});

const up = (id: string) => id.toUpperCase();
// Mixed case: every other hex letter upper.
const mixed = (id: string) => [...id].map((ch, i) => (i % 2 ? ch.toUpperCase() : ch)).join('');

describe('upper- and mixed-case UUIDs', () => {
  it('in paths', async () => {
    const ctx = await createContext(t, alice, 'Cased');
    const task = (await a.post('/tasks', { title: 'cased', context_id: ctx })).body.data;
    for (const id of [up(task.id), mixed(task.id)]) {
      const res = await a.get(`/tasks/${id}`);
      expect(res.status).toBe(200);
      expect(res.body.data.id).toBe(task.id);
    }
    expect((await a.get(`/contexts/${up(ctx)}`)).body.data.id).toBe(ctx);
    expect((await a.put(`/tasks/${up(task.id)}`, { title: 'renamed', publish: true })).body.data).toMatchObject({ id: task.id, title: 'renamed' });
    const comment = (await a.post(`/tasks/${up(task.id)}/comments`, { message: 'hi' })).body.data;
    expect(comment.task_id).toBe(task.id);
    expect((await a.put(`/tasks/${task.id}/comments/${up(comment.id)}`, { message: 'edited' })).status).toBe(200);
    // Strangers still get 404, whatever the case.
    expect((await t.as(bob).get(`/tasks/${up(task.id)}`)).status).toBe(404);
    expect((await a.delete(`/tasks/${mixed(task.id)}`)).status).toBe(204);
    expect((await a.get(`/tasks/${task.id}`)).status).toBe(404);
  });

  it('in query filters', async () => {
    const ctx = await createContext(t, alice, 'Filter');
    const child = await createContext(t, alice, 'Child', ctx);
    const task = (await a.post('/tasks', { title: 'filtered', context_id: ctx })).body.data;
    const byContext = await a.get(`/tasks?context_id=${up(ctx)}`);
    expect(byContext.status).toBe(200);
    expect(byContext.body.data.map((x: any) => x.id)).toEqual([task.id]);
    const children = await a.get(`/contexts?parent_context_id=${mixed(ctx)}`);
    expect(children.body.data.map((x: any) => x.id)).toEqual([child]);
    const events = await a.get(`/events?context_id=${up(ctx)}`);
    expect(events.status).toBe(200);
    // A malformed id in a query is still 400.
    expect((await a.get('/tasks?context_id=NOT-A-UUID')).status).toBe(400);
  });

  it('in body fields, stored and shown lower-case', async () => {
    const ctx = await createContext(t, alice, 'Body');
    const task = (await a.post('/tasks', { title: 'in body', context_id: up(ctx), user_id: up(alice.id) })).body.data;
    expect(task).toMatchObject({ context_id: ctx, user_id: alice.id });
    const other = await createContext(t, alice, 'Other');
    const moved = await a.put(`/tasks/${task.id}`, { context_id: mixed(other), user_id: mixed(alice.id) });
    expect(moved.status).toBe(200);
    expect(moved.body.data.context_id).toBe(other);
    const sub = (await a.post('/contexts', { name: 'sub', parent_context_id: up(ctx) })).body.data;
    expect(sub.parent_context_id).toBe(ctx);
    const event = (await a.post('/events', { title: 'e', start_time: '2026-12-01T10:00:00Z', end_time: '2026-12-01T11:00:00Z', context_id: up(other) })).body
      .data;
    expect(event.context_id).toBe(other);
    // Another user's id is still another user, in any case (403).
    expect((await a.post('/tasks', { title: 'x', user_id: up(bob.id) })).status).toBe(403);
  });

  it('assignee paths and batch bodies', async () => {
    const ctx = await createContext(t, alice, 'Team');
    await share(t, alice, ctx, bob, 'write');
    const task = (await a.post('/tasks', { title: 'assign', context_id: ctx })).body.data;
    expect((await a.post(`/tasks/${up(task.id)}/assign`, { user_email: bob.email })).status).toBe(201);
    expect((await a.delete(`/tasks/${task.id}/assignees/${up(bob.id)}`)).status).toBe(204);
    const batch = await a.post('/tasks/batch', { tasks: [{ title: 'b1', context_id: up(ctx) }] });
    expect(batch.status).toBe(201);
    expect(batch.body.data[0].context_id).toBe(ctx);
  });
});
