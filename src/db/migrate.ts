import SQLite from 'better-sqlite3';
import { Migrator, type MigrationResultSet } from 'kysely';
import type { DatabaseConfig } from '../config.js';
import type { Db } from './database.js';
import { migrations } from './migrations/index.js';

/**
 * Applies pending migrations. Several processes may start at once (cluster mode, several servers,
 * `npm run migrate` beside a running server):
 * - PostgreSQL: Kysely's Migrator holds an advisory lock while it runs, so each migration is
 *   applied once and the others wait, then find nothing to do.
 * - SQLite: Kysely takes no lock there and runs DDL outside a transaction, so two processes would
 *   both try to apply the same migration. We hold an exclusive transaction on a small lock file
 *   beside the database for the duration instead; a second process waits for it (up to a minute).
 */
export async function migrateToLatest(db: Db, database?: DatabaseConfig): Promise<MigrationResultSet> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    // Features land in parallel with their own migration numbers; a database that already ran a
    // later one must still accept an earlier one that arrives afterwards.
    allowUnorderedMigrations: true,
  });
  const run = async () => {
    const result = await migrator.migrateToLatest();
    if (result.error) throw result.error;
    return result;
  };
  if (database?.dialect !== 'sqlite' || database.file === ':memory:') return run();
  const lock = new SQLite(`${database.file}.migrate-lock`);
  try {
    lock.pragma('busy_timeout = 60000');
    lock.exec('BEGIN EXCLUSIVE'); // blocks until no other process holds it
    try {
      return await run();
    } finally {
      lock.exec('COMMIT');
    }
  } finally {
    lock.close();
  }
}
