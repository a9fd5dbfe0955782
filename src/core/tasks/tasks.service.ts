/** Tasks: the versioned-record service with the task's fields and lifecycle (D7), plus lists and search. */
import type { Db } from '../../db/database.js';
import type { TasksTable } from '../../db/schema.js';
import { unitOfWork } from '../../db/unit-of-work.js';
import { atIndex } from '../errors.js';
import type { Actor } from '../actor.js';
import { nowIso, toIso } from '../ids.js';
import type { Page, PageRequest, SortKey } from '../lists.js';
import { publishedValues, type Values } from '../versioning/drafts.js';
import { versionState, type Provenance } from '../versioning/versioned-record.js';
import { versionedRecords, type VersionedKind } from '../versioning/versioned-records.service.js';
import { checkTransition, editableColumns, editableValues, statusCode, toTask, type Task, type TaskPriority, type TaskStatus } from './task.js';
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

export interface TaskListFilter {
  contextId?: string;
  statuses?: TaskStatus[];
  published?: boolean;
  source?: string;
  sourceEmailId?: string;
  updatedAfter?: string;
}

export interface TaskListQuery {
  filter: TaskListFilter;
  /** Defaults to newest first (D11). */
  sort?: SortKey<store.TaskSortField>[];
  page: PageRequest;
  includeDraftStatus?: boolean;
}

const NEWEST_FIRST: SortKey<store.TaskSortField>[] = [{ field: 'created_at', desc: true }];

const taskKind: VersionedKind<TasksTable, TaskInput, Task> = {
  type: 'task',
  label: 'Task',
  store: { get: store.getTask, insert: store.insertTask, update: store.updateTask, remove: store.deleteTask },
  values: editableValues,
  columns: editableColumns,
  present: toTask,

  normalize(input) {
    const out: Values = {};
    if (input.description !== undefined) out.description = input.description;
    if (input.status !== undefined) out.status = input.status;
    if (input.priority !== undefined) out.priority = input.priority;
    if (input.due_date !== undefined) out.due_date = input.due_date === null ? null : toIso(input.due_date, 'due_date');
    if (input.estimated_minutes !== undefined) out.estimated_minutes = input.estimated_minutes;
    return out;
  },

  initial(values, at) {
    const status = (values.status as TaskStatus | undefined) ?? 'pending';
    return {
      title: values.title,
      description: values.description ?? null,
      status,
      priority: values.priority ?? 'medium',
      due_date: values.due_date ?? null,
      estimated_minutes: values.estimated_minutes ?? null,
      completed_at: status === 'completed' ? at : null,
    };
  },

  checkEdit(current, changes, publish, published) {
    // D7's final states are final once published: a status a draft set is not, so a move is checked
    // from the published status (a draft's `canceled` can still become in_progress, or completed).
    const from = published.status as TaskStatus;
    if (changes.status === undefined || (changes.status === current.status && changes.status === from)) return publish;
    checkTransition(from, changes.status as TaskStatus);
    changes.completed_at = changes.status === 'completed' ? nowIso() : null;
    // SPEC: moving to completed is published directly, without a draft.
    return publish || changes.status === 'completed';
  },
};

export function createTasksService(db: Db) {
  const uow = unitOfWork(db);
  const records = versionedRecords(uow, taskKind);

  return {
    async list(actor: Actor, query: TaskListQuery): Promise<Page<Task>> {
      const { statuses, ...rest } = query.filter;
      const filter: store.TaskFilter = { ...rest, statuses: statuses && [...new Set(statuses)].map(statusCode) };
      const { rows, total } = await uow.read((q) => store.listVisibleTasks(q, actor.userId, filter, query.sort ?? NEWEST_FIRST, query.page));
      return { items: rows.map((r) => toTask(r, { includeDraftStatus: query.includeDraftStatus })), total, ...query.page };
    },

    async search(actor: Actor, text: string, page: PageRequest): Promise<Page<Task>> {
      const { rows, total } = await uow.read((q) => store.searchVisibleTasks(q, actor.userId, text, page));
      return { items: rows.map((r) => toTask(r)), total, ...page };
    },

    get: records.get,
    create: (actor: Actor, input: TaskInput & { title: string }, provenance?: Provenance) => records.create(actor, input, provenance),
    /**
     * POST /tasks/batch: every task or none, in one unit of work (each `create` joins it). The
     * first failing item is named by its position (`details.index`, field `tasks.<i>.<field>`).
     */
    async createMany(actor: Actor, inputs: Array<TaskInput & { title: string }>): Promise<Task[]> {
      return uow.write(async () => {
        const created: Task[] = [];
        for (const [index, input] of inputs.entries()) {
          try {
            created.push(await records.create(actor, input));
          } catch (err) {
            throw atIndex(err, 'tasks', index);
          }
        }
        return created;
      });
    },
    update: records.update,
    draftAction: records.resolveDraft,
    history: records.history,
    remove: records.remove,

    /**
     * POST /tasks/{id}/complete: published at once; a no-op on a task whose published status is
     * completed (D7). An open draft stays open, as after any direct publication (D8).
     */
    async complete(actor: Actor, id: string): Promise<Task> {
      return uow.write(async (tx) => {
        const { row } = await records.loadFor(tx, actor, id, 'update');
        if (publishedValues(editableValues(row), versionState(row)).status === 'completed') return toTask(row);
        return toTask(await records.edit(tx, actor, row, { status: 'completed' }, true));
      });
    },

    /** For other use cases (assignees, comments): the task and the caller's permission on it. */
    loadFor: records.loadFor,
  };
}

export type TasksService = ReturnType<typeof createTasksService>;
