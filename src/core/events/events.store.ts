import { type Compilable, sql } from 'kysely';
import { dialectOf, forUpdate, type Executor, type Tx } from '../../db/database.js';
import { holdUntilCommit, LOCK_SPACES } from '../../db/locks.js';
import { prepared } from '../../db/prepared.js';
import type { EventsTable } from '../../db/schema.js';
import { type Condition, type RecordFilter, recordConditions, withRecurrence } from '../access/visibility.store.js';
import { pageVisible } from '../access/visible-pages.store.js';
import type { PageRequest, SortKey } from '../lists.js';

export const EVENT_SORT_FIELDS = ['created_at', 'updated_at', 'start_time', 'end_time', 'title'] as const;
export type EventSortField = (typeof EVENT_SORT_FIELDS)[number];

export interface EventFilter extends RecordFilter {
  /** Overlap with [from, to): start_time < to and end_time > from. */
  from?: string;
  to?: string;
}

/** A read: the row with the recurrence lines a calendar app wrote for it (D17), in the same round trip. */
const eventById = prepared(
  (db: Executor, id: string) =>
    withRecurrence(db.selectFrom('events'), 'events').where('events.id', '=', id) as unknown as Compilable<EventsTable & { recurrence: string | null }>,
);
const eventByIdLocked = prepared((db: Executor, id: string) => forUpdate(db, db.selectFrom('events').selectAll().where('id', '=', id)));

/** One row; `lock` holds it until the transaction ends (a use case about to change it). */
export const getEvent = async (db: Executor, id: string, opts: { lock?: boolean } = {}) => (await (opts.lock ? eventByIdLocked : eventById)(db, id))[0];

/** Rows by id, with their recurrence lines as a read shows them (the sync feed, webhooks, intake). */
export const getEvents = (db: Executor, ids: string[]): Promise<Array<EventsTable & { recurrence: string | null }>> =>
  ids.length
    ? (withRecurrence(db.selectFrom('events'), 'events').where('events.id', 'in', ids).execute() as Promise<Array<EventsTable & { recurrence: string | null }>>)
    : Promise.resolve([]);

export const findEventByIcalUid = (db: Executor, userId: string, uid: string) =>
  db.selectFrom('events').selectAll().where('user_id', '=', userId).where('ical_uid', '=', uid).executeTakeFirst();

export const insertEvent = async (db: Executor, row: EventsTable) => {
  await db.insertInto('events').values(row).execute();
};

export const updateEvent = async (db: Executor, id: string, patch: Partial<EventsTable>) => {
  await db.updateTable('events').set(patch).where('id', '=', id).execute();
};

export const deleteEvent = async (db: Executor, id: string) => {
  await db.deleteFrom('events').where('id', '=', id).execute();
};

const longestSqlite = prepared((db: Executor) =>
  db.selectFrom('events').select(sql<number | null>`max(julianday(end_time) - julianday(start_time)) * 86400`.as('s')),
);
const longestPostgres = prepared((db: Executor) =>
  db.selectFrom('events').select(sql<number | null>`max(agendum_epoch(end_time) - agendum_epoch(start_time))`.as('s')),
);

/**
 * The lowest start time an event overlapping a window from `from` can have: `from` minus the
 * longest duration of any event, read from the duration index (migration 015) in one lookup.
 * Stored timestamps are all UTC with milliseconds (D3), so they compare as strings; a second of
 * slack covers julianday's floating point.
 */
async function earliestStart(db: Executor, from: string): Promise<string | undefined> {
  const [row] = await (dialectOf(db) === 'postgres' ? longestPostgres : longestSqlite)(db);
  const ms = Date.parse(from) - Math.ceil(Math.max(0, Number(row?.s ?? 0))) * 1000 - 1000;
  return Number.isFinite(ms) && ms >= Date.parse('0000-01-01T00:00:00Z') ? new Date(ms).toISOString() : undefined;
}

function applyFilter(f: EventFilter, startsFrom?: string) {
  const own: Condition[] = [];
  if (f.to) own.push(['start_time', '<', f.to]);
  if (f.from) own.push(['end_time', '>', f.from]);
  // Implied by the overlap test but on the indexes' leading time column, so a window reads
  // about its own length of each index instead of every event that starts before `to`.
  if (startsFrom) own.push(['start_time', '>=', startsFrom]);
  return recordConditions(f, own);
}

/** One page of the events a user can see (owned, in visible contexts, or attended), plus the total. */
export const listVisibleEvents = async (db: Executor, userId: string, filter: EventFilter, sort: SortKey<EventSortField>[], page: PageRequest) =>
  pageVisible<EventsTable>(db, userId, 'events', applyFilter(filter, filter.from ? await earliestStart(db, filter.from) : undefined), sort, page);

/**
 * PostgreSQL: one writer at a time per (user, iCalendar UID) until commit, so messages carrying the
 * same invitation read what the one before them made (one event, the highest SEQUENCE wins).
 * SQLite runs writes one at a time already.
 */
export const lockIcalUid = (tx: Tx, userId: string, uid: string) => holdUntilCommit(tx, LOCK_SPACES.invitations, [`${userId}:${uid}`]);
