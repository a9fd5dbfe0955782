/** Contexts: nestable, shareable workspaces (SPEC Contexts, D9, D10). */
import type { Db, Executor } from '../../db/database.js';
import type { ContextsTable } from '../../db/schema.js';
import { inTransaction } from '../../db/transaction.js';
import { contextPermission, contextPermissions, recordPermissions } from '../access/access.store.js';
import { authorize, authorizeCascade, type Action, type Permission } from '../access/policy.js';
import type { Actor } from '../actor.js';
import { recordChanges, withAudience, type Change } from '../changes/change-log.js';
import { conflict, forbidden, unprocessable } from '../errors.js';
import { newId, nowIso } from '../ids.js';
import type { Page, PageRequest, SortKey } from '../lists.js';
import { MAX_DEPTH, normalizeContext, toContext, type Context, type ContextInput, type ContextSortField } from './context.js';
import * as store from './contexts.store.js';

export interface ContextListQuery {
  parentId?: string | null;
  sort: SortKey<ContextSortField>[];
  page: PageRequest;
}

const tooDeep = () => unprocessable('parent_context_id', 'max_depth', `Contexts nest at most ${MAX_DEPTH} levels deep`);

export function createContextsService(db: Db) {
  /** Loads a context and checks the caller may do `action` to it (404 for strangers). */
  async function loadFor(tx: Executor, actor: Actor, id: string, action: Action, opts: { self?: boolean } = {}) {
    const row = await store.getContext(tx, id, { lock: action !== 'read' });
    const perm: Permission = row ? await contextPermission(tx, actor.userId, id) : 'none';
    authorize(perm, action, 'Context', opts);
    return { row: row!, perm };
  }

  /** The level a child of `parentId` would have (1 for top-level). */
  async function levelBelow(tx: Executor, parentId: string | null) {
    return parentId ? (await store.ancestry(tx, parentId)).length + 1 : 1;
  }

  return {
    loadFor,

    async list(actor: Actor, q: ContextListQuery): Promise<Page<Context>> {
      const { rows, total } = await store.listVisibleContexts(db, actor.userId, q.parentId, q.sort, q.page);
      return { items: rows.map(toContext), total, ...q.page };
    },

    async get(actor: Actor, id: string): Promise<Context> {
      return toContext((await loadFor(db, actor, id, 'read')).row);
    },

    async create(actor: Actor, input: ContextInput & { name: string }): Promise<Context> {
      if (input.user_id !== undefined && input.user_id !== actor.userId) throw forbidden('user_id is always the caller');
      const fields = normalizeContext(input);
      return inTransaction(db, async (tx) => {
        const parentId = input.parent_context_id ?? null;
        if (parentId) {
          await loadFor(tx, actor, parentId, 'create_inside');
          if ((await levelBelow(tx, parentId)) > MAX_DEPTH) throw tooDeep();
        }
        const at = nowIso();
        const row: ContextsTable = {
          id: newId(), user_id: actor.userId, parent_context_id: parentId,
          name: fields.name!, description: fields.description ?? null, color: fields.color ?? null,
          created_at: at, updated_at: at,
        };
        await store.insertContext(tx, row);
        await recordChanges(tx, actor, [{ type: 'context', id: row.id, op: 'create', contextAfter: parentId, ownerId: row.user_id }]);
        return toContext(row);
      });
    },

    /**
     * PUT and PATCH: any subset of fields. Editing needs write; moving (parent_context_id) changes
     * who inherits access below it, so only the tree's owner moves it, into a tree they own (D9a).
     */
    async update(actor: Actor, id: string, input: ContextInput): Promise<Context> {
      const fields = normalizeContext(input);
      return inTransaction(db, async (tx) => {
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
        await recordChanges(tx, actor, [{
          type: 'context', id, op: 'update', contextBefore: row.parent_context_id, contextAfter: updated.parent_context_id,
          ownerId: row.user_id, data: { changed: Object.keys(patch).filter((k) => k !== 'updated_at') },
        }]);
        return toContext(updated);
      });
    },

    /** 409 while it holds contexts, tasks or events, unless `cascade`, which deletes the whole subtree. */
    async remove(actor: Actor, id: string, opts: { cascade?: boolean } = {}): Promise<void> {
      await inTransaction(db, async (tx) => {
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
        const owners = new Map<string, string>(contents.tasks.map((t) => [t.id, t.user_id]));
        for (const e of contents.events) owners.set(e.id, e.user_id);
        const contextOf = new Map<string, string | null>([...contents.tasks, ...contents.events].map((r) => [r.id, r.context_id]));
        const changes: Change[] = [
          ...contents.comments.map((c): Change => {
            const parent = (c.task_id ?? c.event_id)!;
            return { type: 'comment', id: c.id, op: 'delete', contextBefore: contextOf.get(parent), ownerId: owners.get(parent), data: { parent_type: c.task_id ? 'task' : 'event', parent_id: parent } };
          }),
          ...contents.assignees.map((a): Change => ({ type: 'assignee', id: `${a.task_id}:${a.user_id}`, op: 'delete', contextBefore: contextOf.get(a.task_id), ownerId: owners.get(a.task_id), data: { task_id: a.task_id, user_id: a.user_id } })),
          ...contents.attendees.map((a): Change => ({ type: 'attendee', id: `${a.event_id}:${a.email}`, op: 'delete', contextBefore: contextOf.get(a.event_id), ownerId: owners.get(a.event_id), data: { event_id: a.event_id, email: a.email } })),
          ...contents.tasks.map((t): Change => ({ type: 'task', id: t.id, op: 'delete', version: `${t.version_major}.${t.version_minor}`, contextBefore: t.context_id, ownerId: t.user_id })),
          ...contents.events.map((e): Change => ({ type: 'event', id: e.id, op: 'delete', version: `${e.version_major}.${e.version_minor}`, contextBefore: e.context_id, ownerId: e.user_id })),
          ...contents.shares.map((s): Change => ({ type: 'share', id: `${s.context_id}:${s.user_id}`, op: 'delete', contextBefore: s.context_id, ownerId: row.user_id, data: { context_id: s.context_id, user_id: s.user_id } })),
          ...[...below].sort((a, b) => b.depth - a.depth).map((c): Change => ({ type: 'context', id: c.id, op: 'delete', contextBefore: c.parent_context_id, ownerId: c.user_id })),
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
