/**
 * SQL of the calendar module: the stored iCalendar objects of a collection (answered from indexed
 * columns: name, uid, occurrence window, etag), the records whose object is missing or older than
 * their published version, MKCALENDAR slugs (the change-log reads behind sync tokens:
 * collection-changes.store.ts).
 */
import type { ExpressionBuilder, Kysely } from 'kysely';
import { forUpdate, type Executor, type Tx } from '../../db/database.js';
import { prepared } from '../../db/prepared.js';
import { withVisibleContexts } from '../access/access.store.js';
import { attendedOnly } from '../access/visibility.store.js';
import type { CalendarObjectsTable, ContextsTable, EventsTable, TasksTable } from '../../db/schema.js';
import type { Position } from '../changes/cursor.js';
import { statusCode, type TaskStatus } from '../tasks/task.js';

export type Kind = 'task' | 'event';
export type RecordRow = TasksTable | EventsTable;
/**
 * Where a collection's records live: a context, or the owner's records in no context, or (events,
 * `attending`) the events the owner sees only as an attendee.
 */
export interface Place {
  contextId: string | null;
  ownerId: string;
  attending?: boolean;
}
export type ObjectRow = CalendarObjectsTable;
export type ObjectSummary = Omit<CalendarObjectsTable, 'ical'>;

const TABLE = { task: 'tasks', event: 'events' } as const;
const any = (db: Executor) => db as unknown as Kysely<any>;
/** Queries over a place: the attending one needs the caller's visible contexts in scope. */
const over = (db: Executor, place: Place) => (place.attending ? (withVisibleContexts(db, place.ownerId) as unknown as Kysely<any>) : any(db));

const inPlace = (place: Place) => (eb: ExpressionBuilder<any, any>) =>
  place.attending
    ? attendedOnly(place.ownerId, 'r')(eb)
    : place.contextId
      ? eb('r.context_id', '=', place.contextId)
      : eb.and([eb('r.user_id', '=', place.ownerId), eb('r.context_id', 'is', null)]);

const SUMMARY_COLUMNS = [
  'co.record_type',
  'co.record_id',
  'co.uid',
  'co.name',
  'co.etag',
  'co.source_version',
  'co.first_start',
  'co.last_end',
  'co.recurrence',
  'co.updated_at',
] as const;

export interface ObjectQuery {
  names?: string[];
  uid?: string;
  /** Objects whose occurrence window overlaps [start, end) (either side may be open). */
  window?: { start: string | null; end: string | null };
  withText?: boolean;
  /** Tasks only: keep those in these statuses. */
  taskStatuses?: TaskStatus[];
}

/** The collection's objects (joined with their records, so an object that left the place is not listed). */
export async function listObjects(db: Executor, kind: Kind, place: Place, q: ObjectQuery = {}): Promise<ObjectSummary[] | ObjectRow[]> {
  // Asked by name or UID, the objects' own index must lead: SQLite otherwise starts from the owner's
  // records and joins every one of them (17 ms instead of 0.5 ms for a 100-href multiget in a
  // 10,000-event collection). Its CROSS JOIN keeps the written order; PostgreSQL plans it as an inner join.
  const byKey = q.names !== undefined || q.uid !== undefined;
  let query = (
    byKey
      ? over(db, place)
          .selectFrom('calendar_objects as co')
          .crossJoin(`${TABLE[kind]} as r`)
          .whereRef('r.id', '=', 'co.record_id')
          .where('co.record_type', '=', kind)
      : over(db, place)
          .selectFrom(`${TABLE[kind]} as r`)
          .innerJoin('calendar_objects as co', (j) => j.onRef('co.record_id', '=', 'r.id').on('co.record_type', '=', kind))
  )
    .where(inPlace(place))
    .select([...SUMMARY_COLUMNS]);
  if (q.withText) query = query.select('co.ical');
  if (q.names) {
    if (!q.names.length) return [];
    query = query.where('co.name', 'in', q.names);
  }
  if (q.uid !== undefined) query = query.where('co.uid', '=', q.uid);
  if (q.taskStatuses && kind === 'task') {
    if (!q.taskStatuses.length) return [];
    query = query.where('r.status', 'in', q.taskStatuses.map(statusCode));
  }
  const w = q.window;
  if (w?.end) query = query.where((eb) => eb.or([eb('co.first_start', 'is', null), eb('co.first_start', '<', w.end)]));
  if (w?.start) query = query.where((eb) => eb.or([eb('co.last_end', 'is', null), eb('co.last_end', '>', w.start)]));
  return query.orderBy('co.name').execute();
}

/** The object rows of the given records, wherever they are now (tombstone hrefs, moves). */
export async function objectsOf(db: Executor, kind: Kind, ids: string[]): Promise<ObjectRow[]> {
  if (!ids.length) return [];
  return db.selectFrom('calendar_objects').selectAll().where('record_type', '=', kind).where('record_id', 'in', ids).execute();
}

/** Which of these record ids are in the place now (one query). */
export async function idsInPlace(db: Executor, kind: Kind, place: Place, ids: string[]): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const rows = await over(db, place).selectFrom(`${TABLE[kind]} as r`).select('r.id').where(inPlace(place)).where('r.id', 'in', ids).execute();
  return new Set(rows.map((r: { id: string }) => r.id));
}

/** Records of the place with no object yet, or with one written for an older published version. */
export async function staleRecords(
  db: Executor,
  kind: Kind,
  place: Place,
  limit: number,
  ids?: string[],
): Promise<Array<{ row: RecordRow; object: ObjectRow | null }>> {
  if (ids && !ids.length) return [];
  let q = over(db, place)
    .selectFrom(`${TABLE[kind]} as r`)
    .leftJoin('calendar_objects as co', (j) => j.onRef('co.record_id', '=', 'r.id').on('co.record_type', '=', kind))
    .where(inPlace(place));
  if (ids) q = q.where('r.id', 'in', ids);
  const rows = await q
    .where((eb) =>
      eb.or([
        eb('co.record_id', 'is', null),
        eb('co.source_version', '<>', eb.ref('r.version_major')),
        // Attendees are not versioned (D8): their changes since the text was written show in the log.
        ...(kind === 'event'
          ? [
              eb.exists(
                eb
                  .selectFrom('changes as ach')
                  .select('ach.seq')
                  .whereRef('ach.parent_id', '=', 'r.id')
                  .where('ach.record_type', '=', 'attendee')
                  .whereRef('ach.created_at', '>', 'co.updated_at'),
              ),
            ]
          : []),
      ]),
    )
    .selectAll('r')
    .select([
      'co.record_id as co_record_id',
      'co.uid as co_uid',
      'co.name as co_name',
      'co.ical as co_ical',
      'co.etag as co_etag',
      'co.source_version as co_source_version',
      'co.first_start as co_first_start',
      'co.last_end as co_last_end',
      'co.recurrence as co_recurrence',
      'co.updated_at as co_updated_at',
    ])
    .limit(limit)
    .execute();
  return rows.map((r: Record<string, any>) => {
    const row: Record<string, any> = {};
    const object: Record<string, any> = { record_type: kind };
    for (const [k, v] of Object.entries(r)) {
      if (k.startsWith('co_')) object[k.slice(3)] = v;
      else row[k] = v;
    }
    return { row: row as RecordRow, object: object.record_id ? (object as ObjectRow) : null };
  });
}

/**
 * Writes objects. `ifOlder` (a refresh after a REST edit) only replaces a row written for an older
 * version, so a concurrent CalDAV PUT of the same version always wins.
 */
export async function upsertObjects(db: Executor, rows: ObjectRow[], opts: { ifOlder?: boolean } = {}): Promise<void> {
  for (const row of rows) {
    await db
      .insertInto('calendar_objects')
      .values(row)
      .onConflict((oc) => {
        const set = oc.columns(['record_type', 'record_id']).doUpdateSet({
          uid: row.uid,
          name: row.name,
          ical: row.ical,
          etag: row.etag,
          source_version: row.source_version,
          first_start: row.first_start,
          last_end: row.last_end,
          recurrence: row.recurrence,
          updated_at: row.updated_at,
        });
        // Same version: a rewrite for attendee changes, made from the text stored now.
        return opts.ifOlder
          ? set.where((eb) =>
              eb.or([
                eb('calendar_objects.source_version', '<', row.source_version),
                eb.and([eb('calendar_objects.source_version', '=', row.source_version), eb('calendar_objects.updated_at', '<', row.updated_at)]),
              ]),
            )
          : set;
      })
      .execute();
  }
}

/** The recurrence lines of the given records (REST shows them read-only). */
const recurrenceOfOne = prepared((db: Executor, kind: Kind, id: string) =>
  db.selectFrom('calendar_objects').select(['record_id', 'recurrence']).where('record_type', '=', kind).where('record_id', '=', id),
);

export async function recurrenceOf(db: Executor, kind: Kind, ids: string[]): Promise<Map<string, string | null>> {
  const out = new Map<string, string | null>();
  if (!ids.length) return out;
  // A single record (GET /tasks/{id}) is the hot case: its query is built once.
  const rows =
    ids.length === 1
      ? await recurrenceOfOne(db, kind, ids[0])
      : await db.selectFrom('calendar_objects').select(['record_id', 'recurrence']).where('record_type', '=', kind).where('record_id', 'in', ids).execute();
  for (const r of rows) out.set(r.record_id, r.recurrence);
  return out;
}

/** The contexts the user can see, by name. */
export async function visibleContexts(db: Executor, userId: string): Promise<ContextsTable[]> {
  const rows = await (withVisibleContexts(db, userId) as unknown as Kysely<any>)
    .selectFrom('contexts')
    .selectAll('contexts')
    .where('contexts.id', 'in', (eb: ExpressionBuilder<any, any>) => eb.selectFrom('visible_contexts').select('visible_contexts.id'))
    .orderBy('contexts.name')
    .orderBy('contexts.id')
    .execute();
  return rows as ContextsTable[];
}

/** The user's own record of this kind carrying `uid`, wherever it lives. */
export async function ownObjectByUid(db: Executor, userId: string, kind: Kind, uid: string): Promise<ObjectRow | null> {
  const row = await any(db)
    .selectFrom('calendar_objects as co')
    .innerJoin(`${TABLE[kind]} as r`, 'r.id', 'co.record_id')
    .selectAll('co')
    .where('co.record_type', '=', kind)
    .where('co.uid', '=', uid)
    .where('r.user_id', '=', userId)
    .executeTakeFirst();
  return (row as ObjectRow | undefined) ?? null;
}

export async function readFresh(db: Executor, key: string): Promise<Position | null> {
  const row = await db.selectFrom('calendar_fresh').select(['txid', 'seq']).where('collection', '=', key).executeTakeFirst();
  return row ? { txid: Number(row.txid), seq: Number(row.seq) } : null;
}

export async function writeFresh(db: Executor, key: string, p: Position): Promise<void> {
  await db
    .insertInto('calendar_fresh')
    .values({ collection: key, txid: p.txid, seq: p.seq })
    .onConflict((oc) => oc.column('collection').doUpdateSet({ txid: p.txid, seq: p.seq }))
    .execute();
}

/**
 * Forgets what outlived its use: objects of records that are gone and no longer named by any
 * change row (no sync token can ask for their href any more), and slugs of contexts that are gone.
 */
export async function pruneOrphans(db: Executor): Promise<number> {
  let removed = 0;
  for (const [kind, table] of [
    ['task', 'tasks'],
    ['event', 'events'],
  ] as const) {
    const res = await any(db)
      .deleteFrom('calendar_objects as co')
      .where('co.record_type', '=', kind)
      .where((eb: ExpressionBuilder<any, any>) => eb.not(eb.exists(eb.selectFrom(`${table} as r`).select('r.id').whereRef('r.id', '=', 'co.record_id'))))
      .where((eb: ExpressionBuilder<any, any>) =>
        eb.not(eb.exists(eb.selectFrom('changes as ch').select('ch.seq').where('ch.record_type', '=', kind).whereRef('ch.record_id', '=', 'co.record_id'))),
      )
      .executeTakeFirst();
    removed += Number(res.numDeletedRows);
  }
  await any(db)
    .deleteFrom('calendar_slugs as s')
    .where((eb: ExpressionBuilder<any, any>) => eb.not(eb.exists(eb.selectFrom('contexts as c').select('c.id').whereRef('c.id', '=', 's.context_id'))))
    .execute();
  return removed;
}

/** The attendees of the given events (email, RSVP), by event. */
export async function attendeesOf(db: Executor, eventIds: string[]): Promise<Map<string, Array<{ email: string; rsvp_status: string }>>> {
  const out = new Map<string, Array<{ email: string; rsvp_status: string }>>();
  if (!eventIds.length) return out;
  const rows = await db
    .selectFrom('event_attendees')
    .select(['event_id', 'email', 'rsvp_status'])
    .where('event_id', 'in', eventIds)
    .orderBy('event_id')
    .orderBy('email')
    .execute();
  for (const r of rows) (out.get(r.event_id) ?? out.set(r.event_id, []).get(r.event_id)!).push({ email: r.email, rsvp_status: r.rsvp_status });
  return out;
}

/** Locks a record's row against other writers until commit (REST edits take the same lock). */
export async function lockRecord(tx: Tx, kind: Kind, id: string): Promise<void> {
  await forUpdate(tx, any(tx).selectFrom(TABLE[kind]).select('id').where('id', '=', id)).execute();
}
