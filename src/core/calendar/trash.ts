/**
 * A CalDAV DELETE that can be taken back by a move (D17). DAVx5 moves a task between lists as a
 * DELETE in the old collection followed by a PUT of the same UID in the new one; without this the
 * record, its history and comments would be gone by the time the PUT arrives.
 *
 * The deletion is a real one: the row leaves its table, so every list, search, access check, sync
 * feed, CalDAV sync and webhook sees a deletion, and nobody can reach the record. What it removed
 * is kept aside for RESTORE_WINDOW_MS. A PUT of the same UID by the same user who deleted it, into
 * a collection they may write (create_inside, D9a; the DELETE already needed the delete right at
 * the source), within that window, writes the record back there with the same id, versions,
 * comments, assignees and attendees, logged as the record's creation (`data.restored`). Anyone
 * else's PUT of that UID, or one after the window, makes a new record as before.
 */
import type { UnitOfWork } from '../../db/unit-of-work.js';
import { requireAccess } from '../access/require-access.js';
import type { Actor } from '../actor.js';
import { recordCreated } from '../changes/change.js';
import { recordChanges } from '../changes/change-log.js';
import type { Kind } from './calendar.store.js';
import * as store from './trash.store.js';

/**
 * How long a CalDAV deletion can be taken back. DAVx5 uploads a move's two halves in one sync run,
 * seconds apart; a run cut off between them is retried at the next sync (every 15 minutes to a day,
 * as the user set it). A day covers that and keeps deleted data no longer than needed.
 */
const RESTORE_WINDOW_MS = 24 * 3_600_000;

export function calendarTrash(uow: UnitOfWork) {
  return {
    /**
     * DELETE of a calendar object: `work` deletes the record through its use case (access check,
     * change-log row) in this transaction; what it removed is kept for the window.
     */
    async removeRestorable(actor: Actor, kind: Kind, recordId: string, uid: string, work: () => Promise<void>): Promise<void> {
      await uow.write(async (tx) => {
        const kept = await store.capture(tx, kind, recordId);
        await work();
        if (kept)
          await store.keep(tx, {
            record_type: kind,
            record_id: recordId,
            uid,
            deleted_by: actor.userId,
            deleted_at: new Date().toISOString(),
            payload: JSON.stringify(kept),
          });
      });
    },

    /**
     * The record this actor deleted with this UID within the window, written back into the
     * collection's context (null: the actor's records in no context, only for their own record).
     * Null when there is none to restore; 403/404 when the actor may not write the target.
     * Returns the record id and the text it was stored with.
     */
    async restore(
      actor: Actor,
      kind: Kind,
      uid: string,
      contextId: string | null,
      now = Date.now(),
    ): Promise<{ recordId: string; ical: string | null } | null> {
      return uow.write(async (tx) => {
        const entry = await store.findRestorable(tx, actor.userId, kind, uid, new Date(now - RESTORE_WINDOW_MS).toISOString());
        if (!entry) return null;
        const payload = JSON.parse(entry.payload) as store.TrashPayload;
        if (contextId) await requireAccess(tx, actor, 'create_inside', 'context', [contextId]);
        // A personal collection holds the actor's own records only.
        else if (payload.row.user_id !== actor.userId) return null;
        if (!(await store.reinsert(tx, kind, payload, contextId))) return null;
        await store.drop(tx, kind, entry.record_id);
        await recordChanges(tx, actor, [recordCreated(kind, { ...payload.row, context_id: contextId }, { restored: true })]);
        return { recordId: entry.record_id, ical: payload.ical };
      });
    },

    /** Periodic: entries past the window. */
    purge: (now = Date.now()) => uow.write((tx) => store.purge(tx, new Date(now - RESTORE_WINDOW_MS).toISOString())),
  };
}
