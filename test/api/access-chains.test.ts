/**
 * D9a: chains of allowed steps that used to add up to more than their steps (issue 14, findings 1
 * and 2), each replayed through the REST API.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type Client, type TestApp, type TestUser } from '../helpers/app.js';
import { made } from '../helpers/factories.js';
import { drain } from '../sync/replay-client.js';

let t: TestApp;
let owner: TestUser;
let collab: TestUser;
let A: Client;
let B: Client;

beforeAll(async () => {
  t = await startTestApp();
  owner = await t.user('owner');
  collab = await t.user('collab');
  A = t.as(owner);
  B = t.as(collab);
});
afterAll(async () => {
  await t?.close();
});

const times = { start_time: '2026-05-01T10:00:00Z', end_time: '2026-05-01T11:00:00Z' };

async function sharedContext(permission: 'read' | 'write' | 'admin') {
  const C = await made(A.post('/contexts', { name: 'owner tree' }));
  await made(A.post(`/contexts/${C}/share`, { user_email: collab.email, permission }));
  return C;
}

describe('an admin collaborator does not survive revocation (finding 1)', () => {
  it("cannot move the owner's context under its own, and after revocation gets 404 on all of it", async () => {
    const C = await sharedContext('admin');
    const task = await made(A.post('/tasks', { title: 'owner task', context_id: C }));
    const X = await made(B.post('/contexts', { name: 'collab tree' }));
    expect((await B.patch(`/contexts/${C}`, { parent_context_id: X })).status).toBe(403);
    // A sub-context the admin made inside the owner's tree.
    const S = await made(B.post('/contexts', { name: 'made by admin', parent_context_id: C }));
    const own = await made(B.post('/tasks', { title: 'admin task', context_id: S }));
    expect((await A.delete(`/contexts/${C}/collaborators/${collab.id}`)).status).toBe(204);
    for (const path of [`/contexts/${C}`, `/contexts/${S}`, `/tasks/${task}`, `/tasks/${own}`]) {
      expect((await B.get(path)).status, path).toBe(404);
    }
    expect((await B.patch(`/contexts/${C}`, { name: 'mine now' })).status).toBe(404);
    expect((await B.patch(`/contexts/${S}`, { name: 'mine now' })).status).toBe(404);
    expect((await B.post(`/contexts/${S}/share`, { user_email: owner.email, permission: 'read' })).status).toBe(404);
    expect((await B.patch(`/tasks/${own}`, { context_id: null })).status).toBe(404);
    const lists = await Promise.all(['/contexts?limit=100', '/tasks?limit=100'].map((u) => B.get(u)));
    const ids = lists.flatMap((r) => r.body.data.map((x: { id: string }) => x.id));
    expect(ids).not.toContain(C);
    expect(ids).not.toContain(S);
    expect(ids).not.toContain(task);
    expect(ids).not.toContain(own);
    // The owner still has the whole tree, including what the admin made in it.
    for (const path of [`/contexts/${C}`, `/contexts/${S}`, `/tasks/${task}`, `/tasks/${own}`]) {
      expect((await A.get(path)).status, path).toBe(200);
    }
  });

  it("the tree owner moves contexts within and between its own trees, never into another's", async () => {
    const C = await sharedContext('admin');
    const inner = await made(A.post('/contexts', { name: 'inner', parent_context_id: C }));
    const other = await made(A.post('/contexts', { name: 'second tree' }));
    expect((await A.patch(`/contexts/${inner}`, { parent_context_id: other })).status).toBe(200);
    expect((await A.patch(`/contexts/${inner}`, { parent_context_id: null })).status).toBe(200);
    const foreign = await made(B.post('/contexts', { name: 'collab tree' }));
    await made(B.post(`/contexts/${foreign}/share`, { user_email: owner.email, permission: 'admin' }));
    expect((await A.patch(`/contexts/${inner}`, { parent_context_id: foreign })).status).toBe(403);
    expect((await B.patch(`/contexts/${foreign}`, { parent_context_id: C })).status).toBe(403);
  });
});

describe('a writer cannot delete or hide what it may only edit (finding 2)', () => {
  for (const kind of ['tasks', 'events'] as const) {
    it(`${kind}: moving the owner's record away needs delete rights`, async () => {
      const C = await sharedContext('write');
      const body = kind === 'tasks' ? { title: 'owner record', context_id: C } : { title: 'owner record', context_id: C, ...times };
      const id = await made(A.post(`/${kind}`, body));
      const mine = await made(B.post('/contexts', { name: 'writer tree' }));
      expect((await B.patch(`/${kind}/${id}`, { context_id: mine })).status).toBe(403);
      expect((await B.patch(`/${kind}/${id}`, { context_id: null })).status).toBe(403);
      expect((await B.delete(`/${kind}/${id}`)).status).toBe(403);
      const still = await A.get(`/${kind}/${id}`);
      expect(still.status).toBe(200);
      expect(still.body.data.context_id).toBe(C);
      // Editing stays allowed, and so does moving it within reach of its owner by the owner.
      expect((await B.patch(`/${kind}/${id}`, { title: 'edited' })).status).toBe(200);
      expect((await A.patch(`/${kind}/${id}`, { context_id: null })).status).toBe(200);
    });
  }

  it("a sub-context the writer made cannot be moved out or cascade-deleted with the owner's records", async () => {
    const C = await sharedContext('write');
    const S = await made(B.post('/contexts', { name: 'writer sub', parent_context_id: C }));
    const task = await made(A.post('/tasks', { title: 'owner task in writer sub', context_id: S }));
    const event = await made(A.post('/events', { title: 'owner event', context_id: S, ...times }));
    expect((await B.patch(`/contexts/${S}`, { parent_context_id: null })).status).toBe(403);
    expect((await B.delete(`/contexts/${S}?cascade=true`)).status).toBe(403);
    expect((await B.delete(`/contexts/${S}`)).status).toBe(403);
    for (const path of [`/contexts/${S}`, `/tasks/${task}`, `/events/${event}`]) expect((await A.get(path)).status, path).toBe(200);
    expect((await A.get(`/contexts/${S}`)).body.data.parent_context_id).toBe(C);
    // The tree owner may.
    expect((await A.delete(`/contexts/${S}?cascade=true`)).status).toBe(204);
    expect((await A.get(`/tasks/${task}`)).status).toBe(404);
  });

  it("the writer's own records: full rights while it holds the share, none after", async () => {
    const C = await sharedContext('write');
    const own = await made(B.post('/tasks', { title: 'writer task', context_id: C }));
    const kept = await made(B.post('/tasks', { title: 'writer task 2', context_id: C }));
    expect((await B.patch(`/tasks/${own}`, { context_id: null })).status).toBe(200);
    expect((await B.get(`/tasks/${own}`)).status).toBe(200);
    expect((await B.delete(`/tasks/${kept}`)).status).toBe(204);
    const left = await made(B.post('/tasks', { title: 'left behind', context_id: C }));
    expect((await A.delete(`/contexts/${C}/collaborators/${collab.id}`)).status).toBe(204);
    expect((await B.get(`/tasks/${left}`)).status).toBe(404);
    expect((await B.get(`/tasks/${own}`)).status).toBe(200);
  });

  it('an admin may cascade-delete, and a failed cascade deletes nothing', async () => {
    const C = await sharedContext('admin');
    const S = await made(A.post('/contexts', { name: 'sub', parent_context_id: C }));
    const task = await made(A.post('/tasks', { title: 'x', context_id: S }));
    const W = await made(A.post('/contexts', { name: 'write only' }));
    await made(A.post(`/contexts/${W}/share`, { user_email: collab.email, permission: 'write' }));
    const wTask = await made(A.post('/tasks', { title: 'y', context_id: W }));
    expect((await B.delete(`/contexts/${W}?cascade=true`)).status).toBe(403);
    expect((await A.get(`/tasks/${wTask}`)).status).toBe(200);
    expect((await B.delete(`/contexts/${C}?cascade=true`)).status).toBe(204);
    expect((await A.get(`/tasks/${task}`)).status).toBe(404);
  });
});

describe("a collaborator's own attendance ends with the share (audit 9, A3)", () => {
  it('a writer who added themselves as attendee gets 404 on the event after revocation, in lists and the sync feed too', async () => {
    const C = await sharedContext('write');
    const E = await made(A.post('/events', { title: 'planning', context_id: C, ...times }));
    expect((await B.post(`/events/${E}/attendees`, { user_email: collab.email })).status).toBe(201);
    const { cursor } = await drain(t, collab, undefined);
    expect((await A.delete(`/contexts/${C}/collaborators/${collab.id}`)).status).toBe(204);
    expect((await B.get(`/events/${E}`)).status).toBe(404);
    expect((await B.get(`/events/${E}/attendees`)).status).toBe(404);
    expect((await B.get('/events')).body.data.map((e: { id: string }) => e.id)).not.toContain(E);
    await A.patch(`/events/${E}`, { title: 'planning, moved', publish: true });
    const { items } = await drain(t, collab, cursor);
    expect(items.filter((i) => i.id === E).map((i) => i.op)).toEqual(['access_lost']);
  });

  it('an attendance the owner made stays an invitation: read only, after revocation too', async () => {
    const C = await sharedContext('write');
    const E = await made(A.post('/events', { title: 'review', context_id: C, ...times }));
    expect((await B.post(`/events/${E}/attendees`, { user_email: collab.email })).status).toBe(201);
    // The owner adding the same attendee invites them.
    expect((await A.post(`/events/${E}/attendees`, { user_email: collab.email })).status).toBe(200);
    expect((await A.delete(`/contexts/${C}/collaborators/${collab.id}`)).status).toBe(204);
    expect((await B.get(`/events/${E}`)).status).toBe(200);
    expect((await B.patch(`/events/${E}`, { title: 'mine now' })).status).toBe(403);
  });
});
