/**
 * A REST change of a zoned event's time keeps its zone in the served iCalendar (D17: only the mapped
 * properties are patched): a weekly 09:00 Paris series moved to 10:00 stays at 10:00 Paris after
 * the clocks change, which a UTC DTSTART would shift by an hour.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestUser } from '../helpers/app.js';
import { dav, home, OUTLOOK_VTIMEZONE, queryBody, responses } from './helpers.js';

let t: TestApp;
let u: TestUser;
beforeAll(async () => {
  t = await startTestApp();
  u = await t.user('zoned');
});
afterAll(() => t?.close());

describe('REST edits of zoned events', () => {
  for (const [zone, tzLines] of [
    ['Europe/Paris', []],
    ['W. Europe Standard Time', OUTLOOK_VTIMEZONE],
  ] as const) {
    it(`keep DTSTART and DTEND in ${zone}, so later occurrences keep their local time`, async () => {
      const dv = dav(t, u);
      const name = `${zone.replace(/\W+/g, '-')}.ics`;
      const url = `${home(u)}personal-events/${name}`;
      const body = [
        'BEGIN:VCALENDAR',
        'VERSION:2.0',
        'PRODID:-//Test//EN',
        ...tzLines,
        'BEGIN:VEVENT',
        `UID:${name}`,
        'DTSTAMP:20260101T000000Z',
        `DTSTART;TZID=${zone}:20261201T090000`,
        `DTEND;TZID=${zone}:20261201T093000`,
        'RRULE:FREQ=WEEKLY;BYDAY=TU',
        `SUMMARY:Standup ${zone}`,
        'END:VEVENT',
        'END:VCALENDAR',
        '',
      ].join('\r\n');
      expect((await dv('PUT', url, body)).status).toBe(201);
      const event = (await t.as(u).get('/events?limit=100')).body.data.find((e: { title: string }) => e.title === `Standup ${zone}`);
      expect(event.start_time).toBe('2026-12-01T08:00:00.000Z');
      const moved = await t.as(u).put(`/events/${event.id}`, { start_time: '2026-12-01T09:00:00Z', end_time: '2026-12-01T09:30:00Z', publish: true });
      expect(moved.status).toBe(200);
      const lines = (await dv('GET', url)).body.split('\r\n');
      expect(lines).toContain(`DTSTART;TZID=${zone}:20261201T100000`);
      expect(lines).toContain(`DTEND;TZID=${zone}:20261201T103000`);
      // Tuesday 15 June 2027, summer time: 10:00 in the zone is 08:00 UTC.
      const at = async (start: string, end: string) =>
        responses((await dv('REPORT', `${home(u)}personal-events/`, queryBody('VEVENT', `<C:time-range start="${start}" end="${end}"/>`), { depth: '1' })).body)
          .map((r) => r.href.split('/').pop())
          .includes(name);
      expect(await at('20270615T080000Z', '20270615T080100Z')).toBe(true);
      expect(await at('20270615T090000Z', '20270615T090100Z')).toBe(false);
      expect((await t.as(u).get(`/events/${event.id}`)).body.data.start_time).toBe('2026-12-01T09:00:00.000Z');
    });
  }
});
