/**
 * Audit 10, A.1: on PostgreSQL a REST write often landed between the door's pass that writes
 * records' objects (ensureFresh) and the sync report's own read, and the report then handed out a
 * token past a record it had not reported (it had no object yet): the client never heard of it.
 * Here that moment is made on purpose, by asking the calendar use case for the report without the
 * door's pass: the token it hands out must not pass the record, so the next report brings it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestUser } from '../helpers/app.js';
import { made } from '../helpers/factories.js';
import { dav, home, responses, syncBody, syncTokenOf } from './helpers.js';

let t: TestApp;
let u: TestUser;
beforeAll(async () => {
  t = await startTestApp();
  u = await t.user('syncer');
});
afterAll(() => t?.close());

const PREFIX = 'http://agendum.invalid/ns/sync/';

describe('a record written between the door’s pass and the sync report', () => {
  it('comes with the next report, made or changed', async () => {
    const dv = dav(t, u);
    const collection = `${home(u)}personal-tasks/`;
    const first = await dv('REPORT', collection, syncBody(''), { depth: '1' });
    expect(first.status).toBe(207);
    let token = syncTokenOf(first.body)!;
    expect(token.startsWith(PREFIX)).toBe(true);
    const { calendar } = t.app.services;
    const c = await calendar.collection({ userId: u.id, email: u.email, via: 'caldav' } as never, null, 'task');

    const X = await made(t.as(u).post('/tasks', { title: 'made in the gap' }));
    const inGap = await calendar.sync(c, token.slice(PREFIX.length));
    expect(inGap.changed.map((o) => o.record_id)).not.toContain(X);
    const next = await dv('REPORT', collection, syncBody(`${PREFIX}${inGap.token}`), { depth: '1' });
    expect(responses(next.body).map((r) => r.href.split('/').pop())).toContain(`${X}.ics`);
    token = syncTokenOf(next.body)!;

    expect((await t.as(u).patch(`/tasks/${X}`, { title: 'changed in the gap', publish: true })).status).toBe(200);
    const changedInGap = await calendar.sync(c, token.slice(PREFIX.length));
    const after = await dv('REPORT', collection, syncBody(`${PREFIX}${changedInGap.token}`, '<D:getetag/><C:calendar-data/>'), { depth: '1' });
    const got = responses(after.body).find((r) => r.href.endsWith(`${X}.ics`));
    expect(got?.data).toContain('SUMMARY:changed in the gap');
  });

  it('a record the client was told of beyond its token and deleted since is reported removed (no ghost)', async () => {
    const dv = dav(t, u);
    const collection = `${home(u)}personal-tasks/`;
    const token = syncTokenOf((await dv('REPORT', collection, syncBody(''), { depth: '1' })).body)!;
    const { calendar } = t.app.services;
    const c = await calendar.collection({ userId: u.id, email: u.email, via: 'caldav' } as never, null, 'task');
    const Y = await made(t.as(u).post('/tasks', { title: 'seen beyond the token' }));
    // Its text is written by a read of it alone, so the collection's freshness mark stays before it.
    expect((await dv('GET', `${collection}${Y}.ics`)).status).toBe(200);
    const told = await calendar.sync(c, token.slice(PREFIX.length));
    expect(told.changed.map((o) => o.record_id)).toContain(Y);
    expect((await t.as(u).delete(`/tasks/${Y}`)).status).toBe(204);
    const next = await dv('REPORT', collection, syncBody(`${PREFIX}${told.token}`), { depth: '1' });
    const gone = responses(next.body).find((r) => r.href.endsWith(`${Y}.ics`));
    expect(gone?.status).toContain('404');
  });
});
