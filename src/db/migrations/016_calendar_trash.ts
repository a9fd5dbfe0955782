import { sql, type Kysely } from 'kysely';

/**
 * CalDAV additions (D17).
 *
 * `calendar_trash`: what a CalDAV DELETE removed, kept for a bounded time so that the same user's
 * PUT of the same UID in another collection (how DAVx5 moves a task between lists, D17) brings back
 * the same record with its history, comments, assignees and attendees. The record itself is deleted
 * from its table (every list, search, feed and access check sees a deletion); this table is read
 * only by that restore, keyed by who deleted and the UID, and purged when the window has passed.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('calendar_trash')
    .addColumn('record_type', 'text', (c) => c.notNull())
    .addColumn('record_id', 'text', (c) => c.notNull())
    .addColumn('uid', 'text', (c) => c.notNull())
    .addColumn('deleted_by', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('deleted_at', 'text', (c) => c.notNull())
    // JSON: the record row, its versions, comments, assignees or attendees, and its stored text.
    .addColumn('payload', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('calendar_trash_pk', ['record_type', 'record_id'])
    .execute();
  await db.schema.createIndex('calendar_trash_uid').on('calendar_trash').columns(['deleted_by', 'record_type', 'uid']).execute();
  await db.schema.createIndex('calendar_trash_deleted_at').on('calendar_trash').column('deleted_at').execute();
  // The CalDAV collection of events a user only attends moves with their own attendances and
  // shares: its sync token is the last entry of this range.
  await db.schema.createIndex('changes_subject').on('changes').columns(['subject_user_id', 'txid', 'seq']).where('subject_user_id', 'is not', null).execute();
  // ... and with the deletions of the events they attended (the attendance goes with the event):
  // deletions are read newest first and matched on their audience.
  await db.schema.createIndex('changes_deletions').on('changes').columns(['record_type', 'txid', 'seq']).where(sql.ref('op'), '=', sql.lit('delete')).execute();
  // The names an object had in collections it left under another name (a MOVE or a DELETE + PUT
  // to a new resource name), so the old collection's sync can name the href its clients hold.
  await db.schema
    .createTable('calendar_former_names')
    .addColumn('record_type', 'text', (c) => c.notNull())
    .addColumn('record_id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('left_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('calendar_former_names_pk', ['record_type', 'record_id', 'name'])
    .execute();
  await db.schema.createIndex('calendar_former_names_left_at').on('calendar_former_names').column('left_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('calendar_former_names').execute();
  await db.schema.dropIndex('changes_deletions').execute();
  await db.schema.dropIndex('changes_subject').execute();
  await db.schema.dropTable('calendar_trash').execute();
}
