/**
 * `npm run bench:visibility`: list pages for a user who sees 100,000 tasks and 100,000 events
 * through shares over 200 contexts (plus a stranger's records they must not see), against a real
 * listening server, on SQLite and (with BENCH_PG_URL) PostgreSQL.
 *   BENCH_PG_URL=postgres://... BENCH_DURATION=10 npm run bench:visibility
 * Figures go to bench/README.md.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { createScratchDatabase } from '../test/helpers/scratch-pg.js';
import autocannon from 'autocannon';

const duration = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 4);

async function startServer(env: Record<string, string>): Promise<{ child: ChildProcess; info: any }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/visibility-server.ts'], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const line = await new Promise<string>((resolve, reject) => {
    const rl = readline.createInterface({ input: child.stdout! });
    rl.once('line', resolve);
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
  return { child, info: JSON.parse(line) };
}

async function load(title: string, url: string, headers: Record<string, string>) {
  const r = await autocannon({ url, connections, duration, headers });
  const row = { scenario: title, 'req/s': Math.round(r.requests.average), 'p50 ms': r.latency.p50, 'p99 ms': r.latency.p99, errors: r.errors + r.non2xx };
  console.log(JSON.stringify(row));
  return row;
}

const results: Array<Record<string, unknown>> = [];
const targets: Array<[string, () => Promise<{ url: string; drop: () => Promise<void> }>]> = [
  [
    'sqlite',
    async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agendum-bench-'));
      return { url: `sqlite:${path.join(dir, 'app.db')}`, drop: async () => fs.rmSync(dir, { recursive: true, force: true }) };
    },
  ],
];
if (process.env.BENCH_PG_URL) targets.push(['postgres', () => createScratchDatabase(process.env.BENCH_PG_URL!, 'agendum_bench')]);
const only = process.env.BENCH_ONLY;

for (const [dialect, make] of targets) {
  if (only && only !== dialect) continue;
  const database = await make();
  const { child, info } = await startServer({ DATABASE_URL: database.url, DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'agendum-bench-data-')) });
  console.log(`${dialect}: seeded in ${info.seedMs} ms`);
  const base = `http://127.0.0.1:${info.port}/api/v1`;
  const headers = { authorization: `Bearer ${info.token}` };
  const check = (await fetch(`${base}/tasks?limit=1`, { headers }).then((r) => r.json())) as { meta: { pagination: { total: number } } };
  console.log(`${dialect}: the viewer sees ${check.meta.pagination.total} tasks`);
  results.push(await load(`${dialect}: GET /tasks?limit=50`, `${base}/tasks?limit=50`, headers));
  results.push(await load(`${dialect}: GET /tasks?limit=50&sort=due_date`, `${base}/tasks?limit=50&sort=due_date`, headers));
  results.push(await load(`${dialect}: GET /events?from=..&to=.. (one week)`, `${base}/events?from=2026-06-01T00:00:00Z&to=2026-06-08T00:00:00Z`, headers));
  results.push(await load(`${dialect}: GET /events?limit=50`, `${base}/events?limit=50`, headers));
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
  await database.drop();
}
console.table(results);
process.exit(0);
