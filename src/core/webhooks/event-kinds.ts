/**
 * Which webhook events a change-log row stands for (SPEC "Events", DECISIONS D18). Pure: the row
 * in, the kinds and the record they are about out. Payloads are built elsewhere (payloads.ts).
 */
export const EVENT_KINDS = [
  'task.created',
  'task.updated',
  'task.deleted',
  'task.completed',
  'task.assigned',
  'task.comment_added',
  'event.created',
  'event.updated',
  'event.deleted',
  'event.attendee_added',
  'event.rsvp_changed',
  'context.created',
  'context.shared',
  'context.updated',
] as const;
export type EventKind = (typeof EVENT_KINDS)[number];

export const isEventKind = (k: string): k is EventKind => (EVENT_KINDS as readonly string[]).includes(k);

/** The change-log columns this module reads. */
export interface LogRow {
  record_type: string;
  record_id: string;
  op: 'create' | 'update' | 'delete';
  parent_id: string | null;
  data: string | null;
}

export type SubjectType = 'task' | 'event' | 'context';

export interface Occurrence {
  kind: EventKind;
  /** The record the event is about; its owner must see it (deletions: must have seen it). */
  subject: { type: SubjectType; id: string };
  /** Deletions carry no record, only its id. */
  deleted: boolean;
}

// biome-ignore lint/suspicious/noExplicitAny: change-log data is JSON whose shape each event kind reads field by field.
export function parseData(row: LogRow): Record<string, any> {
  if (!row.data) return {};
  try {
    // biome-ignore lint/suspicious/noExplicitAny: as above.
    return JSON.parse(row.data) as Record<string, any>;
  } catch {
    return {};
  }
}

/**
 * Drafts emit nothing (D18): an update is an event only when the published state moved, which the
 * use case records as `changes`. Completion also shows as task.updated (status moved), so a
 * subscriber to either kind hears of it.
 */
export function occurrencesOf(row: LogRow): Occurrence[] {
  const d = parseData(row);
  const on = (kind: EventKind, type: SubjectType, id: string | null, deleted = false): Occurrence[] => (id ? [{ kind, subject: { type, id }, deleted }] : []);
  switch (row.record_type) {
    case 'task':
    case 'event': {
      const type = row.record_type;
      if (row.op === 'create') return on(`${type}.created`, type, row.record_id);
      if (row.op === 'delete') return on(`${type}.deleted`, type, row.record_id, true);
      if (!d.changes || typeof d.changes !== 'object') return [];
      const out = on(`${type}.updated`, type, row.record_id);
      if (type === 'task' && d.changes.status?.new === 'completed') out.push(...on('task.completed', 'task', row.record_id));
      return out;
    }
    case 'context':
      if (row.op === 'create') return on('context.created', 'context', row.record_id);
      if (row.op === 'update') return on('context.updated', 'context', row.record_id);
      return [];
    case 'assignee':
      return row.op === 'create' ? on('task.assigned', 'task', row.parent_id) : [];
    case 'comment':
      return row.op === 'create' && d.parent_type === 'task' ? on('task.comment_added', 'task', row.parent_id) : [];
    case 'attendee':
      if (row.op === 'create') return on('event.attendee_added', 'event', row.parent_id);
      if (row.op === 'update' && d.previous && d.previous !== d.rsvp_status) return on('event.rsvp_changed', 'event', row.parent_id);
      return [];
    case 'share':
      if (row.op === 'create') return on('context.shared', 'context', row.parent_id);
      // Sharing again with the same permission changes nothing.
      if (row.op === 'update' && d.previous !== d.permission) return on('context.shared', 'context', row.parent_id);
      return [];
    default:
      return [];
  }
}
