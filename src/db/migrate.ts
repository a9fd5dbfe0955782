import { Migrator, type MigrationResultSet } from 'kysely';
import { dialectOf, type Db } from './database.js';
import { migrations } from './migrations/index.js';

const SQLITE_ATTEMPTS = 10;

/**
 * Applies pending migrations. On PostgreSQL, Kysely's Migrator holds an advisory lock while it
 * runs, so processes starting together apply each migration once and the others wait. SQLite has
 * no such lock and a second process's migration transaction fails with SQLITE_BUSY when another
 * process wrote first; it then simply tries again and finds the work done.
 */
export async function migrateToLatest(db: Db): Promise<MigrationResultSet> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
  });
  for (let attempt = 1; ; attempt++) {
    const result = await migrator.migrateToLatest();
    if (!result.error) return result;
    const busy = dialectOf(db) === 'sqlite' && /^SQLITE_BUSY/.test(String((result.error as { code?: string }).code));
    if (!busy || attempt >= SQLITE_ATTEMPTS) throw result.error;
    await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
  }
}
