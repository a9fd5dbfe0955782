import { sql, type ExpressionBuilder } from 'kysely';
import type { Executor } from '../../db/database.js';
import { strongest, type Permission } from './policy.js';

/**
 * The contexts a user can see: the trees whose top-level context they own, shared contexts, and
 * every descendant of those (D9, D9a: ownership counts only at the top of a tree, see
 * docs/access.md "Where rights come from"). A recursive CTE, so lists filter in SQL and stay
 * correct the moment a share or a parent changes; nothing is materialised.
 */
export function withVisibleContexts(db: Executor, userId: string) {
  return db.withRecursive('visible_contexts(id)', (qb) =>
    qb
      .selectFrom('contexts')
      .select('id')
      .where('user_id', '=', userId)
      .where('parent_context_id', 'is', null)
      .union(qb.selectFrom('context_shares').select('context_id as id').where('user_id', '=', userId))
      .union(qb.selectFrom('contexts as c').innerJoin('visible_contexts as v', 'v.id', 'c.parent_context_id').select('c.id')),
  );
}

/**
 * The caller's permission on each of the given contexts: `owner` when they own the tree's top-level
 * context, else the strongest share on the context or any ancestor. Owning a context further down
 * (one made inside someone else's tree) gives nothing of its own: otherwise whoever could place a
 * context under theirs, or made one in a tree they were later removed from, would keep owner
 * rights there (D9a). One query for any number of contexts.
 */
export async function contextPermissions(db: Executor, userId: string, contextIds: string[]): Promise<Map<string, Permission>> {
  const result = new Map<string, Permission>();
  const ids = [...new Set(contextIds)];
  if (ids.length === 0) return result;
  const rows = await db
    .withRecursive('chain(start_id, id, parent_id, depth)', (qb) =>
      qb
        .selectFrom('contexts')
        .select(['id as start_id', 'id', 'parent_context_id as parent_id', (eb) => eb.lit(0).as('depth')])
        .where('id', 'in', ids)
        .unionAll(
          qb
            .selectFrom('contexts as c')
            .innerJoin('chain', 'chain.parent_id', 'c.id')
            // depth guards against a cycle that should never exist.
            .select(['chain.start_id', 'c.id', 'c.parent_context_id as parent_id', (eb) => eb(eb.ref('chain.depth'), '+', 1).as('depth')])
            .where('chain.depth', '<', 16),
        ),
    )
    .selectFrom('chain')
    .innerJoin('contexts as c', 'c.id', 'chain.id')
    .leftJoin('context_shares as s', (j) => j.onRef('s.context_id', '=', 'chain.id').on('s.user_id', '=', userId))
    .select(['chain.start_id', 'c.user_id', 's.permission', 'chain.parent_id'])
    .execute();
  for (const id of ids) result.set(id, 'none');
  for (const row of rows) {
    const held: Permission = row.user_id === userId && row.parent_id === null ? 'owner' : (row.permission ?? 'none');
    result.set(row.start_id, strongest(result.get(row.start_id) ?? 'none', held));
  }
  return result;
}

export type PlacedKind = 'task' | 'event';

/** Owner and context of each of the given records (one query), for checks over ids. */
export async function placements(db: Executor, kind: PlacedKind, ids: string[]) {
  if (!ids.length) return [];
  return db
    .selectFrom(kind === 'task' ? 'tasks' : 'events')
    .select(['id', 'user_id', 'context_id'])
    .where('id', 'in', [...new Set(ids)])
    .execute();
}

/**
 * The events `userId` is invited to: a registered attendee that someone else added (D9: read on the
 * event, beyond any share). An attendance they added themselves was made with a right a share gave
 * them and gives nothing of its own, so it ends with the share (D9a). The one definition of
 * "attends" for access, lists, the sync feed and the CalDAV attending collection.
 */
export const invitedTo = (eb: ExpressionBuilder<any, any>, userId: string) =>
  eb.selectFrom('event_attendees').select('event_attendees.event_id').where('event_attendees.user_id', '=', userId).where(anInvitation);

/** An `event_attendees` row someone other than its attendee made (null: made before migration 020). */
export const anInvitation = sql<boolean>`(event_attendees.added_by IS NULL OR event_attendees.added_by <> event_attendees.user_id)`;

/** The events among `eventIds` that `userId` is invited to (`invitedTo`). */
export async function attendedEvents(db: Executor, userId: string, eventIds: string[]): Promise<Set<string>> {
  if (!eventIds.length) return new Set();
  const rows = await db
    .selectFrom('events')
    .select('events.id')
    .where('events.id', 'in', eventIds)
    .where((eb) => eb('events.id', 'in', invitedTo(eb, userId)))
    .execute();
  return new Set(rows.map((r) => r.id));
}

/**
 * Permission on records that have an owner and may sit in a context. The owner holds every right on
 * one while it is in no context, or while they can still reach its context; a record left in a tree
 * its owner was removed from is out of their reach like everything else there (D9a). One query over
 * their contexts.
 */
export async function recordPermissions(db: Executor, userId: string, records: Array<{ user_id: string; context_id: string | null }>): Promise<Permission[]> {
  const byContext = await contextPermissions(
    db,
    userId,
    records.flatMap((r) => (r.context_id ? [r.context_id] : [])),
  );
  return records.map((r) => {
    if (!r.context_id) return r.user_id === userId ? 'owner' : 'none';
    const inContext = byContext.get(r.context_id) ?? 'none';
    return r.user_id === userId && inContext !== 'none' ? 'owner' : inContext;
  });
}
