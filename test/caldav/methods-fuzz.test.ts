/**
 * Fuzzes the CalDAV door with arbitrary methods, paths (another user's included) and headers, and
 * with XML bodies built from the pieces real reports and property requests are made of, valid or
 * broken. Every answer must be below 500, nothing may name the other user's records, and the other
 * user's calendar stays byte-identical. Seeded and replayable: FUZZ_SEED, FUZZ_RUNS.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp, TestUser } from '../helpers/app.js';
import { buildDavFuzzWorld, type DavFuzzWorld } from './fuzz-world.js';
import { dav, home } from './helpers.js';

let t: TestApp;
let owner: TestUser;
let victim: TestUser;
let w: DavFuzzWorld;
beforeAll(async () => {
  w = await buildDavFuzzWorld();
  ({ t, owner, victim } = w);
});
afterAll(() => t?.close());
const collectionUrl = (kind: string) => w.collectionUrl(kind);
const victimSnapshot = () => w.victimSnapshot();

const xmlPieces = fc.constantFrom(
  '<D:prop><D:getetag/><C:calendar-data/></D:prop>',
  '<D:prop><D:displayname/><CS:getctag/><D:sync-token/><D:resourcetype/><D:owner/><D:current-user-privilege-set/></D:prop>',
  '<D:allprop/>',
  '<D:propname/>',
  '<C:filter><C:comp-filter name="VCALENDAR"><C:comp-filter name="VEVENT"><C:time-range start="20261201T000000Z" end="20261101T000000Z"/></C:comp-filter></C:comp-filter></C:filter>',
  '<C:filter><C:comp-filter name="VCALENDAR"><C:comp-filter name="VTODO"><C:time-range start="00010101T000000Z" end="99991231T235959Z"/></C:comp-filter></C:comp-filter></C:filter>',
  '<C:filter><C:comp-filter name="VCALENDAR"><C:comp-filter name="VEVENT"><C:time-range start="garbage"/></C:comp-filter></C:comp-filter></C:filter>',
  '<C:filter><C:comp-filter name="VCALENDAR"><C:comp-filter name="VTODO"><C:prop-filter name="STATUS"><C:text-match negate-condition="yes">COMPLETED</C:text-match></C:prop-filter></C:comp-filter></C:comp-filter></C:filter>',
  '<C:filter><C:comp-filter name="VCALENDAR"><C:comp-filter name="VTODO"><C:prop-filter name="UID"><C:param-filter name="X"><C:is-not-defined/></C:param-filter></C:prop-filter></C:comp-filter></C:comp-filter></C:filter>',
  '<C:filter><C:comp-filter name="VCALENDAR"><C:comp-filter name="VEVENT"><C:comp-filter name="VALARM"><C:time-range start="20261201T000000Z"/></C:comp-filter></C:comp-filter></C:comp-filter></C:filter>',
  '<C:filter/>',
  '<C:expand start="20261201T000000Z" end="20270101T000000Z"/>',
  '<D:sync-token>garbage</D:sync-token><D:sync-level>1</D:sync-level>',
  '<D:sync-token>http://agendum.invalid/sync/999999999</D:sync-token><D:sync-level>infinite</D:sync-level>',
  '<D:href>/caldav/calendars/x/y/z.ics</D:href><D:href>../../etc/passwd</D:href><D:href></D:href>',
  '<D:set><D:prop><D:displayname>\u0000</D:displayname><A:calendar-color>not-a-colour</A:calendar-color></D:prop></D:set>',
  '<D:set><D:prop><D:displayname></D:displayname><C:calendar-description>x</C:calendar-description><D:resourcetype/></D:prop></D:set>',
  '<D:remove><D:prop><D:displayname/></D:prop></D:remove>',
  '<D:limit><D:nresults>-1</D:nresults></D:limit>',
);
const brokenPieces = fc.constantFrom('<unclosed>', '&entity;', '<![CDATA[x]]>');
const ROOTS_OF: Record<string, string[]> = {
  PROPFIND: ['D:propfind'],
  REPORT: ['C:calendar-query', 'C:calendar-multiget', 'D:sync-collection', 'C:free-busy-query', 'D:expand-property'],
  PROPPATCH: ['D:propertyupdate'],
  MKCALENDAR: ['C:mkcalendar'],
};
const anyRoot = ['D:propfind', 'C:calendar-query', 'D:sync-collection', 'D:propertyupdate', 'C:mkcalendar', 'D:unknown'];
const xmlBody = (method: string) =>
  fc.oneof(
    {
      arbitrary: fc
        .tuple(
          fc.constantFrom(...(ROOTS_OF[method] ?? anyRoot), ...(ROOTS_OF[method] ?? anyRoot), ...anyRoot),
          fc.array(fc.oneof({ arbitrary: xmlPieces, weight: 8 }, { arbitrary: brokenPieces, weight: 1 }), { maxLength: 4 }),
        )
        .map(
          ([root, inner]) =>
            `<?xml version="1.0"?><${root} xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav" xmlns:CS="http://calendarserver.org/ns/" xmlns:A="http://apple.com/ns/ical/">${inner.join('')}</${root}>`,
        ),
      weight: 6,
    },
    {
      arbitrary: fc.constantFrom(
        '',
        '<?xml version="1.0"?>',
        '<!DOCTYPE x [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;">]><D:propfind xmlns:D="DAV:">&b;</D:propfind>',
        'not xml at all',
      ),
      weight: 1,
    },
    { arbitrary: fc.string({ maxLength: 200 }), weight: 1 },
  );
const davCase = fc
  .constantFrom(
    'PROPFIND',
    'PROPFIND',
    'REPORT',
    'REPORT',
    'REPORT',
    'PROPPATCH',
    'MKCALENDAR',
    'MKCOL',
    'DELETE',
    'MOVE',
    'COPY',
    'OPTIONS',
    'GET',
    'HEAD',
    'LOCK',
    'POST',
  )
  .chain((method) =>
    fc.record({
      method: fc.constant(method),
      path: fc.constantFrom(
        '/',
        '/.well-known/caldav',
        '/caldav/',
        '/caldav/principals/',
        'principal',
        'home',
        'tasks',
        'events',
        'personal-tasks',
        'attending-events',
        'object',
        'new-collection',
        'victim-home',
        'victim-object',
        '/caldav/calendars/%ZZ/',
        '/caldav/calendars/../',
      ),
      body: xmlBody(method),
      depth: fc.constantFrom(undefined, '0', '1', '1', '1', 'infinity', '2', 'garbage'),
      destination: fc.constantFrom(undefined, 'events', 'personal-tasks', 'http://elsewhere.example/x.ics', 'victim-object', '%ZZ'),
    }),
  );

describe('fuzzing the CalDAV door with arbitrary methods, paths and XML bodies', () => {
  it('never answers 5xx and never lets one user reach another', async () => {
    const before = await victimSnapshot();
    const victimTask = (await t.as(victim).get('/tasks?limit=1')).body.data[0];
    const victimObject = `${home(victim)}personal-tasks/${victimTask.id}.ics`;
    const owned = dav(t, owner);
    const objectHref = `${collectionUrl('tasks')}fuzz-object.ics`;
    expect(
      (
        await owned(
          'PUT',
          objectHref,
          ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Fuzz//EN', 'BEGIN:VTODO', 'UID:fuzz-object', 'SUMMARY:Kept', 'END:VTODO', 'END:VCALENDAR', ''].join(
            '\r\n',
          ),
        )
      ).status,
    ).toBeLessThan(300);
    const resolve = (p: string) =>
      ({
        principal: `/caldav/principals/${owner.id}/`,
        home: home(owner),
        object: objectHref,
        'new-collection': `${home(owner)}made-${Math.random().toString(36).slice(2)}/`,
        'victim-home': home(victim),
        'victim-object': victimObject,
      })[p] ?? (p.startsWith('/') ? p : collectionUrl(p));
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(davCase, async (c) => {
        const headers: Record<string, string> = { 'content-type': 'application/xml; charset=utf-8' };
        if (c.depth) headers.depth = c.depth;
        if (c.destination) headers.destination = c.destination.startsWith('http') || c.destination.startsWith('%') ? c.destination : resolve(c.destination);
        const url = resolve(c.path);
        const res = await owned(c.method, url, c.body || undefined, headers);
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        expect(res.status, `${c.method} ${url} ${JSON.stringify(headers)}\n${c.body}\n${res.body.slice(0, 500)}`).toBeLessThan(500);
        if (c.path.startsWith('victim')) expect(res.body).not.toContain('victim');
      }),
      { seed: Number(process.env.FUZZ_SEED ?? 20261127), numRuns: Number(process.env.FUZZ_RUNS ?? 300) },
    );
    if (process.env.FUZZ_VERBOSE) console.log([...statuses]);
    expect(await victimSnapshot()).toBe(before);
    expect(
      [...statuses.keys()].some((s) => s === 207),
      JSON.stringify([...statuses]),
    ).toBe(true);
  }, 300_000);
});
