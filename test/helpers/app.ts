/**
 * Test harness: a fresh app on a fresh database per test file (SQLite file or PostgreSQL database,
 * by TEST_DATABASE), requests through Fastify's inject, and every response checked against the
 * served OpenAPI document.
 */
import { randomBytes } from 'node:crypto';
import { createApp, type App } from '../../src/app.js';
import { loadConfig, type Config } from '../../src/config.js';
import { freshDatabase, type TestDatabase } from './database.js';
import { OpenApiChecker } from './openapi.js';

export interface Res<T = any> {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: T;
  text: string;
}

export interface TestUser {
  id: string;
  email: string;
  token: string;
}

export interface TestApp {
  app: App;
  config: Config;
  request<T = any>(
    method: string,
    url: string,
    opts?: { token?: string; body?: unknown; headers?: Record<string, string>; raw?: string | Buffer },
  ): Promise<Res<T>>;
  /** Shorthands with a bearer token. */
  as(user: TestUser): Client;
  user(prefix?: string): Promise<TestUser>;
  close(): Promise<void>;
}

export type Client = Record<
  'get' | 'post' | 'put' | 'patch' | 'delete',
  <T = any>(url: string, body?: unknown, headers?: Record<string, string>) => Promise<Res<T>>
>;

export async function startTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const database: TestDatabase = await freshDatabase();
  const config = loadConfig({
    DATABASE_URL: database.config.dialect === 'sqlite' ? `sqlite:${database.config.file}` : database.config.url,
    DATA_DIR: database.dataDir,
    LOG_LEVEL: 'silent',
    RATE_LIMIT_MAX: '100000',
    // Tests make users in parallel; the hashing queue (D23) is tested where a test sets it.
    PASSWORD_HASH_QUEUE: '10000',
    ...env,
  });
  const app = await createApp(config, { logger: false });
  const docRes = await app.server.inject({ method: 'GET', url: '/api/v1/docs/openapi.json' });
  const checker = new OpenApiChecker(docRes.json());

  const request: TestApp['request'] = async (method, url, opts = {}) => {
    const headers: Record<string, string> = { ...(opts.headers ?? {}) };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    let payload: string | Buffer | undefined;
    if (opts.raw !== undefined) payload = opts.raw;
    else if (opts.body !== undefined) {
      payload = JSON.stringify(opts.body);
      headers['content-type'] ??= 'application/json';
    }
    const res = await app.server.inject({ method: method as any, url, headers, payload });
    // inject resolves dot segments (`/events/./attendees` is `/events/attendees`), as a client's URL
    // library would: check the answer against the path the server saw.
    const seen = /(^|\/)\.\.?(\/|\?|$)/.test(url.split('?')[0])
      ? new URL(url, 'http://x').pathname + (url.includes('?') ? url.slice(url.indexOf('?')) : '')
      : url;
    const problem = checker.check(method, seen, res.statusCode, res.headers['content-type'] as string | undefined, res.body);
    if (problem) throw new Error(`OpenAPI mismatch: ${problem} (${method} ${url.slice(0, 300)})`);
    let body: any = res.body;
    if (String(res.headers['content-type'] ?? '').includes('json') && res.body) body = JSON.parse(res.body);
    return { status: res.statusCode, headers: res.headers as Res['headers'], body, text: res.body };
  };

  const as = (user: TestUser): Client => {
    const call = (method: string) => (url: string, body?: unknown, headers?: Record<string, string>) =>
      request(method.toUpperCase(), url.startsWith('/') && !url.startsWith('/api/') && !url.startsWith('/account') ? `/api/v1${url}` : url, {
        token: user.token,
        body,
        headers,
      });
    return { get: call('get'), post: call('post'), put: call('put'), patch: call('patch'), delete: call('delete') } as Client;
  };

  let n = 0;
  const user = async (prefix = 'user'): Promise<TestUser> => {
    const email = `${prefix}-${++n}-${randomBytes(3).toString('hex')}@example.com`;
    const created = await app.services.accounts.createUser({ email, password: 'correct horse battery' });
    const { token } = await app.services.accounts.issueToken(created.id, 'test');
    return { id: created.id, email, token };
  };

  return {
    app,
    config,
    request,
    as,
    user,
    async close() {
      await app.close();
      await database.drop();
    },
  };
}
