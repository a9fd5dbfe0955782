/** `npm run migrate`: apply pending migrations to DATABASE_URL and say which ran. */
import { loadConfigOrExit } from '../config.js';
import { openDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';

const config = loadConfigOrExit();
const database = openDatabase(config.database);
try {
  const result = await migrateToLatest(database.db, config.database);
  const ran = result.results ?? [];
  console.log(ran.length ? ran.map((r) => `${r.status === 'Success' ? 'applied' : r.status}: ${r.migrationName}`).join('\n') : 'Database is up to date.');
} catch (err) {
  console.error(`Migration failed: ${(err as Error).message}`);
  process.exitCode = 1;
} finally {
  await database.close();
}
