/**
 * The change-log reads behind a collection's CalDAV sync token (D17): which rows move a collection's
 * content or its reader's access, the latest of them, and those after a token.
 */
import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import type { Executor } from '../../db/database.js';
import { comparePositions, type Position } from '../changes/cursor.js';
import type { Horizon } from '../changes/sync.store.js';
import { attendingBranches } from './attending.store.js';
import type { Kind, Place } from './calendar.store.js';

const any = (db: Executor) => db as unknown as Kysely<any>;

/** The context, its ancestors: a share or move on any of them changes who sees the collection. */
export async function chainOf(db: Executor, contextId: string): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`
    WITH RECURSIVE up(id, parent_id, depth) AS (
      SELECT id, parent_context_id, 0 FROM contexts WHERE id = ${contextId}
      UNION ALL SELECT c.id, c.parent_context_id, up.depth + 1 FROM contexts c JOIN up ON c.id = up.parent_id WHERE up.depth < 16
    ) SELECT id FROM up`.execute(db);
  return rows.map((r) => r.id);
}

/**
 * The change rows that move a collection's content or its reader's access, as separate conditions
 * each answered by one index: its kind's records entering or leaving it (published edits only:
 * CalDAV serves the published state), shares and moves of its context chain, renames of the
 * context. For a personal collection: the owner's records entering or leaving "no context".
 * Kept apart (not one OR) so "the latest" is the last entry of an index range, not a sort.
 */
function branches(kind: Kind, place: Place, chain: string[]): Array<(eb: ExpressionBuilder<any, any>) => any> {
  // An event's attendees are part of its served text (ATTENDEE lines).
  const types = kind === 'event' ? ['event', 'attendee'] : ['task'];
  if (place.attending) return attendingBranches(place.ownerId);
  if (!place.contextId) {
    return [
      (eb) =>
        eb.and([
          eb('ch.owner_id', '=', place.ownerId),
          eb('ch.record_type', 'in', types),
          eb('ch.draft', '=', 0),
          eb.or([eb('ch.context_after', 'is', null), eb('ch.context_before', 'is', null)]),
        ]),
    ];
  }
  const id = place.contextId;
  return [
    (eb) => eb.and([eb('ch.context_after', '=', id), eb('ch.record_type', 'in', types), eb('ch.draft', '=', 0)]),
    (eb) => eb.and([eb('ch.context_before', '=', id), eb('ch.record_type', 'in', types), eb('ch.draft', '=', 0)]),
    (eb) => eb.and([eb('ch.parent_id', 'in', chain), eb('ch.record_type', '=', 'share')]),
    (eb) => eb.and([eb('ch.record_type', '=', 'context'), eb('ch.record_id', 'in', chain)]),
  ];
}

const withinHorizon = (h: Horizon) => (eb: ExpressionBuilder<any, any>) => (h.kind === 'xmin' ? eb('ch.txid', '<', h.xmin) : eb('ch.seq', '<=', h.maxSeq));

/**
 * The position of the collection's latest relevant change the horizon allows, and never below
 * `floor` (the log's pruned edge): its sync token. A collection untouched for longer than the log
 * keeps has no retained change, and a token naming its last one, older than the edge, would be
 * refused the moment it was used.
 */
export async function lastPosition(db: Executor, kind: Kind, place: Place, chain: string[], horizon: Horizon, floor: Position): Promise<Position> {
  let best = floor;
  for (const branch of branches(kind, place, chain)) {
    const row = await any(db)
      .selectFrom('changes as ch')
      .select(['ch.txid', 'ch.seq'])
      .where(branch)
      .where(withinHorizon(horizon))
      .orderBy('ch.txid', 'desc')
      .orderBy('ch.seq', 'desc')
      .limit(1)
      .executeTakeFirst();
    const p = row ? { txid: Number(row.txid), seq: Number(row.seq) } : null;
    if (p && comparePositions(p, best) > 0) best = p;
  }
  return best;
}

/** A change row as the sync report reads it; `arrived` when it brought its record from elsewhere (made, or moved in). */
export interface CollectionChange {
  txid: number;
  seq: number;
  record_type: string;
  record_id: string;
  arrived: boolean;
}

/** Relevant rows after `after`, within the horizon, in log order. */
export async function changesAfter(db: Executor, kind: Kind, place: Place, chain: string[], after: Position, horizon: Horizon): Promise<CollectionChange[]> {
  const bySeq = new Map<number, CollectionChange>();
  for (const branch of branches(kind, place, chain)) {
    const rows = await any(db)
      .selectFrom('changes as ch')
      .select(['ch.txid', 'ch.seq', 'ch.record_type', 'ch.record_id', 'ch.parent_id', 'ch.op', 'ch.context_before', 'ch.context_after'])
      .where(branch)
      .where(withinHorizon(horizon))
      .where('ch.txid', '>=', after.txid)
      .where(sql<boolean>`(ch.txid, ch.seq) > (${after.txid}, ${after.seq})`)
      .execute();
    type Row = {
      txid: number;
      seq: number;
      record_type: string;
      record_id: string;
      parent_id: string | null;
      op: string;
      context_before: string | null;
      context_after: string | null;
    };
    for (const r of rows as Row[]) {
      // An attendee row stands for its event.
      const attendee = r.record_type === 'attendee' && r.parent_id;
      const record = attendee ? { record_type: 'event', record_id: r.parent_id! } : { record_type: r.record_type, record_id: r.record_id };
      const moved = r.op === 'update' && (r.context_before ?? null) !== (r.context_after ?? null) && (r.context_before ?? null) !== place.contextId;
      bySeq.set(Number(r.seq), { ...record, txid: Number(r.txid), seq: Number(r.seq), arrived: !attendee && (r.op === 'create' || moved) });
    }
  }
  return [...bySeq.values()].sort((a, b) => a.txid - b.txid || a.seq - b.seq);
}

/** Whether a change row sits at this position: every token issued names one (or is 0-0). */
export async function changeExists(db: Executor, p: Position): Promise<boolean> {
  const row = await db.selectFrom('changes').select('seq').where('seq', '=', p.seq).where('txid', '=', p.txid).executeTakeFirst();
  return !!row;
}
