/** Comments on tasks and events: not versioned, visible at once (D8); writing needs write access (D9). */
import type { Db, Executor } from '../../db/database.js';
import type { CommentsTable } from '../../db/schema.js';
import { unitOfWork } from '../../db/unit-of-work.js';
import { atLeast, type Action, type Permission } from '../access/policy.js';
import type { Actor } from '../actor.js';
import { commentChanged } from '../changes/change.js';
import { recordChanges } from '../changes/change-log.js';
import { forbidden, invalid, notFound } from '../errors.js';
import { isUuid, newId, nowIso, timestampMs } from '../ids.js';
import type { Page, PageRequest } from '../lists.js';
import * as store from './comments.store.js';

export type ParentType = store.ParentType;

/** How to load a parent record with an access check; supplied by the tasks and events services. */
export type ParentLoader = (
  tx: Executor,
  actor: Actor,
  id: string,
  action: Action,
) => Promise<{ row: { id: string; user_id: string; context_id: string | null }; perm: Permission }>;

export interface Comment {
  id: string;
  task_id?: string;
  event_id?: string;
  user_id: string;
  message: string;
  created_at: string;
  updated_at: string;
}

/** What a client writes; `user_id` may be echoed back but names the author, who is the caller (D3). */
export interface CommentInput {
  message: string;
  user_id?: string;
}

const toComment = (row: CommentsTable): Comment => ({
  id: row.id,
  ...(row.task_id ? { task_id: row.task_id } : { event_id: row.event_id! }),
  user_id: row.user_id,
  message: row.message,
  created_at: row.created_at,
  updated_at: row.updated_at,
});

/**
 * A comment is named by its id or, as the SPEC has it, by its `created_at` (any offset naming the
 * same instant). Two comments made in the same millisecond share it: the caller's own is taken,
 * then the lowest id, so the same request always reaches the same comment.
 */
function findComment(q: Executor, actor: Actor, type: ParentType, parentId: string, key: string) {
  if (isUuid(key)) return store.getComment(q, type, parentId, key.toLowerCase());
  const at = timestampMs(key);
  return at === null ? Promise.resolve(undefined) : store.findCommentsAt(q, type, parentId, new Date(at).toISOString(), actor.userId);
}

export function createCommentsService(db: Db, parents: Record<ParentType, ParentLoader>) {
  const uow = unitOfWork(db);
  const checkMessage = (message: string) => {
    const trimmed = message.trim();
    if (!trimmed) throw invalid('message', 'minLength', 'message must not be blank');
    return trimmed;
  };

  return {
    async create(actor: Actor, type: ParentType, parentId: string, input: CommentInput): Promise<Comment> {
      const text = checkMessage(input.message);
      return uow.write(async (tx) => {
        const { row: parent } = await parents[type](tx, actor, parentId, 'comment');
        // After the parent is known visible: a stranger learns nothing from the 403 (D3).
        if (input.user_id !== undefined && input.user_id !== actor.userId) throw forbidden('user_id is always the caller');
        const at = nowIso();
        const row: CommentsTable = {
          id: newId(),
          task_id: type === 'task' ? parentId : null,
          event_id: type === 'event' ? parentId : null,
          user_id: actor.userId,
          message: text,
          created_at: at,
          updated_at: at,
        };
        await store.insertComment(tx, row);
        await recordChanges(tx, actor, [commentChanged('create', row.id, type, parent, text)]);
        return toComment(row);
      });
    },

    async list(actor: Actor, type: ParentType, parentId: string, page: PageRequest): Promise<Page<Comment>> {
      const { rows, total } = await uow.read(async (q) => {
        await parents[type](q, actor, parentId, 'read');
        return store.listComments(q, type, parentId, page);
      });
      return { items: rows.map(toComment), total, ...page };
    },

    /** Only the author edits a comment. */
    async update(actor: Actor, type: ParentType, parentId: string, key: string, input: CommentInput): Promise<Comment> {
      const text = checkMessage(input.message);
      return uow.write(async (tx) => {
        const { row: parent } = await parents[type](tx, actor, parentId, 'read');
        const row = await findComment(tx, actor, type, parentId, key);
        if (!row) throw notFound('Comment');
        if (row.user_id !== actor.userId) throw forbidden('Only the author can edit a comment');
        if (input.user_id !== undefined && input.user_id !== row.user_id) throw forbidden('The author of a comment cannot be changed');
        const at = nowIso();
        await store.updateComment(tx, row.id, text, at);
        await recordChanges(tx, actor, [commentChanged('update', row.id, type, parent)]);
        return toComment({ ...row, message: text, updated_at: at });
      });
    },

    /** The author deletes a comment; so may whoever may delete the record itself (moderation). */
    async remove(actor: Actor, type: ParentType, parentId: string, key: string): Promise<void> {
      await uow.write(async (tx) => {
        const { row: parent, perm } = await parents[type](tx, actor, parentId, 'read');
        const row = await findComment(tx, actor, type, parentId, key);
        if (!row) throw notFound('Comment');
        if (row.user_id !== actor.userId && !atLeast(perm, 'admin')) throw forbidden('Only the author, or whoever may delete the record, can delete a comment');
        await store.deleteComment(tx, row.id);
        await recordChanges(tx, actor, [commentChanged('delete', row.id, type, parent)]);
      });
    },
  };
}

export type CommentsService = ReturnType<typeof createCommentsService>;
