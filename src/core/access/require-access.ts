/**
 * The one question every use case (and so every door) asks: may this actor take this action on
 * these records? Set-based: any number of records costs one query for their contexts' permissions
 * and, for events, one for attendance. The rules themselves are the table in policy.ts.
 */
import type { Executor } from '../../db/database.js';
import type { Actor } from '../actor.js';
import { attendedEvents, contextPermissions, placements, recordPermissions, type PlacedKind } from './access.store.js';
import { authorize, type Action, type Permission } from './policy.js';

export interface PlacedRecord {
  id: string;
  user_id: string;
  context_id: string | null;
}

export type AccessKind = PlacedKind | 'context';

const LABEL: Record<AccessKind, string> = { task: 'Task', event: 'Event', context: 'Context' };

/**
 * The caller's permission on each record: as owner of the record (while they can reach its
 * context), else what they hold on its context (ownership of its tree, or a share on it or an
 * ancestor), else, for an event they attend, read (D9, D9a).
 */
export async function permissionsOn(db: Executor, userId: string, kind: PlacedKind, rows: PlacedRecord[]): Promise<Map<string, Permission>> {
  const held = await recordPermissions(db, userId, rows);
  const result = new Map(rows.map((r, i) => [r.id, held[i]]));
  if (kind === 'event') {
    const unseen = rows.filter((r) => result.get(r.id) === 'none').map((r) => r.id);
    for (const id of await attendedEvents(db, userId, unseen)) result.set(id, 'read');
  }
  return result;
}

/**
 * Throws not_found for a record the actor cannot see (or that does not exist) and forbidden for one
 * they see but may not act on; returns each record's permission. `rows` may be records already
 * loaded (no second read) or ids.
 */
export async function requireAccess(
  db: Executor,
  actor: Actor,
  action: Action,
  kind: AccessKind,
  records: string[] | PlacedRecord[],
  opts: { self?: boolean } = {},
): Promise<Map<string, Permission>> {
  const byId = typeof records[0] === 'string';
  const ids = byId ? (records as string[]) : (records as PlacedRecord[]).map((r) => r.id);
  let held: Map<string, Permission>;
  if (kind === 'context') held = await contextPermissions(db, actor.userId, ids);
  else held = await permissionsOn(db, actor.userId, kind, byId ? await placements(db, kind, ids) : (records as PlacedRecord[]));
  for (const id of ids) authorize(held.get(id) ?? 'none', action, LABEL[kind], opts);
  return held;
}
