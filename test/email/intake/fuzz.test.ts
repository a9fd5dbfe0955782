/**
 * Fuzzes email intake over HTTP with messages mail software really produces and breaks: broken
 * and unknown charsets, encoded words, base64 and quoted-printable that do not decode, multiparts
 * with missing or lying boundaries, nested forwards, calendar attachments with broken iCalendar,
 * odd dates, huge lines, NULs. Every answer must be below 500; every stored message and every item
 * it made must read back through the API as documented (the harness checks each answer against
 * the OpenAPI document); reprocessing must not fail either; and another user gets nothing.
 * Seeded and replayable: FUZZ_SEED, FUZZ_RUNS.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestUser } from '../../helpers/app.js';
import { intakeAddress, postMail, SECRET } from './helpers.js';

let t: TestApp;
let me: TestUser;
let other: TestUser;
let address: string;

beforeAll(async () => {
  t = await startTestApp({ INTAKE_SECRET: SECRET, INTAKE_MAX_BYTES: '200000' });
  me = await t.user('mailer');
  other = await t.user('other');
  address = await intakeAddress(t, me);
});
afterAll(() => t?.close());

const texts = fc.oneof(
  fc.constantFrom(
    'Please send the report by Friday.',
    'Dentist appointment on December 3 at 10:30, Calle Mayor 5.',
    'Bitte bis 12.12. die Unterlagen schicken. Termin am Montag um 14 Uhr.',
    'Réunion jeudi à 15h en salle B, merci de confirmer avant mercredi.',
    'Order #12345 total $99.00 — delivered tomorrow between 9 and 5.',
    'Call me at +1 555 0100 tomorrow at 3pm about the meeting',
    '',
  ),
  fc.string({ maxLength: 200 }),
  fc.string({ unit: 'grapheme', maxLength: 80 }),
);
const charsets = fc.constantFrom('utf-8', 'iso-8859-1', 'windows-1252', 'koi8-r', 'x-unknown-charset', 'utf-7', '', '"utf-8');
const encodings = fc.constantFrom('7bit', '8bit', 'base64', 'quoted-printable', 'x-uuencode', 'garbage');
const subjects = fc.oneof(
  fc.string({ maxLength: 60 }).map((s) => s.replace(/[\r\n]/g, ' ')),
  fc.constantFrom(
    '=?utf-8?B?SGVsbG8gd29ybGQ=?=',
    '=?utf-8?B?!!!not base64?=',
    '=?x-unknown?Q?caf=E9?=',
    '=?utf-8?Q?unterminated',
    '=?utf-8?B?UmV2aWV3AA==?= by Friday',
    'Fwd: Re: Fw: AW: RV: Termin',
    '',
  ),
);
const dates = fc.constantFrom(
  'Tue, 17 Nov 2026 16:42:00 -0800',
  'not a date',
  '',
  'Mon, 31 Feb 2026 25:61:00 +9999',
  'Fri, 01 Jan 0001 00:00:00 +0000',
  '2026-12-01T10:00:00Z',
);
const icsBodies = fc.constantFrom(
  [
    'BEGIN:VCALENDAR',
    'METHOD:REQUEST',
    'BEGIN:VEVENT',
    'UID:x@y',
    'DTSTART:20261203T100000Z',
    'DTEND:20261203T110000Z',
    'SUMMARY:Planning',
    'END:VEVENT',
    'END:VCALENDAR',
  ].join('\r\n'),
  ['BEGIN:VCALENDAR', 'BEGIN:VEVENT', 'DTSTART:2026-12-01T10:00:00Z', 'END:VEVENT', 'END:VCALENDAR'].join('\r\n'),
  [
    'BEGIN:VCALENDAR',
    'METHOD:CANCEL',
    'BEGIN:VEVENT',
    'UID:x@y',
    'DTSTART;TZID=Nowhere/Atlantis:20261203T100000',
    'RRULE:FREQ=SECONDLY',
    'END:VEVENT',
    'END:VCALENDAR',
  ].join('\r\n'),
  'BEGIN:VCALENDAR\r\nBEGIN:VEVENT',
  'not a calendar',
);

const leaf = fc.record({
  type: fc.constantFrom('text/plain', 'text/html', 'text/calendar', 'application/octet-stream', 'image/png', 'text/x-unknown'),
  charset: charsets,
  encoding: encodings,
  text: texts,
  ics: icsBodies,
});

type Leaf = typeof leaf extends fc.Arbitrary<infer T> ? T : never;

function encodeBody(text: string, encoding: string): string {
  if (encoding === 'base64')
    return Buffer.from(text, 'utf8')
      .toString('base64')
      .replace(/(.{76})/g, '$1\r\n');
  if (encoding === 'quoted-printable')
    return text.replace(/=/g, '=3D').replace(/[^\x20-\x7e]/g, (c) => `=${c.charCodeAt(0).toString(16).slice(-2).toUpperCase()}`);
  return text;
}

function part(p: Leaf): string {
  const text = p.type === 'text/calendar' ? p.ics : p.type === 'text/html' ? `<html><body><p>${p.text}</p><br>${p.text}</body></html>` : p.text;
  return [`Content-Type: ${p.type}; charset=${p.charset}`, `Content-Transfer-Encoding: ${p.encoding}`, '', encodeBody(text, p.encoding)].join('\r\n');
}

const message = fc
  .record({
    subject: subjects,
    date: dates,
    from: fc.constantFrom(
      'Marcus Hale <marcus@example.org>',
      'no-at-sign',
      '',
      '"Quoted, Name" <q@example.org>',
      '=?utf-8?B?w6lsw6hu?= <e@example.org>',
      '=?utf-8?B?TnVsAA==?= <nul@example.org>',
    ),
    to: fc.constantFrom('me', 'me', 'me', 'other-address', 'nobody@nowhere.invalid'),
    shape: fc.constantFrom('single', 'alternative', 'mixed', 'forward', 'lying-boundary', 'no-boundary', 'headers-only'),
    parts: fc.array(leaf, { minLength: 1, maxLength: 3 }),
    hugeLine: fc.boolean(),
    nul: fc.boolean(),
  })
  .map((m) => {
    const to = m.to === 'me' ? address : m.to === 'other-address' ? 'someone-else@intake.invalid' : m.to;
    const head = [
      `From: ${m.from}`,
      `To: ${to}`,
      `Subject: ${m.subject}`,
      `Date: ${m.date}`,
      'MIME-Version: 1.0',
      `Message-ID: <${Math.random().toString(36).slice(2)}@fuzz>`,
    ];
    let body: string;
    if (m.shape === 'single') body = part(m.parts[0]);
    else if (m.shape === 'headers-only') body = 'Content-Type: text/plain\r\n';
    else {
      const boundary = 'b0und4ry';
      const declared = m.shape === 'lying-boundary' ? 'other-boundary' : boundary;
      const type = m.shape === 'alternative' ? 'multipart/alternative' : 'multipart/mixed';
      const inner = m.parts.map((p) => `--${boundary}\r\n${part(p)}`).join('\r\n');
      const forwarded =
        m.shape === 'forward' ? `\r\n--${boundary}\r\nContent-Type: message/rfc822\r\n\r\nFrom: a@b.c\r\nSubject: inner\r\n\r\n${m.parts[0].text}` : '';
      const contentType = m.shape === 'no-boundary' ? type : `${type}; boundary="${declared}"`;
      body = `Content-Type: ${contentType}\r\n\r\n${inner}${forwarded}\r\n--${boundary}--`;
    }
    if (m.hugeLine) body += `\r\n${'Please review item 1 by Friday '.repeat(2000)}`;
    if (m.nul) body += '\r\n\u0000 trailing NUL';
    return { to, raw: `${head.join('\r\n')}\r\n${body}\r\n` };
  });

describe('what the fuzzer found', () => {
  it('reads a message with NULs in its body and encoded subject (PostgreSQL text cannot hold them) instead of failing with 500', async () => {
    const raw = [
      'From: =?utf-8?B?TnVsAA==?= <nul@example.org>',
      `To: ${address}`,
      'Subject: =?utf-8?B?UmV2aWV3AA==?=',
      'Message-ID: <with-nul@fuzz>',
      'Content-Type: text/plain; charset=utf-8',
      '',
      'Please send the\u0000 report by Friday.',
      '',
    ].join('\r\n');
    const res = await postMail(t, raw, { to: address });
    expect(res.status).toBe(201);
    const email = (await t.as(me).get(`/emails/${res.body.data.email_id}`)).body.data;
    expect(email.subject).toBe('Review');
    expect(res.body.data.tasks.map((x: { title: string }) => x.title).join()).toMatch(/send the report/i);
  });
});

describe('fuzzing email intake with broken and unusual messages', () => {
  it('never answers 5xx, everything stored reads back as documented, and another user gets nothing', async () => {
    const statuses = new Map<number, number>();
    const stored: string[] = [];
    await fc.assert(
      fc.asyncProperty(message, async (m) => {
        const res = await postMail(t, m.raw, { to: m.to });
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        expect(res.status, `${m.raw.slice(0, 600)}\n${res.text.slice(0, 300)}`).toBeLessThan(500);
        if (res.status === 201) stored.push(res.body.data.email_id);
      }),
      { seed: Number(process.env.FUZZ_SEED ?? 20261127), numRuns: Number(process.env.FUZZ_RUNS ?? 80) },
    );
    if (process.env.FUZZ_VERBOSE) console.log([...statuses]);
    expect(stored.length, JSON.stringify([...statuses])).toBeGreaterThan(0);
    // An invitation's CANCEL in a later message removes the event an earlier one made; the earlier
    // message still lists it among what it made (docs/api.md), and it reads as gone.
    const emails = await Promise.all(stored.map(async (id) => (await t.as(me).get(`/emails/${id}`)).body.data));
    const cancelled = new Set(emails.flatMap((e) => e.cancelled_event_ids));
    for (const email of emails) {
      for (const id of email.task_ids) expect((await t.as(me).get(`/tasks/${id}`)).status, `task ${id} of ${JSON.stringify(email)}`).toBe(200);
      for (const id of email.event_ids)
        expect((await t.as(me).get(`/events/${id}`)).status, `event ${id} of ${JSON.stringify(email)}`).toBe(cancelled.has(id) ? 404 : 200);
    }
    // Reprocessing a few stored messages goes through the same extraction without failing.
    for (const id of stored.slice(0, 5)) expect((await t.as(me).post(`/emails/${id}/reprocess`)).status).toBeLessThan(300);
    expect((await t.as(other).get('/emails')).body.data).toEqual([]);
    expect((await t.as(other).get('/tasks')).body.data).toEqual([]);
  }, 300_000);
});
