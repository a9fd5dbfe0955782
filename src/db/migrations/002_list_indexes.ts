import { type Kysely, sql } from 'kysely';
import { isPostgres } from './dialect.js';

/**
 * Indexes for the list plans of core/access/visibility.store.ts.
 *
 * Time-window lists (`GET /events?from=&to=`) filter on both ends of an event and sort by its start.
 * With end_time in the index next to start_time, each visibility branch answers from the index
 * alone (no row fetch per candidate); these replace the (…, start_time, id) indexes of 001.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('events_context_window').on('events').columns(['context_id', 'start_time', 'end_time', 'id']).execute();
  await db.schema.createIndex('events_user_window').on('events').columns(['user_id', 'start_time', 'end_time', 'id']).execute();
  await db.schema.dropIndex('events_context_start_time').execute();
  await db.schema.dropIndex('events_user_start_time').execute();
  // Whole-table orders for callers who see most of the table: a page is then the first rows in
  // this order that pass the visibility test (core/access/visibility.store.ts).
  await db.schema.createIndex('tasks_created_at').on('tasks').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('events_created_at').on('events').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('events_window').on('events').columns(['start_time', 'end_time', 'id']).execute();
  await addRecordCounts(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['tasks', 'events']) {
    for (const t of ['count_change', 'count_move', 'count_insert', 'count_delete']) {
      await sql`DROP TRIGGER IF EXISTS ${sql.raw(`${table}_${t}`)}${sql.raw(isPostgres(db) ? ` ON ${table}` : '')}`.execute(db);
    }
    if (isPostgres(db)) await sql`DROP FUNCTION IF EXISTS ${sql.raw(`${table}_count`)}()`.execute(db);
  }
  await db.schema.dropTable('record_counts').execute();
  for (const name of ['tasks_created_at', 'events_created_at', 'events_window']) await db.schema.dropIndex(name).execute();
  await db.schema.createIndex('events_context_start_time').on('events').columns(['context_id', 'start_time', 'id']).execute();
  await db.schema.createIndex('events_user_start_time').on('events').columns(['user_id', 'start_time', 'id']).execute();
  await db.schema.dropIndex('events_context_window').execute();
  await db.schema.dropIndex('events_user_window').execute();
}

/**
 * Exact list totals without counting rows: how many tasks and events each owner has in each
 * context ('' for none), kept by triggers in the same transaction as the change, whatever writes
 * it (use cases, cascades, bulk loads). An unfiltered list's total is then a sum over the visible
 * contexts and the caller's own rows, whatever their number.
 */
export async function addRecordCounts(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('record_counts')
    .addColumn('record_type', 'text', (c) => c.notNull())
    .addColumn('context_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('n', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('record_counts_pk', ['record_type', 'context_id', 'user_id'])
    .execute();
  await db.schema.createIndex('record_counts_user').on('record_counts').columns(['record_type', 'user_id', 'context_id']).execute();
  for (const [table, type] of [
    ['tasks', 'task'],
    ['events', 'event'],
  ] as const) {
    await sql`INSERT INTO record_counts (record_type, context_id, user_id, n)
      SELECT ${type}, coalesce(context_id, ''), user_id, count(*) FROM ${sql.table(table)} GROUP BY coalesce(context_id, ''), user_id`.execute(db);
    const bump = (ref: 'NEW' | 'OLD', delta: 1 | -1) =>
      sql.raw(`INSERT INTO record_counts (record_type, context_id, user_id, n)
      VALUES ('${type}', coalesce(${ref}.context_id, ''), ${ref}.user_id, ${delta})
      ON CONFLICT (record_type, context_id, user_id) DO UPDATE SET n = record_counts.n + (${delta});`);
    if (isPostgres(db)) {
      await sql`CREATE FUNCTION ${sql.raw(`${table}_count`)}() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF TG_OP IN ('DELETE', 'UPDATE') THEN ${bump('OLD', -1)} END IF;
          IF TG_OP IN ('INSERT', 'UPDATE') THEN ${bump('NEW', 1)} END IF;
          RETURN NULL;
        END $$`.execute(db);
      await sql`CREATE TRIGGER ${sql.raw(`${table}_count_change`)} AFTER INSERT OR DELETE ON ${sql.table(table)}
        FOR EACH ROW EXECUTE FUNCTION ${sql.raw(`${table}_count`)}()`.execute(db);
      await sql`CREATE TRIGGER ${sql.raw(`${table}_count_move`)} AFTER UPDATE OF user_id, context_id ON ${sql.table(table)}
        FOR EACH ROW WHEN (OLD.user_id IS DISTINCT FROM NEW.user_id OR OLD.context_id IS DISTINCT FROM NEW.context_id)
        EXECUTE FUNCTION ${sql.raw(`${table}_count`)}()`.execute(db);
    } else {
      await sql`CREATE TRIGGER ${sql.raw(`${table}_count_insert`)} AFTER INSERT ON ${sql.table(table)} BEGIN ${bump('NEW', 1)} END`.execute(db);
      await sql`CREATE TRIGGER ${sql.raw(`${table}_count_delete`)} AFTER DELETE ON ${sql.table(table)} BEGIN ${bump('OLD', -1)} END`.execute(db);
      await sql`CREATE TRIGGER ${sql.raw(`${table}_count_move`)} AFTER UPDATE OF user_id, context_id ON ${sql.table(table)}
        WHEN OLD.user_id IS NOT NEW.user_id OR OLD.context_id IS NOT NEW.context_id
        BEGIN ${bump('OLD', -1)} ${bump('NEW', 1)} END`.execute(db);
    }
  }
}
