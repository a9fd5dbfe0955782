/**
 * Row types of every table, as Kysely sees them. Timestamps are ISO 8601 UTC strings with
 * milliseconds (fixed width, so they sort and compare as text on both dialects); booleans are
 * 0/1 integers, because better-sqlite3 cannot bind JavaScript booleans.
 */
import type { Generated } from 'kysely';

export interface UsersTable {
  id: string;
  email: string;
  name: string | null;
  password_hash: string;
  intake_token: string | null;
  created_at: string;
  updated_at: string;
}

export interface SessionsTable {
  id: string; // sha256 of the cookie value
  user_id: string;
  created_at: string;
  expires_at: string;
}

export interface LoginThrottleTable {
  key: string; // sha256 of client address + email
  window_start: number; // epoch ms of the first failure in the window
  failures: number;
}

export interface ApiTokensTable {
  id: string; // the JWT's jti
  user_id: string;
  name: string;
  created_at: string;
  expires_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

export interface ContextsTable {
  id: string;
  user_id: string;
  parent_context_id: string | null;
  name: string;
  description: string | null;
  color: string | null;
  created_at: string;
  updated_at: string;
}

export interface ContextSharesTable {
  context_id: string;
  user_id: string;
  permission: 'read' | 'write' | 'admin';
  shared_at: string;
  shared_by: string;
}

/** Columns every draft-versioned record carries (see core/versioning). */
export interface VersionedColumns {
  version_major: number;
  version_minor: number;
  is_published: number;
  /** JSON of the open draft's bookkeeping, null when published. */
  draft: string | null;
}

export interface ProvenanceColumns {
  source: string | null;
  source_email_id: string | null;
  extracted_at: string | null;
  extraction_confidence: number | null;
}

export interface TasksTable extends VersionedColumns, ProvenanceColumns {
  id: string;
  user_id: string;
  context_id: string | null;
  title: string;
  description: string | null;
  /** 0 pending, 1 in_progress, 2 completed, 3 canceled: lifecycle order for sorting. */
  status: number;
  /** 0 low, 1 medium, 2 high, 3 urgent: severity order for sorting. */
  priority: number;
  due_date: string | null;
  estimated_minutes: number | null;
  completed_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface EventsTable extends VersionedColumns, ProvenanceColumns {
  id: string;
  user_id: string;
  context_id: string | null;
  title: string;
  description: string | null;
  start_time: string;
  end_time: string;
  location: string | null;
  all_day: number;
  ical_uid: string | null;
  ical_sequence: number | null;
  created_at: string;
  updated_at: string;
}

export interface TaskAssigneesTable {
  task_id: string;
  user_id: string;
  assigned_at: string;
  assigned_by: string;
}

export interface EventAttendeesTable {
  event_id: string;
  email: string;
  user_id: string | null;
  rsvp_status: 'pending' | 'accepted' | 'declined' | 'tentative';
  added_at: string;
  updated_at: string;
  /** Who added the attendee (null before migration 020); never shown (D9a, access.store `invitedTo`). */
  added_by: string | null;
}

export interface CommentsTable {
  id: string;
  task_id: string | null;
  event_id: string | null;
  user_id: string;
  message: string;
  created_at: string;
  updated_at: string;
}

export interface RecordVersionsTable {
  record_type: 'task' | 'event';
  record_id: string;
  version_major: number;
  published_at: string;
  snapshot: string;
}

export interface ChangesTable {
  seq: Generated<number>;
  record_type: string;
  record_id: string;
  op: 'create' | 'update' | 'delete';
  draft: number;
  version: string | null;
  context_before: string | null;
  context_after: string | null;
  /** The record's owner, so feeds can find records that left every context. */
  owner_id: string | null;
  /** Type-specific facts for consumers (changed fields, the share's user, ...). JSON. */
  data: string | null;
  actor_id: string | null;
  created_at: string;
  /** Writing transaction on PostgreSQL (pg_current_xact_id), 0 on SQLite. Feed order is (txid, seq). */
  txid: Generated<number>;
  /** Share and attendee rows: the user whose access changed. */
  subject_user_id: string | null;
  /** Comment, assignee, attendee rows: the task or event; share rows: the context. */
  parent_id: string | null;
  /** Deletions and moves: JSON array of the users who could see the record just before. */
  audience: string | null;
}

/** Bookkeeping of the change log; row `pruned` holds the highest position removed by pruning. */
export interface ChangeLogStateTable {
  name: string;
  txid: number;
  seq: number;
}

export interface IdempotencyKeysTable {
  user_id: string;
  key: string;
  method: string;
  path: string;
  body_hash: string;
  status_code: number | null;
  response_body: string | null;
  created_at: string;
  expires_at: string;
}

export interface RateLimitCountersTable {
  bucket: string;
  window_start: number;
  count: number;
}

export interface EmailsTable {
  id: string;
  user_id: string;
  message_id: string | null;
  raw: Uint8Array;
  size: number;
  subject: string | null;
  from_address: string | null;
  received_at: string;
  status: 'received' | 'processed' | 'failed';
  error: string | null;
  /** Why processing failed, for machines (migration 013): extraction_timeout, unreadable_part, rejected_item. */
  failure_reason: string | null;
  /** Items extraction found beyond INTAKE_MAX_ITEMS (migration 013). */
  items_dropped: number;
  result: string | null;
  created_at: string;
  updated_at: string;
}

/** Tasks and events per (owner, context), kept by triggers (migration 002) for list totals. */
export interface RecordCountsTable {
  record_type: 'task' | 'event';
  /** '' for records in no context. */
  context_id: string;
  user_id: string;
  n: number;
}

/** Tasks and events per (owner, context), kept by triggers (migration 002) for list totals. */
export interface RecordCountsTable {
  record_type: 'task' | 'event';
  /** '' for records in no context. */
  context_id: string;
  user_id: string;
  n: number;
}

/** The CalDAV door's copy of a record's iCalendar text and what REPORTs query (migration 010). */
export interface CalendarObjectsTable {
  record_type: 'task' | 'event';
  record_id: string;
  uid: string;
  /** The resource name in its collection (`{name}` of `.../{collection}/{name}`). */
  name: string;
  ical: string;
  etag: string;
  /** The published major version the text reflects; a different one means REST changed the record. */
  source_version: number;
  /** First and last instants any occurrence covers; null means unbounded on that side. */
  first_start: string | null;
  last_end: string | null;
  /** RRULE/RDATE/EXDATE lines, or null. */
  recurrence: string | null;
  updated_at: string;
}

export interface CalendarSlugsTable {
  context_id: string;
  user_id: string;
  slug: string;
  /** The component the client made the collection for: its sibling of the other kind is `{slug}-tasks|events`. */
  record_type: 'task' | 'event';
}

export interface CalendarFreshTable {
  /** `{kind}:{context_id}` or `{kind}:personal:{user_id}`. */
  collection: string;
  txid: number;
  seq: number;
}

/** What a CalDAV DELETE removed, restorable by the same user for a while (migration 016). */
export interface CalendarTrashTable {
  record_type: 'task' | 'event';
  record_id: string;
  uid: string;
  deleted_by: string;
  deleted_at: string;
  /** JSON: the record row, versions, comments, assignees or attendees, stored text. */
  payload: string;
}

/** Names an object had in collections it left under another name (migration 016). */
export interface CalendarFormerNamesTable {
  record_type: 'task' | 'event';
  record_id: string;
  name: string;
  left_at: string;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  api_tokens: ApiTokensTable;
  contexts: ContextsTable;
  context_shares: ContextSharesTable;
  tasks: TasksTable;
  events: EventsTable;
  task_assignees: TaskAssigneesTable;
  event_attendees: EventAttendeesTable;
  comments: CommentsTable;
  record_versions: RecordVersionsTable;
  changes: ChangesTable;
  change_log_state: ChangeLogStateTable;
  idempotency_keys: IdempotencyKeysTable;
  rate_limit_counters: RateLimitCountersTable;
  emails: EmailsTable;
  login_throttle: LoginThrottleTable;
  record_counts: RecordCountsTable;
  oauth_apps: OAuthAppsTable;
  oauth_state: OAuthStateTable;
  calendar_objects: CalendarObjectsTable;
  calendar_slugs: CalendarSlugsTable;
  calendar_fresh: CalendarFreshTable;
  calendar_trash: CalendarTrashTable;
  calendar_former_names: CalendarFormerNamesTable;
}

/** An app a user registered for OAuth (D20); its id is the client id. */
export interface OAuthAppsTable {
  id: string;
  user_id: string;
  name: string;
  redirect_uris: string; // JSON array of strings
  secret_salt: string;
  public_client: number; // 0/1: no secret (PKCE only)
  created_at: string;
  updated_at: string;
}

/** The authorization server's own records (grants, codes, refresh tokens, sessions, interactions). */
export interface OAuthStateTable {
  model: string;
  id: string;
  payload: string; // JSON
  grant_id: string | null;
  uid: string | null;
  user_code: string | null;
  account_id: string | null;
  client_id: string | null;
  expires_at: number | null; // epoch seconds
  consumed_at: number | null; // epoch seconds
  last_used_at: string | null;
}
