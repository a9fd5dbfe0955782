/**
 * Two separately started server processes on one PostgreSQL database: migrations racing at start,
 * Idempotency-Key across processes, one shared rate limit. PostgreSQL only (SQLite serves from one process).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type App } from '../../../src/app.js';
import { loadConfig } from '../../../src/config.js';
import { freshDatabase, testDialect, type TestDatabase } from '../../helpers/database.js';
import { OpenApiChecker } from '../../helpers/openapi.js';
import { call, spawnServer, type ServerProcess } from '../../helpers/processes.js';

const pg = testDialect() === 'postgres';
let database: TestDatabase;
let servers: ServerProcess[] = [];
let app: App;
let checker: OpenApiChecker;

beforeAll(async () => {
  if (!pg) return;
  database = await freshDatabase();
  const env = {
    DATABASE_URL: (database.config as { url: string }).url,
    DATA_DIR: database.dataDir,
    RATE_LIMIT_MAX: '25',
    RATE_LIMIT_WINDOW_S: '3600',
  };
  // Both start at once on an empty database: their migrations race (Kysely's lock serialises them).
  servers = await Promise.all([spawnServer(env), spawnServer(env)]);
  app = await createApp(loadConfig({ ...env, LOG_LEVEL: 'silent' }), { logger: false });
  checker = new OpenApiChecker((await call(servers[0].url, 'GET', '/api/v1/docs/openapi.json')).body);
}, 180_000);

afterAll(async () => {
  if (!pg) return;
  await Promise.all(servers.map((s) => s.stop()));
  await app?.close();
  await database.drop();
});

async function user() {
  const email = `mp-${randomUUID()}@example.com`;
  const created = await app.services.accounts.createUser({ email, password: 'correct horse battery' });
  return { id: created.id, token: (await app.services.accounts.issueToken(created.id, 'test')).token };
}

async function checked(base: string, method: string, path: string, opts: Parameters<typeof call>[3]) {
  const r = await call(base, method, path, opts);
  const problem = checker.check(method, path, r.status, r.headers.get('content-type') ?? undefined, r.text);
  if (problem) throw new Error(problem);
  return r;
}

describe.runIf(pg)('two server processes on one PostgreSQL', () => {
  it('both started on an empty database and migrated it once', async () => {
    const rows = await app.database.db
      .selectFrom('kysely_migration' as any)
      .select('name' as any)
      .execute();
    expect(new Set(rows.map((r: any) => r.name)).size).toBe(rows.length);
    for (const s of servers) expect((await call(s.url, 'GET', '/readyz')).status).toBe(200);
  });

  it('20 concurrent requests with one Idempotency-Key, spread over both, create exactly one record', async () => {
    const u = await user();
    const key = randomUUID();
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        checked(servers[i % 2].url, 'POST', '/api/v1/tasks', { token: u.token, body: { title: 'Exactly once' }, headers: { 'idempotency-key': key } }),
      ),
    );
    expect(results.every((r) => r.status === 201 || r.status === 409)).toBe(true);
    const created = results.filter((r) => r.status === 201);
    expect(new Set(created.map((r) => r.body.data.id)).size).toBe(1);
    expect(created.filter((r) => r.headers.get('idempotent-replayed') !== 'true')).toHaveLength(1);
    for (const r of created) expect(r.text).toBe(created[0].text);
    const rows = await app.database.db.selectFrom('tasks').select('id').where('user_id', '=', u.id).execute();
    expect(rows).toHaveLength(1);
    // Afterwards either process replays it.
    for (const s of servers) {
      const again = await checked(s.url, 'POST', '/api/v1/tasks', { token: u.token, body: { title: 'Exactly once' }, headers: { 'idempotency-key': key } });
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      expect(again.text).toBe(created[0].text);
    }
  });

  it('shares one rate limit: 25 per window in all, not 25 per process', async () => {
    const u = await user();
    const results = [];
    for (let i = 0; i < 30; i++) results.push(await checked(servers[i % 2].url, 'GET', '/api/v1/tasks', { token: u.token }));
    const resets = new Set(results.map((r) => r.headers.get('x-ratelimit-reset')));
    if (resets.size > 1) return; // the hour turned during the loop; the window restarted legitimately
    expect(results.map((r) => r.status)).toEqual([...Array(25).fill(200), ...Array(5).fill(429)]);
    expect(results.map((r) => Number(r.headers.get('x-ratelimit-remaining')))).toEqual([...Array.from({ length: 25 }, (_, i) => 24 - i), 0, 0, 0, 0, 0]);
    expect(results[27].headers.get('retry-after')).toBe(String(results[27].body.retryAfter));
  });
});

describe.runIf(pg)('cluster mode', () => {
  it('WORKERS=2 serves on one port, restarts a worker killed with SIGKILL, and stops cleanly on SIGTERM', async () => {
    const env = { DATABASE_URL: (database.config as { url: string }).url, DATA_DIR: database.dataDir, WORKERS: '2' };
    const primary = await spawnServer(env);
    try {
      const online = () => primary.output.filter((l) => l.includes('worker online')).map((l) => JSON.parse(l).worker as number);
      const listening = () => primary.output.filter((l) => l.includes('Server listening')).length;
      await expect.poll(listening, { timeout: 90_000 }).toBe(2);
      expect(online()).toHaveLength(2);
      const u = await user();
      for (let i = 0; i < 6; i++) expect((await call(primary.url, 'POST', '/api/v1/tasks', { token: u.token, body: { title: `w${i}` } })).status).toBe(201);
      process.kill(online()[0], 'SIGKILL');
      await primary.waitFor(/worker died/);
      await expect.poll(listening, { timeout: 90_000 }).toBe(3);
      expect(online()).toHaveLength(3);
      expect((await call(primary.url, 'GET', '/api/v1/tasks', { token: u.token })).body.meta.pagination.total).toBe(6);
    } finally {
      expect(await primary.stop('SIGTERM')).toBe(0);
    }
  }, 240_000); // a busy machine starts tsx workers slowly
});
