/**
 * CORS on /api/v1: browser apps (OAuth public apps, D20) may call the API from any origin with a
 * bearer token, never with cookies; the account routes stay closed to other origins.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestUser } from '../helpers/app.js';

let t: TestApp;
let u: TestUser;
beforeAll(async () => {
  t = await startTestApp();
  u = await t.user('browser');
});
afterAll(() => t?.close());

const origin = 'https://planner.example';

describe('CORS', () => {
  it('answers a preflight for any /api/v1 path with the methods and headers the API takes, and no credentials', async () => {
    const res = await t.app.server.inject({
      method: 'OPTIONS',
      url: '/api/v1/tasks/00000000-0000-4000-8000-000000000000',
      headers: { origin, 'access-control-request-method': 'PUT', 'access-control-request-headers': 'authorization, content-type, idempotency-key' },
    });
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
    expect(String(res.headers['access-control-allow-methods'])).toContain('PUT');
    expect(String(res.headers['access-control-allow-headers']).toLowerCase()).toContain('idempotency-key');
  });

  it('lets the page read answers, refusals included, and the headers clients need', async () => {
    const ok = await t.app.server.inject({ method: 'GET', url: '/api/v1/tasks', headers: { origin, authorization: `Bearer ${u.token}` } });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['access-control-allow-origin']).toBe('*');
    for (const h of ['ETag', 'X-RateLimit-Remaining', 'Retry-After', 'Location']) expect(String(ok.headers['access-control-expose-headers'])).toContain(h);
    const refused = await t.app.server.inject({ method: 'GET', url: '/api/v1/tasks', headers: { origin } });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['access-control-allow-origin']).toBe('*');
  });

  it('keeps unknown paths 404 and wrong methods 405, and the account routes closed to other origins', async () => {
    expect((await t.app.server.inject({ method: 'GET', url: '/api/v1/nothing-here', headers: { authorization: `Bearer ${u.token}` } })).statusCode).toBe(404);
    expect((await t.app.server.inject({ method: 'PATCH', url: '/api/v1/tasks', headers: { authorization: `Bearer ${u.token}` } })).statusCode).toBe(405);
    const account = await t.app.server.inject({ method: 'OPTIONS', url: '/account', headers: { origin, 'access-control-request-method': 'POST' } });
    expect(account.headers['access-control-allow-origin']).toBeUndefined();
  });
});
