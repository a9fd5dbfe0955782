import type { Kysely } from 'kysely';

/**
 * Failed sign-in attempts per client and email (a hash of both), so throttling holds across
 * processes sharing one database. `window_start` is epoch milliseconds of the first failure.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('login_throttle')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('window_start', 'bigint', (c) => c.notNull())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('login_throttle_window').on('login_throttle').column('window_start').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('login_throttle').execute();
}
