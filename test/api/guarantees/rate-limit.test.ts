import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../helpers/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ RATE_LIMIT_MAX: '5', RATE_LIMIT_WINDOW_S: '3600' });
});
afterAll(async () => {
  await t.close();
});

const windowEnd = () => Math.floor(Date.now() / 1000 / 3600) * 3600 + 3600;

describe('rate limits (D13)', () => {
  it('counts each user separately and answers 429 with retryAfter and the exact headers', async () => {
    const c = t.as(await t.user());
    const seen = [];
    for (let i = 0; i < 5; i++) {
      const r = await c.get('/tasks');
      expect(r.status).toBe(200);
      seen.push(r.headers['x-ratelimit-remaining']);
      expect(r.headers['x-ratelimit-limit']).toBe('5');
      expect(Number(r.headers['x-ratelimit-reset'])).toBe(windowEnd());
    }
    expect(seen).toEqual(['4', '3', '2', '1', '0']);
    const over = await c.post('/tasks', { title: 'too many' });
    expect(over.status).toBe(429);
    expect(over.headers['x-ratelimit-limit']).toBe('5');
    expect(over.headers['x-ratelimit-remaining']).toBe('0');
    expect(Number(over.headers['x-ratelimit-reset'])).toBe(windowEnd());
    const retry = Number(over.headers['retry-after']);
    expect(retry).toBeGreaterThan(0);
    expect(retry).toBeLessThanOrEqual(3600);
    expect(over.body).toMatchObject({ error: 'rate_limit_exceeded', status: 429, retryAfter: retry });
    expect(typeof over.body.correlationId).toBe('string');

    // Another user has their own budget.
    const other = t.as(await t.user());
    expect((await other.get('/tasks')).headers['x-ratelimit-remaining']).toBe('4');
  });

  it('puts the headers on error answers too, and counts requests without a valid token against the IP', async () => {
    // All requests below come from the same address (inject uses 127.0.0.1) without a valid token;
    // the harness already fetched the OpenAPI document from it once.
    const statuses: number[] = [];
    const remaining: number[] = [];
    for (let i = 0; i < 7; i++) {
      const r = await t.request('GET', '/api/v1/tasks', { token: i % 2 ? 'not-a-token' : undefined });
      expect(r.headers['x-ratelimit-limit']).toBe('5');
      expect(Number(r.headers['x-ratelimit-reset'])).toBe(windowEnd());
      statuses.push(r.status);
      remaining.push(Number(r.headers['x-ratelimit-remaining']));
    }
    expect(statuses).toEqual([401, 401, 401, 401, 429, 429, 429]);
    expect(remaining).toEqual([3, 2, 1, 0, 0, 0, 0]);
    // A valid token is its own bucket even from that IP.
    const c = t.as(await t.user());
    expect((await c.get('/tasks')).status).toBe(200);
    // Unknown /api/v1 paths are limited as well (the IP is exhausted).
    const unknown = await t.app.server.inject({ method: 'GET', url: '/api/v1/nothing-here' });
    expect(unknown.statusCode).toBe(429);
    expect(unknown.json()).toMatchObject({ error: 'rate_limit_exceeded', status: 429 });
    expect(unknown.headers['x-ratelimit-remaining']).toBe('0');
  });

  it('does not limit /healthz and /readyz', async () => {
    for (let i = 0; i < 8; i++) {
      const r = await t.request('GET', i % 2 ? '/healthz' : '/readyz');
      expect(r.status).toBe(200);
      expect(r.headers['x-ratelimit-limit']).toBeUndefined();
    }
  });
});

describe('rate limits under concurrent requests (D13)', () => {
  let burst: TestApp;
  beforeAll(async () => {
    burst = await startTestApp({ RATE_LIMIT_MAX: '8', RATE_LIMIT_WINDOW_S: '3600' });
  });
  afterAll(async () => {
    await burst.close();
  });

  it('lets exactly the limit through a burst from one address, each with its own place in the window', async () => {
    // Every request of the burst is counted once, in its own place, on either store (memory or database).
    const answers = await Promise.all(Array.from({ length: 20 }, () => burst.request('GET', '/api/v1/tasks')));
    // The harness fetched the OpenAPI document once from the same address before.
    const passed = answers.filter((r) => r.status === 401);
    const refused = answers.filter((r) => r.status === 429);
    expect(passed.length + refused.length).toBe(20);
    expect(passed.length).toBe(7);
    const remaining = passed.map((r) => Number(r.headers['x-ratelimit-remaining'])).sort((a, b) => b - a);
    expect(remaining).toEqual([6, 5, 4, 3, 2, 1, 0]);
    expect(new Set(refused.map((r) => r.headers['x-ratelimit-remaining']))).toEqual(new Set(['0']));
  });
});
