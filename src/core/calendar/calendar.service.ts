/**
 * Calendar collections and the iCalendar objects kept beside tasks and events (D17), for the CalDAV
 * door. The core never reads iCalendar: it keeps the door's text with the columns REPORTs query,
 * says which records need their text (re)written, and reads sync tokens off the one change log.
 * Who sees which collection comes from core/access; writes of records go through the tasks and
 * events use cases, which the door calls inside `writeWithObject` so record and text commit together.
 */
import type { Db, Executor } from '../../db/database.js';
import { holdUntilCommit, LOCK_SPACES } from '../../db/locks.js';
import { unitOfWork } from '../../db/unit-of-work.js';
import { contextPermissions } from '../access/access.store.js';
import type { Permission } from '../access/policy.js';
import type { Actor } from '../actor.js';
import { comparePositions, laterOf } from '../changes/cursor.js';
import { readHorizon, readPruned } from '../changes/sync.store.js';
import { toContext, type Context } from '../contexts/context.js';
import { getContext } from '../contexts/contexts.store.js';
import { DomainError, notFound } from '../errors.js';
import { editableValues as eventValues } from '../events/event.js';
import { editableValues as taskValues } from '../tasks/task.js';
import type { TaskPriority, TaskStatus } from '../tasks/task.js';
import type { RsvpStatus } from '../events/event.js';
import * as drafts from '../versioning/drafts.js';
import { versionState } from '../versioning/versioned-record.js';
import * as store from './calendar.store.js';
import * as collectionChanges from './collection-changes.store.js';
import { decodeSyncToken, decodeToken, encodeSyncToken, encodeToken, invalidToken } from './sync-tokens.js';
import * as slugStore from './slugs.store.js';
import { calendarTrash } from './trash.js';
import { attendedIds } from './attending.store.js';
import * as formerNames from './former-names.store.js';
import type { EventsTable, TasksTable } from '../../db/schema.js';

export type Kind = store.Kind;
export type CalendarObject = store.ObjectRow;
export type ObjectSummary = store.ObjectSummary;
export type ObjectQuery = store.ObjectQuery;

export interface Collection {
  kind: Kind;
  /** null: the owner's records in no context ("personal"). */
  contextId: string | null;
  ownerId: string;
  permission: Permission;
  context: Context | null;
  /** The URL segment the client chose with MKCALENDAR, and the kind it chose it for. */
  slug: { slug: string; kind: Kind } | null;
  /** The read-only collection of events the owner sees only as an attendee (contextId null). */
  attending?: boolean;
}

interface RecordBase {
  id: string;
  user_id: string;
  context_id: string | null;
  version: number;
  created_at: string;
  updated_at: string;
}
/** A task's published state (CalDAV never shows drafts, D8). */
export interface PublishedTask extends RecordBase {
  kind: 'task';
  title: string;
  description: string | null;
  status: TaskStatus;
  priority: TaskPriority;
  due_date: string | null;
  completed_at: string | null;
}
export interface PublishedEvent extends RecordBase {
  kind: 'event';
  title: string;
  description: string | null;
  start_time: string;
  end_time: string;
  location: string | null;
  all_day: boolean;
  /** Attendees are not versioned: shown as they are now. */
  attendees: Array<{ email: string; rsvp_status: RsvpStatus }>;
}
export type PublishedRecord = PublishedTask | PublishedEvent;

export interface SyncAnswer {
  /** Members that changed (or all of them for an initial sync). */
  changed: ObjectSummary[];
  /** Records that were deleted or left the collection: their last resource names. */
  removed: string[];
  token: string;
}

const STALE_BATCH = 500;

function published(kind: Kind, row: store.RecordRow): PublishedRecord {
  const values = drafts.publishedValues(kind === 'task' ? taskValues(row as TasksTable) : eventValues(row as EventsTable), versionState(row));
  const base = {
    id: row.id,
    user_id: row.user_id,
    context_id: row.context_id,
    version: row.version_major,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
  return { ...base, kind, ...values } as PublishedRecord;
}

export function createCalendarService(db: Db) {
  const uow = unitOfWork(db);
  const trash = calendarTrash(uow);
  const placeOf = (c: Collection): store.Place => ({ contextId: c.contextId, ownerId: c.ownerId, attending: c.attending });
  const freshKey = (c: Collection) => `${c.kind}:${c.contextId ?? `${c.attending ? 'attending' : 'personal'}:${c.ownerId}`}`;
  const attendingOf = (actor: Actor): Collection => ({
    kind: 'event',
    contextId: null,
    ownerId: actor.userId,
    permission: 'read',
    context: null,
    slug: null,
    attending: true,
  });

  /** Where the collection stands in the change log: its latest relevant change (`now`), and what that was read against. */
  async function standing(tx: Executor, c: Collection) {
    const horizon = await readHorizon(tx);
    const chain = c.contextId ? await collectionChanges.chainOf(tx, c.contextId) : [];
    const pruned = await readPruned(tx);
    const now = await collectionChanges.lastPosition(tx, c.kind, placeOf(c), chain, horizon, pruned);
    return { horizon, chain, pruned, now };
  }

  return {
    /** The actor's collections: the personal pair, then two per visible context (by name). */
    async home(actor: Actor): Promise<Collection[]> {
      const contexts = await uow.read((q) => store.visibleContexts(q, actor.userId));
      const perms = await uow.read((q) =>
        contextPermissions(
          q,
          actor.userId,
          contexts.map((c) => c.id),
        ),
      );
      const slugs = new Map((await uow.read((q) => slugStore.slugsOf(q, actor.userId))).map((s) => [s.context_id, s]));
      const out: Collection[] = (['task', 'event'] as const).map((kind) => ({
        kind,
        contextId: null,
        ownerId: actor.userId,
        permission: 'owner' as Permission,
        context: null,
        slug: null,
      }));
      out.push(attendingOf(actor));
      for (const c of contexts) {
        const s = slugs.get(c.id);
        for (const kind of ['task', 'event'] as const) {
          out.push({
            kind,
            contextId: c.id,
            ownerId: c.user_id,
            permission: perms.get(c.id) ?? 'none',
            context: toContext(c),
            slug: s ? { slug: s.slug, kind: s.record_type } : null,
          });
        }
      }
      return out.filter((c) => c.permission !== 'none');
    },

    /** The actor's collection of events they see only as an attendee (read-only). */
    attending: attendingOf,

    /** One collection; 404 when the actor cannot see its context. */
    async collection(actor: Actor, contextId: string | null, kind: Kind): Promise<Collection> {
      if (!contextId) return { kind, contextId: null, ownerId: actor.userId, permission: 'owner', context: null, slug: null };
      const row = await uow.read((q) => getContext(q, contextId));
      const perm = row ? ((await uow.read((q) => contextPermissions(q, actor.userId, [contextId]))).get(contextId) ?? 'none') : 'none';
      if (!row || perm === 'none') throw notFound('Collection');
      const s = (await uow.read((q) => slugStore.slugsOf(q, actor.userId))).find((x) => x.context_id === contextId);
      return { kind, contextId, ownerId: row.user_id, permission: perm, context: toContext(row), slug: s ? { slug: s.slug, kind: s.record_type } : null };
    },

    /** The context a slug of the actor's names, if any. */
    async contextForSlug(actor: Actor, slug: string) {
      const row = await uow.read((q) => slugStore.findSlug(q, actor.userId, slug));
      return row ? { contextId: row.context_id, kind: row.record_type } : null;
    },

    /**
     * MKCALENDAR: `work` creates the context through the contexts use case, and the URL segment
     * the client chose is kept with it, in one commit.
     */
    async makeCollection(actor: Actor, slug: string, kind: Kind, work: () => Promise<{ id: string }>): Promise<string> {
      return uow.write(async (tx) => {
        await slugStore.dropSlugIfOrphan(tx, actor.userId, slug);
        if (await slugStore.findSlug(tx, actor.userId, slug)) throw new DomainError('conflict', 'A collection already has this URL');
        const { id } = await work();
        await slugStore.insertSlug(tx, { context_id: id, user_id: actor.userId, slug, record_type: kind });
        return id;
      });
    },

    /** The collection's sync token (also its ctag): the position of its latest relevant change. */
    async token(c: Collection): Promise<string> {
      return uow.snapshot(async (tx) => encodeToken((await standing(tx, c)).now));
    },

    async objects(c: Collection, q: ObjectQuery = {}): Promise<ObjectSummary[] | CalendarObject[]> {
      return uow.read((r) => store.listObjects(r, c.kind, placeOf(c), q));
    },

    /**
     * Members whose object is missing or older than their published version, with what the door
     * needs to rewrite it; `ids` narrows to those records. Without `ids`, nothing is looked for
     * when the collection's log has not moved since it was last known fresh (`mark` says where
     * it stands now, for `markFresh` once everything is rewritten).
     */
    async stale(c: Collection, ids?: string[]): Promise<{ items: Array<{ record: PublishedRecord; object: CalendarObject | null }>; mark: string | null }> {
      let mark: string | null = null;
      if (!ids) {
        // Only the records the log names since the collection was last known fresh can be stale.
        const found = await uow.snapshot(async (tx) => {
          const { horizon, chain, pruned, now } = await standing(tx, c);
          const known = await store.readFresh(tx, freshKey(c));
          if (!known || comparePositions(known, pruned) < 0) return { now, ids: undefined };
          if (comparePositions(known, now) >= 0) return { now, ids: [] as string[] };
          const rows = await collectionChanges.changesAfter(tx, c.kind, placeOf(c), chain, known, horizon);
          return { now, ids: [...new Set(rows.filter((r) => r.record_type === c.kind).map((r) => r.record_id))] };
        });
        mark = encodeToken(found.now);
        ids = found.ids;
        if (ids && !ids.length) return { items: [], mark };
      }
      const rows = await uow.read((q) => store.staleRecords(q, c.kind, placeOf(c), STALE_BATCH, ids));
      const attendees =
        c.kind === 'event'
          ? await uow.read((q) =>
              store.attendeesOf(
                q,
                rows.map((r) => r.row.id),
              ),
            )
          : new Map();
      const items = rows.map(({ row, object }) => {
        const record = published(c.kind, row);
        if (record.kind === 'event') record.attendees = (attendees.get(row.id) ?? []) as PublishedEvent['attendees'];
        return { record, object };
      });
      return { items, mark };
    },

    /** Records that the collection's objects were up to date as of `mark` (from `stale`). */
    async markFresh(c: Collection, mark: string): Promise<void> {
      await uow.write((tx) => store.writeFresh(tx, freshKey(c), decodeToken(mark)));
    },

    /** Stores objects the door derived from the published records (never replacing a newer one). */
    async refreshObjects(rows: CalendarObject[]): Promise<void> {
      await uow.write((tx) => store.upsertObjects(tx, rows, { ifOlder: true }));
    },

    /**
     * For a write inside `writeWithObject`'s work: the collection's resource `name` and UID `uid`
     * held by this writer alone until commit, the record behind the resource locked against REST
     * edits, then the resource as it stands now. `stale` when its record changed since its text was
     * written (a REST edit): the ETag a client holds for it is outdated, whatever the stored one
     * says. Conditions (If-Match, If-None-Match, the UID's uniqueness) checked on this answer hold
     * at commit (D17; audit 10: checked before the transaction, parallel PUTs all passed).
     */
    async lockResource(
      c: Collection,
      name: string,
      uid: string,
      userId: string,
    ): Promise<{ object: ObjectSummary | null; stale: boolean; sameUid: ObjectSummary[] }> {
      return uow.write(async (tx) => {
        const key = freshKey(c);
        // The UID is also held for the writer across their collections: a move by PUT, or by DELETE
        // and PUT, from two devices at once takes turns (audit 10, A.3).
        await holdUntilCommit(tx, LOCK_SPACES.calendarResources, [`${key}:name:${name}`, `${key}:uid:${uid}`, `${c.kind}:user:${userId}:uid:${uid}`]);
        const [object] = (await store.listObjects(tx, c.kind, placeOf(c), { names: [name] })) as ObjectSummary[];
        let stale = false;
        if (object) {
          await store.lockRecord(tx, c.kind, object.record_id);
          stale = (await store.staleRecords(tx, c.kind, placeOf(c), 1, [object.record_id])).length > 0;
        }
        const sameUid = (await store.listObjects(tx, c.kind, placeOf(c), { uid })) as ObjectSummary[];
        return { object: object ?? null, stale, sameUid };
      });
    },

    /**
     * A record write and its object in one commit: `work` calls the tasks or events use case (which
     * joins this transaction and does its own access checks and change-log rows) and returns the
     * object to keep; when anything throws, neither is stored.
     */
    async writeWithObject<T>(work: () => Promise<{ object: CalendarObject; result: T }>): Promise<T> {
      return uow.write(async (tx) => {
        const { object, result } = await work();
        // A record that arrives under a new name keeps its old one for the old collection's tombstone.
        const [before] = await store.objectsOf(tx, object.record_type, [object.record_id]);
        if (before && before.name !== object.name) await formerNames.keepFormerName(tx, object.record_type, object.record_id, before.name, object.updated_at);
        await store.upsertObjects(tx, [object]);
        return result;
      });
    },

    /** Sync-collection (RFC 6578): everything for an empty token, else what changed after it. */
    async sync(c: Collection, given: string): Promise<SyncAnswer> {
      const held = given ? decodeSyncToken(given) : null;
      return uow.snapshot(async (tx) => {
        const { horizon, chain, pruned, now } = await standing(tx, c);
        // The token never passes the collection's freshness mark (the position up to which the door
        // has written every record's object, `ensureFresh`): a record made or changed through REST
        // after it may still lack its object, or carry its previous one, and must come again under
        // the next token rather than be passed over for good (audit 10: half of a writer's new
        // tasks were, on PostgreSQL, where its writes land between the door's pass and this read).
        const fresh = await store.readFresh(tx, freshKey(c));
        const upTo = fresh && comparePositions(fresh, now) < 0 ? laterOf(fresh, pruned) : now;
        if (!held) return { changed: await store.listObjects(tx, c.kind, placeOf(c)), removed: [], token: encodeSyncToken(upTo, now) };
        const { at: after, seen } = held;
        if (comparePositions(after, pruned) < 0 || comparePositions(seen, now) > 0) throw invalidToken();
        // A token names a change the log holds, or the pruned edge itself (handed out above).
        if (comparePositions(after, pruned) !== 0 && !(await collectionChanges.changeExists(tx, after))) throw invalidToken();
        const rows = await collectionChanges.changesAfter(tx, c.kind, placeOf(c), chain, after, horizon);
        const ids = [...new Set(rows.filter((r) => r.record_type === c.kind).map((r) => r.record_id))];
        // A share of theirs may have moved any event they attend into (or out of) a context they see.
        if (c.attending && rows.some((r) => r.record_type === 'share')) ids.push(...(await attendedIds(tx, c.ownerId)).filter((id) => !ids.includes(id)));
        const present = await store.idsInPlace(tx, c.kind, placeOf(c), ids);
        const objects = new Map((await store.objectsOf(tx, c.kind, ids)).map((o) => [o.record_id, o]));
        const changed: ObjectSummary[] = [];
        const removed: string[] = [];
        const former = await formerNames.formerNames(
          tx,
          c.kind,
          ids.filter((id) => !present.has(id)),
        );
        // A record whose first change after the token brought it here (made, or moved in) after
        // anything the client was told (`seen`) is not in the collection the client holds: gone
        // again, it is left out, not even named (D9a: a collaborator shared in again never learns of
        // what came and went while they were out).
        const cameLater = new Set<string>();
        const first = new Set<string>();
        for (const r of rows) {
          if (r.record_type !== c.kind || first.has(r.record_id)) continue;
          first.add(r.record_id);
          if (r.arrived && !c.attending && comparePositions(r, seen) > 0) cameLater.add(r.record_id);
        }
        for (const id of ids) {
          const o = objects.get(id);
          if (present.has(id)) {
            if (o) changed.push(o);
          } else if (!cameLater.has(id)) {
            // Every name it had: the one this collection's clients hold is among them (others are unknown hrefs, which clients ignore).
            removed.push(...new Set([o?.name ?? `${id}.ics`, ...(former.get(id) ?? [])]));
          }
        }
        return { changed, removed, token: encodeSyncToken(laterOf(upTo, after), now) };
      });
    },

    /** The actor's own record of this kind carrying `uid`, in whichever collection (a move by PUT). */
    async objectByUid(actor: Actor, kind: Kind, uid: string): Promise<CalendarObject | null> {
      return uow.read((q) => store.ownObjectByUid(q, actor.userId, kind, uid));
    },

    recurrenceOf: (kind: Kind, ids: string[]) => uow.read((q) => store.recurrenceOf(q, kind, ids)),

    /** DELETE that a PUT of the same UID by the same user can take back for a while (trash.ts). */
    removeRestorable: trash.removeRestorable,
    restore: trash.restore,

    /**
     * Periodic: deletions past their restore window, then objects no sync can ask for any more and
     * slugs of deleted contexts. Returns objects removed.
     */
    async prune(): Promise<number> {
      await trash.purge();
      await uow.write((tx) => formerNames.pruneFormerNames(tx));
      return uow.write((tx) => store.pruneOrphans(tx));
    },
  };
}

export type CalendarService = ReturnType<typeof createCalendarService>;
