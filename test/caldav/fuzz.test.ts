/**
 * Fuzzes the CalDAV door with what clients and broken clients send: iCalendar bodies assembled
 * from valid, edge-of-range and malformed properties (dates from year 1 to 9999, impossible days,
 * unknown time zones, negative and huge durations, odd recurrence rules, unicode and empty texts,
 * truncated and reordered lines), written with PUT under arbitrary object names and conditional
 * headers, then read back through GET, calendar-query, sync-collection and the REST lists.
 * Every answer must be below 500, every REST answer valid against the OpenAPI document (the
 * harness checks each), and another user's calendar stays byte-identical. Seeded and replayable:
 * FUZZ_SEED picks the seed (printed on failure with the shrunk case), FUZZ_RUNS the number of cases.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp, TestUser } from '../helpers/app.js';
import { buildDavFuzzWorld, type DavFuzzWorld } from './fuzz-world.js';
import { dav, OUTLOOK_VTIMEZONE, queryBody, syncBody, syncTokenOf } from './helpers.js';

let t: TestApp;
let owner: TestUser;
let w: DavFuzzWorld;
beforeAll(async () => {
  w = await buildDavFuzzWorld();
  ({ t, owner } = w);
});
afterAll(() => t?.close());
const collectionUrl = (kind: string) => w.collectionUrl(kind);
const victimSnapshot = () => w.victimSnapshot();

const dateTimes = fc.constantFrom(
  '20261201T100000Z',
  '20261201T100000',
  '20261201',
  '00010101T000000Z',
  '18991231T235959Z',
  '19000101',
  '99991231T235959Z',
  '99991231',
  '20260230T100000Z',
  '20261301T000000Z',
  '20261201T250000Z',
  '20261201T100060Z',
  '2026-12-01T10:00:00Z',
  'not-a-date',
  '',
);
const dateParams = fc.constantFrom(
  '',
  ';VALUE=DATE',
  ';VALUE=DATE-TIME',
  ';TZID=Europe/Berlin',
  ';TZID=W. Europe Standard Time',
  ';TZID=Nowhere/Atlantis',
  ';TZID=',
  ';VALUE=PERIOD',
);
const durations = fc.constantFrom('PT1H', 'P1D', '-PT1H', 'PT0S', 'P100000W', 'P1Y', 'PT', 'garbage');
const rrules = fc.constantFrom(
  'FREQ=WEEKLY;COUNT=10',
  'FREQ=DAILY;UNTIL=20270101T000000Z',
  'FREQ=DAILY;UNTIL=19000101',
  'FREQ=SECONDLY',
  'FREQ=MINUTELY;INTERVAL=0',
  'FREQ=YEARLY;BYMONTH=13;BYMONTHDAY=31',
  'FREQ=MONTHLY;BYDAY=5FR',
  'FREQ=WEEKLY;COUNT=-1',
  'FREQ=NEVER',
  '',
);
const texts = fc
  .oneof(
    fc.string({ maxLength: 40 }),
    fc.string({ unit: 'grapheme', maxLength: 40 }),
    fc.constantFrom('', ' ', '\\n\\,\\;', 'a'.repeat(3000), '<script>x</script>', 'Straße ☃ 日本語 😀', '\u0000\u0001'),
  )
  .map((s) => s.replace(/[\r\n]/g, ' '));

const property: fc.Arbitrary<string[]> = fc.oneof(
  fc
    .tuple(
      fc.constantFrom('DTSTART', 'DTEND', 'DUE', 'COMPLETED', 'RECURRENCE-ID', 'EXDATE', 'RDATE', 'DTSTAMP', 'CREATED', 'LAST-MODIFIED'),
      dateParams,
      dateTimes,
    )
    .map(([name, params, value]) => [`${name}${params}:${value}`]),
  durations.map((d) => [`DURATION:${d}`]),
  rrules.map((r) => [`RRULE:${r}`]),
  fc
    .tuple(fc.constantFrom('SUMMARY', 'DESCRIPTION', 'LOCATION', 'CATEGORIES', 'COMMENT', 'X-CUSTOM', 'RELATED-TO', 'CLASS'), texts)
    .map(([n, v]) => [`${n}:${v}`]),
  fc
    .tuple(
      fc.constantFrom('STATUS', 'PRIORITY', 'PERCENT-COMPLETE', 'SEQUENCE', 'TRANSP'),
      fc.constantFrom('NEEDS-ACTION', 'COMPLETED', 'CANCELLED', 'IN-PROCESS', 'CONFIRMED', 'TENTATIVE', 'BOGUS', '-1', '0', '5', '9', '10', '101', '1e99', ''),
    )
    .map(([n, v]) => [`${n}:${v}`]),
  fc
    .tuple(
      fc.constantFrom('mailto:someone@example.com', 'mailto:', 'urn:uuid:x', 'MAILTO:Upper@Example.COM', 'not a uri'),
      fc.constantFrom('ACCEPTED', 'DECLINED', 'TENTATIVE', 'NEEDS-ACTION', 'BOGUS', ''),
    )
    .map(([who, part]) => [`ATTENDEE;PARTSTAT=${part};CN=Someone:${who}`]),
  fc.constantFrom<string[]>(
    ['BEGIN:VALARM', 'ACTION:DISPLAY', 'TRIGGER:-PT15M', 'DESCRIPTION:Reminder', 'END:VALARM'],
    ['BEGIN:VALARM', 'TRIGGER;VALUE=DATE-TIME:19000101T000000Z', 'END:VALARM'],
    ['BEGIN:VALARM'],
    ['END:VEVENT'],
    ['ORGANIZER;CN=Boss:mailto:boss@example.com'],
    ['GEO:1000;-1000'],
    [' folded continuation without a property'],
    ['NO-COLON-HERE'],
    [':NOVALUE'],
  ),
);

const validProperty = fc.constantFrom<string[]>(
  ['SUMMARY:Plan the review'],
  ['DTSTART:20261201T100000Z'],
  ['DTEND:20261201T110000Z'],
  ['DUE;VALUE=DATE:20261203'],
  ['DTSTART;TZID=Europe/Berlin:20261202T090000'],
  ['DTSTART;TZID=W. Europe Standard Time:20261202T090000'],
  ['RRULE:FREQ=WEEKLY;COUNT=5'],
  ['STATUS:NEEDS-ACTION'],
  ['PRIORITY:1'],
  ['LOCATION:Room 4'],
);

const component = fc.record({
  wrongKind: fc.constantFrom('VJOURNAL', 'VFREEBUSY', 'other-collection', null, null, null, null, null, null, null, null, null),
  uid: fc.oneof({ arbitrary: fc.uuid(), weight: 6 }, { arbitrary: fc.constantFrom('', 'uid with spaces', '../../etc/passwd', 'ü'.repeat(300)), weight: 1 }),
  props: fc
    .tuple(fc.array(validProperty, { maxLength: 6 }), fc.oneof(fc.constant([]), fc.array(property, { maxLength: 2 })))
    .map(([valid, odd]) => [...valid, ...odd]),
  overrides: fc.oneof(
    { arbitrary: fc.constant([]), weight: 3 },
    { arbitrary: fc.array(fc.tuple(fc.oneof(fc.constant('20261208T100000Z'), dateTimes), fc.array(property, { maxLength: 2 })), { maxLength: 2 }), weight: 1 },
  ),
});

const calendar = (kind: 'VTODO' | 'VEVENT') =>
  fc
    .record({
      component,
      timezone: fc.constantFrom<string[]>(
        [],
        [],
        [
          'BEGIN:VTIMEZONE',
          'TZID:Europe/Berlin',
          'BEGIN:STANDARD',
          'DTSTART:19701025T030000',
          'TZOFFSETFROM:+0200',
          'TZOFFSETTO:+0100',
          'END:STANDARD',
          'END:VTIMEZONE',
        ],
        ['BEGIN:VTIMEZONE', 'TZID:Nowhere/Atlantis', 'END:VTIMEZONE'],
        OUTLOOK_VTIMEZONE,
      ),
      mutation: fc.constantFrom('none', 'none', 'none', 'none', 'none', 'none', 'drop-line', 'truncate', 'lower-case', 'lf-only', 'no-version'),
      at: fc.nat(),
    })
    .map(({ component: c, timezone, mutation, at }) => {
      const name = c.wrongKind === 'other-collection' ? (kind === 'VTODO' ? 'VEVENT' : 'VTODO') : (c.wrongKind ?? kind);
      const uid = c.uid ? [`UID:${c.uid}`] : [];
      // Most events get the DTSTART a VEVENT needs, so that most bodies reach the later checks.
      if (name === 'VEVENT' && at % 4 && !c.props.some((l) => l[0].startsWith('DTSTART'))) c.props.unshift(['DTSTART:20261201T100000Z']);
      let lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Fuzz//EN', ...timezone, `BEGIN:${name}`, ...uid, ...c.props.flat(), `END:${name}`];
      for (const [when, props] of c.overrides) lines.push(`BEGIN:${name}`, ...uid, `RECURRENCE-ID:${when}`, ...props.flat(), `END:${name}`);
      lines.push('END:VCALENDAR');
      if (mutation === 'drop-line') lines.splice(at % lines.length, 1);
      if (mutation === 'truncate') lines = lines.slice(0, at % lines.length);
      if (mutation === 'lower-case') lines = lines.map((l) => l.toLowerCase());
      if (mutation === 'no-version') lines = lines.filter((l) => !l.startsWith('VERSION'));
      return `${lines.join(mutation === 'lf-only' ? '\n' : '\r\n')}\r\n`;
    });

const fuzzCase = fc.constantFrom('tasks', 'events', 'personal-tasks', 'personal-events').chain((collection) =>
  fc.record({
    body: calendar(collection.endsWith('tasks') ? 'VTODO' : 'VEVENT'),
    collection: fc.constant(collection),
    name: fc.oneof(
      { arbitrary: fc.uuid().map((u) => `${u}.ics`), weight: 4 },
      { arbitrary: fc.constantFrom('same.ics', 'no-extension', '%2e%2e.ics', `${'x'.repeat(300)}.ics`, 'caf%C3%A9.ics', '%ZZ.ics'), weight: 1 },
    ),
    condition: fc.constantFrom<Record<string, string>>({}, {}, {}, { 'if-none-match': '*' }, { 'if-match': '"stale"' }, { 'if-match': '*' }),
    contentType: fc.constantFrom('text/calendar; charset=utf-8', 'text/calendar; charset=utf-8', 'text/calendar', 'application/json', 'text/plain'),
  }),
);

describe('what the fuzzer found', () => {
  it('answers a value its type cannot hold with 400 valid-calendar-data, not 500 (ical.js reads values lazily)', async () => {
    for (const [collection, line] of [
      ['tasks', 'DUE:2026-12-01T10:00:00Z'],
      ['events', 'DTSTART:2026-12-01T10:00:00Z'],
      ['events', 'DTSTART:garbage'],
      ['tasks', 'DURATION:garbage'],
      ['events', 'RECURRENCE-ID:not-a-date'],
    ]) {
      const kind = collection === 'tasks' ? 'VTODO' : 'VEVENT';
      const body = [
        'BEGIN:VCALENDAR',
        'VERSION:2.0',
        'PRODID:-//Fuzz//EN',
        `BEGIN:${kind}`,
        'UID:lazy-value',
        'DTSTAMP:20260101T000000Z',
        line,
        `END:${kind}`,
        'END:VCALENDAR',
        '',
      ].join('\r\n');
      const res = await dav(t, owner)('PUT', `${collectionUrl(collection)}lazy-value.ics`, body);
      expect(res.status, line).toBe(400);
      expect(res.body).toContain('<C:valid-calendar-data/>');
    }
    expect((await dav(t, owner)('GET', `${collectionUrl('tasks')}lazy-value.ics`)).status).toBe(404);
  });

  it('takes a body that starts with a byte-order mark (Windows tools write one), and words a non-calendar body plainly', async () => {
    const bom = await dav(t, owner)(
      'PUT',
      `${collectionUrl('personal-tasks')}with-bom.ics`,
      `\uFEFF${['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Win//EN', 'BEGIN:VTODO', 'UID:with-bom', 'SUMMARY:From Outlook', 'END:VTODO', 'END:VCALENDAR', ''].join('\r\n')}`,
      {
        'content-type': 'text/calendar; charset=utf-8',
      },
    );
    expect(bom.status).toBe(201);
    expect((await t.as(owner).get('/tasks?limit=100')).body.data.map((x: { title: string }) => x.title)).toContain('From Outlook');
    const junk = await dav(t, owner)('PUT', `${collectionUrl('personal-tasks')}junk.ics`, 'hello', { 'content-type': 'text/calendar' });
    expect(junk.status).toBe(400);
    expect(junk.body).not.toMatch(/Cannot read properties|undefined/);
  });
});

describe('fuzzing the CalDAV door with broken and edge-of-range iCalendar', () => {
  it('never answers 5xx, every REST view stays valid, and another user is untouched', async () => {
    const before = await victimSnapshot();
    const statuses = new Map<number, number>();
    const seed = Number(process.env.FUZZ_SEED ?? 20261127);
    const owned = dav(t, owner);
    await fc.assert(
      fc.asyncProperty(fuzzCase, async (c) => {
        const collection = collectionUrl(c.collection);
        const href = `${collection}${c.name}`;
        const put = await owned('PUT', href, c.body, { 'content-type': c.contentType, ...c.condition });
        statuses.set(put.status, (statuses.get(put.status) ?? 0) + 1);
        expect(put.status, `PUT ${href}\n${c.body}\n${put.body}`).toBeLessThan(500);
        if (put.status < 300) {
          expect(put.headers.etag).toMatch(/^"[^"]+"$/);
          const got = await owned('GET', href);
          expect(got.status, `GET after PUT\n${c.body}\n${got.body}`).toBe(200);
          expect(got.headers.etag).toBe(put.headers.etag);
        }
        const reads = await Promise.all([
          owned(
            'REPORT',
            collection,
            queryBody(c.collection.endsWith('tasks') ? 'VTODO' : 'VEVENT', '<C:time-range start="20261101T000000Z" end="20270101T000000Z"/>'),
            { depth: '1' },
          ),
          owned('REPORT', collection, syncBody(''), { depth: '1' }),
          owned('PROPFIND', collection, undefined, { depth: '1' }),
        ]);
        for (const r of reads) expect(r.status, `read after\n${c.body}\n${r.body.slice(0, 500)}`).toBe(207);
        // The REST views of whatever was stored: the harness checks each answer against the document.
        expect((await t.as(owner).get('/tasks?limit=100&sort=due_date')).status).toBe(200);
        expect((await t.as(owner).get('/events?from=2026-11-01T00:00:00Z&to=2027-01-01T00:00:00Z')).status).toBe(200);
        const token = syncTokenOf(reads[1].body);
        expect(token).not.toBeNull();
      }),
      { seed, numRuns: Number(process.env.FUZZ_RUNS ?? 150) },
    );
    // Each stored record's own REST view, once, after all writes.
    for (const kind of ['tasks', 'events'] as const) {
      const list = await t.as(owner).get(`/${kind}?limit=100`);
      for (const r of list.body.data) {
        expect((await t.as(owner).get(`/${kind}/${r.id}`)).status).toBe(200);
        expect((await t.as(owner).get(`/${kind}/${r.id}/history`)).status).toBe(200);
      }
    }
    if (process.env.FUZZ_VERBOSE) console.log([...statuses]);
    expect(await victimSnapshot()).toBe(before);
    // Some writes got through, so the reads above had stored objects to serve.
    expect(
      [...statuses.keys()].some((s) => s < 300),
      JSON.stringify([...statuses]),
    ).toBe(true);
  }, 300_000);
});
