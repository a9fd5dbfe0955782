import { dialectOf, forUpdate, type Executor, type Tx } from '../../db/database.js';
import { holdUntilCommit, LOCK_SPACES } from '../../db/locks.js';
import type { ContextsTable } from '../../db/schema.js';
import { withVisibleContexts } from '../access/access.store.js';
import { ordered } from '../access/visibility.store.js';
import type { PageRequest, SortKey } from '../lists.js';
import type { ContextSortField } from './context.js';

/** One row; `lock` holds it until the transaction ends (a use case about to change it). */
export const getContext = (db: Executor, id: string, opts: { lock?: boolean } = {}) => {
  const query = db.selectFrom('contexts').selectAll().where('id', '=', id);
  return (opts.lock ? forUpdate(db, query) : query).executeTakeFirst();
};

export const getContexts = (db: Executor, ids: string[]) =>
  ids.length ? db.selectFrom('contexts').selectAll().where('id', 'in', ids).execute() : Promise.resolve([] as ContextsTable[]);

export const insertContext = async (db: Executor, row: ContextsTable) => {
  await db.insertInto('contexts').values(row).execute();
};

export const updateContext = async (db: Executor, id: string, patch: Partial<ContextsTable>) => {
  await db.updateTable('contexts').set(patch).where('id', '=', id).execute();
};

/** `parentId` undefined: any level; null: top-level only. */
export async function listVisibleContexts(
  db: Executor,
  userId: string,
  parentId: string | null | undefined,
  sort: SortKey<ContextSortField>[],
  page: PageRequest,
) {
  let base = withVisibleContexts(db, userId)
    .selectFrom('contexts')
    .where('contexts.id', 'in', (eb) => eb.selectFrom('visible_contexts').select('visible_contexts.id'));
  if (parentId === null) base = base.where('contexts.parent_context_id', 'is', null);
  else if (parentId !== undefined) base = base.where('contexts.parent_context_id', '=', parentId);
  const rows = ordered(base.selectAll('contexts'), 'contexts', sort, dialectOf(db) === 'postgres')
    .limit(page.limit)
    .offset(page.offset);
  const [items, count] = await Promise.all([
    rows.execute() as Promise<ContextsTable[]>,
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows: items, total: Number(count.n) };
}

/** The context and its ancestors, nearest first (level = length). */
export async function ancestry(db: Executor, id: string): Promise<string[]> {
  const rows = await db
    .withRecursive('up(id, parent_id, depth)', (qb) =>
      qb
        .selectFrom('contexts')
        .select(['id', 'parent_context_id as parent_id', (eb) => eb.lit(0).as('depth')])
        .where('id', '=', id)
        .unionAll(
          qb
            .selectFrom('contexts as c')
            .innerJoin('up', 'up.parent_id', 'c.id')
            .select(['c.id', 'c.parent_context_id as parent_id', (eb) => eb(eb.ref('up.depth'), '+', 1).as('depth')])
            .where('up.depth', '<', 16),
        ),
    )
    .selectFrom('up')
    .select(['id', 'depth'])
    .orderBy('depth')
    .execute();
  return rows.map((r) => r.id);
}

/**
 * Changes to the shape of context trees (a context made under another, a context moved) run one at
 * a time on PostgreSQL, each holding the lock until it commits: the depth and cycle checks of one
 * then see what the other did. Two such changes checked side by side could each pass and together
 * nest a context four levels deep, or deadlock on a cycle. SQLite runs every write alone already.
 */
export const lockTreeShapes = (tx: Tx) => holdUntilCommit(tx, LOCK_SPACES.treeShapes, ['trees']);

/** The context and all its descendants with their depth below it (0 for itself). */
export async function subtree(db: Executor, id: string): Promise<Array<{ id: string; depth: number; parent_context_id: string | null; user_id: string }>> {
  const rows = await db
    .withRecursive('down(id, depth)', (qb) =>
      qb
        .selectFrom('contexts')
        .select(['id', (eb) => eb.lit(0).as('depth')])
        .where('id', '=', id)
        .unionAll(
          qb
            .selectFrom('contexts as c')
            .innerJoin('down', 'down.id', 'c.parent_context_id')
            .select(['c.id', (eb) => eb(eb.ref('down.depth'), '+', 1).as('depth')])
            .where('down.depth', '<', 16),
        ),
    )
    .selectFrom('down')
    .innerJoin('contexts as c', 'c.id', 'down.id')
    .select(['down.id', 'down.depth', 'c.parent_context_id', 'c.user_id'])
    .execute();
  return rows.map((r) => ({ ...r, depth: Number(r.depth) }));
}

/** Whether anything still sits directly in the context (D10: such a delete needs cascade). */
export async function holdsAnything(db: Executor, id: string): Promise<boolean> {
  const [child, task, event] = await Promise.all([
    db.selectFrom('contexts').select('id').where('parent_context_id', '=', id).limit(1).executeTakeFirst(),
    db.selectFrom('tasks').select('id').where('context_id', '=', id).limit(1).executeTakeFirst(),
    db.selectFrom('events').select('id').where('context_id', '=', id).limit(1).executeTakeFirst(),
  ]);
  return Boolean(child || task || event);
}

/**
 * Everything a cascade delete removes, gathered first so each removal gets its change-log row.
 * Sub-selects on the context ids keep the statements small however many records there are.
 */
export async function subtreeContents(db: Executor, contextIds: string[]) {
  const taskIds = db.selectFrom('tasks').select('tasks.id').where('tasks.context_id', 'in', contextIds);
  const eventIds = db.selectFrom('events').select('events.id').where('events.context_id', 'in', contextIds);
  const [tasks, events, shares, comments, assignees, attendees] = await Promise.all([
    db.selectFrom('tasks').select(['id', 'user_id', 'context_id', 'version_major', 'version_minor']).where('context_id', 'in', contextIds).execute(),
    db.selectFrom('events').select(['id', 'user_id', 'context_id', 'version_major', 'version_minor']).where('context_id', 'in', contextIds).execute(),
    db.selectFrom('context_shares').select(['context_id', 'user_id']).where('context_id', 'in', contextIds).execute(),
    db
      .selectFrom('comments')
      .select(['id', 'task_id', 'event_id'])
      .where((eb) => eb.or([eb('task_id', 'in', taskIds), eb('event_id', 'in', eventIds)]))
      .execute(),
    db.selectFrom('task_assignees').select(['task_id', 'user_id']).where('task_id', 'in', taskIds).execute(),
    db.selectFrom('event_attendees').select(['event_id', 'email', 'user_id']).where('event_id', 'in', eventIds).execute(),
  ]);
  return { tasks, events, shares, comments, assignees, attendees };
}

/**
 * Deletes the records in the contexts (comments, assignees, attendees and shares follow by foreign
 * key), their version history, then the contexts, deepest first (parent links have no ON DELETE).
 */
export async function deleteSubtree(db: Executor, levels: string[][]) {
  const contextIds = levels.flat();
  for (const type of ['task', 'event'] as const) {
    const table = type === 'task' ? 'tasks' : 'events';
    await db
      .deleteFrom('record_versions')
      .where('record_type', '=', type)
      .where('record_id', 'in', db.selectFrom(table).select(`${table}.id`).where(`${table}.context_id`, 'in', contextIds))
      .execute();
    await db.deleteFrom(table).where('context_id', 'in', contextIds).execute();
  }
  for (const level of levels) await db.deleteFrom('contexts').where('id', 'in', level).execute();
}
