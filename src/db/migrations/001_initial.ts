import { type Kysely, sql } from 'kysely';
import { isPostgres } from './dialect.js';

// Ids and timestamps are made in application code; no dialect-only defaults here.
export async function up(db: Kysely<any>): Promise<void> {
  const pg = isPostgres(db);
  const blob = pg ? 'bytea' : 'blob';
  const real = pg ? 'double precision' : 'real';

  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text')
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('intake_token', 'text', (c) => c.unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('api_tokens')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('last_used_at', 'text')
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema.createIndex('api_tokens_user').on('api_tokens').columns(['user_id', 'created_at']).execute();

  await db.schema
    .createTable('contexts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('parent_context_id', 'text', (c) => c.references('contexts.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('color', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  for (const col of ['created_at', 'updated_at', 'name']) {
    await db.schema.createIndex(`contexts_user_${col}`).on('contexts').columns(['user_id', col]).execute();
  }
  await db.schema.createIndex('contexts_parent').on('contexts').columns(['parent_context_id', 'created_at']).execute();

  await db.schema
    .createTable('context_shares')
    .addColumn('context_id', 'text', (c) => c.notNull().references('contexts.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('permission', 'text', (c) => c.notNull())
    .addColumn('shared_at', 'text', (c) => c.notNull())
    .addColumn('shared_by', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('context_shares_pk', ['context_id', 'user_id'])
    .execute();
  await db.schema.createIndex('context_shares_user').on('context_shares').columns(['user_id', 'context_id']).execute();

  const versioned = <T extends { addColumn: (...a: any[]) => T }>(t: T): T =>
    t
      .addColumn('version_major', 'integer', (c: any) => c.notNull())
      .addColumn('version_minor', 'integer', (c: any) => c.notNull())
      .addColumn('is_published', 'integer', (c: any) => c.notNull())
      .addColumn('draft', 'text')
      .addColumn('source', 'text')
      .addColumn('source_email_id', 'text')
      .addColumn('extracted_at', 'text')
      .addColumn('extraction_confidence', real as any);

  await versioned(
    db.schema
      .createTable('tasks')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('context_id', 'text', (c) => c.references('contexts.id'))
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('description', 'text')
      .addColumn('status', 'integer', (c) => c.notNull())
      .addColumn('priority', 'integer', (c) => c.notNull())
      .addColumn('due_date', 'text')
      .addColumn('estimated_minutes', 'integer')
      .addColumn('completed_at', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull()),
  ).execute();
  // Lists filter by "owned by me OR in a context I can see", then sort: one index per sortable
  // column on each side of that OR.
  for (const col of ['created_at', 'updated_at', 'due_date', 'priority', 'status', 'title']) {
    await db.schema.createIndex(`tasks_user_${col}`).on('tasks').columns(['user_id', col, 'id']).execute();
    await db.schema.createIndex(`tasks_context_${col}`).on('tasks').columns(['context_id', col, 'id']).execute();
  }
  await db.schema.createIndex('tasks_source_email').on('tasks').column('source_email_id').execute();

  await versioned(
    db.schema
      .createTable('events')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('context_id', 'text', (c) => c.references('contexts.id'))
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('description', 'text')
      .addColumn('start_time', 'text', (c) => c.notNull())
      .addColumn('end_time', 'text', (c) => c.notNull())
      .addColumn('location', 'text')
      .addColumn('all_day', 'integer', (c) => c.notNull())
      .addColumn('ical_uid', 'text')
      .addColumn('ical_sequence', 'integer')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull()),
  ).execute();
  for (const col of ['created_at', 'updated_at', 'start_time', 'end_time', 'title']) {
    await db.schema.createIndex(`events_user_${col}`).on('events').columns(['user_id', col, 'id']).execute();
    await db.schema.createIndex(`events_context_${col}`).on('events').columns(['context_id', col, 'id']).execute();
  }
  await db.schema.createIndex('events_source_email').on('events').column('source_email_id').execute();
  await db.schema.createIndex('events_user_ical_uid').on('events').columns(['user_id', 'ical_uid']).execute();

  await db.schema
    .createTable('task_assignees')
    .addColumn('task_id', 'text', (c) => c.notNull().references('tasks.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('assigned_at', 'text', (c) => c.notNull())
    .addColumn('assigned_by', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('task_assignees_pk', ['task_id', 'user_id'])
    .execute();
  await db.schema.createIndex('task_assignees_user').on('task_assignees').column('user_id').execute();

  await db.schema
    .createTable('event_attendees')
    .addColumn('event_id', 'text', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('rsvp_status', 'text', (c) => c.notNull())
    .addColumn('added_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('event_attendees_pk', ['event_id', 'email'])
    .execute();
  await db.schema.createIndex('event_attendees_user').on('event_attendees').columns(['user_id', 'event_id']).execute();

  await db.schema
    .createTable('comments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('task_id', 'text', (c) => c.references('tasks.id').onDelete('cascade'))
    .addColumn('event_id', 'text', (c) => c.references('events.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('comments_task').on('comments').columns(['task_id', 'created_at']).execute();
  await db.schema.createIndex('comments_event').on('comments').columns(['event_id', 'created_at']).execute();

  await db.schema
    .createTable('record_versions')
    .addColumn('record_type', 'text', (c) => c.notNull())
    .addColumn('record_id', 'text', (c) => c.notNull())
    .addColumn('version_major', 'integer', (c) => c.notNull())
    .addColumn('published_at', 'text', (c) => c.notNull())
    .addColumn('snapshot', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('record_versions_pk', ['record_type', 'record_id', 'version_major'])
    .execute();

  await db.schema
    .createTable('changes')
    .addColumn('seq', pg ? 'bigserial' : 'integer', (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('record_type', 'text', (c) => c.notNull())
    .addColumn('record_id', 'text', (c) => c.notNull())
    .addColumn('op', 'text', (c) => c.notNull())
    .addColumn('draft', 'integer', (c) => c.notNull())
    .addColumn('version', 'text')
    .addColumn('context_before', 'text')
    .addColumn('context_after', 'text')
    .addColumn('owner_id', 'text')
    .addColumn('data', 'text')
    .addColumn('actor_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('changes_record').on('changes').columns(['record_type', 'record_id', 'seq']).execute();
  await db.schema.createIndex('changes_created').on('changes').column('created_at').execute();

  await db.schema
    .createTable('idempotency_keys')
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('body_hash', 'text', (c) => c.notNull())
    .addColumn('status_code', 'integer')
    .addColumn('response_body', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['user_id', 'key'])
    .execute();
  await db.schema.createIndex('idempotency_keys_expires').on('idempotency_keys').column('expires_at').execute();

  await db.schema
    .createTable('rate_limit_counters')
    .addColumn('bucket', 'text', (c) => c.notNull())
    .addColumn('window_start', 'bigint', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('rate_limit_counters_pk', ['bucket', 'window_start'])
    .execute();
  await db.schema.createIndex('rate_limit_counters_window').on('rate_limit_counters').column('window_start').execute();

  await db.schema
    .createTable('emails')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('message_id', 'text')
    .addColumn('raw', blob as any, (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('subject', 'text')
    .addColumn('from_address', 'text')
    .addColumn('received_at', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('error', 'text')
    .addColumn('result', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('emails_user_message', ['user_id', 'message_id'])
    .execute();
  await db.schema.createIndex('emails_user_received').on('emails').columns(['user_id', 'received_at', 'id']).execute();

  // Full-text search over task title and description.
  if (pg) {
    await sql`ALTER TABLE tasks ADD COLUMN search tsvector GENERATED ALWAYS AS (
      setweight(to_tsvector('english', coalesce(title, '')), 'A') ||
      setweight(to_tsvector('english', coalesce(description, '')), 'B')) STORED`.execute(db);
    await sql`CREATE INDEX tasks_search ON tasks USING gin (search)`.execute(db);
  } else {
    await sql`CREATE VIRTUAL TABLE tasks_fts USING fts5(title, description, content='tasks', content_rowid='rowid', tokenize='porter unicode61 remove_diacritics 2')`.execute(
      db,
    );
    await sql`CREATE TRIGGER tasks_fts_insert AFTER INSERT ON tasks BEGIN
      INSERT INTO tasks_fts(rowid, title, description) VALUES (new.rowid, new.title, coalesce(new.description, ''));
    END`.execute(db);
    await sql`CREATE TRIGGER tasks_fts_delete AFTER DELETE ON tasks BEGIN
      INSERT INTO tasks_fts(tasks_fts, rowid, title, description) VALUES ('delete', old.rowid, old.title, coalesce(old.description, ''));
    END`.execute(db);
    await sql`CREATE TRIGGER tasks_fts_update AFTER UPDATE OF title, description ON tasks BEGIN
      INSERT INTO tasks_fts(tasks_fts, rowid, title, description) VALUES ('delete', old.rowid, old.title, coalesce(old.description, ''));
      INSERT INTO tasks_fts(rowid, title, description) VALUES (new.rowid, new.title, coalesce(new.description, ''));
    END`.execute(db);
  }
}

export async function down(): Promise<void> {
  throw new Error('The initial schema cannot be rolled back; restore a backup instead.');
}
