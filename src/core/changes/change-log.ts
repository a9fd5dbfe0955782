/**
 * The one change log (DECISIONS D19). Every use case that changes a task, event, context, share,
 * comment, assignee or attendee calls `recordChanges` inside its unit of work, with changes built by
 * the constructors in change.ts; the sync feed, CalDAV sync tokens and webhooks all read these rows.
 * Stores never write here on their own.
 */
import type { Tx } from '../../db/database.js';
import type { Actor } from '../actor.js';
import { nowIso } from '../ids.js';
import type { Change } from './change.js';
import { attendeeAudience, contextAudience, enteredAt, insertChanges } from './changes.store.js';

const leavesPlace = (c: Change) =>
  (c.type === 'task' || c.type === 'event' || c.type === 'context') &&
  (c.op === 'delete' || (c.op === 'update' && (c.contextBefore ?? null) !== (c.contextAfter ?? null)));

const contextsOf = (c: Change) => [c.contextBefore, c.type === 'context' ? c.id : null].filter((x): x is string => !!x);

/**
 * Deletions and moves remember who could see the record just before, so that a tombstone or an
 * access_lost reaches them even once the context (and its shares) no longer says so. One query per
 * distinct context among the changes, one for all events' attendees.
 */
async function fillAudiences(tx: Tx, changes: Change[]): Promise<Change[]> {
  const pending = changes.filter((c) => leavesPlace(c) && !c.audience);
  if (!pending.length) return changes;
  const byContexts = new Map<string, Awaited<ReturnType<typeof contextAudience>>>();
  for (const c of pending) {
    const key = contextsOf(c).sort().join(',');
    if (!byContexts.has(key)) byContexts.set(key, await contextAudience(tx, contextsOf(c)));
  }
  const attendees = await attendeeAudience(
    tx,
    pending.filter((c) => c.type === 'event').map((c) => c.id),
  );
  const arrived = await enteredAt(
    tx,
    pending.map((c) => c.id),
  );
  return changes.map((c) => {
    if (!pending.includes(c)) return c;
    const { current, former } = byContexts.get(contextsOf(c).sort().join(','))!;
    // A former collaborator hears of the record only if it was there before they were removed (D9a).
    const since = arrived.get(c.id) ?? 0;
    const removedAfter = [...former].filter(([, seq]) => seq > since).map(([user]) => user);
    const users = new Set([...current, ...removedAfter, ...(attendees.get(c.id) ?? [])]);
    if (c.ownerId) users.delete(c.ownerId); // the owner is matched by owner_id already
    return { ...c, audience: [...users] };
  });
}

/**
 * For use cases that are about to delete what an audience is computed from (a context subtree with
 * its shares, an event with its attendees): call before deleting, pass the result to recordChanges.
 */
export const withAudience = fillAudiences;

export async function recordChanges(tx: Tx, actor: Actor, changes: Change[]): Promise<void> {
  const at = nowIso();
  const rows = [];
  for (const c of await fillAudiences(tx, changes)) {
    const audience = leavesPlace(c) ? [...new Set(c.audience ?? [])] : null;
    rows.push({
      record_type: c.type,
      record_id: c.id,
      op: c.op,
      draft: c.draft ? 1 : 0,
      version: c.version ?? null,
      context_before: c.contextBefore ?? null,
      context_after: c.contextAfter ?? null,
      owner_id: c.ownerId ?? null,
      data: c.data ? JSON.stringify(c.data) : null,
      actor_id: actor.userId,
      created_at: at,
      subject_user_id: c.subjectUserId ?? null,
      parent_id: c.parentId ?? null,
      audience: audience ? JSON.stringify(audience) : null,
    });
  }
  await insertChanges(tx, rows);
}
