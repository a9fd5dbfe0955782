/**
 * Records that leave a reader's sight and are then deleted or moved on (audit 9, A1), and records
 * made and deleted while a reader was out of a tree (audit 9, A4). The reader's copy, kept by
 * applying the feed, must lose the first (D19: an exact copy of what they can see) and must never
 * hear of the second, not even as an id (D9a).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type Client, type TestApp, type TestUser } from '../helpers/app.js';
import { made } from '../helpers/factories.js';
import { drain } from './replay-client.js';

let t: TestApp;
let owner: TestUser;
let reader: TestUser;
let A: Client;

beforeAll(async () => {
  t = await startTestApp();
  owner = await t.user('owner');
  reader = await t.user('reader');
  A = t.as(owner);
});
afterAll(async () => {
  await t?.close();
});

async function sharedTree(name: string) {
  const W = await made(A.post('/contexts', { name }));
  expect((await A.post(`/contexts/${W}/share`, { user_email: reader.email, permission: 'read' })).status).toBe(201);
  return W;
}

/** The reader's feed from `cursor`, as the ops each id got, in order. */
async function opsSince(cursor: string) {
  const { items } = await drain(t, reader, cursor);
  const ops = new Map<string, string[]>();
  for (const i of items) ops.set(i.id, [...(ops.get(i.id) ?? []), i.op]);
  return ops;
}

const gone = (ops: string[] | undefined) => !!ops && ['access_lost', 'delete'].includes(ops.at(-1)!);

describe('a record that left the reader’s sight and was deleted leaves their copy', () => {
  it('a task moved to a context the reader cannot see, then deleted', async () => {
    const W = await sharedTree('moved-out');
    const P = await made(A.post('/contexts', { name: 'private' }));
    const T = await made(A.post('/tasks', { title: 'leaves', context_id: W }));
    const { cursor } = await drain(t, reader, undefined);
    expect((await A.patch(`/tasks/${T}`, { context_id: P })).status).toBe(200);
    expect((await A.delete(`/tasks/${T}`)).status).toBe(204);
    expect(gone((await opsSince(cursor)).get(T))).toBe(true);
  });

  it('a sub-context moved out of the shared tree, then one of its tasks deleted', async () => {
    const W = await sharedTree('tree');
    const WS = await made(A.post('/contexts', { name: 'sub', parent_context_id: W }));
    const T = await made(A.post('/tasks', { title: 'deleted later', context_id: WS }));
    const T2 = await made(A.post('/tasks', { title: 'stays', context_id: WS }));
    const { cursor } = await drain(t, reader, undefined);
    expect((await A.patch(`/contexts/${WS}`, { parent_context_id: null })).status).toBe(200);
    expect((await A.delete(`/tasks/${T}`)).status).toBe(204);
    const ops = await opsSince(cursor);
    for (const id of [WS, T, T2]) expect(gone(ops.get(id)), id).toBe(true);
  });

  it('a sub-context moved under a private tree, then cascade-deleted', async () => {
    const W = await sharedTree('tree 2');
    const X = await made(A.post('/contexts', { name: 'private 2' }));
    const WS = await made(A.post('/contexts', { name: 'sub 2', parent_context_id: W }));
    const WSS = await made(A.post('/contexts', { name: 'sub sub', parent_context_id: WS }));
    const T = await made(A.post('/tasks', { title: 'deep', context_id: WSS }));
    const E = await made(A.post('/events', { title: 'e', context_id: WS, start_time: '2026-05-01T10:00:00Z', end_time: '2026-05-01T11:00:00Z' }));
    const { cursor } = await drain(t, reader, undefined);
    expect((await A.patch(`/contexts/${WS}`, { parent_context_id: X })).status).toBe(200);
    expect((await A.delete(`/contexts/${WS}?cascade=true`)).status).toBe(204);
    const ops = await opsSince(cursor);
    for (const id of [WS, WSS, T, E]) expect(gone(ops.get(id)), id).toBe(true);
    expect(ops.has(X)).toBe(false);
  });
});

describe('a record that left with its sub-context and then moved on leaves their copy (audit 10, A.5)', () => {
  it('tasks and events moved to a private context, into a deeper sub-context, and a sub-context moved on', async () => {
    const W = await sharedTree('tree 3');
    const P = await made(A.post('/contexts', { name: 'private 4' }));
    const WS = await made(A.post('/contexts', { name: 'sub 3', parent_context_id: W }));
    const WSS = await made(A.post('/contexts', { name: 'sub sub 3', parent_context_id: WS }));
    const T = await made(A.post('/tasks', { title: 'moves on', context_id: WS }));
    const T2 = await made(A.post('/tasks', { title: 'moves deeper', context_id: WS }));
    const E = await made(A.post('/events', { title: 'e moves on', context_id: WS, start_time: '2026-05-01T10:00:00Z', end_time: '2026-05-01T11:00:00Z' }));
    const { cursor } = await drain(t, reader, undefined);
    expect((await A.patch(`/contexts/${WS}`, { parent_context_id: null })).status).toBe(200);
    expect((await A.patch(`/tasks/${T}`, { context_id: P })).status).toBe(200);
    expect((await A.patch(`/events/${E}`, { context_id: P })).status).toBe(200);
    expect((await A.patch(`/tasks/${T2}`, { context_id: WSS })).status).toBe(200);
    expect((await A.patch(`/contexts/${WSS}`, { parent_context_id: P })).status).toBe(200);
    const ops = await opsSince(cursor);
    for (const id of [WS, WSS, T, T2, E]) expect(gone(ops.get(id)), id).toBe(true);
  });

  it('out, back in, out again, then moved on', async () => {
    const W = await sharedTree('tree 4');
    const P = await made(A.post('/contexts', { name: 'private 5' }));
    const WS = await made(A.post('/contexts', { name: 'sub 4', parent_context_id: W }));
    const T = await made(A.post('/tasks', { title: 'goes around', context_id: WS }));
    const { cursor } = await drain(t, reader, undefined);
    for (const parent of [null, W, null]) expect((await A.patch(`/contexts/${WS}`, { parent_context_id: parent })).status).toBe(200);
    expect((await A.patch(`/tasks/${T}`, { context_id: P })).status).toBe(200);
    const ops = await opsSince(cursor);
    expect(gone(ops.get(T))).toBe(true);
    expect(gone(ops.get(WS))).toBe(true);
  });
});

describe('records made and deleted while the reader was out of the tree', () => {
  it('never reach them after they are shared in again, not even as ids', async () => {
    const W = await sharedTree('out and in');
    const kept = await made(A.post('/tasks', { title: 'seen', context_id: W }));
    const { cursor } = await drain(t, reader, undefined);
    expect((await A.delete(`/contexts/${W}/collaborators/${reader.id}`)).status).toBe(204);
    const U = await made(A.post('/tasks', { title: 'made while out', context_id: W }));
    expect((await A.patch(`/tasks/${U}`, { title: 'edited while out', publish: true })).status).toBe(200);
    expect((await A.delete(`/tasks/${U}`)).status).toBe(204);
    const P = await made(A.post('/contexts', { name: 'private 3' }));
    const V = await made(A.post('/tasks', { title: 'made while out, moved away', context_id: W }));
    expect((await A.patch(`/tasks/${V}`, { context_id: P })).status).toBe(200);
    expect((await A.post(`/contexts/${W}/share`, { user_email: reader.email, permission: 'read' })).status).toBe(201);
    const ops = await opsSince(cursor);
    expect(ops.has(U)).toBe(false);
    expect(ops.has(V)).toBe(false);
    expect(ops.get(kept)?.at(-1)).toBe('upsert');
  });
});
