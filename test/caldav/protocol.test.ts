/**
 * The CalDAV door over raw HTTP through the real app: discovery, resources, reports, sync tokens,
 * access and bad input, on the database TEST_DATABASE names.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestUser } from '../helpers/app.js';
import { dav, home, multigetBody, propfindBody, queryBody, responses, syncBody, syncTokenOf, vevent, vtodo } from './helpers.js';

let t: TestApp;
let owner: TestUser;
let reader: TestUser;
let stranger: TestUser;
let ctxId: string;

beforeAll(async () => {
  t = await startTestApp();
  owner = await t.user('owner');
  reader = await t.user('reader');
  stranger = await t.user('stranger');
  ctxId = (await t.as(owner).post('/contexts', { name: 'Work', color: '#00aa11', description: 'Job' })).body.data.id;
  expect((await t.as(owner).post(`/contexts/${ctxId}/share`, { user_email: reader.email, permission: 'read' })).status).toBe(201);
});
afterAll(() => t?.close());

const tasksUrl = () => `${home(owner)}${ctxId}-tasks/`;
const eventsUrl = () => `${home(owner)}${ctxId}-events/`;

describe('discovery', () => {
  it('answers OPTIONS with the DAV classes clients look for', async () => {
    const res = await dav(t, null)('OPTIONS', '/caldav/');
    expect(res.status).toBe(200);
    expect(res.headers.dav).toBe('1, 3, calendar-access');
    expect(String(res.headers.allow)).toContain('REPORT');
  });

  it('asks for Basic credentials and refuses a wrong pairing of email and token', async () => {
    const res = await dav(t, null)('PROPFIND', '/.well-known/caldav', propfindBody('<D:current-user-principal/>'));
    expect(res.status).toBe(401);
    expect(res.headers['www-authenticate']).toMatch(/^Basic realm="Agendum"/);
    const mixed = await t.app.server.inject({
      method: 'PROPFIND' as 'GET',
      url: '/caldav/',
      headers: { authorization: `Basic ${Buffer.from(`${reader.email}:${owner.token}`).toString('base64')}` },
    });
    expect(mixed.statusCode).toBe(401);
    const bearer = await t.app.server.inject({ method: 'PROPFIND' as 'GET', url: '/caldav/', headers: { authorization: `Bearer ${owner.token}`, depth: '0' } });
    expect(bearer.statusCode).toBe(207);
  });

  it('answers PROPFIND on /.well-known/caldav and / with 207 and the principal, 404 for unknown properties', async () => {
    for (const url of ['/.well-known/caldav', '/']) {
      const res = await dav(t, owner)('PROPFIND', url, propfindBody('<D:current-user-principal/><D:principal-URL/><D:resourcetype/><D:unknown-thing/>'), {
        depth: '0',
      });
      expect(res.status).toBe(207);
      expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
      expect(res.body).toContain(`<D:href>/caldav/principals/${owner.id}/</D:href>`);
      expect(res.body).toMatch(/<D:unknown-thing\/><\/D:prop><D:status>HTTP\/1.1 404 Not Found/);
    }
    const get = await dav(t, owner)('GET', '/.well-known/caldav');
    expect(get.status).toBe(301);
    expect(get.headers.location).toBe('/caldav/');
  });

  it('redirects GET on /.well-known/caldav without credentials too (D17); PROPFIND there still asks for them', async () => {
    for (const method of ['GET', 'HEAD']) {
      const res = await dav(t, null)(method, '/.well-known/caldav');
      expect(res.status, method).toBe(301);
      expect(res.headers.location).toBe('/caldav/');
      expect(res.headers['www-authenticate']).toBeUndefined();
    }
    // A wrong password changes nothing about the redirect.
    const wrong = await t.app.server.inject({
      method: 'GET',
      url: '/.well-known/caldav',
      headers: { authorization: `Basic ${Buffer.from('x@y.z:nope').toString('base64')}` },
    });
    expect(wrong.statusCode).toBe(301);
    expect((await dav(t, null)('PROPFIND', '/.well-known/caldav', propfindBody('<D:current-user-principal/>'))).status).toBe(401);
    // The redirect's target still asks for credentials.
    expect((await dav(t, null)('GET', '/caldav/')).status).toBe(401);
  });

  it('describes the principal, with scheduling properties as 404', async () => {
    const res = await dav(t, owner)(
      'PROPFIND',
      `/caldav/principals/${owner.id}/`,
      propfindBody(
        '<C:calendar-home-set/><C:calendar-user-address-set/><D:principal-collection-set/><D:displayname/><C:schedule-inbox-URL/><C:schedule-outbox-URL/><CS:email-address-set/><D:supported-report-set/><D:current-user-privilege-set/>',
      ),
      { depth: '0' },
    );
    expect(res.status).toBe(207);
    expect(res.body).toContain(`<C:calendar-home-set><D:href>${home(owner)}</D:href></C:calendar-home-set>`);
    expect(res.body).toContain(`<D:href>mailto:${owner.email}</D:href>`);
    expect(res.body).toContain(`<CS:email-address>${owner.email}</CS:email-address>`);
    expect(res.body).toMatch(/<C:schedule-inbox-URL\/><C:schedule-outbox-URL\/><\/D:prop><D:status>HTTP\/1.1 404/);
    expect((await dav(t, stranger)('PROPFIND', `/caldav/principals/${owner.id}/`, propfindBody('<D:displayname/>'), { depth: '0' })).status).toBe(404);
  });

  it('lists the personal pair, the attending collection and two collections per visible context, with every property clients ask for', async () => {
    const res = await dav(t, owner)(
      'PROPFIND',
      home(owner),
      propfindBody(
        '<D:resourcetype/><D:displayname/><CS:getctag/><D:sync-token/><C:supported-calendar-component-set/><A:calendar-color/><A:calendar-order/><C:calendar-description/><D:current-user-privilege-set/><D:owner/><D:quota-available-bytes/><D:supported-report-set/>',
      ),
      { depth: '1' },
    );
    expect(res.status).toBe(207);
    const hrefs = responses(res.body).map((r) => r.href);
    expect(hrefs).toEqual([
      home(owner),
      `${home(owner)}personal-tasks/`,
      `${home(owner)}personal-events/`,
      `${home(owner)}attending-events/`,
      tasksUrl(),
      eventsUrl(),
    ]);
    expect(res.body).toContain('<D:displayname>Work — Tasks</D:displayname>');
    expect(res.body).toContain('<A:calendar-color>#00AA11</A:calendar-color>');
    expect(res.body).toContain('<C:calendar-description>Job</C:calendar-description>');
    expect(res.body).toContain('<C:comp name="VTODO"/>');
    expect(res.body).toContain('<D:report><D:sync-collection/></D:report>');
    expect(res.body).toContain('<D:quota-available-bytes/></D:prop><D:status>HTTP/1.1 404');
    // Brief / Prefer: return-minimal leave out the 404 blocks.
    for (const h of [{ brief: 't' }, { prefer: 'return=minimal' }] as Array<Record<string, string>>) {
      const min = await dav(t, owner)('PROPFIND', home(owner), propfindBody('<D:displayname/><D:quota-available-bytes/>'), { depth: '1', ...h });
      expect(min.body).not.toContain('404 Not Found');
    }
  });

  it('gives a read collaborator a read-only privilege set and a stranger no collection', async () => {
    const mine = await dav(t, reader)('PROPFIND', home(reader), propfindBody('<D:current-user-privilege-set/>'), { depth: '1' });
    const part = mine.body.split(`${ctxId}-tasks/</D:href>`)[1].split('</D:response>')[0];
    expect(part).toContain('<D:read/>');
    expect(part).not.toContain('<D:write');
    const theirs = await dav(t, stranger)('PROPFIND', home(stranger), propfindBody('<D:displayname/>'), { depth: '1' });
    expect(theirs.body).not.toContain(ctxId);
    expect((await dav(t, stranger)('PROPFIND', `${home(stranger)}${ctxId}-tasks/`, propfindBody('<D:displayname/>'), { depth: '0' })).status).toBe(404);
    expect((await dav(t, stranger)('PROPFIND', home(owner), propfindBody('<D:displayname/>'), { depth: '0' })).status).toBe(404);
  });

  it('refuses Depth: infinity and malformed XML without a 500', async () => {
    const inf = await dav(t, owner)('PROPFIND', home(owner), propfindBody('<D:displayname/>'), { depth: 'infinity' });
    expect(inf.status).toBe(403);
    expect(inf.body).toContain('<D:propfind-finite-depth/>');
    expect((await dav(t, owner)('PROPFIND', home(owner), '<D:propfind xmlns:D="DAV:"><D:prop>', { depth: '0' })).status).toBe(400);
  });
});

describe('resources', () => {
  it('stores the client bytes, answers PUT with a strong ETag and honours If-Match / If-None-Match', async () => {
    const body = vtodo('put-1', ['SUMMARY:Call Bob', 'PRIORITY:2', 'X-APPLE-SORT-ORDER:7']);
    const put = await dav(t, owner)('PUT', `${tasksUrl()}put-1.ics`, body, { 'if-none-match': '*' });
    expect(put.status).toBe(201);
    const etag = String(put.headers.etag);
    expect(etag).toMatch(/^"[^"]+"$/);
    const get = await dav(t, owner)('GET', `${tasksUrl()}put-1.ics`);
    expect(get.body).toBe(body);
    expect(get.headers.etag).toBe(etag);
    expect(get.headers['content-type']).toBe('text/calendar; charset=utf-8; component=vtodo');
    expect((await dav(t, owner)('PUT', `${tasksUrl()}put-1.ics`, body, { 'if-none-match': '*' })).status).toBe(412);
    expect((await dav(t, owner)('PUT', `${tasksUrl()}put-1.ics`, body, { 'if-match': '"stale"' })).status).toBe(412);
    const again = await dav(t, owner)('PUT', `${tasksUrl()}put-1.ics`, vtodo('put-1', ['SUMMARY:Call Bob today', 'PRIORITY:2']), { 'if-match': etag });
    expect(again.status).toBe(204);
    expect(again.headers.etag).not.toBe(etag);
    const tasks = (await t.as(owner).get(`/tasks?context_id=${ctxId}`)).body.data;
    const task = tasks.find((x: { title: string }) => x.title === 'Call Bob today');
    expect(task).toMatchObject({ priority: 'high', status: 'pending', is_published: true, version_major: 2 });
  });

  it('rejects broken iCalendar, the wrong component and out-of-range years, storing nothing', async () => {
    const before = (await t.as(owner).get('/events')).body.data.length;
    const cases: Array<[string, string, number, string]> = [
      [`${tasksUrl()}bad1.ics`, 'BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nUID:x', 400, 'valid-calendar-data'],
      [`${tasksUrl()}bad2.ics`, vevent('ev-in-tasks', ['DTSTART:20260101T100000Z', 'SUMMARY:x']), 403, 'supported-calendar-component'],
      [`${eventsUrl()}bad3.ics`, vevent('y0', ['DTSTART:00000101T100000Z', 'SUMMARY:x']), 400, 'valid-calendar-data'],
      [`${eventsUrl()}bad4.ics`, vevent('nostart', ['SUMMARY:x']), 400, 'valid-calendar-object-resource'],
    ];
    for (const [url, body, status, pre] of cases) {
      const res = await dav(t, owner)('PUT', url, body);
      expect(res.status, url).toBe(status);
      expect(res.body).toContain(`<C:${pre}/>`);
      expect((await dav(t, owner)('GET', url)).status).toBe(404);
    }
    expect((await t.as(owner).get('/events')).body.data.length).toBe(before);
    const huge = await dav(t, owner)('PUT', `${tasksUrl()}huge.ics`, vtodo('huge', [`DESCRIPTION:${'x'.repeat(10 * 1024 * 1024)}`]));
    expect(huge.status).toBe(413);
  });

  it('lets a read collaborator read but not write, and a stranger not even see', async () => {
    const put = await dav(t, reader)('PUT', `${tasksUrl().replace(owner.id, reader.id)}r.ics`, vtodo('by-reader', ['SUMMARY:nope']));
    expect(put.status).toBe(403);
    const list = await dav(t, reader)('PROPFIND', tasksUrl().replace(owner.id, reader.id), propfindBody('<D:getetag/>'), { depth: '1' });
    expect(list.status).toBe(207);
    expect(responses(list.body).length).toBeGreaterThan(1);
    const existing = responses(list.body)[1].href;
    expect((await dav(t, reader)('DELETE', existing)).status).toBe(403);
    expect((await dav(t, stranger)('GET', existing.replace(reader.id, stranger.id))).status).toBe(404);
  });
});

describe('events, recurrence and the lossless round trip', () => {
  const series = () =>
    [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//Test//EN',
      'BEGIN:VEVENT',
      'UID:series-1',
      'DTSTAMP:20260101T000000Z',
      'DTSTART:20260105T090000Z',
      'DTEND:20260105T100000Z',
      'SUMMARY:Standup',
      'RRULE:FREQ=WEEKLY;COUNT=10',
      'EXDATE:20260112T090000Z',
      'CATEGORIES:Work,Daily',
      'X-EVOLUTION-COLOR:blue',
      'BEGIN:VALARM',
      'ACTION:DISPLAY',
      'TRIGGER:-PT10M',
      'DESCRIPTION:Soon',
      'X-WR-ALARMUID:alarm-1',
      'END:VALARM',
      'END:VEVENT',
      'BEGIN:VEVENT',
      'UID:series-1',
      'DTSTAMP:20260101T000000Z',
      'RECURRENCE-ID:20260119T090000Z',
      'DTSTART:20260119T140000Z',
      'DTEND:20260119T150000Z',
      'SUMMARY:Standup (moved)',
      'END:VEVENT',
      'END:VCALENDAR',
      '',
    ].join('\r\n');

  it('keeps VALARM, X- properties, CATEGORIES, RRULE, EXDATE and overrides through a REST edit', async () => {
    const put = await dav(t, owner)('PUT', `${eventsUrl()}series-1.ics`, series());
    expect(put.status).toBe(201);
    const event = (await t.as(owner).get(`/events?context_id=${ctxId}`)).body.data.find((e: { title: string }) => e.title === 'Standup');
    expect(event.start_time).toBe('2026-01-05T09:00:00.000Z');
    // Lists and single reads carry the lines (read with the row), and so does the sync feed.
    expect(event.recurrence).toBe('RRULE:FREQ=WEEKLY;COUNT=10\nEXDATE:20260112T090000Z');
    const rest = await t.as(owner).get(`/events/${event.id}`);
    expect(rest.body.data.recurrence).toBe('RRULE:FREQ=WEEKLY;COUNT=10\nEXDATE:20260112T090000Z');
    const feed = await t.as(owner).get('/sync?limit=500');
    expect(feed.body.data.find((i: { record?: { id: string } }) => i.record?.id === event.id)?.record.recurrence).toBe(
      'RRULE:FREQ=WEEKLY;COUNT=10\nEXDATE:20260112T090000Z',
    );
    expect((await t.as(owner).put(`/events/${event.id}`, { title: 'Team standup', location: 'Room 4', publish: true })).status).toBe(200);
    const get = await dav(t, owner)('GET', `${eventsUrl()}series-1.ics`);
    expect(get.headers.etag).not.toBe(put.headers.etag);
    for (const line of [
      'SUMMARY:Team standup',
      'LOCATION:Room 4',
      'RRULE:FREQ=WEEKLY;COUNT=10',
      'EXDATE:20260112T090000Z',
      'CATEGORIES:Work,Daily',
      'X-EVOLUTION-COLOR:blue',
      'BEGIN:VALARM',
      'X-WR-ALARMUID:alarm-1',
      'RECURRENCE-ID:20260119T090000Z',
      'SUMMARY:Standup (moved)',
      'SEQUENCE:1',
    ]) {
      expect(get.body).toContain(line);
    }
    // A draft edit over REST does not reach CalDAV (it serves the published state).
    await t.as(owner).put(`/events/${event.id}`, { title: 'Draft title' });
    expect((await dav(t, owner)('GET', `${eventsUrl()}series-1.ics`)).body).toContain('SUMMARY:Team standup');
  });

  it('expands recurrence for time-range queries, overrides included, and skips what cannot be expanded', async () => {
    const q = (start: string, end: string) =>
      dav(t, owner)('REPORT', eventsUrl(), queryBody('VEVENT', `<C:time-range start="${start}" end="${end}"/>`), { depth: '1' });
    const hit = (xml: string) => responses(xml).map((r) => r.href.split('/').pop());
    expect(hit((await q('20260302T000000Z', '20260303T000000Z')).body)).toContain('series-1.ics'); // 9th weekly occurrence
    expect(hit((await q('20260112T000000Z', '20260113T000000Z')).body)).not.toContain('series-1.ics'); // EXDATE
    expect(hit((await q('20260119T130000Z', '20260119T160000Z')).body)).toContain('series-1.ics'); // moved override
    expect(hit((await q('20260119T080000Z', '20260119T093000Z')).body)).not.toContain('series-1.ics'); // where it used to be
    expect(hit((await q('20270101T000000Z', '20270201T000000Z')).body)).not.toContain('series-1.ics'); // after COUNT
    const allDay = await dav(t, owner)('PUT', `${eventsUrl()}holiday.ics`, vevent('holiday', ['DTSTART;VALUE=DATE:20260704', 'SUMMARY:Holiday']));
    expect(allDay.status).toBe(201);
    const ev = (await t.as(owner).get(`/events?context_id=${ctxId}`)).body.data.find((e: { title: string }) => e.title === 'Holiday');
    expect(ev).toMatchObject({ all_day: true, start_time: '2026-07-04T00:00:00.000Z', end_time: '2026-07-05T00:00:00.000Z' });
    expect(hit((await q('20260704T000000Z', '20260705T000000Z')).body)).toContain('holiday.ics');
  });
});

describe('attendees', () => {
  it("adds ATTENDEEs with their PARTSTAT as RSVP, and applies a replaced object's changes to them", async () => {
    const lines = (extra: string[]) => ['DTSTART:20260901T100000Z', 'DTEND:20260901T110000Z', 'SUMMARY:Review', `ORGANIZER:mailto:${owner.email}`, ...extra];
    const put = await dav(t, owner)(
      'PUT',
      `${eventsUrl()}att.ics`,
      vevent('att-1', lines(['ATTENDEE;PARTSTAT=ACCEPTED:mailto:ann@example.com', 'ATTENDEE;PARTSTAT=TENTATIVE;CN=Bo:mailto:bo@example.com'])),
    );
    expect(put.status).toBe(201);
    const ev = (await t.as(owner).get(`/events?context_id=${ctxId}`)).body.data.find((e: { title: string }) => e.title === 'Review');
    const list = async () =>
      Object.fromEntries(
        ((await t.as(owner).get(`/events/${ev.id}/attendees`)).body.data as Array<{ email: string; rsvp_status: string }>).map((a) => [a.email, a.rsvp_status]),
      );
    expect(await list()).toEqual({ 'ann@example.com': 'accepted', 'bo@example.com': 'tentative' });
    await t.as(owner).post(`/events/${ev.id}/attendees`, { user_email: 'rest@example.com' });
    // The REST change rewrote the resource: the client's old ETag no longer matches.
    expect((await dav(t, owner)('PUT', `${eventsUrl()}att.ics`, vevent('att-1', lines([])), { 'if-match': String(put.headers.etag) })).status).toBe(412);
    const current = await dav(t, owner)('GET', `${eventsUrl()}att.ics`);
    expect(current.body).toContain('mailto:rest@example.com');
    const again = await dav(t, owner)(
      'PUT',
      `${eventsUrl()}att.ics`,
      vevent('att-1', lines(['ATTENDEE;PARTSTAT=DECLINED:mailto:ann@example.com', 'ATTENDEE;PARTSTAT=NEEDS-ACTION:mailto:rest@example.com'])),
      { 'if-match': String(current.headers.etag) },
    );
    expect(again.status).toBe(204);
    // Bo was dropped by the client, Ann declined, the attendee added over REST is kept.
    expect(await list()).toEqual({ 'ann@example.com': 'declined', 'rest@example.com': 'pending' });
  });

  it('writes attendee changes made over REST into the ATTENDEE lines, and moves the sync token', async () => {
    const put = await dav(t, owner)(
      'PUT',
      `${eventsUrl()}att2.ics`,
      vevent('att-2', [
        'DTSTART:20260902T100000Z',
        'DTEND:20260902T110000Z',
        'SUMMARY:Planning',
        'ATTENDEE;CN=Cy;PARTSTAT=NEEDS-ACTION:mailto:cy@example.com',
        'X-KEEP:me',
      ]),
    );
    const ev = (await t.as(owner).get(`/events?context_id=${ctxId}`)).body.data.find((e: { title: string }) => e.title === 'Planning');
    const token = syncTokenOf((await dav(t, owner)('REPORT', eventsUrl(), syncBody(''), { depth: '1' })).body)!;
    expect((await t.as(owner).patch(`/events/${ev.id}/attendees/cy@example.com`, { rsvp_status: 'accepted' })).status).toBe(200);
    expect((await t.as(owner).post(`/events/${ev.id}/attendees`, { user_email: 'dee@example.com' })).status).toBe(201);
    const got = await dav(t, owner)('GET', `${eventsUrl()}att2.ics`);
    expect(got.headers.etag).not.toBe(put.headers.etag);
    const body = got.body.replace(/\r\n[ \t]/g, '');
    expect(body).toContain('ATTENDEE;CN=Cy;PARTSTAT=ACCEPTED:mailto:cy@example.com');
    expect(body).toContain('ATTENDEE;PARTSTAT=NEEDS-ACTION:mailto:dee@example.com');
    expect(body).toContain('X-KEEP:me');
    const changed = responses((await dav(t, owner)('REPORT', eventsUrl(), syncBody(token), { depth: '1' })).body);
    expect(changed.map((r) => r.href)).toContain(`${eventsUrl()}att2.ics`);
  });
});

describe('tasks mapping', () => {
  it('writes STATUS, COMPLETED and PERCENT-COMPLETE when REST completes a task, keeping VALUE=DATE dues', async () => {
    await dav(t, owner)(
      'PUT',
      `${tasksUrl()}done.ics`,
      vtodo('done-1', ['SUMMARY:Finish report', 'DUE;VALUE=DATE:20261201', 'PRIORITY:7', 'RELATED-TO;RELTYPE=PARENT:put-1']),
    );
    const task = (await t.as(owner).get(`/tasks?context_id=${ctxId}`)).body.data.find((x: { title: string }) => x.title === 'Finish report');
    expect(task).toMatchObject({ due_date: '2026-12-01T00:00:00.000Z', priority: 'low' });
    expect((await t.as(owner).post(`/tasks/${task.id}/complete`)).status).toBe(200);
    const body = (await dav(t, owner)('GET', `${tasksUrl()}done.ics`)).body;
    expect(body).toContain('STATUS:COMPLETED');
    expect(body).toMatch(/COMPLETED:\d{8}T\d{6}Z/);
    expect(body).toContain('PERCENT-COMPLETE:100');
    expect(body).toContain('DUE;VALUE=DATE:20261201');
    expect(body).toContain('PRIORITY:7'); // the client's number, its bucket unchanged
    expect(body).toContain('RELATED-TO;RELTYPE=PARENT:put-1');
  });

  it('reads a completion from the client and filters tasks by STATUS and COMPLETED', async () => {
    await dav(t, owner)(
      'PUT',
      `${tasksUrl()}c2.ics`,
      vtodo('c2', ['SUMMARY:Client done', 'STATUS:COMPLETED', 'COMPLETED:20260301T100000Z', 'PERCENT-COMPLETE:100']),
    );
    const open = await dav(t, owner)('REPORT', tasksUrl(), queryBody('VTODO', '<C:prop-filter name="COMPLETED"><C:is-not-defined/></C:prop-filter>'), {
      depth: '1',
    });
    const names = responses(open.body).map((r) => r.href.split('/').pop());
    expect(names).toContain('put-1.ics');
    expect(names).not.toContain('c2.ics');
    const done = await dav(t, owner)(
      'REPORT',
      tasksUrl(),
      queryBody('VTODO', '<C:prop-filter name="STATUS"><C:text-match>COMPLETED</C:text-match></C:prop-filter>'),
      { depth: '1' },
    );
    expect(
      responses(done.body)
        .map((r) => r.href.split('/').pop())
        .sort(),
    ).toEqual(['c2.ics', 'done.ics']);
    const byUid = await dav(t, owner)(
      'REPORT',
      tasksUrl(),
      queryBody('VTODO', '<C:prop-filter name="UID"><C:text-match collation="i;octet">c2</C:text-match></C:prop-filter>'),
      { depth: '1' },
    );
    expect(responses(byUid.body).map((r) => r.href.split('/').pop())).toEqual(['c2.ics']);
    expect(responses((await dav(t, owner)('REPORT', tasksUrl(), queryBody('VEVENT'), { depth: '1' })).body)).toEqual([]);
  });
});

describe('reports and sync tokens', () => {
  it('answers multiget with 404 for unknown hrefs, and refuses unknown reports and bad XML', async () => {
    const res = await dav(t, owner)('REPORT', tasksUrl(), multigetBody([`${tasksUrl()}put-1.ics`, `${tasksUrl()}missing.ics`]), { depth: '1' });
    const [a, b] = responses(res.body);
    expect(a.status).toBe('200');
    expect(a.data).toContain('UID:put-1');
    expect(b).toMatchObject({ href: `${tasksUrl()}missing.ics`, status: '404' });
    const unknown = await dav(t, owner)('REPORT', tasksUrl(), '<?xml version="1.0"?><D:expand-property xmlns:D="DAV:"/>', { depth: '0' });
    expect(unknown.status).toBe(403);
    expect(unknown.body).toContain('<D:supported-report/>');
    expect((await dav(t, owner)('REPORT', tasksUrl(), '<C:calendar-query xmlns:C="urn:ietf:params:xml:ns:caldav">', { depth: '1' })).status).toBe(400);
  });

  it('syncs everything for an empty token, then changes, deletions and records that left as 404', async () => {
    const sync = (token: string) => dav(t, owner)('REPORT', tasksUrl(), syncBody(token), { depth: '1' });
    const first = await sync('');
    expect(first.status).toBe(207);
    const token1 = syncTokenOf(first.body)!;
    expect(responses(first.body).every((r) => r.status === '200')).toBe(true);
    const ctag = async () => /<CS:getctag>([^<]*)</.exec((await dav(t, owner)('PROPFIND', tasksUrl(), propfindBody('<CS:getctag/>'), { depth: '0' })).body)![1];
    expect(await ctag()).toBe(token1);
    expect(responses((await sync(token1)).body)).toEqual([]);

    const made = (await t.as(owner).post('/tasks', { title: 'From REST', context_id: ctxId })).body.data;
    const other = (await t.as(owner).post('/contexts', { name: 'Other' })).body.data.id;
    const leaving = (await t.as(owner).get(`/tasks?context_id=${ctxId}`)).body.data.find((x: { title: string }) => x.title === 'Call Bob today');
    await t.as(owner).put(`/tasks/${leaving.id}`, { context_id: other, publish: true });
    const gone = (await t.as(owner).get(`/tasks?context_id=${ctxId}`)).body.data.find((x: { title: string }) => x.title === 'Client done');
    await t.as(owner).delete(`/tasks/${gone.id}`);
    expect(await ctag()).not.toBe(token1);
    const second = await sync(token1);
    const items = responses(second.body);
    expect(items).toContainEqual(expect.objectContaining({ href: `${tasksUrl()}${made.id}.ics`, status: '200' }));
    expect(items).toContainEqual(expect.objectContaining({ href: `${tasksUrl()}put-1.ics`, status: '404' }));
    expect(items).toContainEqual(expect.objectContaining({ href: `${tasksUrl()}c2.ics`, status: '404' }));
    const token2 = syncTokenOf(second.body)!;
    expect(token2).not.toBe(token1);
    // The moved record shows up in its new collection under the same name, same record.
    const there = await dav(t, owner)('GET', `${home(owner)}${other}-tasks/put-1.ics`);
    expect(there.status).toBe(200);
    expect(there.body).toContain('UID:put-1');

    for (const bad of ['http://agendum.invalid/ns/sync/999999-999999', 'http://agendum.invalid/ns/sync/garbage', 'urn:other']) {
      const res = await sync(bad);
      expect(res.status).toBe(403);
      expect(res.body).toContain('<D:valid-sync-token/>');
    }
  });

  it('changes the token on an access change, and removing a share hides the collections', async () => {
    const url = tasksUrl().replace(owner.id, reader.id);
    const before = syncTokenOf((await dav(t, reader)('REPORT', url, syncBody(''), { depth: '1' })).body)!;
    await t.as(owner).post(`/contexts/${ctxId}/share`, { user_email: reader.email, permission: 'write' });
    const after = await dav(t, reader)('REPORT', url, syncBody(before), { depth: '1' });
    expect(syncTokenOf(after.body)).not.toBe(before);
    expect((await t.as(owner).delete(`/contexts/${ctxId}/collaborators/${reader.id}`)).status).toBe(204);
    expect((await dav(t, reader)('REPORT', url, syncBody(before), { depth: '1' })).status).toBe(404);
    const homeList = await dav(t, reader)('PROPFIND', home(reader), propfindBody('<D:displayname/>'), { depth: '1' });
    expect(homeList.body).not.toContain(ctxId);
  });
});

describe('collections', () => {
  it('makes a context with MKCALENDAR at the client URL, renames and recolours it with PROPPATCH', async () => {
    const url = `${home(owner)}my-lists/`;
    const mk = await dav(t, owner)(
      'MKCALENDAR',
      url,
      `<?xml version="1.0"?><C:mkcalendar xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav" xmlns:A="http://apple.com/ns/ical/"><D:set><D:prop><D:displayname>Errands</D:displayname><A:calendar-color>#FF8800FF</A:calendar-color><C:supported-calendar-component-set><C:comp name="VTODO"/></C:supported-calendar-component-set></D:prop></D:set></C:mkcalendar>`,
    );
    expect(mk.status).toBe(201);
    const ctx = (await t.as(owner).get('/contexts')).body.data.find((c: { name: string }) => c.name === 'Errands');
    expect(ctx.color).toBe('#ff8800');
    const listing = await dav(t, owner)('PROPFIND', home(owner), propfindBody('<D:displayname/><C:supported-calendar-component-set/>'), { depth: '1' });
    expect(listing.body).toContain(`<D:href>${url}</D:href>`);
    expect(listing.body).toContain(`<D:href>${home(owner)}my-lists-events/</D:href>`);
    expect((await dav(t, owner)('PUT', `${url}e1.ics`, vtodo('e1', ['SUMMARY:Milk']))).status).toBe(201);
    expect((await dav(t, owner)('MKCALENDAR', url)).status).toBe(403);
    // The service's own segments, and bases whose sibling would be one of them, are taken.
    for (const taken of ['attending-events', 'attending', 'personal', 'personal-tasks'])
      expect((await dav(t, owner)('MKCALENDAR', `${home(owner)}${taken}/`)).status).toBe(403);
    const patch = await dav(t, owner)(
      'PROPPATCH',
      url,
      `<?xml version="1.0"?><D:propertyupdate xmlns:D="DAV:" xmlns:A="http://apple.com/ns/ical/"><D:set><D:prop><D:displayname>Shopping — Tasks</D:displayname><A:calendar-color>#112233</A:calendar-color></D:prop></D:set></D:propertyupdate>`,
    );
    expect(patch.status).toBe(207);
    expect(patch.body).toContain('200 OK');
    expect((await t.as(owner).get(`/contexts/${ctx.id}`)).body.data).toMatchObject({ name: 'Shopping', color: '#112233' });
    const refused = await dav(t, owner)(
      'PROPPATCH',
      url,
      `<?xml version="1.0"?><D:propertyupdate xmlns:D="DAV:"><D:set><D:prop><D:displayname>X</D:displayname><D:getetag>no</D:getetag></D:prop></D:set></D:propertyupdate>`,
    );
    expect(refused.body).toContain('403 Forbidden');
    expect(refused.body).toContain('424 Failed Dependency');
    expect((await t.as(owner).get(`/contexts/${ctx.id}`)).body.data.name).toBe('Shopping');
    expect((await dav(t, owner)('DELETE', url)).status).toBe(403);
  });

  it('moves a record between collections with MOVE, keeping its id and history', async () => {
    await dav(t, owner)('PUT', `${tasksUrl()}mv.ics`, vtodo('mv', ['SUMMARY:Move me']));
    const task = (await t.as(owner).get(`/tasks?context_id=${ctxId}`)).body.data.find((x: { title: string }) => x.title === 'Move me');
    const dest = `${home(owner)}personal-tasks/mv.ics`;
    const res = await dav(t, owner)('MOVE', `${tasksUrl()}mv.ics`, undefined, { destination: `http://localhost${dest}` });
    expect(res.status).toBe(201);
    expect((await dav(t, owner)('GET', `${tasksUrl()}mv.ics`)).status).toBe(404);
    expect((await dav(t, owner)('GET', dest)).body).toContain('SUMMARY:Move me');
    const after = (await t.as(owner).get(`/tasks/${task.id}`)).body.data;
    expect(after.context_id).toBeNull();
    expect((await t.as(owner).get(`/tasks/${task.id}/history`)).body.data.history.map((h: { version: string }) => h.version)).toEqual(['1.0', '2.0']);
    const toEvents = await dav(t, owner)('MOVE', dest, undefined, { destination: `${home(owner)}personal-events/mv.ics` });
    expect(toEvents.status).toBe(403);
  });

  it('frees a MKCALENDAR URL when its context is deleted, and prunes texts no sync can ask for', async () => {
    const url = `${home(owner)}short-lived/`;
    expect((await dav(t, owner)('MKCALENDAR', url)).status).toBe(201);
    const ctx = (await t.as(owner).get('/contexts')).body.data.find((c: { name: string }) => c.name === 'short-lived');
    expect((await dav(t, owner)('PUT', `${url}gone.ics`, vevent('gone', ['DTSTART:20260101T100000Z', 'SUMMARY:Gone']))).status).toBe(201);
    expect((await t.as(owner).delete(`/contexts/${ctx.id}?cascade=true`)).status).toBe(204);
    expect((await dav(t, owner)('PROPFIND', url, propfindBody('<D:displayname/>'), { depth: '0' })).status).toBe(404);
    expect((await dav(t, owner)('MKCALENDAR', url)).status).toBe(201);
    // The deleted event's text stays while the log still names it, then goes.
    expect(await t.app.services.calendar.prune()).toBe(0);
    await t.app.services.sync.prune(new Date(Date.now() + 400 * 86_400_000));
    expect(await t.app.services.calendar.prune()).toBeGreaterThanOrEqual(1);
  });
});
