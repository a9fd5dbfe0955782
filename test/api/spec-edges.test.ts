/**
 * Edges a spec audit found (2026-11-26): days a month does not have, years before 1901 over
 * CalDAV, an all-day event on the last valid day, titles counted in characters, email provenance
 * echoed back in a PUT, a form-typed cookie write, sub-lists that ignored `limit`, and query
 * errors (D3, D4, D5, D11, D17, D23).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dav, home, propfindBody, vtodo } from '../caldav/helpers.js';
import { intakeAddress, plainMail, postMail, SECRET } from '../email/intake/helpers.js';
import { startTestApp, type TestApp } from '../helpers/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ INTAKE_SECRET: SECRET });
});
afterAll(async () => {
  await t?.close();
});

describe('days a month does not have (D23)', () => {
  it('are 400 naming the field on every REST path, never rolled into the next month', async () => {
    const c = t.as(await t.user());
    for (const due of ['2026-02-30T00:00:00Z', '2026-04-31T10:00:00Z', '2027-02-29T10:00:00Z', '1900-02-29T00:00:00Z']) {
      const res = await c.post('/tasks', { title: 'x', due_date: due });
      expect(res.status, due).toBe(400);
      expect(res.body.details).toEqual({ field: 'due_date', constraint: 'format' });
    }
    // Leap days that exist are kept.
    for (const due of ['2028-02-29T00:00:00Z', '2000-02-29T12:00:00Z'])
      expect((await c.post('/tasks', { title: 'leap', due_date: due })).status, due).toBe(201);
    const ev = await c.post('/events', { title: 'e', start_time: '2026-02-30T10:00:00Z', end_time: '2026-03-03T10:00:00Z' });
    expect(ev.status).toBe(400);
    expect(ev.body.details.field).toBe('start_time');
    expect((await c.get('/tasks?updated_after=2026-02-30T00:00:00Z')).status).toBe(400);
    expect((await c.get('/events?from=2026-02-30T00:00:00Z&to=2026-03-31T00:00:00Z')).status).toBe(400);
    expect((await c.get('/tasks')).body.data.map((x: { due_date: string }) => x.due_date).sort()).toEqual([
      '2000-02-29T12:00:00.000Z',
      '2028-02-29T00:00:00.000Z',
    ]);
  });

  it('are refused over CalDAV as valid-calendar-data', async () => {
    const u = await t.user();
    const res = await dav(t, u)('PUT', `${home(u)}personal-tasks/feb30.ics`, vtodo('feb30@test', ['SUMMARY:Feb 30', 'DUE:20260230T100000Z']));
    expect(res.status).toBe(400);
    expect(res.body).toContain('valid-calendar-data');
    expect((await t.as(u).get('/tasks')).body.data).toEqual([]);
  });
});

describe('years before 1901 over CalDAV (D23: 0001..9999)', () => {
  it('a record of year 50 or 1800 is served, and its collection still lists everything', async () => {
    const owner = await t.user();
    const friend = await t.user();
    const o = t.as(owner);
    const C = (await o.post('/contexts', { name: 'history' })).body.data.id;
    await o.post(`/contexts/${C}/share`, { user_email: friend.email, permission: 'write' });
    const old = (await o.post('/tasks', { title: 'Roman census', context_id: C, due_date: '0050-01-01T00:00:00Z' })).body.data.id;
    const older = (await o.post('/tasks', { title: 'Old deed', context_id: C, due_date: '1800-06-01T09:30:00Z' })).body.data.id;
    const recent = (await o.post('/tasks', { title: 'This year', context_id: C, due_date: '2026-12-01T09:00:00Z' })).body.data.id;
    const ev = (await o.post('/events', { title: 'Founding', start_time: '0999-03-01T10:00:00Z', end_time: '0999-03-01T11:00:00Z' })).body.data.id;
    for (const who of [owner, friend]) {
      const d = dav(t, who);
      const collection = who === owner ? `${home(owner)}${C}-tasks/` : `${home(friend)}${C}-tasks/`;
      const listing = await d('PROPFIND', collection, propfindBody('<D:getetag/>'), { depth: '1' });
      expect(listing.status, listing.body).toBe(207);
      for (const id of [old, older, recent]) expect(listing.body).toContain(`${id}.ics`);
      const sync = await d(
        'REPORT',
        collection,
        '<?xml version="1.0" encoding="utf-8"?><D:sync-collection xmlns:D="DAV:"><D:sync-token/><D:sync-level>1</D:sync-level><D:prop><D:getetag/></D:prop></D:sync-collection>',
      );
      expect(sync.status, sync.body).toBe(207);
    }
    const d = dav(t, owner);
    const roman = await d('GET', `${home(owner)}${C}-tasks/${old}.ics`);
    expect(roman.status, roman.body).toBe(200);
    expect(roman.body).toMatch(/\r\nDUE:00500101T000000Z\r\n/);
    const deed = await d('GET', `${home(owner)}${C}-tasks/${older}.ics`);
    expect(deed.body).toMatch(/\r\nDUE:18000601T093000Z\r\n/);
    const founding = await d('GET', `${home(owner)}personal-events/${ev}.ics`);
    expect(founding.status, founding.body).toBe(200);
    expect(founding.body).toMatch(/\r\nDTSTART:09990301T100000Z\r\n/);
    // The same years come in over CalDAV, and read back as written.
    const put = await d('PUT', `${home(owner)}personal-tasks/deed.ics`, vtodo('deed@test', ['SUMMARY:Older deed', 'DUE:15000101T100000Z']));
    expect(put.status, put.body).toBe(201);
    const made = (await o.get('/tasks')).body.data.find((x: { title: string }) => x.title === 'Older deed');
    expect(made.due_date).toBe('1500-01-01T10:00:00.000Z');
  });
});

describe('an all-day event on the last valid day (D4, D23)', () => {
  it('is refused naming end_time: its exclusive end would be year 10000', async () => {
    const c = t.as(await t.user());
    const res = await c.post('/events', { title: 'last day', all_day: true, start_time: '9999-12-31T00:00:00Z', end_time: '9999-12-31T23:00:00Z' });
    expect(res.status).toBe(422);
    expect(res.body.details.field).toBe('end_time');
    const dayBefore = await c.post('/events', { title: 'day before', all_day: true, start_time: '9999-12-30T00:00:00Z', end_time: '9999-12-30T00:00:00Z' });
    expect(dayBefore.status).toBe(201);
    expect(dayBefore.body.data.end_time).toBe('9999-12-31T00:00:00.000Z');
    const id = (await c.post('/events', { title: 'normal', start_time: '2026-01-01T10:00:00Z', end_time: '2026-01-01T11:00:00Z' })).body.data.id;
    const moved = await c.patch(`/events/${id}`, { all_day: true, start_time: '9999-12-31T00:00:00Z', end_time: '9999-12-31T00:00:00Z', publish: true });
    expect(moved.status).toBe(422);
    expect((await c.get(`/events/${id}`)).body.data.start_time).toBe('2026-01-01T10:00:00.000Z');
  });
});

describe('titles and names count characters, not UTF-16 units (D4)', () => {
  it('500 emoji pass and 501 fail, for task and event titles and context names', async () => {
    const c = t.as(await t.user());
    const ok = '😀'.repeat(500);
    const long = '😀'.repeat(501);
    expect((await c.post('/tasks', { title: ok })).status).toBe(201);
    const bad = await c.post('/tasks', { title: long });
    expect(bad.status).toBe(400);
    expect(bad.body.details).toEqual({ field: 'title', constraint: 'maxLength' });
    expect((await c.post('/events', { title: ok, start_time: '2026-01-01T10:00:00Z', end_time: '2026-01-01T11:00:00Z' })).status).toBe(201);
    expect((await c.post('/contexts', { name: ok })).status).toBe(201);
    expect((await c.post('/contexts', { name: long })).status).toBe(400);
  });
});

describe('an item made from an email, read and sent back (D3)', () => {
  it('PUT with its provenance fields as GET gave them is accepted, and they are unchanged', async () => {
    const u = await t.user();
    const address = await intakeAddress(t, u);
    const mail = plainMail({ to: address, subject: 'Please send the report', body: 'Hi,\n\nPlease send the quarterly report by Friday.\n\nThanks' });
    expect((await postMail(t, mail, { to: address })).status).toBe(201);
    const c = t.as(u);
    const task = (await c.get('/tasks?source=email')).body.data[0];
    expect(task.source_email_id).toBeTruthy();
    const { id, ...fields } = task;
    const put = await c.put(`/tasks/${id}`, { ...fields, id, title: 'Send the report', publish: true });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body.data.title).toBe('Send the report');
    expect(put.body.data.source_email_id).toBe(task.source_email_id);
    expect(put.body.data.extraction_confidence).toBe(task.extraction_confidence);
  });
});

describe('a cookie-signed write with a form type (D23)', () => {
  it('is 415 before its body is read, on every /account write', async () => {
    const email = `form-${Date.now()}@example.com`;
    expect((await t.request('POST', '/auth/signup', { body: { email, password: 'long enough password' } })).status).toBe(201);
    const login = await t.request('POST', '/auth/login', { body: { email, password: 'long enough password' } });
    const cookie = String(login.headers['set-cookie']).split(';')[0];
    for (const type of ['text/plain', 'application/x-www-form-urlencoded']) {
      const res = await t.request('POST', '/account/tokens', { raw: '{"name":"csrf"}', headers: { cookie, 'content-type': type } });
      expect(res.status, type).toBe(415);
    }
    const tokens = await t.request('GET', '/account/tokens', { headers: { cookie } });
    expect(tokens.body.data).toEqual([]);
  });
});

describe('short sub-lists page like every list (D11)', () => {
  it('collaborators, assignees and attendees take limit and offset and report them', async () => {
    const owner = await t.user();
    const others = [await t.user(), await t.user(), await t.user()];
    const o = t.as(owner);
    const C = (await o.post('/contexts', { name: 'team' })).body.data.id;
    for (const u of others) await o.post(`/contexts/${C}/share`, { user_email: u.email, permission: 'write' });
    const task = (await o.post('/tasks', { title: 'shared', context_id: C })).body.data.id;
    for (const u of others) expect((await o.post(`/tasks/${task}/assign`, { user_email: u.email })).status).toBe(201);
    const ev = (await o.post('/events', { title: 'sync', start_time: '2026-12-01T10:00:00Z', end_time: '2026-12-01T11:00:00Z' })).body.data.id;
    for (const email of ['a@example.org', 'b@example.org', 'c@example.org']) await o.post(`/events/${ev}/attendees`, { user_email: email });
    for (const path of [`/contexts/${C}/collaborators`, `/tasks/${task}/assignees`, `/events/${ev}/attendees`]) {
      const all = await o.get(path);
      expect(all.body.meta.pagination, path).toEqual({ limit: 50, offset: 0, total: 3, hasMore: false });
      const first = await o.get(`${path}?limit=2`);
      expect(first.body.data, path).toHaveLength(2);
      expect(first.body.meta.pagination).toEqual({ limit: 2, offset: 0, total: 3, hasMore: true });
      const rest = await o.get(`${path}?limit=2&offset=2`);
      expect(rest.body.data).toEqual([all.body.data[2]]);
      expect(rest.body.meta.pagination.hasMore).toBe(false);
      expect((await o.get(`${path}?limit=0`)).status, path).toBe(400);
    }
    const empty = await o.get(`/tasks/${(await o.post('/tasks', { title: 'alone' })).body.data.id}/assignees`);
    expect(empty.body.meta.pagination).toEqual({ limit: 50, offset: 0, total: 0, hasMore: false });
  });
});

describe('query errors name the parameter (D5)', () => {
  it('a bad value in a comma list names the list, and a window ending before it starts is 400', async () => {
    const c = t.as(await t.user());
    const status = await c.get('/tasks?status=pending,bogus');
    expect(status.status).toBe(400);
    expect(status.body.details.field).toBe('status');
    const sort = await c.get('/tasks?sort=bogus');
    expect(sort.body.details.field).toBe('sort');
    const window = await c.get('/events?from=2026-12-02T00:00:00Z&to=2026-12-01T00:00:00Z');
    expect(window.status).toBe(400);
    expect(window.body.details).toEqual({ field: 'to', constraint: 'range' });
    expect((await c.get('/events?from=2026-12-01T00:00:00Z&to=2026-12-01T00:00:00Z')).status).toBe(200);
  });
});
