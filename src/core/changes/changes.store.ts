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
  await db.insertInto('changes').values(rows.map((r) => ({ ...r, txid }))).execute();
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

/** Current and former (within retention) registered attendees of the given events. */
export async function attendeeAudience(db: Executor, eventIds: string[]): Promise<string[]> {
  if (!eventIds.length) return [];
  const rows = await db.selectFrom('event_attendees').select('user_id').where('event_id', 'in', eventIds).where('user_id', 'is not', null)
    .union(db.selectFrom('changes').select('subject_user_id as user_id').where('parent_id', 'in', eventIds).where('record_type', '=', 'attendee'))
    .execute();
  return rows.map((r) => r.user_id).filter((u): u is string => !!u);
}
