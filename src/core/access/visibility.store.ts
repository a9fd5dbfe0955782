/**
 * The visible set of tasks and events, in SQL (ARCHITECTURE "One access policy"): lists, search,
 * CalDAV reports and sync page through it without loading rows to filter them in JavaScript.
 *
 * A record is visible through exactly one of these disjoint branches (so their counts add up and
 * their union needs no de-duplication):
 * - `in_context`: it lies in a visible context (owned, shared, or below one of those: D9);
 * - `owned`: the caller owns it and it lies in no context (a record of theirs left in a context they
 *   can no longer see is out of reach, D9a);
 * - `attended` (events): the caller is a registered attendee and neither of the above holds.
 *
 * A list page (visible-pages.store.ts) is cut from the union of each branch's own top rows, or
 * read off one branch alone when only that one holds any. Each branch is
 * one condition a covering index answers in order ((context_id, col, id) for the context branch,
 * (user_id, col, id) for the owned one), so the database reads index entries only and keeps a
 * bounded top-N, then fetches `limit` whole rows. A plain `user_id = ? OR context_id IN (...)`
 * defeats both indexes and sorts every visible row: measured 450 ms against ~2 ms for this shape
 * at 100,000 visible tasks (bench/README.md).
 */
import { type Expression, type ExpressionBuilder, type Kysely, type SelectQueryBuilder, type SqlBool, sql } from 'kysely';
import type { Executor } from '../../db/database.js';
import type { SortKey } from '../lists.js';
import { invitedTo, withVisibleContexts } from './access.store.js';

export type VisibleTable = 'tasks' | 'events';
export type AnyQuery = SelectQueryBuilder<any, any, any>;
/** One filter of a list: `column op value` on the listed table ('in' takes a list). */
export type Condition = readonly [column: string, op: '=' | '<' | '>' | '>=' | 'in', value: string | number | ReadonlyArray<string | number>];
/**
 * A list's filters. `null` is "no filter", which lets the total come from `record_counts`; an
 * empty list counts every branch from its rows, as a filter would (tests compare the two).
 */
export type Filter = Condition[] | null;
export interface OrderKey extends SortKey {
  nullsLast?: boolean;
}

/** The filters every versioned record's list takes (the API's context_id, is_published, source, source_email_id, updated_after). */
export interface RecordFilter {
  contextId?: string;
  published?: boolean;
  source?: string;
  sourceEmailId?: string;
  updatedAfter?: string;
}

/**
 * A list's conditions: the type's own (`own`), then those of `RecordFilter`; null when nothing is
 * filtered (the total then comes from record_counts).
 */
export function recordConditions(f: RecordFilter, own: Condition[]): Filter {
  const conditions = [...own];
  if (f.contextId) conditions.push(['context_id', '=', f.contextId]);
  if (f.published !== undefined) conditions.push(['is_published', '=', f.published ? 1 : 0]);
  if (f.source) conditions.push(['source', '=', f.source]);
  if (f.sourceEmailId) conditions.push(['source_email_id', '=', f.sourceEmailId]);
  if (f.updatedAfter) conditions.push(['updated_at', '>', f.updatedAfter]);
  return conditions.length ? conditions : null;
}

export const applyConditions = (q: AnyQuery, alias: string, conditions: Condition[]) =>
  conditions.reduce((acc, [column, op, value]) => acc.where(`${alias}.${column}`, op, value), q);

const notInVisibleContext = (eb: ExpressionBuilder<any, any>, alias: string) =>
  eb.or([eb(`${alias}.context_id`, 'is', null), eb(`${alias}.context_id`, 'not in', eb.selectFrom('visible_contexts').select('visible_contexts.id'))]);

/** The index of the `owned` branch in `branches()`. */
export const OWNED = 1;

/** The disjoint branches, each a condition on the table under `alias`. */
export function branches(table: VisibleTable, userId: string) {
  const list: Array<{ name: string; where: (eb: ExpressionBuilder<any, any>, alias: string) => Expression<SqlBool> }> = [
    { name: 'in_context', where: (eb, a) => eb(`${a}.context_id`, 'in', eb.selectFrom('visible_contexts').select('visible_contexts.id')) },
    { name: 'owned', where: (eb, a) => eb.and([eb(`${a}.user_id`, '=', userId), eb(`${a}.context_id`, 'is', null)]) },
  ];
  if (table === 'events') {
    list.push({
      name: 'attended',
      where: (eb, a) =>
        eb.and([
          eb(`${a}.id`, 'in', invitedTo(eb, userId)),
          notInVisibleContext(eb, a),
          eb.or([eb(`${a}.user_id`, '<>', userId), eb(`${a}.context_id`, 'is not', null)]),
        ]),
    });
  }
  return list;
}

/**
 * Events the user sees only as a registered attendee (the `attended` branch): CalDAV lists them in
 * a read-only collection of their own. Needs the `visible_contexts` CTE in scope (withVisibleContexts).
 */
export function attendedOnly(userId: string, alias: string) {
  return (eb: ExpressionBuilder<any, any>) =>
    branches('events', userId)
      .find((b) => b.name === 'attended')!
      .where(eb, alias);
}

/** A plain condition "this row is visible", for single-row checks and search. */
export function visibleCondition(table: VisibleTable, userId: string, alias: string = table) {
  return (eb: ExpressionBuilder<any, any>) => eb.or(branches(table, userId).map((b) => b.where(eb, alias)));
}

/** A query creator that has the `visible_contexts` CTE in scope. */
export const withVisibility = (db: Executor, userId: string) => withVisibleContexts(db, userId) as unknown as Kysely<any>;

/** Sort fields holding text people read: ordered without regard to case (textOrder). */
const TEXT_SORT_FIELDS = new Set(['title', 'name']);

/**
 * What a text sort orders by, the same on both databases: the text with its ASCII letters folded to
 * lower case, then the text itself, both in code point order, so `Apple, banana, Zed` (and `Apple`
 * before `apple`). SQLite's lower() folds ASCII only; PostgreSQL's does the same under the "C"
 * collation, which also keeps its order off the database's locale. Migration 017's indexes hold
 * exactly these expressions, so a list still reads its page off an index.
 */
function textOrder(column: string, pg: boolean): Expression<string>[] {
  const ref = sql.ref(column);
  return pg ? [sql<string>`lower(${ref} COLLATE "C")`, sql<string>`(${ref} COLLATE "C")`] : [sql<string>`lower(${ref})`, sql<string>`${ref}`];
}

export function ordered(q: AnyQuery, alias: string, sort: OrderKey[], pg: boolean): AnyQuery {
  for (const key of sort) {
    const column = `${alias}.${key.field}`;
    for (const by of TEXT_SORT_FIELDS.has(key.field) ? textOrder(column, pg) : [sql.ref(column)]) {
      q = q.orderBy(by, (ob) => {
        const dir = key.desc ? ob.desc() : ob.asc();
        return key.nullsLast ? dir.nullsLast() : dir;
      });
    }
  }
  // Ties follow the last key's direction, so one index (…, col, id) serves both directions.
  const last = sort[sort.length - 1];
  return q.orderBy(`${alias}.id`, last?.desc ? 'desc' : 'asc');
}

/**
 * Rows of `table` whole, each with the recurrence lines a calendar app wrote for it (D17, at most
 * one row per record), so the REST door needs no second query for them: list pages here, single
 * reads in the tasks and events stores.
 */
export const withRecurrence = (q: AnyQuery, table: VisibleTable) =>
  q
    .leftJoin('calendar_objects as co', (j) => j.onRef('co.record_id', '=', `${table}.id`).on('co.record_type', '=', table === 'tasks' ? 'task' : 'event'))
    .selectAll(table)
    .select('co.recurrence');

export type RecordKind = 'task' | 'event' | 'context';
const KIND_TABLE = { task: 'tasks', event: 'events', context: 'contexts' } as const;

/**
 * "This row is visible" for a task, event or context under its table's name, inside a
 * `withVisibility` query: the branches above for tasks and events, `visible_contexts` for contexts.
 */
export function visibleRecord(kind: RecordKind, userId: string) {
  if (kind !== 'context') return visibleCondition(KIND_TABLE[kind], userId);
  return (eb: ExpressionBuilder<any, any>) => eb('contexts.id', 'in', eb.selectFrom('visible_contexts').select('visible_contexts.id'));
}

/** Which of these ids of one kind the user can see: one query for any number of ids (the sync feed). */
export async function visibleIds(db: Executor, userId: string, kind: RecordKind, ids: string[]): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const t = KIND_TABLE[kind];
  const rows = await withVisibility(db, userId)
    .selectFrom(t)
    .select(`${t}.id as id`)
    .where(`${t}.id`, 'in', [...new Set(ids)])
    .where(visibleRecord(kind, userId))
    .execute();
  return new Set(rows.map((r: { id: string }) => r.id));
}
