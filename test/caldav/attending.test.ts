/**
 * Events a user only attends (D9: an attendee may read that event, not its context) are listed in
 * a read-only collection of their own, `attending-events/`; its sync token moves with the events'
 * changes, the user's attendances and their shares, so an event that is deleted, drops them, or
 * comes into a context they see leaves it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestUser } from '../helpers/app.js';
import { dav, home, propfindBody, responses, syncBody, syncTokenOf, vevent } from './helpers.js';

let t: TestApp;
let organiser: TestUser;
let guest: TestUser;
let stranger: TestUser;
let hidden: string;
let shared: string;
const ids: Record<string, string> = {};

const attending = () => `${home(guest)}attending-events/`;
const hrefOf = (id: string) => `${attending()}${id}.ics`;

async function event(title: string, context: string | null, day: number) {
  const res = await t.as(organiser).post('/events', {
    title,
    context_id: context,
    start_time: `2026-03-${String(day).padStart(2, '0')}T09:00:00Z`,
    end_time: `2026-03-${String(day).padStart(2, '0')}T10:00:00Z`,
  });
  expect((await t.as(organiser).post(`/events/${res.body.data.id}/attendees`, { user_email: guest.email })).status).toBe(201);
  return res.body.data.id as string;
}

beforeAll(async () => {
  t = await startTestApp();
  organiser = await t.user('organiser');
  guest = await t.user('guest');
  stranger = await t.user('stranger');
  hidden = (await t.as(organiser).post('/contexts', { name: 'Board' })).body.data.id;
  shared = (await t.as(organiser).post('/contexts', { name: 'Team' })).body.data.id;
  await t.as(organiser).post(`/contexts/${shared}/share`, { user_email: guest.email, permission: 'read' });
  ids.board = await event('Board meeting', hidden, 2);
  ids.lunch = await event('Lunch', null, 3);
  ids.standup = await event('Standup', shared, 4);
  ids.review = await event('Review', hidden, 5);
});
afterAll(() => t?.close());

describe('the attending collection', () => {
  it('is listed read-only in the home and holds only the events seen through attendance', async () => {
    const req = dav(t, guest);
    const h = await req('PROPFIND', home(guest), propfindBody('<D:displayname/><D:current-user-privilege-set/><C:supported-calendar-component-set/>'), {
      depth: '1',
    });
    const block = h.body.split('<D:response>').find((b) => b.includes(`<D:href>${attending()}</D:href>`))!;
    expect(block).toContain('<D:displayname>Attending — Events</D:displayname>');
    expect(block).toContain('<C:comp name="VEVENT"/>');
    expect(block).toContain('<D:privilege><D:read/></D:privilege>');
    expect(block).not.toContain('<D:write');
    const first = await req('REPORT', attending(), syncBody(''), { depth: '1' });
    expect(
      responses(first.body)
        .map((r) => r.href)
        .sort(),
    ).toEqual([hrefOf(ids.board), hrefOf(ids.lunch), hrefOf(ids.review)].sort());
    // The event in the shared context is in that context's collection, not here.
    const team = await req('REPORT', `${home(guest)}${shared}-events/`, syncBody(''), { depth: '1' });
    expect(responses(team.body).map((r) => r.href)).toEqual([`${home(guest)}${shared}-events/${ids.standup}.ics`]);
    const got = await req('GET', hrefOf(ids.board));
    expect(got.status).toBe(200);
    expect(got.body).toContain('SUMMARY:Board meeting');
    // A stranger's attending collection is empty, and the guest's is not theirs to read.
    expect(responses((await dav(t, stranger)('REPORT', `${home(stranger)}attending-events/`, syncBody(''), { depth: '1' })).body)).toEqual([]);
    expect((await dav(t, stranger)('GET', hrefOf(ids.board))).status).toBe(404);
  });

  it('refuses every write and changes nothing', async () => {
    const req = dav(t, guest);
    const text = vevent(ids.board, ['DTSTART:20260302T090000Z', 'DTEND:20260302T100000Z', 'SUMMARY:Hijacked']);
    const put = await req('PUT', hrefOf(ids.board), text);
    expect(put.status).toBe(403);
    expect(put.body).toContain('<D:need-privileges/>');
    expect((await req('PUT', `${attending()}new.ics`, vevent('new', ['DTSTART:20260302T090000Z', 'SUMMARY:New']))).status).toBe(403);
    expect((await req('DELETE', hrefOf(ids.board))).status).toBe(403);
    const move = await req('MOVE', hrefOf(ids.board), undefined, { destination: `${home(guest)}personal-events/board.ics` });
    expect(move.status).toBe(403);
    expect((await t.as(organiser).get(`/events/${ids.board}`)).body.data.title).toBe('Board meeting');
    expect((await t.as(guest).get('/events')).body.data.map((e: { title: string }) => e.title)).not.toContain('New');
  });

  it('follows edits, removals, deletions and a share that brings an event into view', async () => {
    const req = dav(t, guest);
    const token = syncTokenOf((await req('REPORT', attending(), syncBody(''), { depth: '1' })).body)!;
    await t.as(organiser).put(`/events/${ids.board}`, { title: 'Board meeting (moved)', publish: true });
    await t.as(organiser).delete(`/events/${ids.lunch}/attendees/${guest.id}`);
    await t.as(organiser).delete(`/events/${ids.review}`);
    const s = await req('REPORT', attending(), syncBody(token), { depth: '1' });
    expect(s.status).toBe(207);
    const byHref = Object.fromEntries(responses(s.body).map((r) => [r.href, r.status]));
    expect(byHref).toEqual({ [hrefOf(ids.board)]: '200', [hrefOf(ids.lunch)]: '404', [hrefOf(ids.review)]: '404' });
    expect((await req('GET', hrefOf(ids.board))).body).toContain('SUMMARY:Board meeting (moved)');

    const next = syncTokenOf(s.body)!;
    await t.as(organiser).post(`/contexts/${hidden}/share`, { user_email: guest.email, permission: 'read' });
    const after = await req('REPORT', attending(), syncBody(next), { depth: '1' });
    // Every event they attend is looked at again after a share of theirs: the one that left is a 404
    // (so is the one that never was here; clients ignore tombstones for hrefs they do not hold).
    const answers = responses(after.body);
    expect(answers).toContainEqual(expect.objectContaining({ href: hrefOf(ids.board), status: '404' }));
    expect(answers.every((r) => r.status === '404')).toBe(true);
    expect(responses((await req('REPORT', `${home(guest)}${hidden}-events/`, syncBody(''), { depth: '1' })).body).map((r) => r.href)).toEqual([
      `${home(guest)}${hidden}-events/${ids.board}.ics`,
    ]);
  });
});
