import { type Compilable, sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import { dialectOf, type Executor, forUpdate } from '../../db/database.js';
import { prepared } from '../../db/prepared.js';
import type { Database, TasksTable } from '../../db/schema.js';
import { withVisibleContexts } from '../access/access.store.js';
import { type RecordFilter, recordConditions, visibleCondition, withRecurrence } from '../access/visibility.store.js';
import { pageVisible } from '../access/visible-pages.store.js';
import type { PageRequest, SortKey } from '../lists.js';

export const TASK_SORT_FIELDS = ['created_at', 'updated_at', 'due_date', 'priority', 'status', 'title'] as const;
export type TaskSortField = (typeof TASK_SORT_FIELDS)[number];

export interface TaskFilter extends RecordFilter {
  statuses?: number[];
}

type Visible = Database & { visible_contexts: { id: string } };

/** A read: the row with the recurrence lines a calendar app wrote for it (D17), in the same round trip. */
const taskById = prepared(
  (db: Executor, id: string) =>
    withRecurrence(db.selectFrom('tasks'), 'tasks').where('tasks.id', '=', id) as unknown as Compilable<TasksTable & { recurrence: string | null }>,
);
const taskByIdLocked = prepared((db: Executor, id: string) => forUpdate(db, db.selectFrom('tasks').selectAll().where('id', '=', id)));

/** One row; `lock` holds it until the transaction ends (a use case about to change it). */
export const getTask = async (db: Executor, id: string, opts: { lock?: boolean } = {}) => (await (opts.lock ? taskByIdLocked : taskById)(db, id))[0];

/** Rows by id, with their recurrence lines as a read shows them (the sync feed, webhooks, intake). */
export const getTasks = (db: Executor, ids: string[]): Promise<Array<TasksTable & { recurrence: string | null }>> =>
  ids.length
    ? (withRecurrence(db.selectFrom('tasks'), 'tasks').where('tasks.id', 'in', ids).execute() as Promise<Array<TasksTable & { recurrence: string | null }>>)
    : Promise.resolve([]);

export const insertTask = async (db: Executor, row: TasksTable) => {
  await db.insertInto('tasks').values(row).execute();
};

export const updateTask = async (db: Executor, id: string, patch: Partial<TasksTable>) => {
  await db.updateTable('tasks').set(patch).where('id', '=', id).execute();
};

export const deleteTask = async (db: Executor, id: string) => {
  await db.deleteFrom('tasks').where('id', '=', id).execute();
};

const visibleTo = (userId: string) => visibleCondition('tasks', userId) as (eb: ExpressionBuilder<Visible, 'tasks'>) => Expression<SqlBool>;

const applyFilter = (f: TaskFilter) => recordConditions(f, f.statuses?.length ? [['status', 'in', f.statuses]] : []);

/** One page of the tasks a user can see, plus the total: visibility is part of the SQL (core/access). */
export function listVisibleTasks(db: Executor, userId: string, filter: TaskFilter, sort: SortKey<TaskSortField>[], page: PageRequest) {
  const keys = sort.map((k) => ({ ...k, nullsLast: k.field === 'due_date' }));
  return pageVisible<TasksTable>(db, userId, 'tasks', applyFilter(filter), keys, page);
}

/**
 * Words of a search query, stripped of every operator character of both full-text dialects, in
 * lower case and with Latin letters' accents dropped: as both indexes hold them (FTS5's
 * `remove_diacritics`, and PostgreSQL's `agendum_fold`, migration 021).
 */
function searchTerms(q: string): string[] {
  const folded = q
    .normalize('NFKC')
    .toLowerCase()
    .normalize('NFD')
    .replace(/(\p{Script=Latin})\p{M}+/gu, '$1')
    .normalize('NFC');
  const words = folded.match(/[\p{L}\p{N}]+/gu) ?? [];
  return words.slice(0, 32);
}

/** Ranked full-text search (FTS5 bm25 / tsvector ts_rank), every term as a prefix, limited to visible tasks. */
export async function searchVisibleTasks(db: Executor, userId: string, q: string, page: PageRequest) {
  const terms = searchTerms(q);
  if (terms.length === 0) return { rows: [] as TasksTable[], total: 0 };
  const pg = dialectOf(db) === 'postgres';
  const visible = withVisibleContexts(db, userId).selectFrom('tasks').where(visibleTo(userId));
  if (pg) {
    const query = sql`to_tsquery('agendum_search', ${terms.map((t) => `${t}:*`).join(' & ')})`;
    const base = visible.where(sql<boolean>`tasks.search @@ ${query}`);
    const [items, count] = await Promise.all([
      base
        .selectAll('tasks')
        .orderBy(sql`ts_rank(tasks.search, ${query})`, 'desc')
        .orderBy('tasks.created_at', 'desc')
        .orderBy('tasks.id')
        .limit(page.limit)
        .offset(page.offset)
        .execute(),
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows: items as TasksTable[], total: Number(count.n) };
  }
  const match = terms.map((t) => `"${t}"*`).join(' AND ');
  const base = visible.innerJoin(
    sql<{ rowid: number; rank: number }>`(SELECT rowid, bm25(tasks_fts, 10.0, 1.0) AS rank FROM tasks_fts WHERE tasks_fts MATCH ${match})`.as('fts'),
    (j) => j.onRef(sql.ref('fts.rowid'), '=', sql.ref('tasks.rowid')),
  );
  const [items, count] = await Promise.all([
    base.selectAll('tasks').orderBy(sql`fts.rank`).orderBy('tasks.created_at', 'desc').orderBy('tasks.id').limit(page.limit).offset(page.offset).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows: items as TasksTable[], total: Number(count.n) };
}
