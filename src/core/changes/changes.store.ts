import { sql, type ExpressionBuilder, type Insertable } from 'kysely';
import { anInvitation } from '../access/access.store.js';
import { dialectOf, type Executor } from '../../db/database.js';
import type { ChangesTable, Database } from '../../db/schema.js';

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
  for (let i = 0; i < stamped.length; i += 500)
    await db
      .insertInto('changes')
      .values(stamped.slice(i, i + 500))
      .execute();
};

const MAX_DEPTH = 16;

/**
 * Who can see records in the given contexts right now (the owners of their trees and the holders
 * of shares on them or their ancestors), and who held such a share within the log's retention,
 * with the log position (seq) of their last removal: a collaborator removed shortly before a
 * deletion still needs its tombstone if the record was there while they could see it (D9a: and
 * only then, see `enteredAt`).
 */
export async function contextAudience(db: Executor, contextIds: string[]): Promise<{ current: string[]; former: Map<string, number> }> {
  if (!contextIds.length) return { current: [], former: new Map() };
  const ids = sql.join(contextIds);
  const chain = sql`
    WITH RECURSIVE chain(id, depth) AS (
      SELECT id, 0 FROM contexts WHERE id IN (${ids})
      UNION ALL
      SELECT c.parent_context_id, chain.depth + 1 FROM contexts c JOIN chain ON c.id = chain.id
      WHERE c.parent_context_id IS NOT NULL AND chain.depth < ${MAX_DEPTH}
    )`;
  const { rows } = await sql<{ user_id: string | null }>`${chain}
    SELECT user_id FROM contexts WHERE id IN (SELECT id FROM chain) AND parent_context_id IS NULL
    UNION SELECT user_id FROM context_shares WHERE context_id IN (SELECT id FROM chain)`.execute(db);
  const { rows: gone } = await sql<{ user_id: string | null; seq: number | string }>`${chain}
    SELECT subject_user_id AS user_id, max(seq) AS seq FROM changes
    WHERE record_type = 'share' AND op = 'delete' AND (parent_id IN (${ids}) OR parent_id IN (SELECT id FROM chain))
    GROUP BY subject_user_id`.execute(db);
  const current = rows.map((r) => r.user_id).filter((u): u is string => !!u);
  const former = new Map<string, number>();
  for (const r of gone) if (r.user_id && !current.includes(r.user_id)) former.set(r.user_id, Number(r.seq));
  return { current, former };
}

/** A change that put a record where it now is: its creation, or a move into or between contexts. */
const enteredAPlace = (eb: ExpressionBuilder<Database, 'changes'>) =>
  eb.or([
    eb('op', '=', 'create'),
    eb.and([
      eb('op', '=', 'update'),
      eb.or([
        eb('context_before', 'is', null).and('context_after', 'is not', null),
        eb('context_before', 'is not', null).and('context_after', 'is', null),
        eb('context_before', '<>', eb.ref('context_after')),
      ]),
    ]),
  ]);

/**
 * When each record last arrived where it is (its creation, or the last move that brought it), as a
 * log seq; records whose arrival the log no longer holds are absent (they arrived before anything
 * the log still holds).
 */
export async function enteredAt(db: Executor, recordIds: string[]): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  if (!recordIds.length) return out;
  const rows = await db
    .selectFrom('changes')
    .select(['record_id', (eb) => eb.fn.max('seq').as('seq')])
    .where('record_id', 'in', [...new Set(recordIds)])
    .where('record_type', 'in', ['task', 'event', 'context'])
    .where(enteredAPlace)
    .groupBy('record_id')
    .execute();
  for (const r of rows) out.set(r.record_id, Number(r.seq));
  return out;
}

/** Current and former (within retention) registered attendees of the given events, by event. */
export async function attendeeAudience(db: Executor, eventIds: string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  if (!eventIds.length) return out;
  const ids = sql.join(eventIds);
  const { rows } = await sql<{ event_id: string | null; user_id: string | null }>`
    SELECT event_id, user_id FROM event_attendees WHERE event_id IN (${ids}) AND user_id IS NOT NULL AND ${anInvitation}
    UNION SELECT parent_id, subject_user_id FROM changes WHERE parent_id IN (${ids}) AND record_type = 'attendee'`.execute(db);
  for (const r of rows) if (r.event_id && r.user_id) (out.get(r.event_id) ?? out.set(r.event_id, []).get(r.event_id)!).push(r.user_id);
  return out;
}
