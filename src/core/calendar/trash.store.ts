/**
 * SQL of the calendar trash (migration 016): what a CalDAV DELETE removed, read just before the
 * deletion, kept as one JSON payload, and written back when the same user PUTs the same UID within
 * the window (D17, a move by DELETE + PUT). Nothing else reads this table.
 */
import type { Kysely } from 'kysely';
import { type Executor, forUpdate } from '../../db/database.js';
import type { CalendarTrashTable, CommentsTable, EventAttendeesTable, RecordVersionsTable, TaskAssigneesTable } from '../../db/schema.js';
import type { Kind } from './calendar.store.js';

export interface TrashPayload {
  /** The record's row as it was (every column but PostgreSQL's generated search vector). */
  row: Record<string, unknown> & { id: string; user_id: string; context_id: string | null; version_major: number; version_minor: number };
  versions: RecordVersionsTable[];
  comments: CommentsTable[];
  assignees: TaskAssigneesTable[];
  attendees: EventAttendeesTable[];
  /** The text the client had stored, so the restoring PUT can tell which ATTENDEE lines it drops. */
  ical: string | null;
}

const TABLE = { task: 'tasks', event: 'events' } as const;
const any = (db: Executor) => db as unknown as Kysely<any>;

/** Everything deleting the record removes, read with the record locked; null when it is gone. */
export async function capture(db: Executor, kind: Kind, id: string): Promise<TrashPayload | null> {
  const row = await forUpdate(db, any(db).selectFrom(TABLE[kind]).selectAll().where('id', '=', id)).executeTakeFirst();
  if (!row) return null;
  // Generated from title and description on PostgreSQL; it cannot be written back.
  delete row.search;
  const versions = await db.selectFrom('record_versions').selectAll().where('record_type', '=', kind).where('record_id', '=', id).execute();
  const comments = await db
    .selectFrom('comments')
    .selectAll()
    .where(kind === 'task' ? 'task_id' : 'event_id', '=', id)
    .execute();
  const assignees = kind === 'task' ? await db.selectFrom('task_assignees').selectAll().where('task_id', '=', id).execute() : [];
  const attendees = kind === 'event' ? await db.selectFrom('event_attendees').selectAll().where('event_id', '=', id).execute() : [];
  const object = await db.selectFrom('calendar_objects').select('ical').where('record_type', '=', kind).where('record_id', '=', id).executeTakeFirst();
  return { row: row as TrashPayload['row'], versions, comments, assignees, attendees, ical: object?.ical ?? null };
}

export async function keep(db: Executor, entry: CalendarTrashTable): Promise<void> {
  await db
    .insertInto('calendar_trash')
    .values(entry)
    .onConflict((oc) =>
      oc
        .columns(['record_type', 'record_id'])
        .doUpdateSet({ uid: entry.uid, deleted_by: entry.deleted_by, deleted_at: entry.deleted_at, payload: entry.payload }),
    )
    .execute();
}

/** The latest entry this user deleted with this UID since `since`, locked until the transaction ends. */
export async function findRestorable(db: Executor, userId: string, kind: Kind, uid: string, since: string): Promise<CalendarTrashTable | null> {
  const query = db
    .selectFrom('calendar_trash')
    .selectAll()
    .where('deleted_by', '=', userId)
    .where('record_type', '=', kind)
    .where('uid', '=', uid)
    .where('deleted_at', '>=', since)
    .orderBy('deleted_at', 'desc')
    .limit(1);
  return (await forUpdate(db, query).executeTakeFirst()) ?? null;
}

export async function drop(db: Executor, kind: Kind, id: string): Promise<void> {
  await db.deleteFrom('calendar_trash').where('record_type', '=', kind).where('record_id', '=', id).execute();
}

async function existingUsers(db: Executor, ids: string[]): Promise<Set<string>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Set();
  const rows = await db.selectFrom('users').select('id').where('id', 'in', unique).execute();
  return new Set(rows.map((r) => r.id));
}

/**
 * Writes the record back into `contextId` with its versions, comments, assignees and attendees.
 * Rows of users deleted meanwhile are left out (an attendee keeps the address); false, and nothing
 * written, when the record's owner is gone or the record exists again.
 */
export async function reinsert(db: Executor, kind: Kind, p: TrashPayload, contextId: string | null): Promise<boolean> {
  const users = await existingUsers(db, [p.row.user_id, ...p.comments.map((c) => c.user_id), ...p.assignees.map((a) => a.user_id)]);
  if (!users.has(p.row.user_id)) return false;
  const there = await any(db).selectFrom(TABLE[kind]).select('id').where('id', '=', p.row.id).executeTakeFirst();
  if (there) return false;
  await any(db)
    .insertInto(TABLE[kind])
    .values({ ...p.row, context_id: contextId })
    .execute();
  if (p.versions.length) await db.insertInto('record_versions').values(p.versions).execute();
  const comments = p.comments.filter((c) => users.has(c.user_id));
  if (comments.length) await db.insertInto('comments').values(comments).execute();
  const assignees = p.assignees.filter((a) => users.has(a.user_id));
  if (assignees.length) await db.insertInto('task_assignees').values(assignees).execute();
  if (p.attendees.length) {
    const known = await existingUsers(
      db,
      p.attendees.map((a) => a.user_id).filter((u): u is string => !!u),
    );
    await db
      .insertInto('event_attendees')
      .values(p.attendees.map((a) => ({ ...a, user_id: a.user_id && known.has(a.user_id) ? a.user_id : null })))
      .execute();
  }
  return true;
}

/** Forgets entries deleted before `before`. Returns how many. */
export async function purge(db: Executor, before: string): Promise<number> {
  const res = await db.deleteFrom('calendar_trash').where('deleted_at', '<', before).executeTakeFirst();
  return Number(res.numDeletedRows);
}
