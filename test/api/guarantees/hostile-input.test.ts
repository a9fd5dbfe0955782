import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type Client, type TestApp } from '../../helpers/app.js';

let t: TestApp;
let c: Client;
let victim: Client;
let victimTask: string;
beforeAll(async () => {
  t = await startTestApp();
  c = t.as(await t.user('attacker'));
  victim = t.as(await t.user('victim'));
  victimTask = (await victim.get(`/tasks/${(await victim.post('/tasks', { title: 'Secret plan 100%', description: "O'Brien_x" })).body.data.id}`)).text;
});
afterAll(async () => {
  await t.close();
});

const raw = (method: string, url: string, payload: string | Buffer, contentType = 'application/json') =>
  t.request(method, url, { token: undefined, raw: payload, headers: { 'content-type': contentType, authorization: `Bearer ${attackerToken()}` } });
let token = '';
const attackerToken = () => token;
beforeAll(async () => {
  token = (await t.user('raw')).token;
});

const expectError = (r: { status: number; body: any }, status: number, field?: string, constraint?: string) => {
  expect(r.status).toBe(status);
  expect(r.body).toMatchObject({ status, correlationId: expect.any(String), message: expect.any(String), error: expect.any(String) });
  if (field) expect(r.body.details).toEqual({ field, constraint });
};

describe('hostile input gets a clear 4xx, never a 500', () => {
  it('bodies over 1 MiB: 413', async () => {
    const r = await raw('POST', '/api/v1/tasks', JSON.stringify({ title: 'x', description: 'y'.repeat(1024 * 1024) }));
    expectError(r, 413);
    expect(r.body.error).toBe('payload_too_large');
  });

  it('a missing body where one is needed: 400 body required (empty, null, or none at all)', async () => {
    for (const payload of ['', 'null']) expectError(await raw('POST', '/api/v1/tasks', payload), 400, 'body', 'required');
    expectError(await t.request('POST', '/api/v1/tasks', { token: attackerToken() }), 400, 'body', 'required');
    // A body of the wrong type is still a type error.
    expectError(await raw('POST', '/api/v1/tasks', '[]'), 400, 'body', 'type');
  });

  it('deeply nested JSON: 400 before it is parsed', async () => {
    const deep = `{"title":"x","last_live":${'['.repeat(100_000)}${']'.repeat(100_000)}}`;
    expectError(await raw('POST', '/api/v1/tasks', deep), 400, 'body', 'depth');
  });

  it('huge but shallow JSON in an ignored field is harmless', async () => {
    const r = await raw('POST', '/api/v1/tasks', JSON.stringify({ title: 'big', id: Array.from({ length: 100_000 }, (_, i) => i) }));
    expect(r.status).toBe(201);
  });

  it('malformed JSON, invalid UTF-8, NUL characters and lone surrogates: 400', async () => {
    expectError(await raw('POST', '/api/v1/tasks', '{"title": "x"'), 400, 'body', 'json');
    expectError(
      await raw('POST', '/api/v1/tasks', Buffer.concat([Buffer.from('{"title":"'), Buffer.from([0xc3, 0x28, 0xff]), Buffer.from('"}')])),
      400,
      'body',
      'utf8',
    );
    expectError(await raw('POST', '/api/v1/tasks', '{"title":"a\\u0000b"}'), 400, 'title', 'nul');
    expectError(await raw('POST', '/api/v1/tasks', '{"title":"a\\ud800b"}'), 400, 'title', 'utf8');
    expectError(await raw('POST', '/api/v1/tasks', '"just a string"'), 400);
    expectError(await raw('POST', '/api/v1/tasks', 'title=x', 'text/plain'), 400);
    expectError(await raw('POST', '/api/v1/tasks', '<x/>', 'application/xml'), 415);
  });

  it('prototype pollution keys: 400, and nothing is polluted', async () => {
    expectError(await raw('POST', '/api/v1/tasks', '{"title":"x","__proto__":{"polluted":true}}'), 400, '__proto__', 'forbidden_key');
    expectError(await raw('POST', '/api/v1/tasks', '{"title":"x","constructor":{"prototype":{"polluted":true}}}'), 400, 'constructor', 'forbidden_key');
    expectError(
      await raw('POST', '/api/v1/tasks', '{"title":"x","last_live":{"a":[{"__proto__":{"polluted":1}}]}}'),
      400,
      'last_live.a[0].__proto__',
      'forbidden_key',
    );
    expect(({} as any).polluted).toBeUndefined();
  });

  it('numbers out of range: 400', async () => {
    for (const q of ['limit=1e309', 'limit=0', 'limit=101', 'limit=-5', 'offset=-1', 'offset=1e20', 'limit=NaN', 'limit=1&limit=2', 'limit=true', 'limit=']) {
      expectError(await c.get(`/tasks?${q}`), 400);
    }
    expectError(await c.post('/tasks', { title: 'x', estimated_minutes: 1e20 }), 400, 'estimated_minutes', 'maximum');
    expectError(await raw('POST', '/api/v1/tasks', '{"title":"x","estimated_minutes":1e400}'), 400);
    expectError(await c.post('/tasks', { title: 'x', estimated_minutes: 1.5 }), 400, 'estimated_minutes', 'type');
  });

  it('very long sort and status lists: 400', async () => {
    expectError(await c.get(`/tasks?sort=${Array(1000).fill('-title').join(',')}`), 400);
    expectError(await c.get(`/tasks?status=${Array(500).fill('pending').join(',')}`), 400);
    expectError(await c.get('/tasks?sort=title;drop table tasks'), 400);
  });

  it('SQL metacharacters and LIKE wildcards are plain text: no error, no leak, no match-all', async () => {
    const mine = await c.post('/tasks', { title: 'Budget 2026 review' });
    for (const q of ['%', '_', '%%', "' OR 1=1 --", '"', 'NEAR(a b)', '*', 'title:x', '^budget', 'a AND OR NOT', '\\', "'); DROP TABLE tasks; --", 'Secret']) {
      const r = await c.get(`/tasks/search?q=${encodeURIComponent(q)}`);
      expect(r.status).toBe(200);
      expect(r.body.data.map((x: any) => x.title)).not.toContain('Secret plan 100%');
      if (!/budget/i.test(q)) expect(r.body.data.map((x: any) => x.id)).not.toContain(mine.body.data.id);
    }
    expect((await c.get('/tasks/search?q=budg%25')).body.data.map((x: any) => x.id)).toContain(mine.body.data.id);
  });

  it('query strings with bad percent-encoding or NUL: 400', async () => {
    expectError(await c.get('/tasks/search?q=%FF%FE'), 400, 'query', 'encoding');
    expectError(await c.get('/tasks/search?q=%E0%A4%A'), 400, 'query', 'encoding');
    expectError(await c.get('/tasks/search?q=a%00b'), 400, 'query', 'nul');
  });

  it('paths: bad encoding 400, an over-long or malformed id 404, an over-long URL 414', async () => {
    expectError(await c.get('/tasks/%E0%A4%A'), 400, 'url', 'encoding');
    expectError(await c.get(`/tasks/${'a'.repeat(300)}`), 404);
    expectError(await c.get("/tasks/1' OR '1'='1"), 404);
    const long = await c.get(`/tasks?context_id=${'x'.repeat(9000)}`);
    expectError(long, 414);
    expect(long.body.error).toBe('uri_too_long');
  });

  it('answers given before routing carry the correlation id, nosniff and the rate-limit headers (D6, D13, D23)', async () => {
    const early = [
      ['/api/v1/tasks/%E0%A4%A', 400],
      ['/api/v1/tasks/search?q=%E0%A4%A', 400],
      ['/api/v1/tasks/search?q=a%00b', 400],
      [`/api/v1/tasks?context_id=${'x'.repeat(9000)}`, 414],
      ['/caldav/%E0%A4%A', 400],
      ['/account/tokens/%zz', 400],
    ] as const;
    for (const [url, status] of early) {
      // Straight to the server: CalDAV and the account routes are not in the API's document.
      const r = await t.app.server.inject({ method: 'GET', url, headers: { authorization: `Bearer ${attackerToken()}`, 'x-correlation-id': 'mine-1' } });
      expect(r.statusCode, url).toBe(status);
      expect(r.json().correlationId, url).toBe('mine-1');
      expect(r.headers['x-correlation-id'], url).toBe('mine-1');
      expect(r.headers['x-content-type-options'], url).toBe('nosniff');
      expect(Number(r.headers['x-ratelimit-limit']), url).toBeGreaterThan(0);
      expect(r.headers['x-ratelimit-remaining'], url).toMatch(/^\d+$/);
      expect(r.headers['x-ratelimit-reset'], url).toMatch(/^\d+$/);
    }
  });

  it('answers given before routing count toward the rate limit, and past it are 429 (D13)', async () => {
    const limited = await startTestApp({ RATE_LIMIT_MAX: '2' });
    try {
      const statuses: number[] = [];
      for (const url of ['/api/v1/tasks/%E0%A4%A', '/api/v1/tasks?q=%zz', '/api/v1/tasks/%E0%A4%A', '/api/v1/tasks?q=%zz']) {
        const r = await limited.app.server.inject({ method: 'GET', url });
        statuses.push(r.statusCode);
        if (r.statusCode === 429) {
          expect(r.json()).toMatchObject({ error: 'rate_limit_exceeded', status: 429 });
          expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
        }
      }
      // The harness's own request for the document counts too, so where the limit bites is not fixed.
      expect(statuses[0]).toBe(400);
      const first429 = statuses.indexOf(429);
      expect(first429).toBeGreaterThan(0);
      expect(statuses.slice(first429).every((x) => x === 429)).toBe(true);
    } finally {
      await limited.close();
    }
  });

  const overHttp = async (path: string, headers: Record<string, string> = {}) => {
    if (!t.app.server.server.listening) await t.app.server.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.server.address() as AddressInfo;
    return new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request({ host: '127.0.0.1', port, path, headers }, (r) => {
        let body = '';
        r.on('data', (d) => {
          body += d;
        });
        r.on('end', () => resolve({ status: r.statusCode!, body }));
      });
      req.on('error', reject);
      req.end();
    });
  };

  it('headers over 64 KiB: 431 with the error body, over real HTTP', async () => {
    const res = await overHttp('/api/v1/tasks', { 'x-filler': 'z'.repeat(70_000) });
    expect(res.status).toBe(431);
    expect(JSON.parse(res.body)).toMatchObject({ error: 'request_header_fields_too_large', status: 431, correlationId: expect.any(String) });
  });

  it('a 20,000-character URL: 414 uri_too_long, not 431, over real HTTP; 20 KB of headers pass', async () => {
    const res = await overHttp(`/api/v1/tasks?q=${'x'.repeat(20_000)}`);
    expect(res.status).toBe(414);
    expect(JSON.parse(res.body)).toMatchObject({ error: 'uri_too_long', status: 414, correlationId: expect.any(String) });
    const big = await overHttp('/api/v1/tasks', { 'x-filler': 'z'.repeat(20_000) });
    expect(big.status).toBe(401);
  });

  it("left the victim's data untouched", async () => {
    const id = JSON.parse(victimTask).data.id;
    expect((await victim.get(`/tasks/${id}`)).text).toBe(victimTask);
  });
});
