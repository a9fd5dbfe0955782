/**
 * Issue 14, findings 8 and 9 (D23): timestamps only within 0001-01-01T00:00:00Z..9999-12-31T23:59:59.999Z
 * once their offset is applied, on every door; stored ones out of range repaired; blank path keys 404.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { up as repair } from '../../src/db/migrations/014_hardening.js';
import { intakeAddress, plainMail, postMail } from '../email/intake/helpers.js';
import { startTestApp, type TestApp } from '../helpers/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ INTAKE_SECRET: 'test-intake-secret-0123456789' });
});
afterAll(async () => {
  await t?.close();
});

const OUT_OF_RANGE = ['9999-12-31T23:59:59-14:00', '9999-12-31T23:59:59.999-00:01', '0001-01-01T00:00:00+00:01', '0001-01-01T13:59:59+14:00'];
const EDGES: Array<[string, string]> = [
  ['9999-12-31T23:59:59.999Z', '9999-12-31T23:59:59.999Z'],
  ['0001-01-01T00:00:00Z', '0001-01-01T00:00:00.000Z'],
  ['0001-01-01T14:00:00+14:00', '0001-01-01T00:00:00.000Z'],
  ['9999-12-31T13:59:59.999-10:00', '9999-12-31T23:59:59.999Z'],
];

describe('timestamps in range (D23)', () => {
  it('tasks: a due date outside the range is 400 naming the field; the edges are accepted', async () => {
    const c = t.as(await t.user());
    for (const due of OUT_OF_RANGE) {
      const res = await c.post('/tasks', { title: 'x', due_date: due });
      expect(res.status, due).toBe(400);
      expect(res.body.details.field).toBe('due_date');
    }
    for (const [given, stored] of EDGES) {
      const res = await c.post('/tasks', { title: 'edge', due_date: given });
      expect(res.status, given).toBe(201);
      expect(res.body.data.due_date).toBe(stored);
    }
    const id = (await c.post('/tasks', { title: 'y' })).body.data.id;
    const patched = await c.patch(`/tasks/${id}`, { due_date: OUT_OF_RANGE[0] });
    expect(patched.status).toBe(400);
    expect(patched.body.details.field).toBe('due_date');
    const q = await c.get(`/tasks?updated_after=${encodeURIComponent(OUT_OF_RANGE[0])}`);
    expect(q.status).toBe(400);
    expect(q.body.details.field).toBe('updated_after');
    expect((await c.get('/sync')).status).toBe(200);
  });

  it('events: start and end outside the range are 400 naming each field; order compares instants', async () => {
    const c = t.as(await t.user());
    const start = await c.post('/events', { title: 'e', start_time: OUT_OF_RANGE[0], end_time: '9999-12-31T23:59:59Z' });
    expect(start.status).toBe(400);
    expect(start.body.details.field).toBe('start_time');
    const end = await c.post('/events', { title: 'e', start_time: '9999-12-31T00:00:00Z', end_time: OUT_OF_RANGE[0] });
    expect(end.status).toBe(400);
    expect(end.body.details.field).toBe('end_time');
    // 10:00+05:00 is 05:00Z, before a start of 06:00Z: the text sorts after, the instant before.
    const before = await c.post('/events', { title: 'e', start_time: '2026-01-01T06:00:00Z', end_time: '2026-01-01T10:00:00+05:00' });
    expect(before.status).toBe(422);
    const edge = await c.post('/events', { title: 'e', start_time: '9999-12-31T00:00:00Z', end_time: '9999-12-31T13:59:59.999-10:00' });
    expect(edge.status).toBe(201);
    expect((await c.get('/events?from=9999-12-30T00:00:00Z')).body.data.map((e: any) => e.id)).toEqual([edge.body.data.id]);
    const q = await c.get(`/events?from=${encodeURIComponent(OUT_OF_RANGE[2])}`);
    expect(q.status).toBe(400);
    expect(q.body.details.field).toBe('from');
  });

  it('email: an invitation whose DTSTART lies past the range makes no event, and the feed stays whole', async () => {
    const u = await t.user();
    const address = await intakeAddress(t, u);
    const raw = Buffer.from(
      [
        'From: Ana <ana@example.org>',
        `To: ${address}`,
        'Subject: Far future',
        'Message-ID: <far-1@example.org>',
        'Date: Tue, 17 Nov 2026 09:00:00 +0100',
        'MIME-Version: 1.0',
        'Content-Type: text/calendar; method=REQUEST',
        '',
        'BEGIN:VCALENDAR',
        'VERSION:2.0',
        'PRODID:-//test//EN',
        'METHOD:REQUEST',
        'BEGIN:VEVENT',
        'UID:far-future@example.org',
        'DTSTAMP:20261117T080000Z',
        'DTSTART;TZID=Pacific/Pago_Pago:99991231T230000',
        'DTEND;TZID=Pacific/Pago_Pago:99991231T235900',
        'SUMMARY:Far future',
        'ORGANIZER:mailto:ana@example.org',
        `ATTENDEE:mailto:${u.email}`,
        'END:VEVENT',
        'END:VCALENDAR',
        '',
      ].join('\r\n'),
    );
    const res = await postMail(t, raw, { to: address });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data.events).toEqual([]);
    expect((await t.as(u).get('/events')).body.data).toEqual([]);
    expect((await t.as(u).get('/sync')).status).toBe(200);
  });

  it('email: a subject past 500 characters makes a task titled with its first 500 (D4), not a failure', async () => {
    const u = await t.user();
    const address = await intakeAddress(t, u);
    const subject = `Reminder ${'about the quarterly numbers '.repeat(30)}`.trim();
    const res = await postMail(t, plainMail({ to: address, subject, body: 'Hi,\n\nJust a heads-up.\n\nThanks' }), { to: address });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data.tasks.length).toBeGreaterThanOrEqual(1);
    for (const task of res.body.data.tasks) expect(task.title.length).toBeLessThanOrEqual(500);
  });

  it('values stored out of range before the rule are repaired by migration 014; feed and lists stay valid', async () => {
    const owner = await t.user();
    const friend = await t.user();
    const o = t.as(owner);
    const C = (await o.post('/contexts', { name: 'shared' })).body.data.id;
    await o.post(`/contexts/${C}/share`, { user_email: friend.email, permission: 'read' });
    const task = (await o.post('/tasks', { title: 'poisoned', context_id: C, due_date: '2026-01-01T00:00:00Z' })).body.data.id;
    const event = (await o.post('/events', { title: 'poisoned', context_id: C, start_time: '2026-01-01T00:00:00Z', end_time: '2026-01-01T01:00:00Z' })).body
      .data.id;
    await o.patch(`/tasks/${task}`, { title: 'with a draft', due_date: '2026-02-01T00:00:00Z' });
    const db = t.app.database.db;
    // What the old code stored for `9999-12-31T23:59:59-14:00` and its like.
    await sql`UPDATE tasks SET due_date = '+010000-01-01T13:59:59.000Z', draft = replace(draft, '2026-01-01T00:00:00.000Z', '-000001-12-31T00:00:00.000Z') WHERE id = ${task}`.execute(
      db,
    );
    await sql`UPDATE events SET start_time = '+010000-01-01T13:59:59.000Z' WHERE id = ${event}`.execute(db);
    await sql`UPDATE record_versions SET snapshot = replace(snapshot, '2026-01-01T00:00:00.000Z', '+010000-01-01T13:59:59.000Z') WHERE record_id = ${task}`.execute(
      db,
    );
    await repair(db as any);
    for (const who of [owner, friend]) {
      const c = t.as(who);
      const feed = await c.get('/sync');
      expect(feed.status).toBe(200); // every answer is also checked against the document
      const got = (await c.get(`/tasks/${task}`)).body.data;
      expect(got.due_date).toBe('9999-12-31T23:59:59.999Z'); // the draft's value, shown to every reader (D8)
      expect(got.last_live.due_date).toBe('0001-01-01T00:00:00.000Z');
      const ev = (await c.get(`/events/${event}`)).body.data;
      expect(ev.start_time).toBe('9999-12-31T23:59:59.999Z');
      expect(ev.end_time).toBe('9999-12-31T23:59:59.999Z');
      expect((await c.get('/tasks')).status).toBe(200);
      expect((await c.get('/events')).status).toBe(200);
    }
    expect((await o.get(`/tasks/${task}/history`)).status).toBe(200);
  });
});

describe('blank path keys (D23)', () => {
  it('an attendee key of spaces is 404 and touches nobody', async () => {
    const c = t.as(await t.user());
    const event = (await c.post('/events', { title: 'e', start_time: '2026-01-01T10:00:00Z', end_time: '2026-01-01T11:00:00Z' })).body.data.id;
    await c.post(`/events/${event}/attendees`, { user_email: 'guest@example.org' });
    for (const key of ['%20%20', '%20', '%09']) {
      expect((await c.patch(`/events/${event}/attendees/${key}`, { rsvp_status: 'declined' })).status, key).toBe(404);
      expect((await c.delete(`/events/${event}/attendees/${key}`)).status, key).toBe(404);
    }
    const attendees = (await c.get(`/events/${event}/attendees`)).body.data;
    expect(attendees).toEqual([expect.objectContaining({ email: 'guest@example.org', rsvp_status: 'pending' })]);
    for (const path of ['/tasks/%20', `/events/${event}/comments/%20%20`, '/contexts/%20/collaborators/%20']) {
      expect((await c.get(path)).status, path).toBe(404);
    }
  });
});
