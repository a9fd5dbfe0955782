import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../helpers/app.js';
import { corpusMail, hasCorpus, intakeAddress, plainMail, postMail } from './helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ INTAKE_SECRET: 'test-intake-secret-0123456789' });
});
afterAll(async () => t?.close());

const eventRow = (id: string) => t.app.database.db.selectFrom('events').selectAll().where('id', '=', id).executeTakeFirst();

describe.skipIf(!hasCorpus)('invitations (corpus 003, 004, 014, 015)', () => {
  it('makes an event from an invitation, updates it on a higher SEQUENCE, and deletes it on METHOD:CANCEL', async () => {
    const u = await t.user();
    const address = await intakeAddress(t, u);

    const invite = await postMail(t, corpusMail('003-invite-design-review.eml', address), { to: address });
    expect(invite.status).toBe(201);
    expect(invite.body.data.tasks).toEqual([]);
    expect(invite.body.data.events).toHaveLength(1);
    const event = invite.body.data.events[0];
    expect(event).toMatchObject({
      title: expect.stringMatching(/design review/i),
      start_time: '2026-12-01T23:00:00.000Z',
      end_time: '2026-12-02T00:00:00.000Z',
      all_day: false,
      version_major: 1,
      version_minor: 0,
      is_published: true,
      source_email_id: invite.body.data.email_id,
    });
    expect(event.location).toMatch(/Yerba Buena/i);
    expect(event.extraction_confidence).toBeGreaterThanOrEqual(0.95);
    const stored = await eventRow(event.id);
    expect(stored).toMatchObject({ ical_uid: '5q8v2k7m1n3p4r6t9w0yc1x3z5@google.com', ical_sequence: 0, source: 'email' });
    const attendees = (await t.as(u).get(`/events/${event.id}/attendees`)).body.data;
    expect(attendees.length).toBeGreaterThanOrEqual(2);
    expect(attendees.map((a: any) => a.rsvp_status)).toEqual(expect.arrayContaining(['accepted', 'pending']));
    expect((await t.as(u).get(`/events?source_email_id=${invite.body.data.email_id}`)).body.data.map((e: any) => e.id)).toEqual([event.id]);

    // SEQUENCE 1 of the same UID moves the same event, published at once (major + 1).
    const update = await postMail(t, corpusMail('004-invite-design-review-update.eml', address), { to: address });
    expect(update.status).toBe(201);
    expect(update.body.data.events.map((e: any) => e.id)).toEqual([event.id]);
    const moved = (await t.as(u).get(`/events/${event.id}`)).body.data;
    expect(moved).toMatchObject({
      start_time: '2026-12-02T18:00:00.000Z',
      end_time: '2026-12-02T19:00:00.000Z',
      version_major: 2,
      version_minor: 0,
      is_published: true,
    });
    expect(await eventRow(event.id)).toMatchObject({ ical_sequence: 1 });
    expect((await t.as(u).get('/events?source=email')).body.meta.pagination.total).toBe(1);
    const updateEmail = (await t.as(u).get(`/emails/${update.body.data.email_id}`)).body.data;
    expect(updateEmail.event_ids).toEqual([event.id]);

    // Delivering the first invitation again (a new Message-ID, older SEQUENCE) changes nothing.
    const stale = corpusMail('003-invite-design-review.eml', address)
      .toString('latin1')
      .replace(/^Message-ID:.*$/im, 'Message-ID: <stale-copy@example.org>');
    const staleRes = await postMail(t, stale, { to: address });
    expect(staleRes.status).toBe(201);
    expect((await t.as(u).get(`/events/${event.id}`)).body.data).toMatchObject({ start_time: '2026-12-02T18:00:00.000Z', version_major: 2 });

    const acme = await postMail(t, corpusMail('014-invite-acme-demo.eml', address), { to: address });
    expect(acme.status).toBe(201);
    const acmeEvent = acme.body.data.events[0];
    expect(acmeEvent).toMatchObject({ start_time: '2026-11-26T13:00:00.000Z', end_time: '2026-11-26T14:00:00.000Z' });

    const cancel = await postMail(t, corpusMail('015-invite-acme-demo-cancel.eml', address), { to: address });
    expect(cancel.status).toBe(201);
    expect(cancel.body.data.events).toEqual([]);
    expect((await t.as(u).get(`/events/${acmeEvent.id}`)).status).toBe(404);
    expect((await t.as(u).get(`/emails/${cancel.body.data.email_id}`)).body.data.cancelled_event_ids).toEqual([acmeEvent.id]);
    const log = await t.app.database.db.selectFrom('changes').select(['op', 'actor_id']).where('record_id', '=', acmeEvent.id).orderBy('seq').execute();
    expect(log.map((c) => c.op)).toEqual(['create', 'delete']);

    // A repeat of the cancel is a repeat: 200, nothing else happens.
    expect((await postMail(t, corpusMail('015-invite-acme-demo-cancel.eml', address), { to: address })).status).toBe(200);
  });

  it("keeps invitations per user: another user's copy of the same UID is a separate event", async () => {
    const [a, b] = [await t.user(), await t.user()];
    const first = await postMail(t, corpusMail('014-invite-acme-demo.eml', await intakeAddress(t, a)), { to: await intakeAddress(t, a) });
    const second = await postMail(t, corpusMail('014-invite-acme-demo.eml', await intakeAddress(t, b)), { to: await intakeAddress(t, b) });
    expect(first.body.data.events[0].id).not.toBe(second.body.data.events[0].id);
    // b's cancellation leaves a's event alone.
    await postMail(t, corpusMail('015-invite-acme-demo-cancel.eml', await intakeAddress(t, b)), { to: await intakeAddress(t, b) });
    expect((await t.as(a).get(`/events/${first.body.data.events[0].id}`)).status).toBe(200);
    expect((await t.as(b).get(`/events/${second.body.data.events[0].id}`)).status).toBe(404);
  });
});

describe('events from text', () => {
  it('makes an event from a meeting in the text, with provenance, listed by ?source_email_id=', async () => {
    const u = await t.user();
    const address = await intakeAddress(t, u);
    const res = await postMail(
      t,
      plainMail({ to: address, subject: 'Coffee', body: "Hi,\n\nLet's meet for coffee on Thursday, November 19 at 3pm at Blue Bottle.\n\nBest" }),
      { to: address },
    );
    expect(res.status).toBe(201);
    expect(res.body.data.events).toHaveLength(1);
    const ev = res.body.data.events[0];
    expect(ev).toMatchObject({ start_time: '2026-11-19T23:00:00.000Z', end_time: '2026-11-20T00:00:00.000Z', source_email_id: res.body.data.email_id });
    expect((await t.as(u).get(`/events?source_email_id=${res.body.data.email_id}`)).body.data.map((e: any) => e.id)).toEqual([ev.id]);
    // Reprocessing does not make the event twice.
    await t.as(u).post(`/emails/${res.body.data.email_id}/reprocess`);
    expect((await t.as(u).get('/events?source=email')).body.meta.pagination.total).toBe(1);
  });
});
