/** SQL of the sync feed: the log window a reader may hand out, relevant rows, subtrees, pruning. */
import { sql, type Kysely, type Selectable } from 'kysely';
import { dialectOf, type Executor } from '../../db/database.js';
import type { ChangesTable } from '../../db/schema.js';
import { invitedTo, withVisibleContexts } from '../access/access.store.js';
import { visibleRecord, type RecordKind } from '../access/visibility.store.js';
import type { FeedType, Keyset, Position } from './cursor.js';

export type ChangeRow = Selectable<ChangesTable>;

/**
 * Committed rows for the user that the horizon still holds back (an older transaction is running):
 * the reader is told to come back soon rather than that it is caught up.
 */
export async function heldBack(db: Executor, userId: string, after: Position, horizon: Horizon): Promise<boolean> {
  if (horizon.kind !== 'xmin') return false;
  return (await relevantChanges(db, userId, after, horizon, 1, true)).length > 0;
}

/**
 * How far the log may be read in this snapshot. PostgreSQL: rows of transactions older than the
 * oldest one the snapshot saw running in this database (every older transaction of this database
 * has ended and is visible, so no row can still appear below it; with none running, the snapshot's
 * xmax).
 * SQLite: writers are serialised and a reader's snapshot holds only committed rows, so all of them.
 */
export type Horizon = { kind: 'xmin'; xmin: number } | { kind: 'seq'; maxSeq: number };

export async function readHorizon(db: Executor): Promise<Horizon> {
  if (dialectOf(db) === 'postgres') {
    // The snapshot's xmin, except that transactions seen running in other databases of the cluster
    // are left out (they cannot write this log). One that ended meanwhile is no longer seen and so
    // stays in: the horizon only errs low, which delays and never skips.
    const { rows } = await sql<{ h: number | string }>`
      WITH snap AS (SELECT pg_current_snapshot() AS s)
      SELECT coalesce(
        (SELECT min(x::text::bigint) FROM snap, pg_snapshot_xip(snap.s) AS x
          WHERE (x::text::bigint % 4294967296) NOT IN (
            SELECT backend_xid::text::bigint FROM pg_stat_activity
            WHERE backend_xid IS NOT NULL AND datname IS DISTINCT FROM current_database())),
        (SELECT pg_snapshot_xmax(s)::text::bigint FROM snap)) AS h`.execute(db);
    return { kind: 'xmin', xmin: Number(rows[0].h) };
  }
  const row = await db
    .selectFrom('changes')
    .select((eb) => eb.fn.max('seq').as('s'))
    .executeTakeFirst();
  return { kind: 'seq', maxSeq: Number(row?.s ?? 0) };
}

/** The position just past everything the horizon allows: a cursor here has seen it all. */
export const endOf = (h: Horizon): Position => (h.kind === 'xmin' ? { txid: h.xmin - 1, seq: Number.MAX_SAFE_INTEGER } : { txid: 0, seq: h.maxSeq });

/**
 * The next change rows after `after`, within the horizon, that may matter to the user, in log order.
 * A row matters when it touches the user's own records, a context they can see (before or after a
 * move), an event they attend, their own share or attendance, or a record they could see just
 * before it was deleted or moved away (`audience`). Visibility is the SQL of core/access.
 */
export async function relevantChanges(db: Executor, userId: string, after: Position, horizon: Horizon, limit: number, beyond = false): Promise<ChangeRow[]> {
  const q = withVisibleContexts(db, userId) as unknown as Kysely<any>;
  let rows = q.selectFrom('changes').selectAll('changes').where(sql<boolean>`(changes.txid, changes.seq) > (${after.txid}, ${after.seq})`);
  if (horizon.kind === 'xmin') rows = rows.where('changes.txid', beyond ? '>=' : '<', horizon.xmin);
  else rows = rows.where('changes.seq', beyond ? '>' : '<=', horizon.maxSeq);
  return rows
    .where((eb) => {
      const vc = eb.selectFrom('visible_contexts').select('visible_contexts.id');
      const attended = invitedTo(eb, userId);
      // A record's tombstone goes to who could see it just before the deletion (its `audience`), never
      // to whoever can see its context now: a collaborator removed and shared in again must not learn
      // of records made and deleted while they were out (D9a).
      const tombstone = eb.and([eb('changes.op', '=', 'delete'), eb('changes.record_type', 'in', ['task', 'event', 'context'])]);
      return eb.or([
        eb('changes.owner_id', '=', userId),
        eb('changes.subject_user_id', '=', userId),
        eb('changes.context_after', 'in', vc),
        eb.and([eb('changes.context_before', 'in', vc), eb.not(tombstone)]),
        eb('changes.parent_id', 'in', vc),
        eb.and([eb('changes.record_type', '=', 'context'), eb('changes.record_id', 'in', vc)]),
        eb('changes.record_id', 'in', attended),
        eb('changes.parent_id', 'in', attended),
        eb('changes.audience', 'like', `%"${userId}"%`),
      ]);
    })
    .orderBy('changes.txid')
    .orderBy('changes.seq')
    .limit(limit)
    .execute() as Promise<ChangeRow[]>;
}

/** A change row after `after` by which a record left its place (deleted, or moved elsewhere). */
const leftAfter = (after: Position) => sql`(ch.txid, ch.seq) > (${after.txid}, ${after.seq})
      AND (ch.op = 'delete' OR (ch.op = 'update' AND ch.context_after IS DISTINCT FROM ch.context_before))`;

/** A one-column (`id`) subquery over a list of ids passed as one JSON parameter, whatever its length. */
const inList = (db: Executor, ids: string[]) =>
  dialectOf(db) === 'postgres'
    ? sql`(SELECT json_array_elements_text(${JSON.stringify(ids)}::json) AS id)`
    : sql`(SELECT value AS id FROM json_each(${JSON.stringify(ids)}))`;

/**
 * The context and the contexts below it at log position `at`: those below it now, and those that
 * were and have left since (deleted, or moved out), followed down level by level through the
 * indexes on parents and on the log's `context_before`.
 */
async function contextsBelowAt(db: Executor, contextId: string, at: Position): Promise<string[]> {
  const all = new Set([contextId]);
  let level = [contextId];
  for (let depth = 0; level.length && depth < 16; depth++) {
    const { rows } = await sql<{ id: string }>`
      SELECT id FROM contexts WHERE parent_context_id IN ${inList(db, level)}
      UNION SELECT ch.record_id AS id FROM changes ch
        WHERE ch.context_before IN ${inList(db, level)} AND ch.record_type = 'context' AND ${leftAfter(at)}`.execute(db);
    level = rows.map((r) => r.id).filter((id) => !all.has(id));
    for (const id of level) all.add(id);
  }
  return [...all];
}

/**
 * A context, its descendants and the tasks and events in them, as (type, id) in keyset order after
 * `after`: what a share change or a move of a context at log position `at` may have made visible or
 * invisible. Read as the tree is now, plus what was in it at `at` and has left since (deleted, or
 * moved out; followed down deleted or moved sub-contexts too, the root itself included): a reader
 * who lost the tree must hear of those as well, or their copy keeps them for ever.
 */
export async function subtreeMembers(
  db: Executor,
  contextId: string,
  at: Position,
  after: Keyset | null,
  limit: number,
): Promise<{ members: Keyset[]; contexts: string[] }> {
  const [t, i] = after ?? ['', ''];
  const contexts = await contextsBelowAt(db, contextId, at);
  const sub = inList(db, contexts);
  const { rows } = await sql<{ type: FeedType; id: string }>`
    SELECT type, id FROM (
      SELECT 'context' AS type, s.id FROM ${sub} AS s
      UNION SELECT 'event' AS type, e.id FROM events e WHERE e.context_id IN ${sub}
      UNION SELECT 'task' AS type, k.id FROM tasks k WHERE k.context_id IN ${sub}
      UNION SELECT ch.record_type AS type, ch.record_id AS id FROM changes ch
        WHERE ch.context_before IN ${sub} AND ch.record_type IN ('task', 'event') AND ${leftAfter(at)}
    ) m
    WHERE (m.type, m.id) > (${t}, ${i})
    ORDER BY m.type, m.id
    LIMIT ${limit}`.execute(db);
  return { members: rows.map((r) => [r.type, r.id]), contexts };
}

/**
 * Which of these members of a tree were not in it at log position `after`: their first change after
 * it brought them into the tree (made there, or moved in from outside; `contexts` is the tree at
 * `after`, from `subtreeMembers`). An expansion reads members as the tree is now and as it was; these
 * are dropped from it, since the reader never saw them through that change: a record made after a
 * reader's removal must never reach them, not even as an id (D9a). One that was in the tree and has
 * moved on since stays: the reader lost it with the tree.
 */
export async function arrivedAfter(db: Executor, members: Keyset[], after: Position, contexts: string[]): Promise<Set<string>> {
  if (!members.length) return new Set();
  const rows = await db
    .selectFrom('changes')
    .select(['record_id', 'op', 'context_before', 'context_after'])
    .where(
      'record_id',
      'in',
      members.map(([, id]) => id),
    )
    .where('record_type', 'in', ['task', 'event', 'context'])
    .where(sql<boolean>`(changes.txid, changes.seq) > (${after.txid}, ${after.seq})`)
    .orderBy('txid')
    .orderBy('seq')
    .execute();
  const tree = new Set(contexts);
  const first = new Map<string, (typeof rows)[number]>();
  for (const r of rows) if (!first.has(r.record_id)) first.set(r.record_id, r);
  const late = new Set<string>();
  for (const [id, r] of first) {
    const into = r.context_after !== null && tree.has(r.context_after);
    const fromOutside = r.context_before === null || !tree.has(r.context_before);
    if (r.op === 'create' || (r.op === 'update' && into && fromOutside && r.context_before !== r.context_after)) late.add(id);
  }
  return late;
}

const TABLE = { task: 'tasks', event: 'events', context: 'contexts' } as const;

/** Ids of the records of one kind the user can see now, in id order after `afterId` (first sync). */
export async function visibleIdsAfter(db: Executor, userId: string, kind: RecordKind, afterId: string | null, limit: number): Promise<string[]> {
  const t = TABLE[kind];
  let q = (withVisibleContexts(db, userId) as unknown as Kysely<any>).selectFrom(t).select(`${t}.id as id`).where(visibleRecord(kind, userId));
  if (afterId !== null) q = q.where(`${t}.id`, '>', afterId);
  const rows = await q.orderBy(`${t}.id`).limit(limit).execute();
  return rows.map((r: { id: string }) => r.id);
}

export async function readPruned(db: Executor): Promise<Position> {
  const row = await db.selectFrom('change_log_state').select(['txid', 'seq']).where('name', '=', 'pruned').executeTakeFirst();
  return { txid: Number(row?.txid ?? 0), seq: Number(row?.seq ?? 0) };
}

/** Deletes rows written before `cutoff` and raises the pruned mark to the highest position removed. */
export async function pruneBefore(db: Executor, cutoff: string): Promise<number> {
  const top = await db
    .selectFrom('changes')
    .select(['txid', 'seq'])
    .where('created_at', '<', cutoff)
    .orderBy('txid', 'desc')
    .orderBy('seq', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!top) return 0;
  const mark = await readPruned(db);
  const higher = Number(top.txid) > mark.txid || (Number(top.txid) === mark.txid && Number(top.seq) > mark.seq);
  if (higher)
    await db
      .updateTable('change_log_state')
      .set({ txid: Number(top.txid), seq: Number(top.seq) })
      .where('name', '=', 'pruned')
      .execute();
  const res = await db.deleteFrom('changes').where('created_at', '<', cutoff).executeTakeFirst();
  return Number(res.numDeletedRows);
}
