/** Contexts: nestable, shareable workspaces (SPEC Contexts, D9, D10). */
import type { Db, Executor } from '../../db/database.js';
import type { ContextsTable } from '../../db/schema.js';
import { unitOfWork } from '../../db/unit-of-work.js';
import { contextPermissions, recordPermissions } from '../access/access.store.js';
import { authorizeCascade, type Action, type Permission } from '../access/policy.js';
import { requireAccess } from '../access/require-access.js';
import type { Actor } from '../actor.js';
import {
  assigneeRemoved,
  attendeeRemoved,
  commentChanged,
  contextCreated,
  contextDeleted,
  contextUpdated,
  recordDeleted,
  shareRemoved,
  type Change,
} from '../changes/change.js';
import { recordChanges, withAudience } from '../changes/change-log.js';
import { conflict, forbidden, unprocessable } from '../errors.js';
import { newId, nowIso } from '../ids.js';
import type { Page, PageRequest, SortKey } from '../lists.js';
import { MAX_DEPTH, normalizeContext, toContext, type Context, type ContextInput, type ContextSortField } from './context.js';
import * as store from './contexts.store.js';

export interface ContextListQuery {
  parentId?: string | null;
  /** Defaults to newest first (D11). */
  sort?: SortKey<ContextSortField>[];
  page: PageRequest;
}

const tooDeep = () => unprocessable('parent_context_id', 'max_depth', `Contexts nest at most ${MAX_DEPTH} levels deep`);

export function createContextsService(db: Db) {
  const uow = unitOfWork(db);

  /** Loads a context and checks the caller may do `action` to it (404 for strangers). */
  async function loadFor(q: Executor, actor: Actor, id: string, action: Action, opts: { self?: boolean } = {}) {
    const row = await store.getContext(q, id, { lock: action !== 'read' });
    // A missing context holds no permission, so the check answers 404 for it as for a stranger.
    const perm: Permission = (await requireAccess(q, actor, action, 'context', [id], opts)).get(id)!;
    return { row: row!, perm };
  }

  /** The level a child of `parentId` would have (1 for top-level). */
  async function levelBelow(tx: Executor, parentId: string | null) {
    return parentId ? (await store.ancestry(tx, parentId)).length + 1 : 1;
  }

  return {
    loadFor,

    async list(actor: Actor, q: ContextListQuery): Promise<Page<Context>> {
      const sort = q.sort ?? [{ field: 'created_at', desc: true }];
      const { rows, total } = await uow.read((db) => store.listVisibleContexts(db, actor.userId, q.parentId, sort, q.page));
      return { items: rows.map(toContext), total, ...q.page };
    },

    async get(actor: Actor, id: string): Promise<Context> {
      return toContext((await uow.read((q) => loadFor(q, actor, id, 'read'))).row);
    },

    async create(actor: Actor, input: ContextInput & { name: string }): Promise<Context> {
      if (input.user_id !== undefined && input.user_id !== actor.userId) throw forbidden('user_id is always the caller');
      const fields = normalizeContext(input);
      return uow.write(async (tx) => {
        const parentId = input.parent_context_id ?? null;
        if (parentId) {
          await store.lockTreeShapes(tx);
          await loadFor(tx, actor, parentId, 'create_inside');
          if ((await levelBelow(tx, parentId)) > MAX_DEPTH) throw tooDeep();
        }
        const at = nowIso();
        const row: ContextsTable = {
          id: newId(),
          user_id: actor.userId,
          parent_context_id: parentId,
          name: fields.name!,
          description: fields.description ?? null,
          color: fields.color ?? null,
          created_at: at,
          updated_at: at,
        };
        await store.insertContext(tx, row);
        await recordChanges(tx, actor, [contextCreated(row)]);
        return toContext(row);
      });
    },

    /**
     * PUT and PATCH: any subset of fields. Editing needs write; moving (parent_context_id) changes
     * who inherits access below it, so only the tree's owner moves it, into a tree they own (D9a).
     */
    async update(actor: Actor, id: string, input: ContextInput): Promise<Context> {
      const fields = normalizeContext(input);
      return uow.write(async (tx) => {
        // Before any row lock a check takes: a move waiting for the lock while holding one deadlocks.
        if (input.parent_context_id !== undefined) await store.lockTreeShapes(tx);
        const { row } = await loadFor(tx, actor, id, 'update');
        if (input.user_id !== undefined && input.user_id !== row.user_id) throw forbidden('The owner of a context cannot be changed');
        const patch: Partial<ContextsTable> = { ...fields };
        const target = input.parent_context_id;
        if (target !== undefined && target !== row.parent_context_id) {
          await loadFor(tx, actor, id, 'move_context');
          if (target) {
            await loadFor(tx, actor, target, 'move_context_into');
            const below = await store.subtree(tx, id);
            if (below.some((c) => c.id === target)) {
              throw unprocessable('parent_context_id', 'cycle', 'A context cannot move into itself or its own sub-contexts');
            }
            const height = Math.max(...below.map((c) => c.depth)) + 1;
            if ((await levelBelow(tx, target)) + height - 1 > MAX_DEPTH) throw tooDeep();
          }
          patch.parent_context_id = target;
        }
        patch.updated_at = nowIso();
        await store.updateContext(tx, id, patch);
        const updated = { ...row, ...patch } as ContextsTable;
        await recordChanges(tx, actor, [
          contextUpdated(
            row,
            updated,
            Object.keys(patch).filter((k) => k !== 'updated_at'),
          ),
        ]);
        return toContext(updated);
      });
    },

    /** 409 while it holds contexts, tasks or events, unless `cascade`, which deletes the whole subtree. */
    async remove(actor: Actor, id: string, opts: { cascade?: boolean } = {}): Promise<void> {
      await uow.write(async (tx) => {
        // A deletion changes tree shapes too: one at a time with moves, makes and other deletions.
        await store.lockTreeShapes(tx);
        const { row } = await loadFor(tx, actor, id, 'delete_context');
        if (!opts.cascade && (await store.holdsAnything(tx, id))) {
          throw conflict('The context still holds contexts, tasks or events; delete them first or use ?cascade=true');
        }
        const below = await store.subtree(tx, id);
        const ids = below.map((c) => c.id);
        const contents = await store.subtreeContents(tx, ids);
        const contextPerms = await contextPermissions(tx, actor.userId, ids);
        authorizeCascade([...contextPerms.values()], await recordPermissions(tx, actor.userId, [...contents.tasks, ...contents.events]));
        const maxDepth = Math.max(...below.map((c) => c.depth));
        const levels = Array.from({ length: maxDepth + 1 }, (_, d) => below.filter((c) => c.depth === maxDepth - d).map((c) => c.id));
        const parents = new Map([...contents.tasks, ...contents.events].map((r) => [r.id, { id: r.id, user_id: r.user_id, context_id: r.context_id }]));
        const changes: Change[] = [
          ...contents.comments.map((c) =>
            c.task_id ? commentChanged('delete', c.id, 'task', parents.get(c.task_id)!) : commentChanged('delete', c.id, 'event', parents.get(c.event_id!)!),
          ),
          ...contents.assignees.map((a) => assigneeRemoved(parents.get(a.task_id)!, a.user_id)),
          ...contents.attendees.map((a) => attendeeRemoved(parents.get(a.event_id)!, a)),
          ...contents.tasks.map((t) => recordDeleted('task', t)),
          ...contents.events.map((e) => recordDeleted('event', e)),
          ...contents.shares.map((s) => shareRemoved({ id: s.context_id, user_id: row.user_id }, s.user_id)),
          ...[...below].sort((a, b) => b.depth - a.depth).map(contextDeleted),
        ];
        // Who could see each record is worked out before its context and shares are gone (sync tombstones).
        const logged = await withAudience(tx, changes);
        await store.deleteSubtree(tx, levels);
        await recordChanges(tx, actor, logged);
      });
    },
  };
}

export type ContextsService = ReturnType<typeof createContextsService>;
