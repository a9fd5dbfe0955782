/**
 * Issue 14, findings 4, 7 and 10 on the JSON routes (D23): the JSON-only rule for cookie writes,
 * rate limits on /auth/* and /account*, TRUST_PROXY, bounded password hashing, the token cap and
 * paginated list, security headers, 0600 database files, titles trimmed before their length check.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

const PASSWORD = 'correct horse battery';

async function sessionCookie(app: TestApp, email: string) {
  const res = await app.request('POST', '/auth/login', { body: { email, password: PASSWORD } });
  expect(res.status).toBe(200);
  return String(res.headers['set-cookie']).split(';')[0];
}

describe('cookie-authenticated writes are JSON only (finding 4)', () => {
  it('a text/plain POST with the session cookie and no Origin is 415 and changes nothing', async () => {
    const u = await t.user();
    const cookie = await sessionCookie(t, u.email);
    const before = (await t.request('GET', '/account', { headers: { cookie } })).body.data.intake_address;
    for (const type of ['text/plain', 'text/plain;charset=UTF-8']) {
      const res = await t.request('POST', '/account/intake-address', { raw: 'x', headers: { cookie, 'content-type': type } });
      expect(res.status, type).toBe(415);
    }
    const bodiless = await t.request('POST', '/account/intake-address', { headers: { cookie } });
    expect(bodiless.status).toBe(415);
    expect((await t.request('GET', '/account', { headers: { cookie } })).body.data.intake_address).toBe(before);
    const json = await t.request('POST', '/account/intake-address', { raw: '{}', headers: { cookie, 'content-type': 'application/json' } });
    expect(json.status).toBe(200);
    // Bearer callers are not cross-site forms: no such rule.
    expect((await t.request('POST', '/account/intake-address', { token: u.token })).status).toBe(200);
  });
});

describe('headers (finding 10)', () => {
  it('nosniff on JSON, no-store on /account*, /auth/* and token responses', async () => {
    const u = await t.user();
    const api = await t.as(u).get('/tasks');
    expect(api.headers['x-content-type-options']).toBe('nosniff');
    const login = await t.request('POST', '/auth/login', { body: { email: u.email, password: PASSWORD } });
    expect(login.headers['cache-control']).toBe('no-store');
    expect(login.headers['x-content-type-options']).toBe('nosniff');
    expect((await t.request('POST', '/auth/login', { body: { email: u.email, password: 'wrong one' } })).headers['cache-control']).toBe('no-store');
    for (const [method, url, body] of [
      ['GET', '/account'],
      ['GET', '/account/tokens'],
      ['POST', '/account/tokens', { name: 'x' }],
    ] as const) {
      const res = await t.request(method, url, { token: u.token, body });
      expect(res.headers['cache-control'], url).toBe('no-store');
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
    }
  });
});

describe('API tokens: at most 100 active, listed in pages', () => {
  it('the 101st active token is 422; the list pages through all of them', async () => {
    const u = await t.user(); // holds one token already
    for (let i = 0; i < 99; i++) expect((await t.request('POST', '/account/tokens', { token: u.token, body: { name: `t${i}` } })).status).toBe(201);
    const over = await t.request('POST', '/account/tokens', { token: u.token, body: { name: 'one too many' } });
    expect(over.status).toBe(422);
    expect(over.body.details.field).toBe('name');
    const first = await t.request('GET', '/account/tokens?limit=30', { token: u.token });
    expect(first.body.data).toHaveLength(30);
    expect(first.body.meta.pagination).toEqual({ limit: 30, offset: 0, total: 100, hasMore: true });
    const last = await t.request('GET', '/account/tokens?limit=30&offset=90', { token: u.token });
    expect(last.body.data).toHaveLength(10);
    expect(last.body.meta.pagination.hasMore).toBe(false);
    expect((await t.request('GET', '/account/tokens?limit=101', { token: u.token })).status).toBe(400);
    // Revoking one makes room again.
    await t.request('DELETE', `/account/tokens/${first.body.data[0].id}`, { token: u.token });
    expect((await t.request('POST', '/account/tokens', { token: u.token, body: { name: 'room again' } })).status).toBe(201);
  });
  it('concurrent creations cannot pass the cap together', async () => {
    const u = await t.user();
    for (let i = 0; i < 94; i++) expect((await t.request('POST', '/account/tokens', { token: u.token, body: { name: `t${i}` } })).status).toBe(201);
    // 95 active: of 20 requests at once, exactly 5 may get a token.
    const statuses = await Promise.all(
      Array.from({ length: 20 }, (_, i) => t.request('POST', '/account/tokens', { token: u.token, body: { name: `race ${i}` } }).then((r) => r.status)),
    );
    expect(statuses.filter((s) => s === 201)).toHaveLength(5);
    expect(statuses.filter((s) => s === 422)).toHaveLength(15);
    expect((await t.request('GET', '/account/tokens?limit=1', { token: u.token })).body.meta.pagination.total).toBe(100);
  });
});

describe('titles are trimmed before the length check (D4)', () => {
  it('500 characters plus surrounding spaces is accepted; 501 after trimming is 400', async () => {
    const c = t.as(await t.user());
    const title = 'x'.repeat(500);
    const task = await c.post('/tasks', { title: `  ${title}  ` });
    expect(task.status).toBe(201);
    expect(task.body.data.title).toBe(title);
    const event = await c.post('/events', { title: ` ${title}\n`, start_time: '2026-01-01T10:00:00Z', end_time: '2026-01-01T11:00:00Z' });
    expect(event.status).toBe(201);
    const long = await c.post('/tasks', { title: ` ${title}y ` });
    expect(long.status).toBe(400);
    expect(long.body.details).toEqual({ field: 'title', constraint: 'maxLength' });
    expect((await c.patch(`/tasks/${task.body.data.id}`, { title: `${title}   ` })).status).toBe(200);
  });
});

describe.skipIf(process.env.TEST_DATABASE === 'postgres')('SQLite files', () => {
  it('the database file and its WAL are created 0600', async () => {
    const file = t.config.database.dialect === 'sqlite' ? t.config.database.file : '';
    await t.as(await t.user()).post('/tasks', { title: 'write something' });
    for (const f of [file, `${file}-wal`]) expect((fs.statSync(f).mode & 0o777).toString(8), f).toBe('600');
  });
});

describe('rate limits on every endpoint (finding 7)', () => {
  let small: TestApp;
  beforeAll(async () => {
    small = await startTestApp({ RATE_LIMIT_MAX: '4', RATE_LIMIT_WINDOW_S: '3600' });
  });
  afterAll(async () => {
    await small?.close();
  });

  it('/auth/* per client address, with the same headers; TRUST_PROXY off ignores X-Forwarded-For', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await small.request('POST', '/auth/login', {
        body: { email: `nobody${i}@example.com`, password: 'x' },
        headers: { 'x-forwarded-for': `203.0.113.${i}` },
      });
      statuses.push(res.status);
      expect(res.headers['x-ratelimit-limit']).toBe('4');
    }
    // Four per address in the window (the harness already spent one on the document): then 429.
    expect(statuses).toEqual([401, 401, 401, 429, 429, 429]);
    const res = await small.request('POST', '/auth/signup', { body: { email: 'late@example.com', password: 'long enough password' } });
    expect(res.status).toBe(429);
    expect(res.headers['retry-after']).toBeDefined();
    expect(res.body.retryAfter).toBeGreaterThan(0);
    expect((await small.request('GET', '/healthz')).status).toBe(200); // probes are never limited
  });

  it('/account* per account too', async () => {
    const u = await small.user();
    const other = await small.user();
    // Bearer calls from one address: the account's bucket runs out (the address's is shared).
    const statuses = [];
    for (let i = 0; i < 5; i++)
      statuses.push((await small.request('GET', '/account', { token: u.token, headers: { 'x-forwarded-for': '198.51.100.7' } })).status);
    expect(statuses.slice(-1)).toEqual([429]);
    expect((await small.request('GET', '/account', { token: other.token })).status).toBe(429); // this address is spent
  });
});

describe('TRUST_PROXY', () => {
  let proxied: TestApp;
  beforeAll(async () => {
    proxied = await startTestApp({ RATE_LIMIT_MAX: '2', RATE_LIMIT_WINDOW_S: '3600', TRUST_PROXY: '1' });
  });
  afterAll(async () => {
    await proxied?.close();
  });

  it('with one trusted hop, each X-Forwarded-For client has its own bucket', async () => {
    const hit = (ip: string) =>
      proxied.request('POST', '/auth/login', { body: { email: 'nobody@example.com', password: 'x' }, headers: { 'x-forwarded-for': ip } });
    expect([(await hit('203.0.113.1')).status, (await hit('203.0.113.1')).status, (await hit('203.0.113.1')).status]).toEqual([401, 401, 429]);
    expect((await hit('203.0.113.2')).status).toBe(401);
  });
});

describe('password hashing runs bounded (D23)', () => {
  let tight: TestApp;
  beforeAll(async () => {
    tight = await startTestApp({ PASSWORD_HASH_CONCURRENCY: '1', PASSWORD_HASH_QUEUE: '2' });
  });
  afterAll(async () => {
    await tight?.close();
  });

  it('a burst of sign-ups: some wait, the excess gets 503 at once, the server keeps answering', async () => {
    const burst = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        tight.request('POST', '/auth/signup', { body: { email: `burst${i}@example.com`, password: 'long enough password' } }),
      ),
    );
    const statuses = burst.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201).length).toBeGreaterThanOrEqual(3);
    expect(statuses.filter((s) => s === 503).length).toBeGreaterThanOrEqual(1);
    expect(statuses.every((s) => s === 201 || s === 503)).toBe(true);
    expect((await tight.request('GET', '/healthz')).status).toBe(200);
  });
});

describe('config', () => {
  it('TRUST_PROXY takes a hop count or addresses/CIDRs, and refuses anything else', async () => {
    const { loadConfig, ConfigError } = await import('../../src/config.js');
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toEqual(['10.0.0.0/8', '127.0.0.1']);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({}).trustProxy).toBe(false);
    for (const bad of ['true', '10.0.0.0/33', 'proxy.example.com']) expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(ConfigError);
  });
});
