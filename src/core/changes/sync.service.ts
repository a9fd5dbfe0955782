/**
 * The sync feed (D19, docs/sync.md): everything the caller can see, then every change to it, in log
 * order, without ever skipping one. Items carry the record exactly as GET shows it (drafts included,
 * D8), `delete` tombstones, and `access_lost` when the caller can no longer see a record.
 */
import type { Db, Executor } from '../../db/database.js';
import { unitOfWork } from '../../db/unit-of-work.js';
import { visibleIds } from '../access/visibility.store.js';
import type { Actor } from '../actor.js';
import { comparePositions, cursorCodec, gone, laterOf, type Cursor, type FeedType, type Keyset, type Position } from './cursor.js';
import * as store from './sync.store.js';

/** How the feed loads records of one type the way GET shows them (supplied by that type's module). */
export interface RecordSource {
  load(db: Executor, ids: string[]): Promise<Map<string, { record: object; version: string | null }>>;
}
export type RecordSources = Partial<Record<FeedType, RecordSource>>;

export interface SyncItem {
  type: FeedType;
  id: string;
  op: 'upsert' | 'delete' | 'access_lost';
  version: string | null;
  record?: object;
}

export interface SyncPage {
  items: SyncItem[];
  cursor: string;
  hasMore: boolean;
}

/**
 * `lost`: the reader could see the record when the row was written (their own record, a member of a
 * tree they held or gained, in the audience of a move away, their own attendance), so a record out
 * of their sight or gone since is `access_lost`; otherwise such a record is left out.
 */
type Target = { type: FeedType; id: string; op: 'resolve'; lost?: boolean } | { type: FeedType; id: string; op: 'delete'; version: string | null };

const KINDS: FeedType[] = ['context', 'event', 'task'];
const DAY_MS = 86_400_000;

const positionOf = (r: store.ChangeRow): Position => ({ txid: Number(r.txid), seq: Number(r.seq) });

function parentType(row: store.ChangeRow): FeedType {
  try {
    return JSON.parse(row.data ?? '{}').parent_type === 'event' ? 'event' : 'task';
  } catch {
    return 'task';
  }
}

/** A row whose effect on the caller is "everything under this context may have appeared or vanished". */
function expansionRoot(row: store.ChangeRow, userId: string): string | null {
  if (row.record_type === 'share' && row.subject_user_id === userId) return row.parent_id;
  if (row.record_type === 'context' && row.op === 'update' && row.context_before !== row.context_after) return row.record_id;
  return null;
}

/** What a change row means for a reader, apart from expansions: one record to re-read, or a tombstone. */
function targetOf(row: store.ChangeRow, userId: string): Target | null {
  const id = row.record_id;
  switch (row.record_type) {
    case 'task':
    case 'event':
    case 'context':
      if (row.op === 'delete') return { type: row.record_type, id, op: 'delete', version: row.version };
      return { type: row.record_type, id, op: 'resolve', lost: row.owner_id === userId || !!row.audience?.includes(`"${userId}"`) };
    case 'comment':
      return row.parent_id ? { type: parentType(row), id: row.parent_id, op: 'resolve' } : null;
    case 'assignee':
      return row.parent_id ? { type: 'task', id: row.parent_id, op: 'resolve' } : null;
    case 'attendee':
      return row.parent_id ? { type: 'event', id: row.parent_id, op: 'resolve', lost: row.subject_user_id === userId } : null;
    case 'share':
      return row.parent_id ? { type: 'context', id: row.parent_id, op: 'resolve' } : null;
    default:
      return null;
  }
}

export function createSyncService(db: Db, opts: { retentionDays: number; sources: RecordSources; secret: Uint8Array }) {
  const { sources } = opts;
  const uow = unitOfWork(db);
  const cursors = cursorCodec(opts.secret);
  const encodeCursor = cursors.encode;
  const retentionMs = opts.retentionDays * DAY_MS;

  /** Turns targets into items with one load and one visibility query per record type. */
  async function resolve(tx: Executor, userId: string, targets: Target[]): Promise<SyncItem[]> {
    const wanted = new Map<FeedType, string[]>();
    for (const t of targets) if (t.op === 'resolve') (wanted.get(t.type) ?? wanted.set(t.type, []).get(t.type)!).push(t.id);
    const loaded = new Map<FeedType, Map<string, { record: object; version: string | null }>>();
    const visible = new Map<FeedType, Set<string>>();
    for (const [type, ids] of wanted) {
      const source = sources[type];
      if (!source) continue;
      const unique = [...new Set(ids)];
      loaded.set(type, await source.load(tx, unique));
      visible.set(type, await visibleIds(tx, userId, type, unique));
    }
    // One item per record, placed at its last change in the page (later changes win anyway).
    const out = new Map<string, SyncItem>();
    const put = (item: SyncItem) => {
      const key = `${item.type}:${item.id}`;
      out.delete(key);
      out.set(key, item);
    };
    for (const t of targets) {
      if (!sources[t.type]) continue;
      if (t.op === 'delete') {
        put({ type: t.type, id: t.id, op: 'delete', version: t.version });
        continue;
      }
      const found = loaded.get(t.type)?.get(t.id);
      // Gone: its deletion has a row of its own, which brings the tombstone to who could see it then;
      // a reader who saw it before it left their sight (`lost`) hears that they lost it.
      if (!found) {
        if (t.lost) put({ type: t.type, id: t.id, op: 'access_lost', version: null });
        continue;
      }
      if (visible.get(t.type)?.has(t.id)) put({ type: t.type, id: t.id, op: 'upsert', version: found.version, record: found.record });
      // Out of sight now: said only to a reader who could see it when the row was written. One who
      // could not (a record made while they were out of its tree) never hears of it (D9a); one who
      // could hears it from the row by which they lost it (a move away, a tree they lost).
      else if (t.lost) put({ type: t.type, id: t.id, op: 'access_lost', version: null });
    }
    return [...out.values()];
  }

  /** First sync: the records visible now, by type then id, and where the log takes over. */
  async function snapshotPage(tx: Executor, actor: Actor, cursor: Cursor | null, limit: number): Promise<SyncPage> {
    // Never below the pruned edge: with the whole log pruned, the horizon's end is older than it,
    // and a cursor naming that would be gone the moment it was used.
    const start = cursor ? cursor.position : laterOf(store.endOf(await store.readHorizon(tx)), await store.readPruned(tx));
    let key: Keyset | null = cursor?.keyset ?? null;
    const targets: Target[] = [];
    let hasMore = false;
    for (const kind of KINDS) {
      if (!sources[kind]) continue;
      if (key && KINDS.indexOf(kind) < KINDS.indexOf(key[0])) continue;
      const room = limit - targets.length;
      const ids = await store.visibleIdsAfter(tx, actor.userId, kind, key && key[0] === kind ? key[1] : null, room + 1);
      for (const id of ids.slice(0, room)) {
        targets.push({ type: kind, id, op: 'resolve' });
        key = [kind, id];
      }
      if (ids.length > room) {
        hasMore = true;
        break;
      }
    }
    const items = await resolve(tx, actor.userId, targets);
    const next: Cursor = hasMore
      ? { mode: 'snapshot', position: start, keyset: key, issuedAt: Date.now() }
      : { mode: 'log', position: start, keyset: null, issuedAt: Date.now() };
    return { items, cursor: encodeCursor(next), hasMore };
  }

  /** Later syncs: relevant change rows after the cursor, within the horizon, in log order. */
  async function logPage(tx: Executor, actor: Actor, cursor: Cursor, limit: number): Promise<SyncPage> {
    const horizon = await store.readHorizon(tx);
    const rows = await store.relevantChanges(tx, actor.userId, cursor.position, horizon, limit + 1);
    let position = cursor.position;
    let keyset: Keyset | null = null;
    let budget = limit;
    let hasMore = false;
    const targets: Target[] = [];
    for (const [i, row] of rows.entries()) {
      if (budget === 0) {
        hasMore = true;
        break;
      }
      const root = expansionRoot(row, actor.userId);
      if (root) {
        // The cursor's keyset continues an expansion only if this is the very row it stopped in.
        const resume =
          i === 0 && cursor.keyset && Number(row.seq) === cursor.position.seq + 1 && Number(row.txid) === cursor.position.txid ? cursor.keyset : null;
        const { members, contexts } = await store.subtreeMembers(tx, root, positionOf(row), resume, budget + 1);
        const late = await store.arrivedAfter(tx, members.slice(0, budget), positionOf(row), contexts);
        for (const [type, id] of members.slice(0, budget)) if (!late.has(id)) targets.push({ type, id, op: 'resolve', lost: true });
        if (members.length > budget) {
          // Stop inside this row: the position just before it, plus the last member handed out.
          keyset = members[budget - 1] ?? resume;
          position = { txid: Number(row.txid), seq: Number(row.seq) - 1 };
          hasMore = true;
          break;
        }
        budget -= members.length;
      } else {
        const target = targetOf(row, actor.userId);
        if (target) targets.push(target);
        budget -= 1;
      }
      position = positionOf(row);
    }
    if (!hasMore && rows.length > limit) hasMore = true;
    if (!hasMore) {
      const end = store.endOf(horizon);
      position = laterOf(position, end);
      // Committed changes wait behind an older running transaction: not caught up, ask again soon.
      hasMore = await store.heldBack(tx, actor.userId, position, horizon);
    }
    const items = await resolve(tx, actor.userId, targets);
    return { items, cursor: encodeCursor({ mode: 'log', position, keyset, issuedAt: Date.now() }), hasMore };
  }

  return {
    /** The cursor codec, for tests that need a cursor of a given age. */
    cursors,

    async feed(actor: Actor, query: { cursor?: string; limit: number }): Promise<SyncPage> {
      const cursor = query.cursor !== undefined ? cursors.decode(query.cursor) : null;
      if (cursor && Date.now() - cursor.issuedAt > retentionMs) throw gone();
      return uow.snapshot(async (tx) => {
        if (cursor && comparePositions(cursor.position, await store.readPruned(tx)) < 0) throw gone();
        return !cursor || cursor.mode === 'snapshot' ? snapshotPage(tx, actor, cursor, query.limit) : logPage(tx, actor, cursor, query.limit);
      });
    },

    /** Removes log rows older than the retention; returns how many. Run periodically by the app. */
    async prune(now: Date = new Date()): Promise<number> {
      const cutoff = new Date(now.getTime() - retentionMs).toISOString();
      return uow.write((tx) => store.pruneBefore(tx, cutoff));
    },
  };
}

export type SyncService = ReturnType<typeof createSyncService>;
