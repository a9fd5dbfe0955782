import type { Kysely } from 'kysely';

/**
 * What the CalDAV door keeps beside the records (D17), readable by the core without any iCalendar
 * code:
 * - `calendar_objects`: the client's iCalendar text for a task or event, its resource name and UID,
 *   the strong ETag of the served bytes, the published version the text reflects (so a REST edit
 *   shows up as a version mismatch), and the first/last occurrence instants and recurrence lines
 *   that let REPORTs answer from columns. A row outlives its record on purpose: its name is the
 *   href a sync-collection tombstone must repeat.
 * - `calendar_slugs`: the URL segment a client chose when it made a context with MKCALENDAR.
 * - `calendar_fresh`: the log position up to which a collection's objects are up to date;
 * - indexes on the change log by context and owner, so a collection's sync token is one index read.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('calendar_objects')
    .addColumn('record_type', 'text', (c) => c.notNull())
    .addColumn('record_id', 'text', (c) => c.notNull())
    .addColumn('uid', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('ical', 'text', (c) => c.notNull())
    .addColumn('etag', 'text', (c) => c.notNull())
    .addColumn('source_version', 'integer', (c) => c.notNull())
    .addColumn('first_start', 'text')
    .addColumn('last_end', 'text')
    .addColumn('recurrence', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('calendar_objects_pk', ['record_type', 'record_id'])
    .execute();
  await db.schema.createIndex('calendar_objects_uid').on('calendar_objects').columns(['uid', 'record_type']).execute();
  await db.schema.createIndex('calendar_objects_name').on('calendar_objects').columns(['name', 'record_type']).execute();

  await db.schema
    .createTable('calendar_slugs')
    .addColumn('context_id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('slug', 'text', (c) => c.notNull())
    .addColumn('record_type', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('calendar_slugs_slug').on('calendar_slugs').columns(['user_id', 'slug']).unique().execute();

  // How far each collection's objects are known to be up to date (a change-log position), so a
  // read only looks for stale objects when the collection's log moved since.
  await db.schema
    .createTable('calendar_fresh')
    .addColumn('collection', 'text', (c) => c.primaryKey())
    .addColumn('txid', 'bigint', (c) => c.notNull())
    .addColumn('seq', 'bigint', (c) => c.notNull())
    .execute();

  // (…, txid, seq): a collection's latest position is the last entry of one index range.
  await db.schema.createIndex('changes_context_after').on('changes').columns(['context_after', 'record_type', 'txid', 'seq']).execute();
  await db.schema.createIndex('changes_context_before').on('changes').columns(['context_before', 'record_type', 'txid', 'seq']).execute();
  await db.schema.createIndex('changes_owner').on('changes').columns(['owner_id', 'record_type', 'txid', 'seq']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const i of ['changes_owner', 'changes_context_before', 'changes_context_after']) await db.schema.dropIndex(i).execute();
  await db.schema.dropTable('calendar_fresh').execute();
  await db.schema.dropTable('calendar_slugs').execute();
  await db.schema.dropTable('calendar_objects').execute();
}
