/**
 * Writes that race on PostgreSQL (audit 9, findings A4, A6, A7): a record created in or moved into a
 * context while it is cascade-deleted, two contexts moved under each other, a context made under a
 * tree that is moved one level deeper at the same moment. Each loser gets the answer it would get
 * alone (404, 422), never a 500, and no tree breaks D5's depth or becomes a cycle. SQLite runs writes
 * one at a time, so there the same requests check the plain answers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type Client, type TestApp, type TestUser } from '../../helpers/app.js';
import { made } from '../../helpers/factories.js';

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

const ROUNDS = 6;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The number of levels from `id` up to its top-level context. */
async function level(id: string): Promise<number> {
  let n = 0;
  for (let at: string | null = id; at; n++) at = (await A.get(`/contexts/${at}`)).body.data.parent_context_id;
  return n;
}

describe('records written into a context while it is cascade-deleted', () => {
  it('creates answer 201 or 404, never 500, and nothing outlives the context', async () => {
    const W = await made(A.post('/contexts', { name: 'shared' }));
    await made(A.post(`/contexts/${W}/share`, { user_email: collab.email, permission: 'write' }));
    for (let round = 0; round < ROUNDS; round++) {
      const C = await made(A.post('/contexts', { name: `doomed ${round}`, parent_context_id: W }));
      // Creates spread over the moment the deletion runs.
      const removal = pause(round).then(() => A.delete(`/contexts/${C}?cascade=true`));
      const creates = Array.from({ length: 16 }, async (_, i) => {
        await pause(i);
        const who = i % 2 ? B : A;
        return i % 3
          ? who.post('/tasks', { title: `t ${round}.${i}`, context_id: C })
          : who.post('/events', { title: `e ${round}.${i}`, context_id: C, start_time: '2026-05-01T10:00:00Z', end_time: '2026-05-01T11:00:00Z' });
      });
      const statuses = (await Promise.all(creates)).map((r) => r.status);
      expect((await removal).status).toBe(204);
      expect(statuses.filter((s) => s !== 201 && s !== 404)).toEqual([]);
      expect((await A.get(`/tasks?context_id=${C}`)).body.data).toEqual([]);
      expect((await A.get(`/events?context_id=${C}`)).body.data).toEqual([]);
    }
  });

  it('a task moved into it answers 200 or 404, never 500', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const C = await made(A.post('/contexts', { name: `target ${round}` }));
      const tasks = await Promise.all(Array.from({ length: 6 }, (_, i) => made(A.post('/tasks', { title: `mover ${round}.${i}` }))));
      const moves = tasks.map((id) => A.patch(`/tasks/${id}`, { context_id: C }));
      const removal = pause(3).then(() => A.delete(`/contexts/${C}?cascade=true`));
      const statuses = (await Promise.all(moves)).map((r) => r.status);
      expect((await removal).status).toBe(204);
      expect(statuses.filter((s) => s !== 200 && s !== 404)).toEqual([]);
    }
  });
});

describe('records moved both ways at once', () => {
  it("tasks and events swapped between two contexts in parallel all move (each other's count rows, taken in opposite orders)", async () => {
    const [X, Y] = [await made(A.post('/contexts', { name: 'left' })), await made(A.post('/contexts', { name: 'right' }))];
    const times = { start_time: '2026-05-01T10:00:00Z', end_time: '2026-05-01T11:00:00Z' };
    const records = [];
    for (let i = 0; i < 16; i++) {
      const context_id = i % 2 ? X : Y;
      const path = i % 4 < 2 ? '/tasks' : '/events';
      const body = path === '/tasks' ? { title: `swap ${i}`, context_id } : { title: `swap ${i}`, context_id, ...times };
      records.push({ path, id: await made(A.post(path, body)), to: i % 2 ? Y : X });
    }
    for (let round = 0; round < ROUNDS; round++) {
      const moves = await Promise.all(records.map((r) => A.patch(`${r.path}/${r.id}`, { context_id: r.to })));
      expect(moves.map((m) => m.status).filter((s) => s !== 200)).toEqual([]);
      for (const r of records) r.to = r.to === X ? Y : X;
    }
  });
});

describe('tree shapes changed side by side', () => {
  it('two contexts moved under each other: one move wins, the other is 422 cycle, never a 500', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const X = await made(A.post('/contexts', { name: `x ${round}` }));
      const Y = await made(A.post('/contexts', { name: `y ${round}` }));
      const [one, two] = await Promise.all([A.patch(`/contexts/${X}`, { parent_context_id: Y }), A.patch(`/contexts/${Y}`, { parent_context_id: X })]);
      expect([one.status, two.status].sort()).toEqual([200, 422]);
      expect((one.status === 422 ? one : two).body.details.constraint).toBe('cycle');
      expect((await level(X)) + (await level(Y))).toBe(3);
    }
  });

  it('a context made under level 2 while its tree moves one level deeper: one of them is 422, never level 4', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const P1 = await made(A.post('/contexts', { name: `p1 ${round}` }));
      const P2 = await made(A.post('/contexts', { name: `p2 ${round}`, parent_context_id: P1 }));
      const Q = await made(A.post('/contexts', { name: `q ${round}` }));
      const [created, moved] = await Promise.all([
        A.post('/contexts', { name: `p3 ${round}`, parent_context_id: P2 }),
        A.patch(`/contexts/${P1}`, { parent_context_id: Q }),
      ]);
      expect([created.status, moved.status].filter((s) => s === 422)).toHaveLength(1);
      if (created.status === 201) expect(await level(created.body.data.id)).toBe(3);
      else expect(await level(P2)).toBe(3);
    }
  });
});
