/**
 * The one change log (DECISIONS D19). Every use case that changes a task, event, context, share,
 * comment, assignee or attendee calls `recordChanges` inside its transaction; the sync feed, CalDAV
 * sync tokens and webhooks all read these rows. Stores never write here on their own.
 */
import type { Executor } from '../../db/database.js';
import type { Actor } from '../actor.js';
import { nowIso } from '../ids.js';
import { insertChanges } from './changes.store.js';

export type RecordType = 'task' | 'event' | 'context' | 'share' | 'comment' | 'assignee' | 'attendee';

export interface Change {
  type: RecordType;
  id: string;
  op: 'create' | 'update' | 'delete';
  /** True for edits that only touched a draft: the published state did not move. */
  draft?: boolean;
  version?: string | null;
  contextBefore?: string | null;
  contextAfter?: string | null;
  ownerId?: string | null;
  data?: Record<string, unknown>;
}

export async function recordChanges(tx: Executor, actor: Actor, changes: Change[]): Promise<void> {
  const at = nowIso();
  await insertChanges(tx, changes.map((c) => ({
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
  })));
}
