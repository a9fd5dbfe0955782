/**
 * Webhook delivery across real service processes: kill -9 in the middle of a retry schedule,
 * restart, and the delivery still completes (both dialects); two processes on one PostgreSQL
 * share the work without ever sending one attempt twice.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { testDialect } from '../helpers/database.js';
import { call, spawnServer, type ServerProcess } from '../helpers/processes.js';
import { echoChallenge, startReceiver, type Received, type Receiver } from '../helpers/webhook-receiver.js';

let t: TestApp;
let rx: Receiver;
let env: Record<string, string>;
const servers: ServerProcess[] = [];

beforeAll(async () => {
  t = await startTestApp();
  // This in-test app only makes users and records; the spawned processes deliver.
  await t.app.webhookWorkers.stop();
  rx = await startReceiver();
  const db = t.config.database;
  env = {
    DATABASE_URL: db.dialect === 'sqlite' ? `sqlite:${db.file}` : db.url,
    DATA_DIR: t.config.dataDir,
    RATE_LIMIT_MAX: '1000000',
    WEBHOOK_ALLOW_PRIVATE: 'true',
    WEBHOOK_POLL_MS: '50',
    WEBHOOK_RETRY_SCHEDULE: '1,1,1,1',
  };
}, 60_000);
afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop('SIGKILL')));
  await t?.close();
  await rx?.close();
});

const on = (path: string) => (r: Received) => r.path === path && r.json?.type !== 'webhook.verification';

async function start(extra: Record<string, string> = {}) {
  const s = await spawnServer({ ...env, LOG_LEVEL: 'warn', PORT: String(await (await import('../helpers/processes.js')).freePort()), ...extra });
  servers.push(s);
  return s;
}

describe('a service killed mid-schedule', () => {
  it('kill -9 between attempts, restart: the delivery completes on schedule', async () => {
    const u = await t.user('crash');
    let server = await start();
    const hook = await call(server.url, 'POST', '/api/v1/webhooks', { token: u.token, body: { url: `${rx.url}/crash`, events: ['task.created'] } });
    expect(hook.status).toBe(201);
    rx.answer = (r) => (on('/crash')(r) ? { status: 500 } : echoChallenge(r));
    const task = await call(server.url, 'POST', '/api/v1/tasks', { token: u.token, body: { title: 'survives a crash' } });
    expect(task.status).toBe(201);
    // Two failed attempts recorded, the third scheduled a second later: kill now.
    const logsOf = async (s: ServerProcess) => (await call(s.url, 'GET', `/api/v1/webhooks/${hook.body.data.id}/logs`, { token: u.token })).body.data as any[];
    const until = Date.now() + 30_000;
    while ((await logsOf(server)).length < 2 && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
    server.child.kill('SIGKILL');
    await server.exited;
    const failedBefore = rx.received.filter(on('/crash')).length;
    rx.answer = echoChallenge;

    server = await start();
    const deadline = Date.now() + 30_000;
    let logs: any[] = [];
    while (!logs.some((l) => l.success) && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
      logs = await logsOf(server);
    }
    const got = rx.received.filter(on('/crash'));
    expect(got.length).toBe(failedBefore + 1);
    expect(new Set(got.map((r) => r.json.id)).size).toBe(1);
    expect(got[0].json.data.task_id).toBe(task.body.data.id);
    expect(logs.map((l) => l.attempts)).toEqual(Array.from({ length: failedBefore + 1 }, (_, i) => failedBefore + 1 - i));
    expect(logs.filter((l) => l.success).length).toBe(1);
    await server.stop('SIGTERM');
  }, 120_000);
});

describe('a service stopped with SIGTERM', () => {
  it('finishes the attempt in flight, records it, and exits 0', async () => {
    const u = await t.user('term');
    const server = await start();
    const hook = await call(server.url, 'POST', '/api/v1/webhooks', { token: u.token, body: { url: `${rx.url}/term`, events: ['task.created'] } });
    expect(hook.status).toBe(201);
    rx.answer = (r) => (on('/term')(r) ? { status: 200, delayMs: 2_000 } : echoChallenge(r));
    await call(server.url, 'POST', '/api/v1/tasks', { token: u.token, body: { title: 'in flight at shutdown' } });
    await rx.waitFor(on('/term'), 30_000);
    const code = await server.stop('SIGTERM');
    rx.answer = echoChallenge;
    expect(code).toBe(0);
    const attempts = await (t.app.database.db as any)
      .selectFrom('webhook_attempts')
      .select(['attempt', 'status_code', 'success'])
      .where('webhook_id', '=', hook.body.data.id)
      .execute();
    expect(attempts).toEqual([{ attempt: 1, status_code: 200, success: 1 }]);
    const delivery = await (t.app.database.db as any)
      .selectFrom('webhook_deliveries')
      .select('state')
      .where('webhook_id', '=', hook.body.data.id)
      .executeTakeFirst();
    expect(delivery.state).toBe('delivered');
  }, 60_000);
});

describe.runIf(testDialect() === 'postgres')('two processes on one PostgreSQL', () => {
  it('share dispatch and delivery without sending any attempt twice', async () => {
    const [a, b] = [await start(), await start()];
    const u = await t.user('pair');
    const hook = await call(a.url, 'POST', '/api/v1/webhooks', { token: u.token, body: { url: `${rx.url}/pair`, events: ['task.created'] } });
    expect(hook.status).toBe(201);
    // Every tenth event fails once, so retries are claimed by whichever process is free.
    const failedOnce = new Set<string>();
    rx.answer = (r) => {
      if (!on('/pair')(r)) return echoChallenge(r);
      const n = Number(/#(\d+)$/.exec(r.json.data.task.title)![1]);
      if (n % 10 === 0 && !failedOnce.has(r.json.id)) {
        failedOnce.add(r.json.id);
        return { status: 500 };
      }
      return { status: 200, delayMs: 5 };
    };
    const N = 200;
    const actor = { userId: u.id, email: u.email, via: 'rest' as const };
    for (let i = 0; i < N; i++) await t.app.services.tasks.create(actor, { title: `pair #${i}` });
    await rx.waitFor(
      () =>
        new Set(rx.received.filter(on('/pair')).map((r) => r.json.id)).size === N &&
        failedOnce.size === N / 10 &&
        rx.received.filter(on('/pair')).length === N + N / 10,
      60_000,
    );
    // Settle: anything doubled would show up within a few poll intervals.
    await new Promise((r) => setTimeout(r, 1_000));
    const got = rx.received.filter(on('/pair'));
    const perEvent = new Map<string, number>();
    for (const r of got) perEvent.set(r.json.id, (perEvent.get(r.json.id) ?? 0) + 1);
    expect(perEvent.size).toBe(N);
    for (const [id, n] of perEvent) expect(n, id).toBe(failedOnce.has(id) ? 2 : 1);
    const rows = await (t.app.database.db as any)
      .selectFrom('webhook_attempts')
      .select(['event_id', 'attempt'])
      .where('webhook_id', '=', hook.body.data.id)
      .execute();
    expect(rows.length).toBe(N + N / 10);
    expect(new Set(rows.map((r: any) => `${r.event_id}/${r.attempt}`)).size).toBe(rows.length);
    await Promise.all([a.stop('SIGTERM'), b.stop('SIGTERM')]);
  }, 180_000);
});
