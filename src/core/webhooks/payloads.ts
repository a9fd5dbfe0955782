/**
 * Delivery bodies: `{id, type, created_at, data, actor: {user_id, email}}` (SPEC "Planned
 * delivery"), built from a change-log row, and the record as its published state shows it
 * when the event is dispatched (null if deleted by then). docs/webhooks.md lists each kind's `data`.
 */
import type { EventKind, LogRow, Occurrence } from './event-kinds.js';
import { parseData } from './event-kinds.js';

export interface Envelope {
  id: string;
  type: string;
  created_at: string;
  data: Record<string, unknown>;
  actor: { user_id: string | null; email: string | null };
}

/** What the dispatcher looked up for a batch of rows. */
export interface Lookups {
  records: Map<string, object>;
  emails: Map<string, string>;
}

export const recordKey = (type: string, id: string) => `${type}:${id}`;

/**
 * A task or event as its published state shows it: while a draft is open, the API shows the
 * draft's values and keeps the published ones in `last_live`; webhooks never show drafts (D18).
 */
// biome-ignore lint/suspicious/noExplicitAny: records are the API representations, passed through as JSON.
export function publishedView(record: Record<string, any>): Record<string, any> {
  const live = record.last_live as Record<string, unknown> | null | undefined;
  if (!live) return record;
  const { version, ...values } = live;
  const { has_unpublished_changes: _omit, ...rest } = record;
  return {
    ...rest,
    ...values,
    version_minor: 0,
    is_published: true,
    last_live: null,
    version_major: Number(String(version).split('.')[0]) || record.version_major,
  };
}

const person = (emails: Map<string, string>, id: string | null | undefined) => ({ user_id: id ?? null, email: (id && emails.get(id)) || null });

export function buildData(
  row: LogRow & { actor_id: string | null; version: string | null; created_at: string },
  occ: Occurrence,
  look: Lookups,
): Record<string, unknown> {
  const d = parseData(row);
  const { type, id } = occ.subject;
  const idField = `${type}_id`;
  if (occ.deleted) return { [idField]: id, version: row.version };
  const record = look.records.get(recordKey(type, id)) ?? null;
  const base = { [idField]: id, [type]: record };
  const kind: EventKind = occ.kind;
  switch (kind) {
    case 'task.updated':
    case 'event.updated':
      return { [idField]: id, changes: d.changes ?? {}, [type]: record };
    case 'task.assigned':
      return { ...base, assignee: person(look.emails, d.user_id), assigned_by: person(look.emails, row.actor_id) };
    case 'task.comment_added':
      return { ...base, comment: { id: row.record_id, message: d.message ?? null, user_id: row.actor_id, created_at: row.created_at } };
    case 'event.attendee_added':
      return { ...base, attendee: { email: d.email, user_id: d.user_id ?? null, rsvp_status: d.rsvp_status ?? 'pending' } };
    case 'event.rsvp_changed':
      return { ...base, attendee: { email: d.email, user_id: d.user_id ?? null }, rsvp_status: { old: d.previous, new: d.rsvp_status } };
    case 'context.updated':
      return { ...base, changed: Array.isArray(d.changed) ? d.changed : [] };
    case 'context.shared':
      return { ...base, shared_with: person(look.emails, d.user_id), permission: d.permission ?? null, previous_permission: d.previous ?? null };
    default:
      return base;
  }
}

export function envelope(eventId: string, kind: string, createdAt: string, data: Record<string, unknown>, actor: Envelope['actor']): string {
  const body: Envelope = { id: eventId, type: kind, created_at: createdAt, data, actor };
  return JSON.stringify(body);
}
