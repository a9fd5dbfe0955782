/**
 * The request sequences of Apple Calendar/Reminders, Thunderbird, DAVx5 and Evolution
 * (shared/CALDAV-CLIENTS.md), replayed as raw HTTP, with the answers each client depends on.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestUser } from '../helpers/app.js';
import { dav, home, multigetBody, propfindBody, queryBody, responses, syncBody, syncTokenOf, vevent, vtodo } from './helpers.js';

let t: TestApp;
let u: TestUser;
let ctx: string;

beforeAll(async () => {
  t = await startTestApp();
  u = await t.user('replay');
  ctx = (await t.as(u).post('/contexts', { name: 'Home', color: '#3366ff' })).body.data.id;
  await t.as(u).post('/tasks', { title: 'Made over REST', context_id: ctx });
  await t.as(u).post('/events', { title: 'REST meeting', context_id: ctx, start_time: '2026-05-04T10:00:00Z', end_time: '2026-05-04T11:00:00Z' });
});
afterAll(() => t?.close());

const hrefOf = (xml: string, prop: string) => new RegExp(`<${prop}><D:href>([^<]+)</D:href>`).exec(xml)?.[1];

describe('Apple Calendar and Reminders', () => {
  it('discovers without redirects, lists collections minimally, syncs and writes back its own properties', async () => {
    const req = dav(t, u);
    const wk = await req('PROPFIND', '/.well-known/caldav', propfindBody('<D:current-user-principal/><D:principal-URL/><D:resourcetype/>'), { depth: '0' });
    expect(wk.status).toBe(207);
    const principal = hrefOf(wk.body, 'D:current-user-principal')!;
    const p = await req(
      'PROPFIND',
      principal,
      propfindBody(
        '<C:calendar-home-set/><C:calendar-user-address-set/><D:principal-collection-set/><D:displayname/><C:schedule-inbox-URL/><C:schedule-outbox-URL/><CS:email-address-set/><D:supported-report-set/><D:current-user-privilege-set/>',
      ),
      { depth: '0' },
    );
    expect(p.status).toBe(207);
    const homeUrl = hrefOf(p.body, 'C:calendar-home-set')!;
    expect(homeUrl).toBe(home(u));
    const h = await req(
      'PROPFIND',
      homeUrl,
      propfindBody(
        '<D:resourcetype/><D:displayname/><CS:getctag/><D:sync-token/><C:supported-calendar-component-set/><A:calendar-color/><A:calendar-order/><C:calendar-description/><D:current-user-privilege-set/><D:owner/><D:quota-available-bytes/>',
      ),
      { depth: '1', brief: 't', prefer: 'return-minimal' },
    );
    expect(h.status).toBe(207);
    expect(h.body).not.toContain('404 Not Found');
    // Reminders keeps the VTODO collections, Calendar the VEVENT ones.
    const blocks = h.body.split('<D:response>').slice(1);
    const reminders = blocks.filter((b) => b.includes('<C:comp name="VTODO"/>')).map((b) => /<D:href>([^<]+)/.exec(b)![1]);
    expect(reminders).toEqual([`${homeUrl}personal-tasks/`, `${homeUrl}${ctx}-tasks/`]);
    const list = `${homeUrl}${ctx}-tasks/`;

    const s1 = await req('REPORT', list, syncBody(''), { depth: '1' });
    const token = syncTokenOf(s1.body)!;
    const changed = responses(s1.body).map((r) => r.href);
    expect(changed).toHaveLength(1);
    const mg = await req('REPORT', list, multigetBody(changed), { depth: '1' });
    expect(responses(mg.body)[0].data).toContain('SUMMARY:Made over REST');

    const uuid = '6C1E5E4C-7D1E-4C43-9E34-2A7C0B1D9F10';
    const body = vtodo(uuid, [
      'SUMMARY:Pick up parcel',
      'X-APPLE-SORT-ORDER:42',
      `RELATED-TO;RELTYPE=PARENT:${uuid.toLowerCase()}`,
      'BEGIN:VALARM',
      'ACTION:DISPLAY',
      'DESCRIPTION:Reminder',
      'TRIGGER:-PT5M',
      'X-WR-ALARMUID:A1B2',
      'UID:A1B2',
      'END:VALARM',
    ]);
    const put = await req('PUT', `${list}${uuid}.ics`, body, { 'if-none-match': '*' });
    expect(put.status).toBe(201);
    expect(put.headers.etag).toMatch(/^"/);
    expect((await req('GET', `${list}${uuid}.ics`)).body).toBe(body);
    const s2 = await req('REPORT', list, syncBody(token), { depth: '1' });
    expect(responses(s2.body)).toEqual([expect.objectContaining({ href: `${list}${uuid}.ics`, etag: put.headers.etag })]);
    // Older versions poll the ctag, then list ETags.
    const ctag = await req('PROPFIND', list, propfindBody('<CS:getctag/>'), { depth: '0' });
    expect(ctag.body).toContain(syncTokenOf(s2.body)!);
    const etags = await req('PROPFIND', list, propfindBody('<D:getetag/>'), { depth: '1' });
    expect(responses(etags.body)).toHaveLength(3);
  });
});

describe('Thunderbird', () => {
  it('reads a pasted collection URL, queries a time range, batches multigets and recovers from a stale token', async () => {
    const req = dav(t, u);
    const cal = `${home(u)}${ctx}-events/`;
    const opt = await req('OPTIONS', cal);
    expect(opt.headers.dav).toContain('calendar-access');
    const pf = await req(
      'PROPFIND',
      cal,
      propfindBody(
        '<D:resourcetype/><D:owner/><D:current-user-principal/><D:current-user-privilege-set/><D:supported-report-set/><C:supported-calendar-component-set/><CS:getctag/><D:displayname/><A:calendar-color/>',
      ),
      { depth: '0' },
    );
    expect(pf.body).toContain('<D:resourcetype><D:collection/><C:calendar/></D:resourcetype>');
    expect(pf.body).toContain('<D:report><D:sync-collection/></D:report>');
    expect(pf.body).toContain('<A:calendar-color>#3366FF</A:calendar-color>');
    expect(pf.body).toContain('<D:privilege><D:write-content/></D:privilege>');
    expect(pf.body).not.toContain('404 Not Found');

    const put = await req(
      'PUT',
      `${cal}tb-1.ics`,
      vevent('tb-1', ['DTSTART;TZID=Europe/Berlin:20260504T090000', 'DTEND;TZID=Europe/Berlin:20260504T093000', 'SUMMARY:Lightning'], []),
      { 'if-none-match': '*' },
    );
    expect(put.status).toBe(201);
    expect(put.headers.etag).toBeTruthy();
    const ev = (await t.as(u).get(`/events?context_id=${ctx}`)).body.data.find((e: { title: string }) => e.title === 'Lightning');
    expect(ev.start_time).toBe('2026-05-04T07:00:00.000Z'); // CEST is UTC+2

    const q = await req('REPORT', cal, queryBody('VEVENT', '<C:time-range start="20260504T000000Z" end="20260505T000000Z"/>'), { depth: '1' });
    const hrefs = responses(q.body).map((r) => r.href);
    expect(hrefs).toHaveLength(2);
    const mg = await req('REPORT', cal, multigetBody(hrefs), { depth: '1' });
    expect(responses(mg.body).every((r) => r.status === '200' && r.data?.startsWith('BEGIN:VCALENDAR'))).toBe(true);
    const stale = await req('REPORT', cal, syncBody('http://agendum.invalid/ns/sync/0-999999999'), { depth: '1' });
    expect(stale.status).toBe(403);
    expect(stale.body).toContain('<D:valid-sync-token/>');
  });
});

describe('DAVx5', () => {
  it('discovers from the base URL, syncs tasks through calendar-query, uploads with ETags and moves a task between lists', async () => {
    const req = dav(t, u);
    expect((await req('PROPFIND', '/.well-known/caldav', propfindBody('<D:current-user-principal/>'), { depth: '0' })).status).toBe(207);
    const base = await req('PROPFIND', '/caldav/', propfindBody('<D:current-user-principal/>'), { depth: '0' });
    const principal = hrefOf(base.body, 'D:current-user-principal')!;
    const p = await req('PROPFIND', principal, propfindBody('<C:calendar-home-set/><C:calendar-user-address-set/><D:group-membership/>'), { depth: '0' });
    expect(p.body).toContain('<D:group-membership/>');
    const h = await req(
      'PROPFIND',
      home(u),
      propfindBody(
        '<D:resourcetype/><D:displayname/><A:calendar-color/><C:calendar-description/><C:calendar-timezone/><D:current-user-privilege-set/><C:supported-calendar-component-set/><D:sync-token/><CS:getctag/><D:owner/>',
      ),
      { depth: '1' },
    );
    expect(h.body).toContain('<C:calendar-timezone/></D:prop><D:status>HTTP/1.1 404');
    expect((await req('OPTIONS', home(u))).headers.dav).toContain('calendar-access');

    const list = `${home(u)}${ctx}-tasks/`;
    const first = await req('REPORT', list, syncBody(''), { depth: '1' });
    expect(responses(first.body).length).toBeGreaterThanOrEqual(1);
    const q = await req('REPORT', list, queryBody('VTODO'), { depth: '1' });
    const hrefs = responses(q.body).map((r) => r.href);
    for (let i = 0; i < hrefs.length; i += 10) {
      const mg = await req('REPORT', list, multigetBody(hrefs.slice(i, i + 10)), { depth: '1' });
      expect(responses(mg.body).every((r) => r.status === '200')).toBe(true);
    }

    const todo = vtodo('dx-1', ['SUMMARY:Water plants', 'DUE;VALUE=DATE:20260601', 'PERCENT-COMPLETE:0']);
    const put = await req('PUT', `${list}dx-1.ics`, todo, { 'if-none-match': '*' });
    const etag = String(put.headers.etag);
    const done = await req(
      'PUT',
      `${list}dx-1.ics`,
      vtodo('dx-1', ['SUMMARY:Water plants', 'DUE;VALUE=DATE:20260601', 'STATUS:COMPLETED', 'COMPLETED:20260601T080000Z', 'PERCENT-COMPLETE:100']),
      { 'if-match': etag },
    );
    expect(done.status).toBe(204);
    const task = (await t.as(u).get(`/tasks?context_id=${ctx}`)).body.data.find((x: { title: string }) => x.title === 'Water plants');
    expect(task.status).toBe('completed');

    // OpenTasks moves a task to another list: the new list's PUT of the same UID, then the old list's DELETE.
    const other = `${home(u)}personal-tasks/`;
    const moved = await req('PUT', `${other}dx-1-copy.ics`, vtodo('dx-1', ['SUMMARY:Water plants', 'STATUS:COMPLETED', 'COMPLETED:20260601T080000Z']), {
      'if-none-match': '*',
    });
    expect(moved.status).toBe(201);
    expect([204, 404]).toContain((await req('DELETE', `${list}dx-1.ics`)).status);
    const after = (await t.as(u).get(`/tasks/${task.id}`)).body.data;
    expect(after).toMatchObject({ id: task.id, context_id: null, status: 'completed' });
    expect((await t.as(u).get(`/tasks/${task.id}/history`)).body.data.history.length).toBe(3);
  });
});

describe('Evolution', () => {
  it('reads the collection, lists ETags, fetches in batches of 100 and keeps its own properties through a REST edit', async () => {
    const req = dav(t, u);
    const cal = `${home(u)}personal-events/`;
    expect((await req('OPTIONS', cal)).headers.dav).toContain('calendar-access');
    const pf = await req(
      'PROPFIND',
      cal,
      propfindBody(
        '<D:resourcetype/><C:supported-calendar-component-set/><CS:getctag/><D:sync-token/><D:displayname/><A:calendar-color/><D:current-user-privilege-set/>',
      ),
      { depth: '0' },
    );
    expect(pf.status).toBe(207);
    expect(pf.body).toContain('<D:displayname>Personal — Events</D:displayname>');
    for (let i = 0; i < 3; i++) {
      await req(
        'PUT',
        `${cal}evo-${i}.ics`,
        vevent(`evo-${i}`, [
          `DTSTART:2026061${i}T120000Z`,
          `DTEND:2026061${i}T130000Z`,
          `SUMMARY:Lunch ${i}`,
          'X-EVOLUTION-CALDAV-HREF:x',
          'BEGIN:VALARM',
          'X-EVOLUTION-ALARM-UID:evo-alarm',
          'ACTION:DISPLAY',
          'TRIGGER;VALUE=DURATION:-PT15M',
          'DESCRIPTION:Lunch',
          'END:VALARM',
        ]),
        { 'if-none-match': '*' },
      );
    }
    const q = await req('REPORT', cal, queryBody('VEVENT'), { depth: '1' });
    const hrefs = responses(q.body).map((r) => r.href);
    expect(hrefs).toHaveLength(3);
    const mg = await req('REPORT', cal, multigetBody(hrefs.slice(0, 100)), { depth: '1' });
    expect(responses(mg.body)).toHaveLength(3);
    const ev = (await t.as(u).get('/events')).body.data.find((e: { title: string }) => e.title === 'Lunch 0');
    await t.as(u).put(`/events/${ev.id}`, { title: 'Long lunch', end_time: '2026-06-10T14:00:00Z', publish: true });
    const got = (await req('GET', `${cal}evo-0.ics`)).body;
    for (const line of ['SUMMARY:Long lunch', 'DTEND:20260610T140000Z', 'X-EVOLUTION-CALDAV-HREF:x', 'X-EVOLUTION-ALARM-UID:evo-alarm'])
      expect(got).toContain(line);
    // A patched object is written out again by ical.js, which leaves out a parameter that only repeats the default.
    expect(got).toMatch(/TRIGGER(;VALUE=DURATION)?:-PT15M/);
  });
});
