/**
 * A collection nobody changed for longer than the change log keeps (a holidays calendar, a finished
 * project) still syncs: the token it hands out is usable at once, and later changes come through
 * it. The same for the REST feed's first cursor once the whole log has been pruned (D17, D19).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestUser } from '../helpers/app.js';
import { dav, home, responses, syncBody, syncTokenOf, vtodo } from './helpers.js';

let t: TestApp;
let u: TestUser;
beforeAll(async () => {
  t = await startTestApp();
  u = await t.user('quiet');
});
afterAll(() => t?.close());

const ageOutTheLog = () => t.app.services.sync.prune(new Date(Date.now() + 400 * 86_400_000));

describe('sync after the log has been pruned', () => {
  it('hands out a CalDAV sync token that works at once, and carries later changes', async () => {
    const dv = dav(t, u);
    const collection = `${home(u)}personal-tasks/`;
    expect((await dv('PUT', `${collection}old.ics`, vtodo('old', ['SUMMARY:Old']))).status).toBe(201);
    expect(await ageOutTheLog()).toBeGreaterThan(0);

    const full = await dv('REPORT', collection, syncBody(''), { depth: '1' });
    expect(full.status).toBe(207);
    expect(responses(full.body).map((r) => r.href.split('/').pop())).toEqual(['old.ics']);
    const token = syncTokenOf(full.body)!;
    const again = await dv('REPORT', collection, syncBody(token), { depth: '1' });
    expect(again.status).toBe(207);
    expect(responses(again.body)).toEqual([]);
    expect(syncTokenOf(again.body)).toBe(token);

    expect((await dv('PUT', `${collection}new.ics`, vtodo('new', ['SUMMARY:New']))).status).toBe(201);
    const later = await dv('REPORT', collection, syncBody(token), { depth: '1' });
    expect(later.status).toBe(207);
    expect(responses(later.body).map((r) => r.href.split('/').pop())).toEqual(['new.ics']);
    expect(syncTokenOf(later.body)).not.toBe(token);
  });

  it('hands out a REST feed cursor that works at once when the whole log is gone', async () => {
    const c = t.as(await t.user('feed'));
    expect((await c.post('/tasks', { title: 'before the prune' })).status).toBe(201);
    await ageOutTheLog();
    const first = await c.get('/sync');
    expect(first.status).toBe(200);
    const next = await c.get(`/sync?cursor=${encodeURIComponent(first.body.meta.cursor)}`);
    expect(next.status).toBe(200);
    expect((await c.post('/tasks', { title: 'after the prune' })).status).toBe(201);
    const after = await c.get(`/sync?cursor=${encodeURIComponent(next.body.meta.cursor)}`);
    expect(after.body.data.map((x: { record: { title: string } }) => x.record.title)).toEqual(['after the prune']);
  });
});
