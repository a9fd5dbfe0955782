import type { Kysely } from 'kysely';

/**
 * What the sync feed (D19) needs on top of the change log of 001:
 * - `txid`: the writing transaction's id on PostgreSQL (0 on SQLite, where writers are serialised),
 *   so readers only hand out positions below the oldest transaction still in flight (docs/sync.md);
 * - `subject_user_id`: the user whose access a share or attendee row changes;
 * - `parent_id`: the record a comment, assignee or attendee row belongs to, the context of a share;
 * - `audience`: for deletions and moves, who could see the record just before (JSON array of ids),
 *   so tombstones reach exactly those users even after the context is gone.
 * `change_log_state` keeps the highest position pruned, so an outdated cursor is told 410 Gone
 * instead of silently missing pruned rows.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('changes')
    .addColumn('txid', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('changes').addColumn('subject_user_id', 'text').execute();
  await db.schema.alterTable('changes').addColumn('parent_id', 'text').execute();
  await db.schema.alterTable('changes').addColumn('audience', 'text').execute();
  await db.schema.createIndex('changes_position').on('changes').columns(['txid', 'seq']).execute();
  // Only dependent rows (comments, assignees, attendees, shares) have a parent; task and event rows
  // skip this index entirely, which keeps the log's cost on plain writes down.
  await db.schema.createIndex('changes_parent').on('changes').columns(['parent_id', 'record_type']).where('parent_id', 'is not', null).execute();

  await db.schema
    .createTable('change_log_state')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('txid', 'bigint', (c) => c.notNull())
    .addColumn('seq', 'bigint', (c) => c.notNull())
    .execute();
  await db.insertInto('change_log_state').values({ name: 'pruned', txid: 0, seq: 0 }).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('change_log_state').execute();
  await db.schema.dropIndex('changes_parent').execute();
  await db.schema.dropIndex('changes_position').execute();
  for (const col of ['audience', 'parent_id', 'subject_user_id', 'txid']) {
    await db.schema.alterTable('changes').dropColumn(col).execute();
  }
}
