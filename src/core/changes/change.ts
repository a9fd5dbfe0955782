/**
 * What a change-log row says (D19), built only through the constructors below, one per kind of
 * change, so every use case describes the same change the same way and dependent rows (shares,
 * comments, assignees, attendees) always carry the ids the log is indexed by.
 */
import { versionLabel } from '../versioning/drafts.js';
import type { VersionedType } from '../versioning/versions.store.js';

export type { VersionedType };

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
  /** The record a dependent row belongs to (comment, assignee, attendee) or the context of a share. */
  parentId?: string | null;
  /** The user whose access a share or an attendance changes. */
  subjectUserId?: string | null;
  data?: Record<string, unknown>;
  /**
   * Who could see the record just before this change, when the use case had to capture it before
   * removing the rows it is computed from (a context deleted with its shares).
   */
  audience?: string[];
}

/** A record that sits in a context (or none) and has an owner. */
export interface Placed {
  id: string;
  user_id: string;
  context_id: string | null;
}

export interface VersionedPlaced extends Placed {
  version_major: number;
  version_minor: number;
}

/** The log id of a row that is keyed by two ids (a share, an assignment, an attendance). */
const pairId = (first: string, second: string) => `${first}:${second}`;

const placedIn = (row: Placed) => ({ contextBefore: row.context_id, contextAfter: row.context_id, ownerId: row.user_id });

export const recordCreated = (type: VersionedType, row: VersionedPlaced, data?: Record<string, unknown>): Change => ({
  type,
  id: row.id,
  op: 'create',
  version: versionLabel(row.version_major, row.version_minor),
  contextAfter: row.context_id,
  ownerId: row.user_id,
  ...(data ? { data } : {}),
});

/**
 * An edit of a versioned record: a draft step, a publication, a draft decision or a move. `data`
 * carries `changed` and, when the published state moved, its `changes` ({old, new} per field).
 */
export const recordEdited = (type: VersionedType, before: VersionedPlaced, after: VersionedPlaced, draft: boolean, data: Record<string, unknown>): Change => ({
  type,
  id: before.id,
  op: 'update',
  draft,
  version: versionLabel(after.version_major, after.version_minor),
  contextBefore: before.context_id,
  contextAfter: after.context_id,
  ownerId: before.user_id,
  data,
});

export const recordDeleted = (type: VersionedType, row: VersionedPlaced): Change => ({
  type,
  id: row.id,
  op: 'delete',
  version: versionLabel(row.version_major, row.version_minor),
  contextBefore: row.context_id,
  ownerId: row.user_id,
});

interface ContextRow {
  id: string;
  user_id: string;
  parent_context_id: string | null;
}

export const contextCreated = (row: ContextRow): Change => ({
  type: 'context',
  id: row.id,
  op: 'create',
  contextAfter: row.parent_context_id,
  ownerId: row.user_id,
});

export const contextUpdated = (before: ContextRow, after: ContextRow, changed: string[]): Change => ({
  type: 'context',
  id: before.id,
  op: 'update',
  contextBefore: before.parent_context_id,
  contextAfter: after.parent_context_id,
  ownerId: before.user_id,
  data: { changed },
});

export const contextDeleted = (row: ContextRow): Change => ({
  type: 'context',
  id: row.id,
  op: 'delete',
  contextBefore: row.parent_context_id,
  ownerId: row.user_id,
});

/** A share created (`previous` null) or its permission changed. */
export const shareSaved = (context: { id: string; user_id: string }, userId: string, permission: string, previous: string | null): Change => ({
  type: 'share',
  id: pairId(context.id, userId),
  op: previous ? 'update' : 'create',
  contextBefore: context.id,
  contextAfter: context.id,
  ownerId: context.user_id,
  parentId: context.id,
  subjectUserId: userId,
  data: { context_id: context.id, user_id: userId, permission, previous },
});

export const shareRemoved = (context: { id: string; user_id: string }, userId: string): Change => ({
  type: 'share',
  id: pairId(context.id, userId),
  op: 'delete',
  contextBefore: context.id,
  ownerId: context.user_id,
  parentId: context.id,
  subjectUserId: userId,
  data: { context_id: context.id, user_id: userId },
});

export type CommentParent = 'task' | 'event';

/** A comment made, edited or deleted; `message` (when made) is what webhooks carry (D18). */
export const commentChanged = (op: Change['op'], commentId: string, parentType: CommentParent, parent: Placed, message?: string): Change => ({
  type: 'comment',
  id: commentId,
  op,
  ...(op === 'delete' ? { contextBefore: parent.context_id, ownerId: parent.user_id } : { contextAfter: parent.context_id, ownerId: parent.user_id }),
  parentId: parent.id,
  data: { parent_type: parentType, parent_id: parent.id, ...(message !== undefined ? { message } : {}) },
});

export const assigneeAdded = (task: Placed, userId: string, assignedBy: string): Change => ({
  type: 'assignee',
  id: pairId(task.id, userId),
  op: 'create',
  contextAfter: task.context_id,
  ownerId: task.user_id,
  parentId: task.id,
  data: { task_id: task.id, user_id: userId, assigned_by: assignedBy },
});

export const assigneeRemoved = (task: Placed, userId: string): Change => ({
  type: 'assignee',
  id: pairId(task.id, userId),
  op: 'delete',
  contextBefore: task.context_id,
  ownerId: task.user_id,
  parentId: task.id,
  data: { task_id: task.id, user_id: userId },
});

interface AttendeeRow {
  email: string;
  user_id: string | null;
  rsvp_status: string;
}

/** An attendee added (`previous` undefined, logged as null) or their answer changed (`previous` the old answer). */
export const attendeeSaved = (event: Placed, attendee: AttendeeRow, previous?: string): Change => ({
  type: 'attendee',
  id: pairId(event.id, attendee.email),
  op: previous === undefined ? 'create' : 'update',
  ...placedIn(event),
  parentId: event.id,
  subjectUserId: attendee.user_id,
  data: { event_id: event.id, email: attendee.email, user_id: attendee.user_id, rsvp_status: attendee.rsvp_status, previous: previous ?? null },
});

export const attendeeRemoved = (event: Placed, attendee: { email: string; user_id: string | null }): Change => ({
  type: 'attendee',
  id: pairId(event.id, attendee.email),
  op: 'delete',
  contextBefore: event.context_id,
  ownerId: event.user_id,
  parentId: event.id,
  subjectUserId: attendee.user_id,
  data: { event_id: event.id, email: attendee.email, user_id: attendee.user_id },
});
