/**
 * Real CalDAV clients (python3-caldav, tsdav, vdirsyncer) against Debian's Radicale first, which
 * proves the checks, then against Agendum on the database TEST_DATABASE names.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ical, py, pythonCaldav, tsdav, vdirsyncer } from './client-checks.js';
import { agendumTarget, radicaleTarget, type Target } from './targets.js';

for (const [name, start] of [
  ['Radicale (reference)', radicaleTarget],
  ['Agendum', agendumTarget],
] as const) {
  describe(name, () => {
    let target: Target;
    beforeAll(async () => {
      target = await start();
    }, 60_000);
    afterAll(() => target?.close());
    it('python3-caldav discovers, creates, reads, updates, deletes and syncs both ways', () => pythonCaldav(target, 'a'), 120_000);
    it('tsdav discovers, creates, reads, updates, deletes and syncs both ways', () => tsdav(target, 'b'), 120_000);
    it('vdirsyncer discovers and syncs both ways', () => vdirsyncer(target, 'c'), 240_000);
  });
}

describe('Agendum access through a real client (python3-caldav)', () => {
  let target: Awaited<ReturnType<typeof agendumTarget>>;
  beforeAll(async () => {
    target = await agendumTarget();
  }, 60_000);
  afterAll(() => target?.close());

  it('a read collaborator cannot write, a stranger sees nothing, and removing the share ends the sync', async () => {
    const { t, user: owner, contextId } = target;
    const reader = await t.user('reader');
    const stranger = await t.user('stranger');
    await t.as(owner).post(`/contexts/${contextId}/share`, { user_email: reader.email, permission: 'read' });
    await t.as(owner).post('/events', { title: 'Shared plan', context_id: contextId, start_time: '2026-03-10T09:00:00Z', end_time: '2026-03-10T10:00:00Z' });
    const as = (u: { email: string; token: string }) => ({ baseUrl: target.baseUrl, username: u.email, password: u.token });
    const coll = `/caldav/calendars/${reader.id}/${contextId}-events/`;

    const seen: Array<{ url: string }> = await py(as(reader), 'discover');
    expect(seen.map((c) => new URL(c.url).pathname)).toContain(coll);
    const calendar_url = new URL(coll, target.baseUrl).href;
    const first = await py(as(reader), 'sync', { calendar_url, kind: 'event' });
    expect(first.changed.map((o: { data: string }) => o.data).join()).toContain('Shared plan');
    const write = await py(as(reader), 'put', { calendar_url, kind: 'event', ical: ical('event', 'reader-1', 'Not allowed') });
    expect(write.error).toBe('AuthorizationError');
    expect((await t.as(owner).get(`/events?context_id=${contextId}`)).body.data.map((e: { title: string }) => e.title)).not.toContain('Not allowed');

    const theirs: Array<{ url: string }> = await py(as(stranger), 'discover');
    expect(theirs.map((c) => c.url).join()).not.toContain(contextId);

    expect((await t.as(owner).delete(`/contexts/${contextId}/collaborators/${reader.id}`)).status).toBe(204);
    const after: Array<{ url: string }> = await py(as(reader), 'discover');
    expect(after.map((c) => c.url).join()).not.toContain(contextId);
    const sync = await py(as(reader), 'sync', { calendar_url, kind: 'event', token: first.token });
    expect(sync.error).toBe('NotFoundError');
  }, 120_000);
});
