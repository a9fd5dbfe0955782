import type { Kysely } from 'kysely';

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
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const name of ['tasks_created_at', 'events_created_at', 'events_window']) await db.schema.dropIndex(name).execute();
  await db.schema.createIndex('events_context_start_time').on('events').columns(['context_id', 'start_time', 'id']).execute();
  await db.schema.createIndex('events_user_start_time').on('events').columns(['user_id', 'start_time', 'id']).execute();
  await db.schema.dropIndex('events_context_window').execute();
  await db.schema.dropIndex('events_user_window').execute();
}
