import type { Db, Executor } from '../../db/database.js';
import type { TasksTable } from '../../db/schema.js';
import { inTransaction } from '../../db/transaction.js';
import { contextPermission, recordPermission } from '../access/access.store.js';
import { authorize, type Permission } from '../access/policy.js';
import type { Actor } from '../actor.js';
import { recordChanges } from '../changes/change-log.js';
import { atIndex, forbidden, invalid, notFound } from '../errors.js';
import { newId, nowIso, toIso } from '../ids.js';
import type { Page, PageRequest, SortKey } from '../lists.js';
import * as drafts from '../versioning/drafts.js';
import { versionedWrites } from '../versioning/versioned-record.js';
import { deleteVersions } from '../versioning/versions.store.js';
import {
  checkTransition, editableColumns, editableValues, statusCode, toTask,
  type Task, type TaskPriority, type TaskStatus,
} from './task.js';
import * as store from './tasks.store.js';

export interface TaskInput {
  title?: string;
  description?: string | null;
  status?: TaskStatus;
  priority?: TaskPriority;
  due_date?: string | null;
  estimated_minutes?: number | null;
  context_id?: string | null;
  user_id?: string;
}

/** Set only by the email door: where an item came from. */
export interface Provenance {
  source: 'email';
  source_email_id: string;
  extraction_confidence: number;
}

export interface TaskListQuery {
  filter: store.TaskFilter & { statusNames?: TaskStatus[] };
  sort: SortKey<store.TaskSortField>[];
  page: PageRequest;
  includeDraftStatus?: boolean;
}

export function createTasksService(db: Db) {
  /** Loads a task (locked until commit when about to change it) and checks the caller may do `action` (404 for strangers). */
  async function loadFor(tx: Executor, actor: Actor, id: string, action: Parameters<typeof authorize>[1]) {
    const row = await store.getTask(tx, id, { lock: action !== 'read' });
    if (!row) throw notFound('Task');
    const perm = await recordPermission(tx, actor.userId, row);
    authorize(perm, action, 'Task');
    return { row, perm };
  }

  /** Creating in or moving into a context needs write there; an invisible context is 404. */
  async function checkContextWritable(tx: Executor, actor: Actor, contextId: string): Promise<Permission> {
    const perm = await contextPermission(tx, actor.userId, contextId);
    authorize(perm, 'create_inside', 'Context');
    return perm;
  }

  function normalize(input: TaskInput): Partial<drafts.Values> {
    const out: drafts.Values = {};
    if (input.title !== undefined) {
      const title = input.title.trim();
      if (!title) throw invalid('title', 'minLength', 'title must not be blank');
      out.title = title;
    }
    if (input.description !== undefined) out.description = input.description;
    if (input.status !== undefined) out.status = input.status;
    if (input.priority !== undefined) out.priority = input.priority;
    if (input.due_date !== undefined) out.due_date = input.due_date === null ? null : toIso(input.due_date);
    if (input.estimated_minutes !== undefined) out.estimated_minutes = input.estimated_minutes;
    return out;
  }

  function checkOwnerField(actor: Actor, input: TaskInput) {
    if (input.user_id !== undefined && input.user_id !== actor.userId) {
      throw forbidden('user_id is always the caller; a task cannot be created for or given to another user');
    }
  }

  const versioned = versionedWrites<TasksTable>({ type: 'task', values: editableValues, columns: editableColumns, update: store.updateTask });

  /** Applies an edit through the draft engine, after the lifecycle rules (D7). */
  async function applyEdit(tx: Executor, actor: Actor, row: TasksTable, changes: drafts.Values, publish: boolean, move?: { contextId: string | null }) {
    const current = editableValues(row);
    if (changes.status !== undefined) {
      checkTransition(current.status as TaskStatus, changes.status as TaskStatus);
      if (changes.status !== current.status) {
        changes.completed_at = changes.status === 'completed' ? nowIso() : null;
        // SPEC: moving to completed is published directly, without a draft.
        if (changes.status === 'completed') publish = true;
      }
    }
    return versioned.edit(tx, actor, row, changes, publish, move ? { context_id: move.contextId } : {});
  }

  return {
    async list(actor: Actor, query: TaskListQuery): Promise<Page<Task>> {
      const { rows, total } = await store.listVisibleTasks(db, actor.userId, query.filter, query.sort, query.page);
      return { items: rows.map((r) => toTask(r, { includeDraftStatus: query.includeDraftStatus })), total, ...query.page };
    },

    async search(actor: Actor, q: string, page: PageRequest): Promise<Page<Task>> {
      const { rows, total } = await store.searchVisibleTasks(db, actor.userId, q, page);
      return { items: rows.map((r) => toTask(r)), total, ...page };
    },

    async get(actor: Actor, id: string, opts: { includeDraftStatus?: boolean } = {}): Promise<Task> {
      const { row } = await loadFor(db, actor, id, 'read');
      return toTask(row, opts);
    },

    async create(actor: Actor, input: TaskInput & { title: string }, provenance?: Provenance): Promise<Task> {
      checkOwnerField(actor, input);
      const values = normalize(input);
      return inTransaction(db, async (tx) => {
        if (input.context_id) await checkContextWritable(tx, actor, input.context_id);
        const at = nowIso();
        const status = (values.status as TaskStatus | undefined) ?? 'pending';
        const row: TasksTable = {
          id: newId(),
          user_id: actor.userId,
          context_id: input.context_id ?? null,
          ...editableColumns({
            title: values.title, description: values.description ?? null, status, priority: values.priority ?? 'medium',
            due_date: values.due_date ?? null, estimated_minutes: values.estimated_minutes ?? null,
          }),
          completed_at: status === 'completed' ? at : null,
          version_major: 1, version_minor: 0, is_published: 1, draft: null,
          source: provenance?.source ?? null,
          source_email_id: provenance?.source_email_id ?? null,
          extracted_at: provenance ? at : null,
          extraction_confidence: provenance?.extraction_confidence ?? null,
          created_at: at, updated_at: at,
        } as TasksTable;
        await store.insertTask(tx, row);
        await versioned.publishVersion(tx, row, editableValues(row), drafts.initialState(), at);
        await recordChanges(tx, actor, [{ type: 'task', id: row.id, op: 'create', version: '1.0', contextAfter: row.context_id, ownerId: row.user_id }]);
        return toTask(row);
      });
    },

    /**
     * POST /tasks/batch: every task or none, in one transaction (each `create` joins it). The
     * first failing item is named by its position (`details.index`, field `tasks.<i>.<field>`).
     */
    async createMany(actor: Actor, inputs: Array<TaskInput & { title: string }>): Promise<Task[]> {
      return inTransaction(db, async () => {
        const created: Task[] = [];
        for (const [index, input] of inputs.entries()) {
          try {
            created.push(await this.create(actor, input));
          } catch (err) {
            throw atIndex(err, 'tasks', index);
          }
        }
        return created;
      });
    },

    /** PUT and PATCH: any subset of fields; a draft unless `publish` (or completion) says otherwise. */
    async update(actor: Actor, id: string, input: TaskInput, opts: { publish?: boolean } = {}): Promise<Task> {
      const changes = normalize(input);
      return inTransaction(db, async (tx) => {
        const { row } = await loadFor(tx, actor, id, 'update');
        if (input.user_id !== undefined && input.user_id !== row.user_id) throw forbidden('The owner of a task cannot be changed');
        let move: { contextId: string | null } | undefined;
        if (input.context_id !== undefined && input.context_id !== row.context_id) {
          if (input.context_id) await checkContextWritable(tx, actor, input.context_id);
          move = { contextId: input.context_id };
        }
        return toTask(await applyEdit(tx, actor, row, changes, opts.publish === true, move));
      });
    },

    async complete(actor: Actor, id: string): Promise<Task> {
      return inTransaction(db, async (tx) => {
        const { row } = await loadFor(tx, actor, id, 'update');
        if (row.status === statusCode('completed')) return toTask(row);
        return toTask(await applyEdit(tx, actor, row, { status: 'completed' }, true));
      });
    },

    async draftAction(actor: Actor, id: string, action: 'accept' | 'discard'): Promise<Task> {
      return inTransaction(db, async (tx) => {
        const { row } = await loadFor(tx, actor, id, 'update');
        return toTask(await versioned.resolveDraft(tx, actor, row, action));
      });
    },

    async history(actor: Actor, id: string) {
      const { row } = await loadFor(db, actor, id, 'read');
      return versioned.history(db, row);
    },

    async remove(actor: Actor, id: string): Promise<void> {
      await inTransaction(db, async (tx) => {
        const { row } = await loadFor(tx, actor, id, 'delete');
        await store.deleteTask(tx, id);
        await deleteVersions(tx, 'task', [id]);
        await recordChanges(tx, actor, [{ type: 'task', id, op: 'delete', version: `${row.version_major}.${row.version_minor}`, contextBefore: row.context_id, ownerId: row.user_id }]);
      });
    },

    /** For other use cases (assignees, comments): the task and the caller's permission on it. */
    loadFor,
  };
}

export type TasksService = ReturnType<typeof createTasksService>;
