/**
 * `npm run bench:cluster`: the task read/write mix on PostgreSQL served by one process, by two
 * separately started processes on two ports, and by one port with WORKERS=2. Autocannon runs here;
 * every configuration serves the same fresh database with the real rate limiter and guarantees on.
 *   BENCH_PG_URL=postgres://postgres@127.0.0.1:55432/postgres BENCH_DURATION=10 npm run bench:cluster
 * The mix per connection: GET /tasks/{id}, GET /tasks?limit=20, POST /tasks (every third with an
 * Idempotency-Key), PATCH /tasks/{id}; 20 users, so rate-limit rows are not one hot row.
 */
import { createScratchDatabase } from '../test/helpers/scratch-pg.js';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { createApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { freePort, spawnServer, type ServerProcess } from '../test/helpers/processes.js';

const adminUrl = process.env.BENCH_PG_URL;
if (!adminUrl) {
  console.error('Set BENCH_PG_URL to a PostgreSQL server (scripts/pg-test-server.sh start prints one)');
  process.exit(2);
}
const duration = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
const USERS = 20;

const scratch = await createScratchDatabase(adminUrl, 'agendum_bench');
const url = new URL(scratch.url);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agendum-bench-'));
const env = { DATABASE_URL: url.toString(), DATA_DIR: dataDir, RATE_LIMIT_MAX: '10000000', LOG_LEVEL: 'warn' };

// Seed: users with tokens and 200 tasks each.
const app = await createApp(loadConfig({ ...env, LOG_LEVEL: 'silent' }), { logger: false });
const users: Array<{ token: string; taskIds: string[] }> = [];
for (let u = 0; u < USERS; u++) {
  const email = `bench-${u}-${randomUUID()}@example.com`;
  const created = await app.services.accounts.createUser({ email, password: 'benchmark password' });
  const { token } = await app.services.accounts.issueToken(created.id, 'bench');
  const actor = { userId: created.id, email, via: 'system' as const };
  const taskIds: string[] = [];
  for (let i = 0; i < 200; i++) taskIds.push((await app.services.tasks.create(actor, { title: `Task ${i} of ${u}`, priority: 'medium' })).id);
  users.push({ token, taskIds });
}
await app.close();

function mix(): autocannon.Request[] {
  let n = 0;
  const pick = () => users[Math.floor(Math.random() * users.length)];
  const headers = (u: { token: string }, extra: Record<string, string> = {}) => ({
    authorization: `Bearer ${u.token}`,
    'content-type': 'application/json',
    ...extra,
  });
  return [
    {
      method: 'GET',
      setupRequest: (r) => {
        const u = pick();
        return { ...r, path: `/api/v1/tasks/${u.taskIds[n++ % u.taskIds.length]}`, headers: headers(u) };
      },
    },
    {
      method: 'GET',
      setupRequest: (r) => {
        const u = pick();
        return { ...r, path: '/api/v1/tasks?limit=20', headers: headers(u) };
      },
    },
    {
      method: 'POST',
      setupRequest: (r) => {
        const u = pick();
        const key: Record<string, string> = n++ % 3 === 0 ? { 'idempotency-key': randomUUID() } : {};
        return { ...r, path: '/api/v1/tasks', headers: headers(u, key), body: JSON.stringify({ title: 'Bench task', priority: 'high' }) };
      },
    },
    {
      method: 'PATCH',
      setupRequest: (r) => {
        const u = pick();
        return { ...r, path: `/api/v1/tasks/${u.taskIds[n++ % u.taskIds.length]}`, headers: headers(u), body: JSON.stringify({ description: `edit ${n}` }) };
      },
    },
  ];
}

async function load(urls: string[]) {
  const per = Math.max(1, Math.floor(connections / urls.length));
  const runs = await Promise.all(urls.map((u) => autocannon({ url: u, connections: per, duration, requests: mix() })));
  const total = runs.reduce((s, r) => s + r.requests.total, 0);
  return {
    'req/s': Math.round(total / duration),
    'p50 ms': Math.max(...runs.map((r) => r.latency.p50)),
    'p99 ms': Math.max(...runs.map((r) => r.latency.p99)),
    'non-2xx': runs.reduce((s, r) => s + r.non2xx + r.errors, 0),
  };
}

const results: Array<Record<string, unknown>> = [];
async function scenario(label: string, start: () => Promise<ServerProcess[]>) {
  const servers = await start();
  try {
    await new Promise((r) => setTimeout(r, 3000)); // let every worker finish starting
    await load(servers.map((s) => s.url)); // warm-up run, not reported
    const row = { scenario: label, ...(await load(servers.map((s) => s.url))) };
    console.log(JSON.stringify(row));
    results.push(row);
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
  }
}

const serve = async (extra: Record<string, string> = {}) => spawnServer({ ...env, PORT: String(await freePort()), ...extra });
await scenario('1 process, 1 port', async () => [await serve()]);
await scenario('2 processes, 2 ports', async () => Promise.all([serve(), serve()]));
await scenario('WORKERS=2, 1 port', async () => [await serve({ WORKERS: '2' })]);
console.table(results);

await scratch.drop();
fs.rmSync(dataDir, { recursive: true, force: true });
process.exit(0);
