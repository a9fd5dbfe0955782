/**
 * Webhook benchmark (issue 12), one dialect per run:
 * 1. throughput: 2,000 tasks created at once with one subscribed webhook; deliveries per second
 *    from the first commit to the last delivery at a fast local receiver;
 * 2. commit-to-delivery delay at a steady 100 deliveries/s for 10 s (the body's `created_at`,
 *    taken just before commit, to the receiver's clock), p50 and p99;
 * 3. write overhead: POST /tasks with autocannon (4 connections) with 0 and with 10 webhooks
 *    subscribed to task.created (their deliveries run in the same process, as in production), and
 *    with the 10 webhooks but dispatch and delivery paused (the write path alone).
 * Service, receiver and load generator share one process here: figures are relative, not absolute.
 *
 *   node --import tsx bench/webhooks.ts                      # SQLite
 *   BENCH_PG_URL=postgres://postgres@127.0.0.1:55432/postgres node --import tsx bench/webhooks.ts
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import { createApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { createScratchDatabase } from '../test/helpers/scratch-pg.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const pgUrl = process.env.BENCH_PG_URL;

const arrivals: Array<{ at: number; createdAt: number; path: string }> = [];
const receiver = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    if (body.type === 'webhook.verification') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ challenge: body.challenge }));
      return;
    }
    arrivals.push({ at: Date.now(), createdAt: Date.parse(body.created_at), path: req.url ?? '/' });
    res.writeHead(200);
    res.end();
  });
});
await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
const rxUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agendum-bench-'));
const scratch = pgUrl ? await createScratchDatabase(pgUrl, 'agendum_bench') : null;
const app = await createApp(
  loadConfig({
    DATABASE_URL: scratch ? scratch.url : `sqlite:${path.join(dir, 'app.db')}`,
    DATA_DIR: dir,
    LOG_LEVEL: 'silent',
    RATE_LIMIT_MAX: '10000000',
    WEBHOOK_ALLOW_PRIVATE: 'true',
  }),
  { logger: false },
);
await app.server.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.server.address() as AddressInfo).port}`;

async function newUser(name: string) {
  const email = `${name}-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`;
  const user = await app.services.accounts.createUser({ email, password: 'benchmark password' });
  const { token } = await app.services.accounts.issueToken(user.id, 'bench');
  return { actor: { userId: user.id, email, via: 'system' as const }, token };
}
async function subscribe(u: Awaited<ReturnType<typeof newUser>>, pathName: string) {
  await app.services.webhooks.create(u.actor, { url: `${rxUrl}${pathName}`, events: ['task.created'] });
}
const waitFor = async (pred: () => boolean, timeoutMs = 120_000) => {
  const end = Date.now() + timeoutMs;
  while (!pred()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
};
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};

// 1. Throughput.
const burst = await newUser('burst');
await subscribe(burst, '/burst');
const N = 2000;
const t0 = Date.now();
await Promise.all(
  Array.from({ length: 8 }, async (_, w) => {
    for (let i = w; i < N; i += 8) await app.services.tasks.create(burst.actor, { title: `burst ${i}` });
  }),
);
const written = Date.now();
await waitFor(() => arrivals.filter((a) => a.path === '/burst').length >= N);
const done = Date.now();
const throughput = { deliveries: N, writesPerS: Math.round(N / ((written - t0) / 1000)), deliveriesPerS: Math.round(N / ((done - t0) / 1000)) };

// 2. Delay at a steady 100/s.
const steady = await newUser('steady');
await subscribe(steady, '/steady');
const RATE = 100;
const STEADY_S = 10;
const steadyStart = Date.now();
// Offered load on a fixed timetable (a write starts every 10 ms whether or not the last finished).
const pending: Promise<unknown>[] = [];
for (let i = 0; i < RATE * STEADY_S; i++) {
  const wait = steadyStart + (i * 1000) / RATE - Date.now();
  if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  pending.push(app.services.tasks.create(steady.actor, { title: `steady ${i}` }));
}
await Promise.all(pending);
const achieved = Math.round((RATE * STEADY_S) / ((Date.now() - steadyStart) / 1000));
await waitFor(() => arrivals.filter((a) => a.path === '/steady').length >= RATE * STEADY_S);
const delays = arrivals.filter((a) => a.path === '/steady').map((a) => a.at - a.createdAt);
const delay = { achievedPerS: achieved, p50: pct(delays, 50), p99: pct(delays, 99), max: Math.max(...delays) };

// 3. Write overhead with 0 and 10 webhooks.
async function writes(token: string) {
  const r = await autocannon({
    url: `${base}/api/v1/tasks`,
    method: 'POST',
    connections: 4,
    duration: SECONDS,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ title: 'bench write' }),
  });
  return { rps: Math.round(r.requests.average), p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx };
}
const quiet = await newUser('quiet');
const none = await writes(quiet.token);
const busy = await newUser('busy');
for (let i = 0; i < 10; i++) await subscribe(busy, `/busy-${i}`);
const ten = await writes(busy.token);
// The write path alone: the same 10 webhooks with dispatch and delivery paused (the use case does
// no webhook work; the difference above is the CPU the deliveries take from the same process).
await app.webhookWorkers.stop();
const paused = await writes(busy.token);
const drop = (x: { rps: number }) => `${Math.round((1 - x.rps / none.rps) * 100)}%`;
const overhead = { zero: none, ten, tenWithDeliveryPaused: paused, rpsDropTen: drop(ten), rpsDropPaused: drop(paused) };

console.log(JSON.stringify({ dialect: pgUrl ? 'postgres' : 'sqlite', throughput, delayMsAtSteadyRate: delay, postTasks: overhead }, null, 2));
await app.close();
receiver.closeAllConnections();
receiver.close();
await scratch?.drop();
fs.rmSync(dir, { recursive: true, force: true });
process.exit(0);
