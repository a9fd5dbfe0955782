/** CalDAV test helpers: raw DAV requests through the real app, and iCalendar bodies. */
import type { TestApp, TestUser } from '../helpers/app.js';

export interface DavRes {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

const basic = (u: TestUser) => `Basic ${Buffer.from(`${u.email}:${u.token}`).toString('base64')}`;

export function dav(t: TestApp, u: TestUser | null) {
  return async (method: string, url: string, body?: string, headers: Record<string, string> = {}): Promise<DavRes> => {
    const res = await t.app.server.inject({
      method: method as 'GET',
      url,
      payload: body,
      headers: {
        ...(u ? { authorization: basic(u) } : {}),
        ...(body && !headers['content-type']
          ? { 'content-type': body.startsWith('BEGIN:') ? 'text/calendar; charset=utf-8' : 'application/xml; charset=utf-8' }
          : {}),
        ...headers,
      },
    });
    return { status: res.statusCode, headers: res.headers as DavRes['headers'], body: res.body };
  };
}

export const home = (u: TestUser) => `/caldav/calendars/${u.id}/`;

export const propfindBody = (props: string) =>
  `<?xml version="1.0" encoding="utf-8"?><D:propfind xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav" xmlns:CS="http://calendarserver.org/ns/" xmlns:A="http://apple.com/ns/ical/"><D:prop>${props}</D:prop></D:propfind>`;

export const vtodo = (uid: string, lines: string[] = []) =>
  [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Test//EN',
    'BEGIN:VTODO',
    `UID:${uid}`,
    'DTSTAMP:20260101T000000Z',
    ...lines,
    'END:VTODO',
    'END:VCALENDAR',
    '',
  ].join('\r\n');

export const vevent = (uid: string, lines: string[], extra: string[] = []) =>
  [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Test//EN',
    'BEGIN:VEVENT',
    `UID:${uid}`,
    'DTSTAMP:20260101T000000Z',
    ...lines,
    'END:VEVENT',
    ...extra,
    'END:VCALENDAR',
    '',
  ].join('\r\n');

/** Outlook's VTIMEZONE: rules from 1601, which ical.js expands up to each year asked. */
export const OUTLOOK_VTIMEZONE = [
  'BEGIN:VTIMEZONE',
  'TZID:W. Europe Standard Time',
  'BEGIN:STANDARD',
  'DTSTART:16010101T030000',
  'TZOFFSETFROM:+0200',
  'TZOFFSETTO:+0100',
  'RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=10',
  'END:STANDARD',
  'BEGIN:DAYLIGHT',
  'DTSTART:16010101T020000',
  'TZOFFSETFROM:+0100',
  'TZOFFSETTO:+0200',
  'RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=3',
  'END:DAYLIGHT',
  'END:VTIMEZONE',
];

export const syncBody = (token: string, props = '<D:getetag/>') =>
  `<?xml version="1.0"?><D:sync-collection xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><D:sync-token>${token}</D:sync-token><D:sync-level>1</D:sync-level><D:prop>${props}</D:prop></D:sync-collection>`;

export const queryBody = (comp: string, inner = '', props = '<D:getetag/>') =>
  `<?xml version="1.0"?><C:calendar-query xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><D:prop>${props}</D:prop><C:filter><C:comp-filter name="VCALENDAR"><C:comp-filter name="${comp}">${inner}</C:comp-filter></C:comp-filter></C:filter></C:calendar-query>`;

export const multigetBody = (hrefs: string[], props = '<D:getetag/><C:calendar-data/>') =>
  `<?xml version="1.0"?><C:calendar-multiget xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><D:prop>${props}</D:prop>${hrefs.map((h) => `<D:href>${h}</D:href>`).join('')}</C:calendar-multiget>`;

/** The hrefs of a multistatus with their status (response-level) or "200". */
export function responses(xml: string): Array<{ href: string; status: string; etag: string | null; data: string | null }> {
  const out = [];
  for (const m of xml.matchAll(/<D:response>([\s\S]*?)<\/D:response>/g)) {
    const part = m[1];
    const href = /<D:href>([^<]*)<\/D:href>/.exec(part)![1];
    const direct = /^<D:href>[^<]*<\/D:href><D:status>HTTP\/1.1 (\d+)/.exec(part);
    const etag = /<D:getetag>([^<]*)<\/D:getetag>/.exec(part)?.[1]?.replace(/&quot;/g, '"') ?? null;
    const data = /<C:calendar-data>([\s\S]*?)<\/C:calendar-data>/.exec(part)?.[1]?.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&') ?? null;
    out.push({ href, status: direct ? direct[1] : '200', etag, data });
  }
  return out;
}

export const syncTokenOf = (xml: string) => /<D:sync-token>([^<]*)<\/D:sync-token>/.exec(xml)?.[1] ?? null;
