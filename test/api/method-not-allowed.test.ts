/**
 * A known path asked with a method it does not have is 405 `method_not_allowed` with `Allow`
 * (RFC 9110 §15.5.6); unknown paths stay 404 (audit 6, B7).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestUser } from '../helpers/app.js';

let t: TestApp;
let user: TestUser;
beforeAll(async () => {
  t = await startTestApp();
  user = await t.user();
});
afterAll(async () => {
  await t.close();
});

const allow = (res: { headers: Record<string, unknown> }) => String(res.headers.allow ?? '').split(', ');

describe('405 with Allow on known paths', () => {
  it('/api/v1: collection and record paths', async () => {
    const c = t.as(user);
    const task = (await c.post('/tasks', { title: 'x' })).body.data;
    const cases: Array<[string, string, string[]]> = [
      ['PATCH', '/tasks', ['GET', 'HEAD', 'POST']],
      ['DELETE', '/tasks', ['GET', 'HEAD', 'POST']],
      ['POST', `/tasks/${task.id}`, ['DELETE', 'GET', 'HEAD', 'PATCH', 'PUT']],
      ['GET', `/tasks/${task.id}/complete`, ['POST']],
      ['PUT', '/sync', ['GET', 'HEAD']],
    ];
    for (const [method, path, methods] of cases) {
      const res = await t.request(method, `/api/v1${path}`, { token: user.token, body: method === 'GET' ? undefined : {} });
      expect(res.status, `${method} ${path}`).toBe(405);
      expect(res.body).toMatchObject({ error: 'method_not_allowed', status: 405 });
      expect(res.body.correlationId).toBeTruthy();
      expect(allow(res)).toEqual(methods);
    }
  });

  it('holds without a token too, and for /account and /auth', async () => {
    const anon = await t.request('DELETE', '/api/v1/tasks');
    expect(anon.status).toBe(405);
    const login = await t.request('GET', '/auth/login');
    expect(login.status).toBe(405);
    expect(allow(login)).toEqual(['POST']);
    const tokens = await t.request('PUT', '/account/tokens', { token: user.token, body: {} });
    expect(tokens.status).toBe(405);
    expect(allow(tokens)).toEqual(['GET', 'HEAD', 'POST']);
  });

  it('unknown paths stay 404; existing routes keep their answers', async () => {
    for (const [method, path] of [
      ['GET', '/api/v1/nothing-here'],
      ['POST', '/api/v1/tasks/'],
      ['PATCH', '/api/v1/tasks/a/b/c'],
      ['GET', '/auth/nothing'],
    ]) {
      const res = await t.request(method, path, { token: user.token });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.headers.allow).toBeUndefined();
    }
    // A malformed id is still a 404 from the route itself, not a 405.
    expect((await t.as(user).get('/tasks/not-a-uuid')).status).toBe(404);
    expect((await t.as(user).get('/tasks')).status).toBe(200);
    // HEAD on a GET route keeps what it did (not in the document: asked directly); OPTIONS is
    // answered by the CORS preflight (test/api/cors.test.ts), a plain one too, never a 405.
    const authorization = `Bearer ${user.token}`;
    expect((await t.app.server.inject({ method: 'HEAD', url: '/api/v1/tasks', headers: { authorization } })).statusCode).toBe(200);
    const options = await t.app.server.inject({ method: 'OPTIONS', url: '/api/v1/tasks', headers: { authorization } });
    expect(options.statusCode).toBe(204);
    expect(options.headers.allow).toBeUndefined();
  });

  it('CalDAV keeps its own method handling', async () => {
    const res = await t.request('PATCH', '/caldav/', { headers: { authorization: `Basic ${Buffer.from(`${user.email}:${user.token}`).toString('base64')}` } });
    expect(res.body?.error).not.toBe('method_not_allowed');
  });
});
