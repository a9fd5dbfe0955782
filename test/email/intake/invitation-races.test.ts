/**
 * Messages of one invitation arriving together, and invitations racing the user's own deletion
 * (audit 10, A.4): one event per UID, the highest SEQUENCE wins, and an update or a cancel of an
 * event the user just deleted is handled as for an unknown UID (made anew / nothing), never stored
 * `failed`. On PostgreSQL the messages really run side by side.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestUser } from '../../helpers/app.js';
import { intakeAddress, postMail } from './helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ INTAKE_SECRET: 'test-intake-secret-0123456789' });
});
afterAll(async () => t?.close());

let counter = 0;
function invitation(to: string, uid: string, sequence: number, opts: { method?: 'REQUEST' | 'CANCEL'; title?: string; hour?: number } = {}) {
  const hour = String(opts.hour ?? 10).padStart(2, '0');
  const ics = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Test//EN',
    `METHOD:${opts.method ?? 'REQUEST'}`,
    'BEGIN:VEVENT',
    `UID:${uid}`,
    `SEQUENCE:${sequence}`,
    'DTSTAMP:20261120T100000Z',
    `DTSTART:20261210T${hour}0000Z`,
    `DTEND:20261210T${hour}3000Z`,
    `SUMMARY:${opts.title ?? `Planning s${sequence}`}`,
    'ORGANIZER:mailto:organiser@example.org',
    'END:VEVENT',
    'END:VCALENDAR',
  ].join('\r\n');
  const head = [
    'From: Organiser <organiser@example.org>',
    `To: ${to}`,
    `Subject: Invitation: Planning (${sequence})`,
    'Date: Fri, 20 Nov 2026 10:00:00 +0000',
    `Message-ID: <inv-${++counter}-${Date.now()}@example.org>`,
    'MIME-Version: 1.0',
    `Content-Type: text/calendar; charset=utf-8; method=${opts.method ?? 'REQUEST'}`,
  ].join('\r\n');
  return Buffer.from(`${head}\r\n\r\n${ics}\r\n`, 'utf8');
}

async function eventsOf(user: TestUser, title: string) {
  return (await t.as(user).get('/events?source=email&limit=100')).body.data.filter((e: { title: string }) => e.title.startsWith(title));
}

describe('one invitation in several messages at once', () => {
  it('makes one event, whatever the order they land in', async () => {
    const u = await t.user();
    const to = await intakeAddress(t, u);
    for (let round = 0; round < 4; round++) {
      const uid = `same-${round}@example.org`;
      const answers = await Promise.all(Array.from({ length: 6 }, () => postMail(t, invitation(to, uid, 0, { title: `Same ${round}` }), { to })));
      expect(answers.map((a) => a.status)).toEqual(Array(6).fill(201));
      expect(await eventsOf(u, `Same ${round}`)).toHaveLength(1);
    }
  });

  it('ends at the highest SEQUENCE when updates arrive together', async () => {
    const u = await t.user();
    const to = await intakeAddress(t, u);
    for (let round = 0; round < 4; round++) {
      const uid = `seq-${round}@example.org`;
      expect((await postMail(t, invitation(to, uid, 0, { title: `Seq ${round} s0` }), { to })).status).toBe(201);
      const updates = [1, 2, 3, 4].map((s) => postMail(t, invitation(to, uid, s, { title: `Seq ${round} s${s}`, hour: 10 + s }), { to }));
      expect((await Promise.all(updates)).map((a) => a.status)).toEqual([201, 201, 201, 201]);
      const [event] = await eventsOf(u, `Seq ${round}`);
      expect(event).toMatchObject({ title: `Seq ${round} s4`, start_time: '2026-12-10T14:00:00.000Z' });
    }
  });
});

describe('an invitation racing the user’s deletion', () => {
  it('an update is made anew and a cancel makes nothing, never a failed message', async () => {
    const u = await t.user();
    const to = await intakeAddress(t, u);
    for (let round = 0; round < 6; round++) {
      for (const method of ['REQUEST', 'CANCEL'] as const) {
        const uid = `race-${method}-${round}@example.org`;
        const first = await postMail(t, invitation(to, uid, 0, { title: `Race ${method} ${round}` }), { to });
        const id = first.body.data.events[0].id;
        const [mail, removal] = await Promise.all([
          postMail(t, invitation(to, uid, 1, { method, title: `Race ${method} ${round} s1` }), { to }),
          t.as(u).delete(`/events/${id}`),
        ]);
        expect(mail.status, JSON.stringify(mail.body)).toBe(201);
        expect([204, 404]).toContain(removal.status);
      }
    }
    const failed = (await t.as(u).get('/emails?limit=100')).body.data.filter((e: { status: string }) => e.status === 'failed');
    expect(failed).toEqual([]);
  });
});
