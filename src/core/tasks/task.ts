/** The task as the API shows it, its stored form, and the lifecycle rules (DECISIONS D7). */
import type { TasksTable } from '../../db/schema.js';
import { unprocessable } from '../errors.js';
import type { Values } from '../versioning/drafts.js';
import { columnsOf, withRecordFields, type VersionedRecordFields } from '../versioning/versioned-record.js';

export const TASK_STATUSES = ['pending', 'in_progress', 'completed', 'canceled'] as const;
export const TASK_PRIORITIES = ['low', 'medium', 'high', 'urgent'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];
export type TaskPriority = (typeof TASK_PRIORITIES)[number];

export interface Task extends VersionedRecordFields {
  id: string;
  title: string;
  description: string | null;
  status: TaskStatus;
  priority: TaskPriority;
  due_date: string | null;
  estimated_minutes: number | null;
  completed_at: string | null;
  created_at: string;
  updated_at: string;
  user_id: string;
  context_id: string | null;
}

const ALLOWED: Record<TaskStatus, TaskStatus[]> = {
  pending: ['in_progress', 'completed', 'canceled'],
  in_progress: ['completed', 'canceled', 'pending'],
  completed: [],
  canceled: [],
};

export function checkTransition(from: TaskStatus, to: TaskStatus): void {
  if (from === to) return;
  if (!ALLOWED[from].includes(to)) {
    throw unprocessable('status', 'transition', `A task cannot move from ${from} to ${to}${ALLOWED[from].length ? '' : ` (${from} is final)`}`);
  }
}

export const statusCode = (s: TaskStatus) => TASK_STATUSES.indexOf(s);
const priorityCode = (p: TaskPriority) => TASK_PRIORITIES.indexOf(p);

/** The draft-engine view of a row: API values of the versioned fields. */
export function editableValues(row: TasksTable): Values {
  return {
    title: row.title,
    description: row.description,
    status: TASK_STATUSES[row.status],
    priority: TASK_PRIORITIES[row.priority],
    due_date: row.due_date,
    estimated_minutes: row.estimated_minutes,
    completed_at: row.completed_at,
  };
}

/** Back from API values to columns. */
export const editableColumns = (values: Values): Partial<TasksTable> =>
  columnsOf<TasksTable>(values, {
    status: (v) => statusCode(v as TaskStatus),
    priority: (v) => priorityCode(v as TaskPriority),
  });

export const toTask = (row: TasksTable, opts: { includeDraftStatus?: boolean } = {}): Task =>
  withRecordFields(editableValues(row), row, opts) as unknown as Task;
