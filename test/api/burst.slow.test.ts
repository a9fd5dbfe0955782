/**
 * Issue 14, finding 7 (D23), as a burst: 200 concurrent sign-ups and sign-ins from one address
 * against a real server process (on the suite's database, SQLite or PostgreSQL), while another user
 * keeps reading tasks. The burst must be turned
 * away (429 from the limiter, 503 from the bounded hashing queue) instead of stalling the server,
 * and the reader must keep being served. Before D23 every one of the 200 cost a full scrypt hash
 * on libuv's threads and the reads waited tens of seconds.
 *
 * The figure that matters is the reader's p99, printed (issue 14 asks under 100 ms; every run on this
 * 2-core machine since hashing moved to low-priority threads was under 40 ms quiet and under 90 ms
 * loaded). The assertion leaves room for a busier machine (250 ms; p90 under 1 s): before D23 the
 * reads waited tens of seconds, and before the hashing threads up to 300 ms on PostgreSQL.
 * BURST_P99_MS sets another bound.
 */
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase, type TestDatabase } from '../helpers/database.js';
import { call, freePort, spawnServer, type ServerProcess } from '../helpers/processes.js';

let server: ServerProcess;
let database: TestDatabase;

beforeAll(async () => {
  database = await freshDatabase();
  const db = database.config;
  server = await spawnServer({
    DATABASE_URL: db.dialect === 'sqlite' ? `sqlite:${db.file}` : db.url,
    DATA_DIR: database.dataDir,
    LOG_LEVEL: 'warn',
    PORT: String(await freePort()),
    RATE_LIMIT_MAX: '190',
    RATE_LIMIT_WINDOW_S: '3600',
  });
}, 120_000);
afterAll(async () => {
  await server?.stop();
  await database?.drop();
});

const PASSWORD = 'correct horse battery';

/** 200 concurrent requests, half sign-ups and half sign-ins with unknown emails; their statuses. */
function burstFrom(base: string): Promise<number[]> {
  const code = `
    const base = ${JSON.stringify(base)};
    const post = (p, body) => fetch(base + p, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
      .then(async (r) => { await r.arrayBuffer(); return r.status; }, () => 0);
    const all = await Promise.all(Array.from({ length: 200 }, (_, i) => i % 2
      ? post('/auth/signup', { email: 'burst-' + i + '@example.com', password: ${JSON.stringify(PASSWORD)} })
      : post('/auth/login', { email: 'nobody-' + i + '@example.com', password: ${JSON.stringify(PASSWORD)} })));
    process.stdout.write(JSON.stringify(all));`;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', code], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (c) => {
      out += c;
    });
    child.once('exit', (status) => (status === 0 ? resolve(JSON.parse(out)) : reject(new Error(`burst process exited ${status}`))));
  });
}
const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];

describe('a burst of sign-ups and sign-ins from one address (D23)', () => {
  it("is turned away with 429/503 while another user's reads keep a low p99", async () => {
    const base = server.url;
    // The reader signs up and gets a token before the burst; its reads count against its own bucket.
    expect((await call(base, 'POST', '/auth/signup', { body: { email: 'reader@example.com', password: PASSWORD } })).status).toBe(201);
    const login = await call(base, 'POST', '/auth/login', { body: { email: 'reader@example.com', password: PASSWORD } });
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0];
    const token = (await call(base, 'POST', '/account/tokens', { body: { name: 'reader' }, headers: { cookie } })).body.data.token as string;
    for (let i = 0; i < 20; i++) await call(base, 'POST', '/api/v1/tasks', { token, body: { title: `task ${i}` } });

    // Warm-up reads, then reads throughout the burst, one at a time as a client would.
    for (let i = 0; i < 10; i++) await call(base, 'GET', '/api/v1/tasks?limit=20', { token });
    const latencies: number[] = [];
    const at: Array<[number, number]> = [];
    const readStatuses = new Set<number>();
    let bursting = true;
    const started = performance.now();
    const reader = (async () => {
      while (bursting) {
        const t0 = performance.now();
        const res = await call(base, 'GET', '/api/v1/tasks?limit=20', { token });
        latencies.push(performance.now() - t0);
        at.push([Math.round(t0 - started), Math.round(performance.now() - t0)]);
        readStatuses.add(res.status);
        // A client polling ten times a second: enough samples, and within its own rate limit.
        await new Promise((r) => setTimeout(r, 100));
      }
    })();

    // The burst comes from another process, so its 200 requests do not also crowd the reader's
    // own event loop: what is measured is the server.
    const burst = await burstFrom(base);
    const burstMs = performance.now() - started;
    // Keep reading a little after the burst's answers, while queued hashes finish.
    await new Promise((r) => setTimeout(r, 300));
    bursting = false;
    await reader;

    const counts: Record<number, number> = {};
    for (const s of burst) counts[s] = (counts[s] ?? 0) + 1;
    const sorted = [...latencies].sort((a, b) => a - b);
    const figures = {
      burst: counts,
      burst_ms: Math.round(burstMs),
      reads: sorted.length,
      p50_ms: +quantile(sorted, 0.5).toFixed(1),
      p90_ms: +quantile(sorted, 0.9).toFixed(1),
      p99_ms: +quantile(sorted, 0.99).toFixed(1),
      max_ms: +sorted.at(-1)!.toFixed(1),
    };
    console.log(
      'burst figures',
      JSON.stringify(figures),
      'slowest reads [start ms, took ms]:',
      JSON.stringify([...at].sort((a, b) => b[1] - a[1]).slice(0, 5)),
    );

    expect(
      burst.every((s) => [200, 201, 401, 429, 503].includes(s)),
      JSON.stringify(counts),
    ).toBe(true);
    expect((counts[429] ?? 0) + (counts[503] ?? 0)).toBeGreaterThan(0);
    expect([...readStatuses]).toEqual([200]);
    expect(sorted.length).toBeGreaterThan(5);
    expect(figures.p90_ms).toBeLessThan(1000);
    expect(figures.p99_ms).toBeLessThan(Number(process.env.BURST_P99_MS ?? 250));
  }, 180_000);
});
