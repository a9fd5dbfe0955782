import { sql, type Insertable } from 'kysely';
import { dialectOf, type Executor } from '../../db/database.js';
import type { ChangesTable } from '../../db/schema.js';

type NewChange = Omit<Insertable<ChangesTable>, 'txid'>;

/**
 * Appends change rows. On PostgreSQL each row carries its transaction id, taken by the database
 * itself inside the writing transaction (the feed's no-skip rule depends on it, docs/sync.md).
 */
export const insertChanges = async (db: Executor, rows: NewChange[]) => {
  if (!rows.length) return;
  const txid = dialectOf(db) === 'postgres' ? sql<number>`pg_current_xact_id()::text::bigint` : sql<number>`0`;
  const stamped = rows.map((r) => ({ ...r, txid }));
  // Batches keep each statement under both dialects' bound-parameter limits (a cascade delete
  // can log thousands of rows).
  for (let i = 0; i < stamped.length; i += 500) await db.insertInto('changes').values(stamped.slice(i, i + 500)).execute();
};

const MAX_DEPTH = 16;

/**
 * Everyone who can see records in the given contexts right now (owners and collaborators of the
 * contexts and of their ancestors), plus everyone who held a share there within the log's
 * retention: a collaborator removed shortly before a deletion still needs its tombstone, since
 * the record may still sit in their copy.
 */
export async function contextAudience(db: Executor, contextIds: string[]): Promise<string[]> {
  if (!contextIds.length) return [];
  const ids = sql.join(contextIds);
  const { rows } = await sql<{ user_id: string | null }>`
    WITH RECURSIVE chain(id, depth) AS (
      SELECT id, 0 FROM contexts WHERE id IN (${ids})
      UNION ALL
      SELECT c.parent_context_id, chain.depth + 1 FROM contexts c JOIN chain ON c.id = chain.id
      WHERE c.parent_context_id IS NOT NULL AND chain.depth < ${MAX_DEPTH}
    )
    SELECT user_id FROM contexts WHERE id IN (SELECT id FROM chain)
    UNION SELECT user_id FROM context_shares WHERE context_id IN (SELECT id FROM chain)
    UNION SELECT subject_user_id FROM changes
      WHERE record_type = 'share' AND (parent_id IN (${ids}) OR parent_id IN (SELECT id FROM chain))`.execute(db);
  return rows.map((r) => r.user_id).filter((u): u is string => !!u);
}

/** Current and former (within retention) registered attendees of the given events, by event. */
export async function attendeeAudience(db: Executor, eventIds: string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  if (!eventIds.length) return out;
  const ids = sql.join(eventIds);
  const { rows } = await sql<{ event_id: string | null; user_id: string | null }>`
    SELECT event_id, user_id FROM event_attendees WHERE event_id IN (${ids}) AND user_id IS NOT NULL
    UNION SELECT parent_id, subject_user_id FROM changes WHERE parent_id IN (${ids}) AND record_type = 'attendee'`.execute(db);
  for (const r of rows) if (r.event_id && r.user_id) (out.get(r.event_id) ?? out.set(r.event_id, []).get(r.event_id)!).push(r.user_id);
  return out;
}
