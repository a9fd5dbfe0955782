import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const ev = (title: string, start: string, end: string, extra: Record<string, unknown> = {}) => ({ title, start_time: start, end_time: end, ...extra });

describe('events', () => {
  it('creates, reads, updates (drafts) and deletes', async () => {
    const u = t.as(await t.user());
    const created = await u.post('/events', ev(' Standup ', '2026-04-01T09:00:00+02:00', '2026-04-01T09:15:00+02:00', { location: 'Room 1' }));
    expect(created.status).toBe(201);
    const e = created.body.data;
    expect(e).toMatchObject({
      title: 'Standup',
      start_time: '2026-04-01T07:00:00.000Z',
      end_time: '2026-04-01T07:15:00.000Z',
      location: 'Room 1',
      all_day: false,
      description: null,
      context_id: null,
      version_major: 1,
      version_minor: 0,
      is_published: true,
      last_live: null,
    });
    expect(e).not.toHaveProperty('source_email_id');

    const draft = await u.put(`/events/${e.id}`, { title: 'Daily standup' });
    expect(draft.body.data).toMatchObject({
      title: 'Daily standup',
      version_major: 1,
      version_minor: 1,
      is_published: false,
      last_live: { title: 'Standup', version: '1.0' },
    });
    expect((await u.get(`/events/${e.id}?include_draft_status=true`)).body.data.has_unpublished_changes).toBe(true);
    const accepted = await u.post(`/events/${e.id}/draft`, { action: 'accept' });
    expect(accepted.body.data).toMatchObject({ title: 'Daily standup', version_major: 2, version_minor: 0, is_published: true, last_live: null });
    const published = await u.patch(`/events/${e.id}`, { location: null, publish: true });
    expect(published.body.data).toMatchObject({ location: null, version_major: 3, is_published: true });
    await u.patch(`/events/${e.id}`, { title: 'oops' });
    const discarded = await u.post(`/events/${e.id}/draft`, { action: 'discard' });
    expect(discarded.body.data).toMatchObject({ title: 'Daily standup', version_major: 3, version_minor: 0 });
    expect((await u.post(`/events/${e.id}/draft`, { action: 'accept' })).status).toBe(422);

    const history = await u.get(`/events/${e.id}/history`);
    expect(history.body.data.history.map((h: any) => h.version)).toEqual(['1.0', '2.0', '3.0']);
    expect(history.body.data.published.snapshot).toMatchObject({ title: 'Daily standup', location: null });

    expect((await u.delete(`/events/${e.id}`)).status).toBe(204);
    expect((await u.get(`/events/${e.id}`)).status).toBe(404);
  });

  it('rejects an end before the start (422), also through an update', async () => {
    const u = t.as(await t.user());
    const bad = await u.post('/events', ev('x', '2026-04-01T10:00:00Z', '2026-04-01T09:00:00Z'));
    expect(bad.status).toBe(422);
    expect(bad.body.details).toEqual({ field: 'end_time', constraint: 'after_start' });
    const ok = (await u.post('/events', ev('x', '2026-04-01T10:00:00Z', '2026-04-01T10:00:00Z'))).body.data;
    expect((await u.patch(`/events/${ok.id}`, { start_time: '2026-04-01T11:00:00Z' })).status).toBe(422);
    expect((await u.post('/events', { title: 'x', start_time: '2026-04-01T10:00:00Z' })).status).toBe(400);
    expect((await u.post('/events', ev('x', '2026-04-01T10:00:00', '2026-04-01T11:00:00Z'))).status).toBe(400);
  });

  it('keeps all-day events on whole UTC days (D4)', async () => {
    const u = t.as(await t.user());
    const one = (await u.post('/events', ev('holiday', '2026-05-01T15:30:00Z', '2026-05-01T18:00:00Z', { all_day: true }))).body.data;
    expect(one).toMatchObject({ all_day: true, start_time: '2026-05-01T00:00:00.000Z', end_time: '2026-05-02T00:00:00.000Z' });
    const three = (await u.post('/events', ev('trip', '2026-05-01T00:00:00Z', '2026-05-04T00:00:00Z', { all_day: true }))).body.data;
    expect(three).toMatchObject({ start_time: '2026-05-01T00:00:00.000Z', end_time: '2026-05-04T00:00:00.000Z' });
    const timed = (await u.post('/events', ev('meeting', '2026-05-07T09:30:00Z', '2026-05-08T10:00:00Z'))).body.data;
    const converted = await u.patch(`/events/${timed.id}`, { all_day: true, publish: true });
    expect(converted.body.data).toMatchObject({ all_day: true, start_time: '2026-05-07T00:00:00.000Z', end_time: '2026-05-08T00:00:00.000Z' });
  });

  it('lists by overlap with from/to, sorted by start_time by default then, with filters', async () => {
    const owner = await t.user();
    const u = t.as(owner);
    const ctx = (await u.post('/contexts', { name: 'cal' })).body.data.id;
    const a = (await u.post('/events', ev('a', '2026-06-01T08:00:00Z', '2026-06-01T10:00:00Z'))).body.data.id; // ends inside
    const b = (await u.post('/events', ev('b', '2026-06-01T09:30:00Z', '2026-06-01T09:45:00Z', { context_id: ctx }))).body.data.id; // inside
    const c = (await u.post('/events', ev('c', '2026-06-01T11:00:00Z', '2026-06-01T12:00:00Z'))).body.data.id; // starts at `to`: out
    const d = (await u.post('/events', ev('d', '2026-06-01T07:00:00Z', '2026-06-01T09:00:00Z'))).body.data.id; // ends at `from`: out
    const e = (await u.post('/events', ev('e', '2026-05-31T00:00:00Z', '2026-06-02T00:00:00Z', { all_day: true }))).body.data.id; // spans

    const window = await u.get('/events?from=2026-06-01T09:00:00Z&to=2026-06-01T11:00:00Z');
    expect(window.body.data.map((x: any) => x.id)).toEqual([e, a, b]);
    expect(window.body.meta.pagination.total).toBe(3);
    expect((await u.get('/events?from=2026-06-01T09:00:00Z')).body.data.map((x: any) => x.id)).toEqual([e, a, b, c]);
    expect((await u.get('/events')).body.data.map((x: any) => x.id)).toEqual([e, d, c, b, a]);
    expect((await u.get('/events?sort=-start_time&limit=2')).body.data.map((x: any) => x.id)).toEqual([c, b]);
    expect((await u.get(`/events?context_id=${ctx}`)).body.data.map((x: any) => x.id)).toEqual([b]);
    await u.patch(`/events/${d}`, { title: 'draft' });
    expect((await u.get('/events?published=false')).body.data.map((x: any) => x.id)).toEqual([d]);
    expect((await u.get('/events?source=email')).body.data).toEqual([]);
    expect((await u.get('/events?sort=location')).status).toBe(400);
    expect((await u.get('/events?from=yesterday')).status).toBe(400);
  });

  it('attendees: any email, registered ones gain read access to that event only, RSVP rules', async () => {
    const organizer = await t.user();
    const guest = await t.user();
    const o = t.as(organizer);
    const g = t.as(guest);
    const ctx = (await o.post('/contexts', { name: 'private' })).body.data.id;
    const event = (await o.post('/events', ev('party', '2026-07-01T18:00:00Z', '2026-07-01T23:00:00Z', { context_id: ctx }))).body.data.id;
    const sibling = (await o.post('/events', ev('other', '2026-07-02T18:00:00Z', '2026-07-02T23:00:00Z', { context_id: ctx }))).body.data.id;

    const added = await o.post(`/events/${event}/attendees`, { user_email: guest.email.toUpperCase() });
    expect(added.status).toBe(201);
    expect(added.body.data).toMatchObject({ event_id: event, user_id: guest.id, email: guest.email, rsvp_status: 'pending' });
    const outsider = await o.post(`/events/${event}/attendees`, { user_email: 'Friend@Elsewhere.org', rsvp_status: 'tentative' });
    expect(outsider.body.data).toMatchObject({ user_id: null, email: 'friend@elsewhere.org', rsvp_status: 'tentative' });
    expect((await o.post(`/events/${event}/attendees`, { user_email: guest.email })).status).toBe(200);
    expect((await o.post(`/events/${event}/attendees`, { user_email: 'not an email' })).status).toBe(400);

    expect((await g.get(`/events/${event}`)).status).toBe(200);
    expect((await g.get(`/events/${sibling}`)).status).toBe(404);
    expect((await g.get(`/contexts/${ctx}`)).status).toBe(404);
    expect((await g.get('/events')).body.data.map((x: any) => x.id)).toEqual([event]);
    expect((await g.get(`/events/${event}/attendees`)).body.data).toHaveLength(2);
    expect((await g.get(`/events/${event}/comments`)).status).toBe(200);
    expect((await g.post(`/events/${event}/comments`, { message: 'see you' })).status).toBe(403);
    expect((await g.patch(`/events/${event}`, { title: 'mine now' })).status).toBe(403);

    const rsvp = await g.patch(`/events/${event}/attendees/${guest.id}`, { rsvp_status: 'accepted' });
    expect(rsvp.status).toBe(200);
    expect(rsvp.body.data.rsvp_status).toBe('accepted');
    expect((await g.patch(`/events/${event}/attendees/friend@elsewhere.org`, { rsvp_status: 'declined' })).status).toBe(403);
    expect((await o.patch(`/events/${event}/attendees/friend@elsewhere.org`, { rsvp_status: 'declined' })).body.data.rsvp_status).toBe('declined');
    expect((await o.patch(`/events/${event}/attendees/nobody@x.org`, { rsvp_status: 'declined' })).status).toBe(404);
    expect((await o.patch(`/events/${event}/attendees/${guest.id}`, { rsvp_status: 'maybe' })).status).toBe(400);

    expect((await o.delete(`/events/${event}/attendees/friend@elsewhere.org`)).status).toBe(204);
    expect((await g.delete(`/events/${event}/attendees/${guest.id}`)).status).toBe(204);
    expect((await g.get(`/events/${event}`)).status).toBe(404);
    expect((await o.get(`/events/${event}/attendees`)).body.data).toEqual([]);
  });

  it('comments on events through the shared comment routes', async () => {
    const u = t.as(await t.user());
    const e = (await u.post('/events', ev('talk', '2026-08-01T10:00:00Z', '2026-08-01T11:00:00Z'))).body.data.id;
    const c = await u.post(`/events/${e}/comments`, { message: 'slides?' });
    expect(c.status).toBe(201);
    expect(c.body.data).toMatchObject({ event_id: e, message: 'slides?' });
    expect((await u.get(`/events/${e}/comments`)).body.data).toHaveLength(1);
  });

  it('gives the email door create with provenance, publish-on-update, lookup by iCalendar UID and delete', async () => {
    const user = await t.user();
    const actor = { userId: user.id, email: user.email, via: 'email' as const };
    const events = t.app.services.events;
    const made = await events.create(
      actor,
      { title: 'Invite', start_time: '2026-09-01T10:00:00Z', end_time: '2026-09-01T11:00:00Z', ical_uid: 'uid-1@x', ical_sequence: 0 },
      { source: 'email', source_email_id: '11111111-1111-4111-8111-111111111111', extraction_confidence: 0.97 },
      [{ email: 'Someone@Example.org' }],
    );
    expect(made).toMatchObject({ source_email_id: '11111111-1111-4111-8111-111111111111', extraction_confidence: 0.97 });
    const found = await events.findByIcalUid(actor, 'uid-1@x');
    expect(found).toMatchObject({ id: made.id, ical_sequence: 0 });
    const updated = await events.update(
      actor,
      made.id,
      { start_time: '2026-09-01T12:00:00Z', end_time: '2026-09-01T13:00:00Z', ical_sequence: 1 },
      { publish: true },
    );
    expect(updated).toMatchObject({ version_major: 2, is_published: true });
    expect((await t.as(user).get(`/events?source=email`)).body.data.map((x: any) => x.id)).toEqual([made.id]);
    expect((await t.as(user).get(`/events/${made.id}/attendees`)).body.data[0].email).toBe('someone@example.org');
    await events.remove(actor, made.id);
    expect(await events.findByIcalUid(actor, 'uid-1@x')).toBeNull();
  });
});
