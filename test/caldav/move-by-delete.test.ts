/**
 * DAVx5 (OpenTasks, jtx Board, tasks.org) moves a task between lists as a DELETE in the old
 * collection followed by a PUT of the same UID in the new one (shared/CALDAV-CLIENTS.md, DAVx5 item
 * 5). The record must come back with the same id, history, comments, assignees and attendees, only
 * for the user who deleted it, into a collection they may write, within the restore window; while
 * it is deleted nobody can see it anywhere.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestUser } from '../helpers/app.js';
import { dav, home, responses, syncBody, syncTokenOf, vevent, vtodo } from './helpers.js';

let t: TestApp;
let u: TestUser;
let helper: TestUser;
let stranger: TestUser;
let owner: TestUser;
let from: string;
let to: string;
let readOnly: string;

beforeAll(async () => {
  t = await startTestApp();
  u = await t.user('mover');
  helper = await t.user('helper');
  stranger = await t.user('stranger');
  owner = await t.user('owner');
  from = (await t.as(u).post('/contexts', { name: 'Errands' })).body.data.id;
  to = (await t.as(u).post('/contexts', { name: 'Garden' })).body.data.id;
  for (const c of [from, to]) await t.as(u).post(`/contexts/${c}/share`, { user_email: helper.email, permission: 'write' });
  readOnly = (await t.as(owner).post('/contexts', { name: 'Theirs' })).body.data.id;
  await t.as(owner).post(`/contexts/${readOnly}/share`, { user_email: u.email, permission: 'read' });
});
afterAll(() => t?.close());

const list = (ctx: string) => `${home(u)}${ctx}-tasks/`;
const cal = (ctx: string) => `${home(u)}${ctx}-events/`;

/** A task made by a client in `from`, edited once, with a comment and an assignee. */
async function taskWithHistory(uid: string) {
  const req = dav(t, u);
  const put = await req('PUT', `${list(from)}${uid}.ics`, vtodo(uid, ['SUMMARY:Buy seeds', 'X-APPLE-SORT-ORDER:7']), { 'if-none-match': '*' });
  expect(put.status).toBe(201);
  const second = await req('PUT', `${list(from)}${uid}.ics`, vtodo(uid, ['SUMMARY:Buy seeds and soil', 'X-APPLE-SORT-ORDER:7']), {
    'if-match': String(put.headers.etag),
  });
  expect(second.status).toBe(204);
  const task = (await t.as(u).get(`/tasks?context_id=${from}`)).body.data.find((x: { title: string }) => x.title === 'Buy seeds and soil');
  expect((await t.as(helper).post(`/tasks/${task.id}/comments`, { message: 'Tomatoes too' })).status).toBe(201);
  expect((await t.as(u).post(`/tasks/${task.id}/assign`, { user_email: helper.email })).status).toBe(201);
  return { id: task.id as string, etag: String(second.headers.etag) };
}

const historyOf = async (id: string) => (await t.as(u).get(`/tasks/${id}/history`)).body.data.history as Array<{ version: string }>;

describe('a move by DELETE in one collection and PUT of the same UID in another', () => {
  it('keeps the record: same id, history, comments and assignees, in the new context', async () => {
    const req = dav(t, u);
    const { id, etag } = await taskWithHistory('move-1');
    expect(await historyOf(id)).toHaveLength(2);
    const feed0 = (await t.as(u).get('/sync')).body.meta.cursor;
    const fromToken = syncTokenOf((await req('REPORT', list(from), syncBody(''), { depth: '1' })).body)!;
    const toToken = syncTokenOf((await req('REPORT', list(to), syncBody(''), { depth: '1' })).body)!;

    // DAVx5 syncs the old list first: its DELETE carries the ETag it knows.
    expect((await req('DELETE', `${list(from)}move-1.ics`, undefined, { 'if-match': etag })).status).toBe(204);
    expect((await t.as(u).get(`/tasks/${id}`)).status).toBe(404);
    expect((await t.as(helper).get(`/tasks/${id}/comments`)).status).toBe(404);
    expect((await req('GET', `${list(from)}move-1.ics`)).status).toBe(404);
    const gone = await req('REPORT', list(from), syncBody(fromToken), { depth: '1' });
    expect(responses(gone.body)).toEqual([expect.objectContaining({ href: `${list(from)}move-1.ics`, status: '404' })]);
    const feed1 = (await t.as(u).get(`/sync?cursor=${encodeURIComponent(feed0)}`)).body;
    expect(feed1.data).toEqual([expect.objectContaining({ type: 'task', id, op: 'delete' })]);

    // Then the new list: the same UID, a new resource there.
    const body = vtodo('move-1', ['SUMMARY:Buy seeds and soil', 'X-APPLE-SORT-ORDER:7', 'CATEGORIES:garden']);
    const put = await req('PUT', `${list(to)}move-1.ics`, body, { 'if-none-match': '*' });
    expect(put.status).toBe(201);
    expect(put.headers.etag).toMatch(/^"/);
    expect((await req('GET', `${list(to)}move-1.ics`)).body).toBe(body);

    const task = (await t.as(u).get(`/tasks/${id}`)).body.data;
    expect(task).toMatchObject({ id, context_id: to, title: 'Buy seeds and soil', user_id: u.id });
    expect((await historyOf(id)).map((h) => h.version)).toEqual(['1.0', '2.0', '3.0']);
    const comments = (await t.as(u).get(`/tasks/${id}/comments`)).body.data;
    expect(comments).toEqual([expect.objectContaining({ message: 'Tomatoes too', user_id: helper.id })]);
    expect((await t.as(u).get(`/tasks/${id}/assignees`)).body.data).toEqual([expect.objectContaining({ user_id: helper.id })]);

    const arrived = await req('REPORT', list(to), syncBody(toToken), { depth: '1' });
    expect(responses(arrived.body)).toEqual([expect.objectContaining({ href: `${list(to)}move-1.ics`, status: '200', etag: put.headers.etag })]);
    // The feed (and webhooks, which read the same log) saw a deletion, then the record again.
    const feed2 = (await t.as(u).get(`/sync?cursor=${encodeURIComponent(feed1.meta.cursor)}`)).body;
    expect(feed2.data).toEqual([expect.objectContaining({ type: 'task', id, op: 'upsert' })]);
    const log = await t.app.database.db
      .selectFrom('changes')
      .select(['op', 'context_before', 'context_after', 'data'])
      .where('record_type', '=', 'task')
      .where('record_id', '=', id)
      .orderBy('seq')
      .execute();
    expect(log.slice(-3).map((r) => r.op)).toEqual(['delete', 'create', 'update']);
    expect(log.at(-2)).toMatchObject({ context_after: to, data: JSON.stringify({ restored: true }) });
    // Taken back: nothing is left in the trash.
    expect(await t.app.database.db.selectFrom('calendar_trash').select('record_id').where('record_id', '=', id).execute()).toEqual([]);
  });

  it('keeps an event with its attendees and comments', async () => {
    const req = dav(t, u);
    const lines = ['DTSTART:20260704T100000Z', 'DTEND:20260704T110000Z', 'SUMMARY:Planting', `ATTENDEE;PARTSTAT=ACCEPTED:mailto:${helper.email}`];
    expect((await req('PUT', `${cal(from)}ev-move.ics`, vevent('ev-move', lines), { 'if-none-match': '*' })).status).toBe(201);
    const ev = (await t.as(u).get(`/events?context_id=${from}`)).body.data.find((e: { title: string }) => e.title === 'Planting');
    await t.as(u).post(`/events/${ev.id}/comments`, { message: 'Bring gloves' });
    expect((await req('DELETE', `${cal(from)}ev-move.ics`)).status).toBe(204);
    expect((await t.as(helper).get(`/events/${ev.id}`)).status).toBe(404);
    expect((await req('PUT', `${cal(to)}ev-move.ics`, vevent('ev-move', lines), { 'if-none-match': '*' })).status).toBe(201);
    expect((await t.as(u).get(`/events/${ev.id}`)).body.data).toMatchObject({ id: ev.id, context_id: to });
    expect((await t.as(u).get(`/events/${ev.id}/attendees`)).body.data).toEqual([
      expect.objectContaining({ email: helper.email, user_id: helper.id, rsvp_status: 'accepted' }),
    ]);
    expect((await t.as(u).get(`/events/${ev.id}/comments`)).body.data).toEqual([expect.objectContaining({ message: 'Bring gloves' })]);
  });

  it('the old collection names the href its clients hold when the record arrives under a new name', async () => {
    const req = dav(t, u);
    await taskWithHistory('renamed');
    await taskWithHistory('moved');
    const token = syncTokenOf((await req('REPORT', list(from), syncBody(''), { depth: '1' })).body)!;
    expect((await req('DELETE', `${list(from)}renamed.ics`)).status).toBe(204);
    expect((await req('PUT', `${list(to)}A1B2-renamed.ics`, vtodo('renamed', ['SUMMARY:Buy seeds and soil']))).status).toBe(201);
    expect((await req('MOVE', `${list(from)}moved.ics`, undefined, { destination: `${list(to)}C3D4-moved.ics` })).status).toBe(201);
    const s = await req('REPORT', list(from), syncBody(token), { depth: '1' });
    const gone = responses(s.body).map((r) => `${r.status} ${r.href}`);
    expect(gone).toContain(`404 ${list(from)}renamed.ics`);
    expect(gone).toContain(`404 ${list(from)}moved.ics`);
    expect(gone.every((g) => g.startsWith('404 '))).toBe(true);
  });

  it('brings it back into the personal collection too', async () => {
    const req = dav(t, u);
    const { id } = await taskWithHistory('move-personal');
    expect((await req('DELETE', `${list(from)}move-personal.ics`)).status).toBe(204);
    expect((await req('PUT', `${home(u)}personal-tasks/move-personal.ics`, vtodo('move-personal', ['SUMMARY:Buy seeds and soil']))).status).toBe(201);
    expect((await t.as(u).get(`/tasks/${id}`)).body.data).toMatchObject({ id, context_id: null });
  });
});

describe('what a deleted record does not allow', () => {
  it('a read-only target is 403 and stores nothing; the record can still move to a writable one', async () => {
    const req = dav(t, u);
    const { id } = await taskWithHistory('move-ro');
    expect((await req('DELETE', `${list(from)}move-ro.ics`)).status).toBe(204);
    const denied = await req('PUT', `${list(readOnly)}move-ro.ics`, vtodo('move-ro', ['SUMMARY:Sneak in']), { 'if-none-match': '*' });
    expect(denied.status).toBe(403);
    expect((await t.as(owner).get(`/tasks?context_id=${readOnly}`)).body.data).toEqual([]);
    expect((await t.as(u).get(`/tasks/${id}`)).status).toBe(404);
    expect((await req('PUT', `${list(to)}move-ro.ics`, vtodo('move-ro', ['SUMMARY:Buy seeds and soil']))).status).toBe(201);
    expect((await t.as(u).get(`/tasks/${id}`)).body.data.context_id).toBe(to);
  });

  it('nobody else sees it or gets it back: their PUT of the UID makes a new record', async () => {
    const { id } = await taskWithHistory('move-other');
    expect((await dav(t, u)('DELETE', `${list(from)}move-other.ics`)).status).toBe(204);
    for (const who of [helper, stranger]) {
      expect((await t.as(who).get(`/tasks/${id}`)).status).toBe(404);
      expect((await t.as(who).get('/tasks')).body.data.map((x: { id: string }) => x.id)).not.toContain(id);
      expect((await t.as(who).get('/tasks/search?q=seeds')).body.data.map((x: { id: string }) => x.id)).not.toContain(id);
      expect((await t.as(who).get('/sync')).body.data.map((x: { id: string }) => x.id)).not.toContain(id);
    }
    // A write collaborator of the target, and a stranger in their own list: new records, nothing of the old one.
    const helperPut = await dav(t, helper)('PUT', `${home(helper)}${to}-tasks/move-other.ics`, vtodo('move-other', ['SUMMARY:Mine now']));
    expect(helperPut.status).toBe(201);
    const strangerPut = await dav(t, stranger)('PUT', `${home(stranger)}personal-tasks/move-other.ics`, vtodo('move-other', ['SUMMARY:Mine too']));
    expect(strangerPut.status).toBe(201);
    for (const [who, title] of [
      [helper, 'Mine now'],
      [stranger, 'Mine too'],
    ] as const) {
      const made = (await t.as(who).get('/tasks')).body.data.find((x: { title: string }) => x.title === title);
      expect(made.id).not.toBe(id);
      expect((await t.as(who).get(`/tasks/${made.id}/comments`)).body.data).toEqual([]);
      expect((await t.as(who).get(`/tasks/${made.id}/history`)).body.data.history).toHaveLength(1);
    }
    expect((await t.as(u).get(`/tasks/${id}`)).status).toBe(404);
  });

  it('after the window a PUT makes a new record, and pruning forgets the deleted one', async () => {
    const req = dav(t, u);
    const { id } = await taskWithHistory('move-late');
    expect((await req('DELETE', `${list(from)}move-late.ics`)).status).toBe(204);
    const db = t.app.database.db;
    await db
      .updateTable('calendar_trash')
      .set({ deleted_at: new Date(Date.now() - 25 * 3_600_000).toISOString() })
      .where('record_id', '=', id)
      .execute();
    expect((await req('PUT', `${list(to)}move-late.ics`, vtodo('move-late', ['SUMMARY:Buy seeds and soil']))).status).toBe(201);
    const made = (await t.as(u).get(`/tasks?context_id=${to}`)).body.data.find(
      (x: { title: string; id: string }) => x.title === 'Buy seeds and soil' && x.id !== id,
    );
    expect(made).toBeTruthy();
    expect((await t.as(u).get(`/tasks/${made.id}/history`)).body.data.history).toHaveLength(1);
    expect((await t.as(u).get(`/tasks/${id}`)).status).toBe(404);
    await t.app.services.calendar.prune();
    expect(await db.selectFrom('calendar_trash').select('record_id').where('record_id', '=', id).execute()).toEqual([]);
  });

  it('a DELETE the caller may not make (a write collaborator, D9) is 403 and keeps nothing aside', async () => {
    const { id } = await taskWithHistory('move-denied');
    const res = await dav(t, helper)('DELETE', `${home(helper)}${from}-tasks/move-denied.ics`);
    expect(res.status).toBe(403);
    expect((await t.as(u).get(`/tasks/${id}`)).body.data.context_id).toBe(from);
    expect(await t.app.database.db.selectFrom('calendar_trash').select('record_id').where('record_id', '=', id).execute()).toEqual([]);
  });

  it('a REST delete is final: the same UID over CalDAV makes a new record', async () => {
    const { id } = await taskWithHistory('rest-gone');
    expect((await t.as(u).delete(`/tasks/${id}`)).status).toBe(204);
    expect((await dav(t, u)('PUT', `${list(to)}rest-gone.ics`, vtodo('rest-gone', ['SUMMARY:Again']))).status).toBe(201);
    expect((await t.as(u).get(`/tasks/${id}`)).status).toBe(404);
  });
});
