import { forUpdate, type Executor } from '../../db/database.js';
import { prepared } from '../../db/prepared.js';
import type { EventsTable } from '../../db/schema.js';
import { pageVisible, type Filter } from '../access/visibility.store.js';
import type { PageRequest, SortKey } from '../lists.js';

export const EVENT_SORT_FIELDS = ['created_at', 'updated_at', 'start_time', 'end_time', 'title'] as const;
export type EventSortField = (typeof EVENT_SORT_FIELDS)[number];

export interface EventFilter {
  contextId?: string;
  /** Overlap with [from, to): start_time < to and end_time > from. */
  from?: string;
  to?: string;
  published?: boolean;
  source?: string;
  sourceEmailId?: string;
  updatedAfter?: string;
}

const eventById = prepared((db: Executor, id: string) => db.selectFrom('events').selectAll().where('id', '=', id));
const eventByIdLocked = prepared((db: Executor, id: string) => forUpdate(db, db.selectFrom('events').selectAll().where('id', '=', id)));

/** One row; `lock` holds it until the transaction ends (a use case about to change it). */
export const getEvent = async (db: Executor, id: string, opts: { lock?: boolean } = {}) => (await (opts.lock ? eventByIdLocked : eventById)(db, id))[0];

export const getEvents = (db: Executor, ids: string[]) =>
  ids.length ? db.selectFrom('events').selectAll().where('id', 'in', ids).execute() : Promise.resolve([] as EventsTable[]);

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

const applyFilter = (f: EventFilter): Filter | null =>
  Object.values(f).every((v) => v === undefined)
    ? null
    : (q, a) => {
        if (f.contextId) q = q.where(`${a}.context_id`, '=', f.contextId);
        if (f.to) q = q.where(`${a}.start_time`, '<', f.to);
        if (f.from) q = q.where(`${a}.end_time`, '>', f.from);
        if (f.published !== undefined) q = q.where(`${a}.is_published`, '=', f.published ? 1 : 0);
        if (f.source) q = q.where(`${a}.source`, '=', f.source);
        if (f.sourceEmailId) q = q.where(`${a}.source_email_id`, '=', f.sourceEmailId);
        if (f.updatedAfter) q = q.where(`${a}.updated_at`, '>', f.updatedAfter);
        return q;
      };

/** One page of the events a user can see (owned, in visible contexts, or attended), plus the total. */
export const listVisibleEvents = (db: Executor, userId: string, filter: EventFilter, sort: SortKey<EventSortField>[], page: PageRequest) =>
  pageVisible<EventsTable>(db, userId, 'events', applyFilter(filter), sort, page);
