/**
 * Sync feed benchmark (issue 7):
 * 1. overhead of the change log on POST /tasks: requests per second with the log row written, and
 *    with the log's INSERT dropped at the database driver (a wrapper around the Kysely dialect that
 *    exists only in this file; the application has no switch for it);
 * 2. feed throughput: change rows read per second through GET /sync, paging with limit=1000.
 *
 *   node --import tsx bench/sync.ts                      # SQLite
 *   BENCH_PG_URL=postgres://postgres@127.0.0.1:55432/postgres node --import tsx bench/sync.ts
 */
import { createScratchDatabase } from '../test/helpers/scratch-pg.js';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { Kysely, PostgresDialect, SqliteDialect, type DatabaseConnection, type Dialect, type Driver } from 'kysely';
import { loadConfig } from '../src/config.js';
import type { Database } from '../src/db/schema.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { memoryRateLimitStore } from '../src/http/rate-limit.js';
import { buildServer } from '../src/app.js';
import { createIntakePipeline } from '../src/doors/email/intake-pipeline.js';
import { readMessage } from '../src/doors/email/read-message.js';
import { createServices } from '../src/services.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const CONNECTIONS = 4;
const FEED_CHANGES = Number(process.env.BENCH_FEED_CHANGES ?? 6000);

/** Drops `INSERT INTO "changes"` at the driver: the "without the log" side of the comparison. */
function withoutChangeLog(inner: Dialect): Dialect {
  const wrap = (c: DatabaseConnection): DatabaseConnection =>
    new Proxy(c, {
      get(target, prop) {
        if (prop === 'executeQuery') {
          return (q: { sql: string }) => (/^insert into "changes"/i.test(q.sql) ? Promise.resolve({ rows: [] }) : target.executeQuery(q as any));
        }
        const v = Reflect.get(target, prop);
        return typeof v === 'function' ? v.bind(target) : v;
      },
    });
  return {
    createAdapter: () => inner.createAdapter(),
    createQueryCompiler: () => inner.createQueryCompiler(),
    createIntrospector: (db) => inner.createIntrospector(db),
    createDriver: (): Driver => {
      const d = inner.createDriver();
      return new Proxy(d, {
        get(target, prop) {
          if (prop === 'acquireConnection') return async () => wrap(await target.acquireConnection());
          const v = Reflect.get(target, prop);
          return typeof v === 'function' ? v.bind(target) : v;
        },
      });
    },
  };
}

interface Target {
  name: string;
  dialect: () => Dialect;
  drop: () => Promise<void>;
}

async function sqliteTarget(): Promise<Target> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agendum-bench-'));
  const file = path.join(dir, 'app.db');
  const open = () => {
    const s = new SQLite(file);
    s.pragma('journal_mode = WAL');
    s.pragma('synchronous = NORMAL');
    s.pragma('foreign_keys = ON');
    s.pragma('busy_timeout = 5000');
    return new SqliteDialect({ database: s });
  };
  return { name: 'SQLite', dialect: open, drop: async () => fs.rmSync(dir, { recursive: true, force: true }) };
}

async function pgTarget(adminUrl: string): Promise<Target> {
  const scratch = await createScratchDatabase(adminUrl, 'agendum_bench');
  return {
    name: 'PostgreSQL',
    dialect: () => new PostgresDialect({ pool: new pg.Pool({ connectionString: scratch.url, max: 10 }) }),
    drop: scratch.drop,
  };
}

async function serve(dialect: Dialect) {
  const db = new Kysely<Database>({ dialect });
  await migrateToLatest(db);
  const config = loadConfig({ LOG_LEVEL: 'silent', RATE_LIMIT_MAX: '10000000', JWT_SECRET: 'x'.repeat(40), DATABASE_URL: 'sqlite::memory:' });
  const secret = new TextEncoder().encode(config.jwtSecret!);
  const services = createServices(db, { jwtSecret: secret, allowSignup: true, intakeDomain: 'bench.localhost', syncRetentionDays: 30 });
  // Mail is not benchmarked here: messages are read in this thread, without the extraction pool.
  const intake = createIntakePipeline(services.accounts, services.intake, readMessage);
  const server = await buildServer({ config, db, services, secret, rateLimits: memoryRateLimitStore(), intake, logger: false });
  await server.listen({ port: 0, host: '127.0.0.1' });
  const address = server.server.address() as { port: number };
  const user = await services.accounts.createUser({ email: `bench-${randomBytes(4).toString('hex')}@example.com`, password: 'correct horse battery' });
  const { token } = await services.accounts.issueToken(user.id, 'bench');
  return {
    db,
    services,
    server,
    token,
    userId: user.id,
    url: `http://127.0.0.1:${address.port}`,
    close: async () => {
      await server.close();
      await db.destroy();
    },
  };
}

async function postTasksRps(url: string, token: string): Promise<number> {
  const result = await autocannon({
    url: `${url}/api/v1/tasks`,
    method: 'POST',
    connections: CONNECTIONS,
    duration: SECONDS,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ title: 'Benchmark task', description: 'written by bench/sync.ts', priority: 'high' }),
  });
  if (result.non2xx) throw new Error(`${result.non2xx} non-2xx answers`);
  return result.requests.average;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function run(target: Target) {
  // Write overhead: two servers side by side (the second on its own database when the target allows,
  // else the same one), alternating short runs so that load from elsewhere hits both alike; medians.
  const withApp = await serve(target.dialect());
  const withoutApp = await serve(withoutChangeLog(target.dialect()));
  const withLog: number[] = [];
  const without: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    withLog.push(await postTasksRps(withApp.url, withApp.token));
    without.push(await postTasksRps(withoutApp.url, withoutApp.token));
  }
  await withApp.close();
  await withoutApp.close();
  const w = median(withLog);
  const wo = median(without);
  console.log(
    `${target.name}: POST /tasks ${w.toFixed(0)} req/s with the change log, ${wo.toFixed(0)} req/s without; overhead ${(((wo - w) / wo) * 100).toFixed(1)}% ` +
      `(medians of ${ROUNDS} alternating ${SECONDS} s runs, ${CONNECTIONS} connections; with: ${withLog.map((x) => x.toFixed(0)).join(' ')}; without: ${without.map((x) => x.toFixed(0)).join(' ')})`,
  );

  // The same comparison without HTTP, sockets and autocannon in the way: the create use case in a
  // loop, alternating blocks of 200, which is far less sensitive to other load on the machine.
  {
    const a = await serve(target.dialect());
    const b = await serve(withoutChangeLog(target.dialect()));
    const ms = { with: 0, without: 0 };
    for (let round = 0; round < 10; round++) {
      for (const [key, app] of [
        ['with', a],
        ['without', b],
      ] as const) {
        const actor = { userId: app.userId, email: 'bench', via: 'rest' as const };
        const t0 = performance.now();
        for (let i = 0; i < 200; i++) await app.services.tasks.create(actor, { title: 'Benchmark task', description: 'in-process', priority: 'high' });
        ms[key] += performance.now() - t0;
      }
    }
    await a.close();
    await b.close();
    console.log(
      `${target.name}: tasks.create in-process ${(2000 / (ms.with / 1000)).toFixed(0)}/s with the change log, ${(2000 / (ms.without / 1000)).toFixed(0)}/s without; overhead ${(((ms.with - ms.without) / ms.without) * 100).toFixed(1)}%`,
    );
  }

  // Feed throughput: a fresh reader's cursor, then FEED_CHANGES changes, then read them all.
  const app = await serve(target.dialect());
  const actor = { userId: app.userId, email: 'bench', via: 'rest' as const };
  const start = (await app.services.sync.feed(actor, { limit: 1 })).cursor;
  const ids: string[] = [];
  for (let i = 0; i < FEED_CHANGES / 2; i++) ids.push((await app.services.tasks.create(actor, { title: `t${i}` })).id);
  for (const id of ids) await app.services.tasks.update(actor, id, { title: 'edited' });
  const get = async (query: string) => {
    const res = await app.server.inject({ method: 'GET', url: `/api/v1/sync?${query}`, headers: { authorization: `Bearer ${app.token}` } });
    return res.json() as { data: unknown[]; meta: { cursor: string; hasMore: boolean } };
  };
  for (const [label, first] of [
    ['log replay', `cursor=${start}&`],
    ['first sync (snapshot)', ''],
  ] as const) {
    const t0 = performance.now();
    let items = 0;
    let pages = 0;
    let waited = 0;
    let page = await get(`${first}limit=1000`);
    for (;;) {
      items += page.data.length;
      pages++;
      if (!page.meta.hasMore) break;
      // Empty with hasMore: an older transaction elsewhere on the cluster holds the log back.
      if (!page.data.length) {
        const w0 = performance.now();
        await new Promise((r) => setTimeout(r, 10));
        waited += performance.now() - w0;
      }
      page = await get(`cursor=${page.meta.cursor}&limit=1000`);
    }
    const s = (performance.now() - t0 - waited) / 1000;
    if (waited > 0) console.log(`${target.name}: (feed ${label} waited ${(waited / 1000).toFixed(1)} s behind older transactions; not counted)`);
    const rows = label === 'log replay' ? FEED_CHANGES : items;
    console.log(
      `${target.name}: feed ${label}: ${rows} ${label === 'log replay' ? 'change rows' : 'records'} (${items} items, ${pages} pages) in ${s.toFixed(2)} s = ${(rows / s).toFixed(0)} per second`,
    );
  }
  await app.close();
  await target.drop();
}

if (!process.env.BENCH_SKIP_SQLITE) await run(await sqliteTarget());
if (process.env.BENCH_PG_URL) await run(await pgTarget(process.env.BENCH_PG_URL));
