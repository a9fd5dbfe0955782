/**
 * Prints the plans of the list queries for the bench viewer on an already seeded database:
 *   node --import tsx bench/explain.ts <DATABASE_URL> <viewer email>
 * SQLite: EXPLAIN QUERY PLAN; PostgreSQL: EXPLAIN (ANALYZE, BUFFERS).
 */
import { Kysely, PostgresDialect, SqliteDialect, type LogEvent } from 'kysely';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { listVisibleEvents } from '../src/core/events/events.store.js';
import { listVisibleTasks } from '../src/core/tasks/tasks.store.js';

const [url, email] = process.argv.slice(2);
const isPg = url.startsWith('postgres');
const queries: Array<{ sql: string; parameters: readonly unknown[]; ms: number }> = [];
const log = (e: LogEvent) => {
  if (e.level === 'query') queries.push({ sql: e.query.sql, parameters: e.query.parameters, ms: e.queryDurationMillis });
};
const sqlite = isPg ? null : new SQLite(url.replace(/^sqlite:/, ''));
const pool = isPg ? new pg.Pool({ connectionString: url }) : null;
const db = new Kysely<any>({ dialect: isPg ? new PostgresDialect({ pool: pool! }) : new SqliteDialect({ database: sqlite! }), log });
const viewer = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();

async function explain(title: string, run: () => Promise<unknown>) {
  queries.length = 0;
  await run();
  console.log(`\n### ${title}`);
  for (const q of queries) {
    console.log(`-- ${q.ms.toFixed(1)} ms: ${q.sql.replace(/\s+/g, ' ').slice(0, 160)}…`);
    if (isPg) {
      const r = await pool!.query(`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${q.sql}`, q.parameters as unknown[]);
      for (const row of r.rows) console.log(`   ${row['QUERY PLAN']}`);
    } else {
      for (const row of sqlite!.prepare(`EXPLAIN QUERY PLAN ${q.sql}`).all(...(q.parameters as unknown[])) as Array<{ detail: string }>)
        console.log(`   ${row.detail}`);
    }
  }
}

await explain('GET /tasks?limit=50', () => listVisibleTasks(db as any, viewer.id, {}, [{ field: 'created_at', desc: true }], { limit: 50, offset: 0 }));
await explain('GET /tasks?limit=50&sort=due_date', () =>
  listVisibleTasks(db as any, viewer.id, {}, [{ field: 'due_date', desc: false }], { limit: 50, offset: 0 }),
);
await explain('GET /events?from=..&to=..', () =>
  listVisibleEvents(db as any, viewer.id, { from: '2026-06-01T00:00:00.000Z', to: '2026-06-08T00:00:00.000Z' }, [{ field: 'start_time', desc: false }], {
    limit: 50,
    offset: 0,
  }),
);
await db.destroy();
