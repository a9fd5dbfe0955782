/**
 * kill -9 while 50 clients create tasks with Idempotency-Keys; after a restart every acknowledged
 * task exists exactly once and every retry replays instead of duplicating. Both dialects.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestUser } from '../../helpers/app.js';
import { call, spawnServer, type ServerProcess } from '../../helpers/processes.js';

let t: TestApp;
let env: Record<string, string>;
let server: ServerProcess | undefined;
beforeAll(async () => {
  t = await startTestApp();
  const db = t.config.database;
  env = { DATABASE_URL: db.dialect === 'sqlite' ? `sqlite:${db.file}` : db.url, DATA_DIR: t.config.dataDir, RATE_LIMIT_MAX: '1000000' };
});
afterAll(async () => {
  await server?.stop('SIGKILL');
  await t.close();
});

interface Attempt {
  key: string;
  title: string;
  status?: number;
  text?: string;
  failed?: boolean;
}

async function client(base: string, user: TestUser, n: number, attempts: Attempt[], stopped: () => boolean) {
  for (let i = 0; !stopped(); i++) {
    const a: Attempt = { key: `crash-${n}-${i}`, title: `client ${n} task ${i}` };
    attempts.push(a);
    try {
      const r = await call(base, 'POST', '/api/v1/tasks', { token: user.token, body: { title: a.title }, headers: { 'idempotency-key': a.key } });
      a.status = r.status;
      a.text = r.text;
    } catch {
      a.failed = true; // connection lost: the client does not know whether it happened
      return;
    }
  }
}

describe('crash safety of Idempotency-Key', () => {
  it('kill -9 under load, restart, retry everything: each acknowledged task exists exactly once', async () => {
    const user = await t.user('crash');
    server = await spawnServer(env);
    const attempts: Attempt[] = [];
    let killed = false;
    const clients = Array.from({ length: 50 }, (_, n) => client(server!.url, user, n, attempts, () => killed));
    await expect.poll(() => attempts.filter((a) => a.status === 201).length, { timeout: 30_000, interval: 5 }).toBeGreaterThanOrEqual(150);
    server.child.kill('SIGKILL');
    killed = true;
    await server.exited;
    await Promise.all(clients);

    const acked = attempts.filter((a) => a.status === 201);
    const unknown = attempts.filter((a) => a.failed);
    expect(attempts.every((a) => a.failed || a.status === 201)).toBe(true);
    expect(unknown.length).toBeGreaterThan(0); // the kill did interrupt requests in flight

    server = await spawnServer(env);
    const base = server.url;
    for (let i = 0; i < attempts.length; i += 25) {
      await Promise.all(
        attempts.slice(i, i + 25).map(async (a) => {
          const r = await call(base, 'POST', '/api/v1/tasks', { token: user.token, body: { title: a.title }, headers: { 'idempotency-key': a.key } });
          expect(r.status).toBe(201);
          if (a.status === 201) {
            expect(r.headers.get('idempotent-replayed')).toBe('true');
            expect(r.text).toBe(a.text);
          }
          a.status = 201;
          a.text = r.text;
        }),
      );
    }
    // And once more: now everything replays.
    for (const a of attempts.slice(0, 50)) {
      const r = await call(base, 'POST', '/api/v1/tasks', { token: user.token, body: { title: a.title }, headers: { 'idempotency-key': a.key } });
      expect(r.headers.get('idempotent-replayed')).toBe('true');
      expect(r.text).toBe(a.text);
    }

    const rows = await t.app.database.db.selectFrom('tasks').select(['id', 'title']).where('user_id', '=', user.id).execute();
    const byTitle = new Map<string, number>();
    for (const r of rows) byTitle.set(r.title, (byTitle.get(r.title) ?? 0) + 1);
    expect(rows.length).toBe(attempts.length);
    expect([...byTitle.values()].every((n) => n === 1)).toBe(true);
    for (const a of acked) expect(rows.map((r) => r.id)).toContain(JSON.parse(a.text!).data.id);
  }, 120_000);
});
