/**
 * A client that applies the feed to a local copy ends with exactly what GET returns, whatever mix of
 * writes by several users happened in between and whenever it synced (small pages, so paging and
 * the resumption of large share changes are exercised).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestUser } from '../helpers/app.js';
import { createContext, moveContext, share, unshare } from '../helpers/factories.js';
import { listAll, ReplayClient } from './replay-client.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

/** Small deterministic PRNG (mulberry32), so a failure replays the same way. */
function rng(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let x = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

async function expectCopiesMatch(clients: ReplayClient[]) {
  for (const client of clients) {
    await client.sync();
    for (const [type, path] of [
      ['task', '/tasks'],
      ['event', '/events'],
      ['context', '/contexts'],
    ] as const) {
      const truth = await listAll(t, client.user, path);
      const copy = client.of(type);
      expect([...copy.keys()].sort(), `${type}s of ${client.user.email}`).toEqual([...truth.keys()].sort());
      for (const [id, record] of truth) expect(copy.get(id), `${type} ${id}`).toEqual(record);
    }
  }
}

describe('replaying the feed', () => {
  for (const seed of [1, 2, 3]) {
    it(`ends with exactly what GET returns (seed ${seed})`, async () => {
      const random = rng(seed);
      const [a, b, c] = [await t.user('a'), await t.user('b'), await t.user('c')];
      const clients = [new ReplayClient(t, a, 3), new ReplayClient(t, b, 2), new ReplayClient(t, c, 5)];
      // Some clients start before anything exists, the others join midway.
      await clients[0].sync();
      const maybeSync = async () => {
        for (const client of clients) if (random() < 0.35) await client.sync();
      };
      const post = async (u: TestUser, body: object) => {
        const res = await t.as(u).post('/tasks', body);
        expect(res.status, JSON.stringify(res.body)).toBe(201);
        await maybeSync();
        return res.body.data.id as string;
      };
      const call = async (u: TestUser, method: 'put' | 'post' | 'delete' | 'patch', url: string, body?: object, status = [200, 201, 204]) => {
        const res = await t.as(u)[method](url, body);
        expect(status, `${method} ${url}: ${JSON.stringify(res.body)}`).toContain(res.status);
        await maybeSync();
        return res.body;
      };

      const home = await createContext(t, a, 'Home');
      const work = await createContext(t, a, 'Work');
      const sub = await createContext(t, a, 'Work/Sub', work);
      const other = await createContext(t, b, 'B private');
      const mine = await post(a, { title: 'private to a' });
      const inWork = await post(a, { title: 'in work', context_id: work });
      const inSub = await post(a, { title: 'in sub', context_id: sub });
      const inHome = await post(a, { title: 'in home', context_id: home });
      await clients[1].sync();
      await share(t, a, work, b, 'write');
      await maybeSync();
      await share(t, a, home, c, 'read');
      await maybeSync();
      const byB = await post(b, { title: 'b adds to work', context_id: work });
      const bPrivate = await post(b, { title: 'b private', context_id: other });
      await call(b, 'put', `/tasks/${inWork}`, { title: 'draft by b' });
      await call(a, 'put', `/tasks/${inSub}`, { priority: 'high', publish: true });
      await call(a, 'post', `/tasks/${inWork}/draft`, { action: 'accept' });
      await call(b, 'put', `/tasks/${byB}`, { description: 'a draft' });
      await clients[2].sync();
      await call(b, 'post', `/tasks/${byB}/comments`, { message: 'note' });
      await call(a, 'post', `/tasks/${inWork}/assign`, { user_email: b.email });
      // Moves: into a context b cannot see (b loses it), and from c's shared home into work.
      await call(a, 'put', `/tasks/${inSub}`, { context_id: home });
      await call(a, 'put', `/tasks/${inHome}`, { context_id: work });
      await call(a, 'post', `/tasks/${mine}/complete`);
      // Unshare, re-share narrower, delete while shared, delete after unsharing.
      await share(t, a, work, c, 'admin');
      await maybeSync();
      await unshare(t, a, work, b);
      await maybeSync();
      await call(c, 'delete', `/tasks/${byB}`);
      await share(t, a, sub, b, 'read');
      await maybeSync();
      await moveContext(t, a, sub, home);
      await maybeSync();
      await unshare(t, a, home, c);
      await maybeSync();
      const late = await post(a, { title: 'late in sub', context_id: sub });
      await call(a, 'delete', `/tasks/${inHome}`);
      await moveContext(t, a, sub, work);
      await maybeSync();
      await call(b, 'put', `/tasks/${bPrivate}`, { context_id: null });
      await call(a, 'put', `/tasks/${late}`, { title: 'late, edited' });
      await unshare(t, a, work, c);
      await maybeSync();
      await call(b, 'delete', `/tasks/${bPrivate}`);

      // Events: attendance gives c one event only; removing it takes it away; drafts and deletes.
      const at = (h: number) => new Date(Date.UTC(2027, 0, 10, h)).toISOString();
      const meeting = (await call(a, 'post', '/events', { title: 'meeting', start_time: at(9), end_time: at(10), context_id: work })).data.id;
      const party = (await call(a, 'post', '/events', { title: 'party', start_time: at(18), end_time: at(22) })).data.id;
      await call(a, 'post', `/events/${party}/attendees`, { user_email: c.email });
      await call(a, 'post', `/events/${meeting}/attendees`, { user_email: c.email });
      await call(a, 'put', `/events/${meeting}`, { location: 'room 1' });
      await call(a, 'post', `/events/${meeting}/comments`, { message: 'agenda?' });
      await call(c, 'patch', `/events/${party}/attendees/${c.id}`, { rsvp_status: 'accepted' });
      await call(a, 'delete', `/events/${meeting}/attendees/${c.id}`);
      await share(t, a, work, b, 'read');
      await maybeSync();
      await call(a, 'delete', `/events/${party}`);
      // A whole subtree deleted at once, with shares, tasks and events inside.
      const doomed = await createContext(t, a, 'Doomed');
      const doomedChild = await createContext(t, a, 'Doomed/child', doomed);
      await post(a, { title: 'doomed task', context_id: doomedChild });
      await call(a, 'post', '/events', { title: 'doomed event', start_time: at(12), end_time: at(13), context_id: doomed });
      await share(t, a, doomed, c, 'write');
      await maybeSync();
      await call(a, 'delete', `/contexts/${doomed}?cascade=true`);

      await expectCopiesMatch(clients);
      const tombstones = clients.reduce((n, cl) => n + cl.seen.delete + cl.seen.access_lost, 0);
      expect(clients.reduce((n, cl) => n + cl.seen.delete, 0)).toBeGreaterThan(0);
      expect(clients.reduce((n, cl) => n + cl.seen.access_lost, 0)).toBeGreaterThan(0);
      expect(tombstones).toBeGreaterThan(0);
    });
  }

  it('tells a collaborator about a deletion after they lost access, and tells strangers nothing', async () => {
    const [owner, ex, stranger] = [await t.user('owner'), await t.user('ex'), await t.user('stranger')];
    const ctx = await createContext(t, owner, 'Shared');
    const task = (await t.as(owner).post('/tasks', { title: 'shared', context_id: ctx })).body.data.id;
    const exClient = new ReplayClient(t, ex);
    const strangerClient = new ReplayClient(t, stranger);
    await share(t, owner, ctx, ex, 'write');
    await exClient.sync();
    await strangerClient.sync();
    expect(exClient.of('task').has(task)).toBe(true);
    // Access is removed, then the record deleted, before the collaborator syncs again.
    await unshare(t, owner, ctx, ex);
    await t.as(owner).delete(`/tasks/${task}`);
    await exClient.sync();
    expect(exClient.of('task').has(task)).toBe(false);
    await strangerClient.sync();
    expect(strangerClient.seen).toEqual({ upsert: 0, delete: 0, access_lost: 0 });
  });
});
