/**
 * `npm run bench:http`: the request path next to a bare Fastify route, measured in the same run so
 * the figures are ratios that survive a busy or a faster machine (issue 15).
 *
 * A bare Fastify route returning constant JSON, and the real service (rate limits on, logging off)
 * on SQLite and on PostgreSQL, each in its own process and seeded with BENCH_TASKS (10,000) tasks of
 * one user. wrk (1 thread, BENCH_CONNECTIONS=32 connections, BENCH_DURATION=8 s each) measures
 * `GET /tasks/{id}` and `GET /tasks?limit=50` with a bearer token; the bare route is measured again
 * right before each database's rows, and every row is divided by it. On PostgreSQL the service is
 * then started as `src/main.ts` with WORKERS=1 and WORKERS=2 on the same data (BENCH_WORKERS=0 skips).
 *
 * PostgreSQL: BENCH_PG_URL (a server where a scratch database may be made), else a throwaway server
 * this script starts with PostgreSQL's default durability (bench/own-postgres.ts).
 *   npm run bench:http
 *   BENCH_ONLY=sqlite|postgres, BENCH_PROFILE=<dir> (a .cpuprofile of each service's serving)
 */
import { type ChildProcess, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createScratchDatabase } from '../test/helpers/scratch-pg.js';
import { freePort, spawnServer } from '../test/helpers/processes.js';
import { startOwnPostgres } from './own-postgres.js';
import { startBenchServer } from './bench-server.js';

const duration = Number(process.env.BENCH_DURATION ?? 8);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);
const only = process.env.BENCH_ONLY;

interface Row {
  scenario: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  ratio?: number;
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** wrk prints latencies as "1.23ms", "456.00us", "1.02s". */
function wrkMs(value: string): number {
  const m = /^([\d.]+)(us|ms|s)$/.exec(value);
  if (!m) return Number.NaN;
  const n = Number(m[1]);
  return m[2] === 'us' ? n / 1000 : m[2] === 's' ? n * 1000 : n;
}

function wrk(url: string, headers: Record<string, string>, opts: { connections: number; seconds: number }): string {
  const args = ['-t1', `-c${opts.connections}`, `-d${opts.seconds}s`, '--latency'];
  for (const [k, v] of Object.entries(headers)) args.push('-H', `${k}: ${v}`);
  return execFileSync('wrk', [...args, url], { encoding: 'utf8' });
}

function load(scenario: string, url: string, headers: Record<string, string> = {}): Row {
  const out = wrk(url, headers, { connections, seconds: duration });
  const pct = (p: string) => wrkMs(new RegExp(`^\\s*${p}%\\s+(\\S+)`, 'm').exec(out)?.[1] ?? '');
  const non2xx = Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0);
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
  const errors = non2xx + (socket ? socket.slice(1).reduce((a, b) => a + Number(b), 0) : 0);
  const row = { scenario, rps: Math.round(Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1])), p50: pct('50'), p99: pct('99'), errors };
  console.error(JSON.stringify(row));
  return row;
}

/** A short run so the JIT, the statement caches and the pools are warm before anything counts. */
const warm = (url: string, headers: Record<string, string>) => wrk(url, headers, { connections: 4, seconds: 2 });

const loadBefore = os.loadavg();
const results: Row[] = [];
const bare = await startBenchServer({ BENCH_BARE: '1' });
const bareUrl = `http://127.0.0.1:${bare.info.port}/bare`;
warm(bareUrl, {});

/** The bare route, then the service's rows, each divided by that bare figure. */
function measure(label: string, base: string, token: string, taskId: string) {
  const headers = { authorization: `Bearer ${token}` };
  warm(`${base}/tasks/${taskId}`, headers);
  warm(`${base}/tasks?limit=50`, headers);
  const bareRow = load(`${label}: bare Fastify route`, bareUrl);
  const rows = [
    load(`${label}: GET /tasks/{id}`, `${base}/tasks/${taskId}`, headers),
    load(`${label}: GET /tasks?limit=50`, `${base}/tasks?limit=50`, headers),
  ];
  for (const row of [bareRow, ...rows]) results.push({ ...row, ratio: row.rps / bareRow.rps });
  return rows[1];
}

/**
 * The floor (`bench/floor-server.ts`) on the same data: the same answers with nothing but the
 * reads and the response, divided by the bare route measured just before the service.
 */
async function measureFloor(label: string, env: Record<string, string>, token: string, taskId: string) {
  const floor = await startBenchServer(env, 'bench/floor-server.ts');
  try {
    const base = `http://127.0.0.1:${floor.info.port}/api/v1`;
    const headers = { authorization: `Bearer ${token}` };
    warm(`${base}/tasks/${taskId}`, headers);
    warm(`${base}/tasks?limit=50`, headers);
    const bareRps = results.find((r) => r.scenario === `${label}: bare Fastify route`)!.rps;
    for (const [what, url] of [
      ['GET /tasks/{id}', `${base}/tasks/${taskId}`],
      ['GET /tasks?limit=50', `${base}/tasks?limit=50`],
    ]) {
      const row = load(`${label}: floor, ${what} (reads and answer only)`, url, headers);
      results.push({ ...row, ratio: row.rps / bareRps });
    }
  } finally {
    await stop(floor.child);
  }
}

/**
 * The control for the list's tail: a bare route burning the list's CPU per request (taken as one
 * second over its requests per second: the service is CPU-bound there). If it shows the same p99,
 * the tail comes from saturation under wrk's 32 connections, not from the request path.
 */
async function spinControl(label: string, list: Row) {
  const spinUs = Math.round(1e6 / list.rps);
  const spinning = await startBenchServer({ BENCH_BARE: '1', BENCH_BARE_SPIN_US: String(spinUs) });
  try {
    const url = `http://127.0.0.1:${spinning.info.port}/bare`;
    warm(url, {});
    const row = load(`${label}: bare route burning ${spinUs} µs (control for the list's p99)`, url);
    results.push({ ...row, ratio: row.rps / results.find((r) => r.scenario === `${label}: bare Fastify route`)!.rps });
  } finally {
    await stop(spinning.child);
  }
}

const cleanups: Array<() => Promise<void> | void> = [];
try {
  if (only !== 'postgres') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agendum-bench-'));
    cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
    const env = { DATABASE_URL: `sqlite:${path.join(dir, 'app.db')}`, DATA_DIR: dir };
    const { child, info } = await startBenchServer({ ...env, BENCH_PROFILE_NAME: 'sqlite' });
    const list = measure('SQLite', `http://127.0.0.1:${info.port}/api/v1`, info.token!, info.taskId!);
    await stop(child);
    await measureFloor('SQLite', env, info.token!, info.taskId!);
    await spinControl('SQLite', list);
  }
  if (only !== 'sqlite') {
    let adminUrl = process.env.BENCH_PG_URL;
    if (!adminUrl) {
      const own = await startOwnPostgres();
      cleanups.push(() => own.stop());
      adminUrl = own.url;
    }
    const database = await createScratchDatabase(adminUrl, 'agendum_bench');
    cleanups.push(() => database.drop());
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agendum-bench-data-'));
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const env = { DATABASE_URL: database.url, DATA_DIR: dataDir };
    const { child, info } = await startBenchServer({ ...env, BENCH_PROFILE_NAME: 'postgres' });
    const list = measure('PostgreSQL', `http://127.0.0.1:${info.port}/api/v1`, info.token!, info.taskId!);
    await stop(child);
    await measureFloor('PostgreSQL', env, info.token!, info.taskId!);
    await spinControl('PostgreSQL', list);
    if (process.env.BENCH_WORKERS !== '0') {
      // The shipped entry point on the same data (the token's signing secret is in DATA_DIR).
      for (const workers of ['1', '2']) {
        const server = await spawnServer({
          DATABASE_URL: database.url,
          DATA_DIR: dataDir,
          PORT: String(await freePort()),
          LOG_LEVEL: 'warn',
          RATE_LIMIT_MAX: '10000000',
          WORKERS: workers,
        });
        try {
          measure(`PostgreSQL WORKERS=${workers}`, `${server.url}/api/v1`, info.token!, info.taskId!);
        } finally {
          await server.stop();
        }
      }
    }
  }
} finally {
  await stop(bare.child);
  for (const cleanup of cleanups.reverse()) await cleanup();
}

const loadAfter = os.loadavg();
const fmt = (l: number[]) => l.map((x) => x.toFixed(2)).join(' ');
console.log(`wrk -t1 -c${connections} -d${duration}s; ${os.availableParallelism()} cores; load average before ${fmt(loadBefore)}, after ${fmt(loadAfter)}`);
console.log('| scenario | req/s | p50 ms | p99 ms | errors | vs bare |');
console.log('| --- | --- | --- | --- | --- | --- |');
for (const r of results) console.log(`| ${r.scenario} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.errors} | ${r.ratio!.toFixed(2)}x |`);
process.exit(0);
