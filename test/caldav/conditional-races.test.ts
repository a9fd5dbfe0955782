/**
 * If-Match and If-None-Match hold under concurrency (D17; audit 10, A.2): parallel PUTs carrying the
 * same ETag, parallel creates of one href, one UID under several names, and a PUT whose ETag a REST
 * edit made outdated. Each condition is checked where it holds until commit.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestUser } from '../helpers/app.js';
import { dav, home, vtodo } from './helpers.js';

let t: TestApp;
let u: TestUser;
beforeAll(async () => {
  t = await startTestApp();
  u = await t.user('racer');
});
afterAll(() => t?.close());

const N = 12;
const collection = () => `${home(u)}personal-tasks/`;
const statuses = (rs: Array<{ status: number }>) => rs.map((r) => r.status).sort();

describe('conditional writes at the same moment', () => {
  it('parallel PUTs with the same If-Match: one wins, the rest 412, and the stored text is the winner’s', async () => {
    const dv = dav(t, u);
    const href = `${collection()}race-match.ics`;
    const created = await dv('PUT', href, vtodo('race-match', ['SUMMARY:start']));
    expect(created.status).toBe(201);
    const etag = String(created.headers.etag);
    const puts = await Promise.all(Array.from({ length: N }, (_, i) => dv('PUT', href, vtodo('race-match', [`SUMMARY:writer ${i}`]), { 'if-match': etag })));
    expect(statuses(puts)).toEqual([204, ...Array(N - 1).fill(412)]);
    const winner = puts.findIndex((p) => p.status === 204);
    const now = await dv('GET', href);
    expect(now.body).toContain(`SUMMARY:writer ${winner}`);
    expect(now.headers.etag).toBe(puts[winner].headers.etag);
  });

  it('parallel creates with If-None-Match: * make one resource', async () => {
    const dv = dav(t, u);
    const href = `${collection()}race-create.ics`;
    const puts = await Promise.all(
      Array.from({ length: N }, (_, i) => dv('PUT', href, vtodo('race-create', [`SUMMARY:maker ${i}`]), { 'if-none-match': '*' })),
    );
    expect(statuses(puts)).toEqual([201, ...Array(N - 1).fill(412)]);
    const tasks = (await t.as(u).get('/tasks?limit=100')).body.data.filter((x: { title: string }) => x.title.startsWith('maker '));
    expect(tasks).toHaveLength(1);
  });

  it('one UID under several names at once: one resource, the rest 403 no-uid-conflict', async () => {
    const dv = dav(t, u);
    const puts = await Promise.all(Array.from({ length: N }, (_, i) => dv('PUT', `${collection()}uid-${i}.ics`, vtodo('one-uid', [`SUMMARY:named ${i}`]))));
    expect(statuses(puts)).toEqual([201, ...Array(N - 1).fill(403)]);
    for (const p of puts.filter((x) => x.status === 403)) expect(p.body).toContain('no-uid-conflict');
  });

  it('a PUT carrying the ETag from before a REST edit is 412, and the edit stays', async () => {
    const dv = dav(t, u);
    const href = `${collection()}after-rest.ics`;
    const created = await dv('PUT', href, vtodo('after-rest', ['SUMMARY:first']));
    const id = (await t.as(u).get('/tasks?limit=100')).body.data.find((x: { title: string }) => x.title === 'first').id;
    expect((await t.as(u).patch(`/tasks/${id}`, { title: 'edited over REST', publish: true })).status).toBe(200);
    const put = await dv('PUT', href, vtodo('after-rest', ['SUMMARY:stale client']), { 'if-match': String(created.headers.etag) });
    expect(put.status).toBe(412);
    expect((await t.as(u).get(`/tasks/${id}`)).body.data.title).toBe('edited over REST');
  });
});

describe('MKCALENDAR of one URL at once (audit 10, A.7)', () => {
  it('makes one collection; every other answer is 403 resource-must-be-null', async () => {
    const dv = dav(t, u);
    for (let round = 0; round < 4; round++) {
      const answers = await Promise.all(Array.from({ length: 6 }, () => dv('MKCALENDAR', `${home(u)}made-${round}/`)));
      expect(statuses(answers)).toEqual([201, 403, 403, 403, 403, 403]);
      for (const a of answers.filter((x) => x.status === 403)) expect(a.body).toContain('resource-must-be-null');
    }
  });
});

describe('one task moved by two devices at once (audit 10, A.3)', () => {
  async function setUp(round: number, uid: string) {
    const ids = [];
    for (const name of ['W', 'X', 'Y']) ids.push((await t.as(u).post('/contexts', { name: `${name} ${uid} ${round}` })).body.data.id);
    const [W, X, Y] = ids.map((id) => `${home(u)}${id}-tasks/`);
    expect((await dav(t, u)('PUT', `${W}${uid}.ics`, vtodo(uid, [`SUMMARY:${uid}`]))).status).toBe(201);
    return { W, X, Y };
  }
  const copies = async (uid: string) => (await t.as(u).get('/tasks?limit=100')).body.data.filter((x: { title: string }) => x.title === uid);

  it('by DELETE and PUT: one record stays', async () => {
    const dv = dav(t, u);
    for (let round = 0; round < 4; round++) {
      const uid = `dp-${round}`;
      const { W, X, Y } = await setUp(round, uid);
      const device = async (to: string) => {
        await dv('DELETE', `${W}${uid}.ics`);
        return dv('PUT', `${to}${uid}.ics`, vtodo(uid, [`SUMMARY:${uid}`]));
      };
      const puts = await Promise.all([device(X), device(Y)]);
      expect(puts.map((p) => p.status).filter((s) => s >= 500)).toEqual([]);
      expect(await copies(uid)).toHaveLength(1);
    }
  });

  it('by MOVE: one answers 201, the other 404', async () => {
    const dv = dav(t, u);
    for (let round = 0; round < 4; round++) {
      const uid = `mv-${round}`;
      const { W, X, Y } = await setUp(round, uid);
      const moves = await Promise.all([X, Y].map((to) => dv('MOVE', `${W}${uid}.ics`, undefined, { destination: `${to}${uid}.ics` })));
      expect(statuses(moves)).toEqual([201, 404]);
      expect(await copies(uid)).toHaveLength(1);
    }
  });
});
