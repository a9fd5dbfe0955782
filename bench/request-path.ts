/**
 * Where a request's CPU goes, in one process and without a load generator: CPU microseconds per
 * call of each step of `GET /tasks/{id}` and `GET /tasks?limit=50` (bearer check, use case, whole
 * request through `inject`, next to a bare route through `inject`). CPU time, not wall time, so the
 * figures hold on a busy machine far better than requests per second do (PostgreSQL's own CPU is
 * not in them; its round trips are in the wall-clock column).
 *   node --import tsx bench/request-path.ts [DATABASE_URL]   (BENCH_TASKS=10000, BENCH_ITER=1000)
 * A SQLite file or PostgreSQL database that already holds the bench user is reused.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { createApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';

const url = process.argv[2] ?? `sqlite:${path.join(os.tmpdir(), 'agendum-request-path.db')}`;
const iterations = Number(process.env.BENCH_ITER ?? 1000);
const dataDir = path.join(os.tmpdir(), 'agendum-request-path-data');
fs.mkdirSync(dataDir, { recursive: true });
const config = loadConfig({ ...process.env, DATABASE_URL: url, DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'silent', RATE_LIMIT_MAX: '10000000' });
const app = await createApp(config, { logger: false });
const { accounts, tasks } = app.services;
const email = 'request-path@example.com';
let user = await accounts.findUserByEmail(email);
if (!user) {
  await accounts.createUser({ email, password: 'benchmark password' });
  user = (await accounts.findUserByEmail(email))!;
  const actor = { userId: user.id, email, via: 'system' as const };
  for (let i = 0; i < Number(process.env.BENCH_TASKS ?? 10_000); i++) {
    await tasks.create(actor, {
      title: `Task ${i} ${['write', 'review', 'ship', 'plan'][i % 4]} the thing`,
      description: i % 3 ? `Details for task ${i}` : null,
      priority: (['low', 'medium', 'high', 'urgent'] as const)[i % 4],
      due_date: i % 5 ? new Date(Date.UTC(2026, 11, 1 + (i % 28))).toISOString() : null,
    });
  }
}
const { token } = await accounts.issueToken(user.id, 'request-path');
const actor = { userId: user.id, email, via: 'rest' as const };
const one = (await tasks.list(actor, { filter: {}, page: { limit: 1, offset: 5000 } })).items[0];
const headers = { authorization: `Bearer ${token}` };

/** The lowest of three rounds: other processes only ever add to a round's CPU time. */
async function measure(step: string, n: number, fn: () => Promise<unknown>) {
  for (let i = 0; i < Math.max(20, n / 10); i++) await fn();
  let best = { cpu: Infinity, wall: Infinity };
  for (let round = 0; round < 3; round++) {
    const cpu = process.cpuUsage();
    const t0 = performance.now();
    for (let i = 0; i < n; i++) await fn();
    const wall = ((performance.now() - t0) * 1000) / n;
    const used = process.cpuUsage(cpu);
    best = { cpu: Math.min(best.cpu, (used.user + used.system) / n), wall: Math.min(best.wall, wall) };
  }
  const row = { step, 'cpu µs': Math.round(best.cpu), 'wall µs': Math.round(best.wall) };
  console.error(JSON.stringify(row));
  return row;
}

const bare = Fastify({ logger: false });
bare.get('/bare', async () => ({ data: { id: '00000000-0000-4000-8000-000000000000', title: 'constant', status: 'pending' } }));
await bare.ready();
const n = iterations;
const lists = Math.max(50, Math.round(n / 10));
const only = process.env.BENCH_STEP;
const steps: Array<[string, number, () => Promise<unknown>]> = [
  ['inject bare Fastify route', n, () => bare.inject({ method: 'GET', url: '/bare' })],
  ['authenticateToken', n, () => accounts.authenticateToken(token, { acceptOAuth: true })],
  ['tasks.get', n, () => tasks.get(actor, one.id)],
  ['inject GET /tasks/{id}', n, () => app.server.inject({ method: 'GET', url: `/api/v1/tasks/${one.id}`, headers })],
  ['tasks.list limit=50', lists, () => tasks.list(actor, { filter: {}, page: { limit: 50, offset: 0 } })],
  ['inject GET /tasks?limit=50', lists, () => app.server.inject({ method: 'GET', url: '/api/v1/tasks?limit=50', headers })],
];
const rows = [];
for (const [step, count, fn] of steps) if (!only || step.includes(only)) rows.push(await measure(step, count, fn));
console.table(rows);
await app.close();
process.exit(0);
