/**
 * Target of bench/visibility.ts: the real app on DATABASE_URL, seeded (bench/seed.ts) so that one
 * viewer sees BENCH_RECORDS tasks and as many events through shares over BENCH_CONTEXTS contexts.
 * Prints one JSON line (port, the viewer's token, seeding time), then serves until killed.
 */
import { sql } from 'kysely';
import { createApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { seedVisibility } from './seed.js';

const config = loadConfig({ ...process.env, PORT: '0', LOG_LEVEL: 'silent', RATE_LIMIT_MAX: '10000000' });
const app = await createApp(config, { logger: false });
const stamp = Date.now();
const make = (who: string) => app.services.accounts.createUser({ email: `${who}-${stamp}@bench.example`, password: 'benchmark password' });
const [owner, viewer, stranger] = [await make('owner'), await make('viewer'), await make('stranger')];
const { token } = await app.services.accounts.issueToken(viewer.id, 'bench');
const started = Date.now();
await seedVisibility(app.database.db, {
  ownerId: owner.id,
  viewerId: viewer.id,
  strangerId: stranger.id,
  contexts: Number(process.env.BENCH_CONTEXTS ?? 200),
  records: Number(process.env.BENCH_RECORDS ?? 100_000),
});
// PostgreSQL: fresh statistics and the visibility map, which autovacuum writes within a minute of
// such a load. Measured before it, these lists ran at a third to a fifth of their speed after it: an
// index-only scan fetches every row from the table until the map marks its page all-visible
// (`sort=due_date`: 10,000 heap fetches and 37 ms before, none and 7 ms after). Not SQLite, which
// the service never analyzes (docs/operations.md): on one seeded file, analyzed through
// better-sqlite3, the four lists ran at 61-78% of their speed without statistics (two loaded runs).
if (app.database.dialect === 'postgres') await sql`VACUUM ANALYZE`.execute(app.database.db);
const seedMs = Date.now() - started;
await app.server.listen({ port: 0, host: '127.0.0.1' });
console.log(JSON.stringify({ port: (app.server.server.address() as { port: number }).port, token, seedMs }));
