/** VTODO <-> task (D17): pure functions over ical.js components. */
import ICAL from 'ical.js';
import type { TaskPriority, TaskStatus } from '../../../core/tasks/task.js';
import { isMidnightUtc, iso, propInstant, timeOf, type Component } from './time.js';

export interface TaskFields {
  title: string;
  description: string | null;
  status: TaskStatus;
  priority: TaskPriority;
  due_date: string | null;
}

/** The task values a published task shows (what a REST edit may have changed). */
export interface TaskValues extends TaskFields {
  completed_at: string | null;
  updated_at: string;
}

const STATUS_IN: Record<string, TaskStatus> = { 'NEEDS-ACTION': 'pending', 'IN-PROCESS': 'in_progress', COMPLETED: 'completed', CANCELLED: 'canceled' };
const STATUS_OUT: Record<TaskStatus, string> = { pending: 'NEEDS-ACTION', in_progress: 'IN-PROCESS', completed: 'COMPLETED', canceled: 'CANCELLED' };
const PRIORITY_OUT: Record<TaskPriority, number> = { urgent: 1, high: 3, medium: 5, low: 9 };

/** PRIORITY 1 urgent, 2-4 high, 5/0/absent medium, 6-9 low. */
function priorityOf(n: number | null): TaskPriority {
  if (n === null || !Number.isFinite(n) || n === 0 || n === 5) return 'medium';
  if (n === 1) return 'urgent';
  if (n >= 2 && n <= 4) return 'high';
  if (n >= 6 && n <= 9) return 'low';
  return 'medium';
}

const text = (c: Component, name: string): string | null => {
  const v = c.getFirstPropertyValue(name);
  return v === null || v === undefined ? null : String(v);
};

function statusOf(c: Component): TaskStatus {
  const raw = (text(c, 'status') ?? '').toUpperCase();
  if (raw === 'CANCELLED') return 'canceled';
  if (raw === 'COMPLETED' || c.hasProperty('completed') || Number(c.getFirstPropertyValue('percent-complete')) === 100) return 'completed';
  return STATUS_IN[raw] ?? 'pending';
}

export function taskFieldsOf(c: Component, vcal: Component | null): TaskFields {
  const due = propInstant(c, 'due', vcal);
  const priority = c.getFirstPropertyValue('priority');
  return {
    title: (text(c, 'summary') ?? '').trim() || 'Untitled',
    description: text(c, 'description'),
    status: statusOf(c),
    priority: priorityOf(priority === null ? null : Number(priority)),
    due_date: due ? iso(due.ms) : null,
  };
}

function setText(c: Component, name: string, value: string | null) {
  if (value === null) c.removeAllProperties(name);
  else c.updatePropertyWithValue(name, value);
}

/**
 * Writes the task's values into the VTODO where they differ from what it says, leaving every other
 * property alone (VALARM, X- properties, CATEGORIES, RELATED-TO, RRULE...). Returns whether
 * anything changed; then LAST-MODIFIED and DTSTAMP move to the record's last change.
 */
export function patchVtodo(c: Component, task: TaskValues, vcal: Component | null): boolean {
  const now = taskFieldsOf(c, vcal);
  let changed = false;
  if (now.title !== task.title) {
    setText(c, 'summary', task.title);
    changed = true;
  }
  if ((now.description ?? null) !== (task.description ?? null)) {
    setText(c, 'description', task.description);
    changed = true;
  }
  if (now.priority !== task.priority) {
    c.updatePropertyWithValue('priority', PRIORITY_OUT[task.priority]);
    changed = true;
  }
  if (now.due_date !== task.due_date) {
    if (task.due_date === null) c.removeAllProperties('due');
    else {
      // A due date that was all-day stays all-day when the new one is still a whole UTC day.
      const wasDate = (c.getFirstPropertyValue('due') as { isDate?: boolean } | null)?.isDate === true;
      c.removeAllProperties('due');
      c.addPropertyWithValue('due', timeOf(task.due_date, wasDate && isMidnightUtc(task.due_date)));
    }
    changed = true;
  }
  if (now.status !== task.status) {
    c.updatePropertyWithValue('status', STATUS_OUT[task.status]);
    if (task.status === 'completed') {
      c.updatePropertyWithValue('completed', timeOf(task.completed_at ?? task.updated_at));
      c.updatePropertyWithValue('percent-complete', 100);
    } else {
      c.removeAllProperties('completed');
      if (Number(c.getFirstPropertyValue('percent-complete')) === 100) c.removeAllProperties('percent-complete');
    }
    changed = true;
  }
  if (changed) {
    c.updatePropertyWithValue('last-modified', timeOf(task.updated_at));
    c.updatePropertyWithValue('dtstamp', timeOf(task.updated_at));
  }
  return changed;
}

/** A VTODO for a task made elsewhere: its id as UID, then the mapped values. */
export function newVtodo(id: string, task: TaskValues & { created_at: string }): Component {
  const vcal = new ICAL.Component('vcalendar');
  vcal.updatePropertyWithValue('version', '2.0');
  vcal.updatePropertyWithValue('prodid', '-//Agendum//CalDAV//EN');
  const c = new ICAL.Component('vtodo');
  c.updatePropertyWithValue('uid', id);
  c.updatePropertyWithValue('created', timeOf(task.created_at));
  c.updatePropertyWithValue('summary', task.title);
  c.updatePropertyWithValue('status', STATUS_OUT.pending);
  vcal.addSubcomponent(c);
  patchVtodo(c, task, vcal);
  c.updatePropertyWithValue('last-modified', timeOf(task.updated_at));
  c.updatePropertyWithValue('dtstamp', timeOf(task.updated_at));
  return vcal;
}
