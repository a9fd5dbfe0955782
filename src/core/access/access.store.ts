import type { Executor } from '../../db/database.js';
import { strongest, type Permission } from './policy.js';

/**
 * The contexts a user can see: owned ones, shared ones, and every descendant of those (a share or
 * ownership covers the subtree, D9). A recursive CTE, so lists filter in SQL and stay correct the
 * moment a share or a parent changes; nothing is materialised.
 */
export function withVisibleContexts(db: Executor, userId: string) {
  return db.withRecursive('visible_contexts(id)', (qb) =>
    qb.selectFrom('contexts').select('id').where('user_id', '=', userId)
      .union(qb.selectFrom('context_shares').select('context_id as id').where('user_id', '=', userId))
      .union(qb.selectFrom('contexts as c').innerJoin('visible_contexts as v', 'v.id', 'c.parent_context_id').select('c.id')),
  );
}

/**
 * The caller's permission on each of the given contexts, from ownership or shares on the context or
 * any ancestor (the strongest wins). One query for any number of contexts.
 */
export async function contextPermissions(db: Executor, userId: string, contextIds: string[]): Promise<Map<string, Permission>> {
  const result = new Map<string, Permission>();
  const ids = [...new Set(contextIds)];
  if (ids.length === 0) return result;
  const rows = await db
    .withRecursive('chain(start_id, id, parent_id, depth)', (qb) =>
      qb.selectFrom('contexts').select(['id as start_id', 'id', 'parent_context_id as parent_id', (eb) => eb.lit(0).as('depth')])
        .where('id', 'in', ids)
        .unionAll(
          qb.selectFrom('contexts as c').innerJoin('chain', 'chain.parent_id', 'c.id')
            // depth guards against a cycle that should never exist.
            .select(['chain.start_id', 'c.id', 'c.parent_context_id as parent_id', (eb) => eb(eb.ref('chain.depth'), '+', 1).as('depth')])
            .where('chain.depth', '<', 16),
        ),
    )
    .selectFrom('chain')
    .innerJoin('contexts as c', 'c.id', 'chain.id')
    .leftJoin('context_shares as s', (j) => j.onRef('s.context_id', '=', 'chain.id').on('s.user_id', '=', userId))
    .select(['chain.start_id', 'c.user_id', 's.permission'])
    .execute();
  for (const id of ids) result.set(id, 'none');
  for (const row of rows) {
    const held: Permission = row.user_id === userId ? 'owner' : (row.permission ?? 'none');
    result.set(row.start_id, strongest(result.get(row.start_id) ?? 'none', held));
  }
  return result;
}

export type PlacedKind = 'task' | 'event';

/** Owner and context of each of the given records (one query), for checks over ids. */
export async function placements(db: Executor, kind: PlacedKind, ids: string[]) {
  if (!ids.length) return [];
  return db.selectFrom(kind === 'task' ? 'tasks' : 'events').select(['id', 'user_id', 'context_id']).where('id', 'in', [...new Set(ids)]).execute();
}

/** The events among `eventIds` that `userId` attends as a registered attendee. */
export async function attendedEvents(db: Executor, userId: string, eventIds: string[]): Promise<Set<string>> {
  if (!eventIds.length) return new Set();
  const rows = await db.selectFrom('event_attendees').select('event_id').where('user_id', '=', userId).where('event_id', 'in', eventIds).execute();
  return new Set(rows.map((r) => r.event_id));
}
