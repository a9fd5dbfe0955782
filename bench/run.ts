/**
 * `npm run bench`: single-task read, a 50-task page over 10,000 tasks and task creation, next to a
 * bare Fastify route in the same run, on SQLite and (with BENCH_PG_URL) PostgreSQL. Each server runs
 * in its own process; autocannon runs here.
 *   BENCH_PG_URL=postgres://... BENCH_DURATION=10 npm run bench
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { createScratchDatabase } from '../test/helpers/scratch-pg.js';
import { startBenchServer } from './bench-server.js';

const duration = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);

async function load(title: string, url: string, opts: Partial<autocannon.Options> = {}) {
  const r = await autocannon({ url, connections, duration, ...opts });
  const row = { scenario: title, 'req/s': Math.round(r.requests.average), 'p50 ms': r.latency.p50, 'p99 ms': r.latency.p99, errors: r.errors + r.non2xx };
  console.log(JSON.stringify(row));
  return row;
}

const results: Array<Record<string, unknown>> = [];
const bare = await startBenchServer({ BENCH_BARE: '1' });
const targets: Array<[string, string]> = [['sqlite', `sqlite:${path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'agendum-bench-')), 'app.db')}`]];
const scratch = process.env.BENCH_PG_URL ? await createScratchDatabase(process.env.BENCH_PG_URL, 'agendum_bench') : null;
if (scratch) targets.push(['postgres', scratch.url]);

for (const [dialect, url] of targets) {
  const { child, info } = await startBenchServer({ DATABASE_URL: url, DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'agendum-bench-data-')) });
  const base = `http://127.0.0.1:${info.port}/api/v1`;
  const headers = { authorization: `Bearer ${info.token}`, 'content-type': 'application/json' };
  const bareRow = await load(`${dialect}: bare Fastify route`, `http://127.0.0.1:${bare.info.port}/bare`);
  const rows = [
    await load(`${dialect}: GET /tasks/{id}`, `${base}/tasks/${info.taskId}`, { headers }),
    await load(`${dialect}: GET /tasks?limit=50`, `${base}/tasks?limit=50`, { headers }),
    await load(`${dialect}: POST /tasks`, `${base}/tasks`, { method: 'POST', headers, body: JSON.stringify({ title: 'Bench task', priority: 'high' }) }),
  ];
  for (const row of [bareRow, ...rows]) results.push({ ...row, 'vs bare': `${Math.round((100 * (row['req/s'] as number)) / bareRow['req/s'])}%` });
  child.kill('SIGTERM');
}
bare.child.kill('SIGTERM');
await scratch?.drop();
console.table(results);
process.exit(0);
