/**
 * Every /api/v1 operation against the OAuth scopes it needs (D20): the served OpenAPI document
 * declares them, a token with exactly those scopes passes the check, a token with every other
 * scope gets 403 insufficient_scope naming them (body and WWW-Authenticate), and API tokens keep
 * full access. A hand-written table pins the mapping for the routes whose family is not obvious.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '../helpers/app.js';
import { registerApp, startOAuthApp, tokensFor, type OAuthTestApp, type TestClient } from '../helpers/oauth.js';

const API_SCOPES = ['tasks:read', 'tasks:write', 'events:read', 'events:write', 'contexts:read', 'contexts:write', 'webhooks'];

let ctx: OAuthTestApp;
let alice: TestUser;
let app: TestClient;
let operations: Array<{ method: string; path: string; scopes: string[] }>;
const tokens = new Map<string, string>();

/** An access token with exactly these scopes (one authorization each, cached). */
async function tokenWith(scopes: string[]) {
  const key = [...scopes].sort().join(' ');
  if (!tokens.has(key)) tokens.set(key, (await tokensFor(ctx, app, alice, key)).access_token);
  return tokens.get(key)!;
}

beforeAll(async () => {
  ctx = await startOAuthApp();
  alice = await ctx.t.user('alice');
  app = await registerApp(ctx.t, await ctx.t.user('dev'));
  const doc = (await ctx.t.request('GET', '/api/v1/docs/openapi.json')).body;
  operations = [];
  for (const [path, item] of Object.entries<Record<string, any>>(doc.paths)) {
    for (const [method, op] of Object.entries<any>(item)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method) || !path.startsWith('/api/v1/') || path.startsWith('/api/v1/docs')) continue;
      const oauth2 = (op.security ?? []).find((s: Record<string, string[]>) => 'oauth2' in s);
      operations.push({ method: method.toUpperCase(), path, scopes: oauth2?.oauth2 ?? null });
    }
  }
});

afterAll(async () => {
  await ctx?.t.close();
});

const concrete = (path: string) => path.replace(/\{[^}]+\}/g, () => randomUUID());

describe('scope enforcement on /api/v1', () => {
  it('declares the oauth2 scheme with the authorization code flow and every scope', async () => {
    const doc = (await ctx.t.request('GET', '/api/v1/docs/openapi.json')).body;
    const scheme = doc.components.securitySchemes.oauth2;
    expect(scheme.type).toBe('oauth2');
    expect(scheme.flows.authorizationCode.authorizationUrl).toBe(`${ctx.base}/oauth/auth`);
    expect(scheme.flows.authorizationCode.tokenUrl).toBe(`${ctx.base}/oauth/token`);
    expect(Object.keys(scheme.flows.authorizationCode.scopes)).toEqual([...API_SCOPES, 'offline_access']);
  });

  it('declares scopes on every operation, as the table says for the less obvious ones', () => {
    expect(operations.length).toBeGreaterThan(30);
    for (const op of operations) expect(op.scopes, `${op.method} ${op.path}`).not.toBeNull();
    const scopesOf = (method: string, path: string) => operations.find((o) => o.method === method && o.path === `/api/v1${path}`)?.scopes;
    const table: Array<[string, string, string[]]> = [
      ['GET', '/tasks', ['tasks:read']],
      ['GET', '/tasks/search', ['tasks:read']],
      ['POST', '/tasks', ['tasks:write']],
      ['POST', '/tasks/{id}/complete', ['tasks:write']],
      ['GET', '/tasks/{id}/comments', ['tasks:read']],
      ['POST', '/tasks/{id}/comments', ['tasks:write']],
      ['POST', '/tasks/{id}/assign', ['tasks:write']],
      ['DELETE', '/tasks/{id}/assignees/{user_id}', ['tasks:write']],
      ['GET', '/events/{id}/attendees', ['events:read']],
      ['PATCH', '/events/{id}/attendees/{user_id}', ['events:write']],
      ['POST', '/events/{id}/comments', ['events:write']],
      ['POST', '/contexts/{id}/share', ['contexts:write']],
      ['GET', '/contexts/{id}/collaborators', ['contexts:read']],
      ['GET', '/emails', ['tasks:read', 'events:read']],
      ['POST', '/emails/{id}/reprocess', ['tasks:write', 'events:write']],
      ['GET', '/sync', ['tasks:read', 'events:read', 'contexts:read']],
    ];
    for (const [method, path, scopes] of table) expect(scopesOf(method, path), `${method} ${path}`).toEqual(scopes);
  });

  it('refuses a token without the scope (403 insufficient_scope) and lets one with it through, on every operation', async () => {
    for (const op of operations) {
      const others = API_SCOPES.filter((s) => !op.scopes.includes(s));
      const url = concrete(op.path);
      const body = op.method === 'GET' || op.method === 'DELETE' ? undefined : {};
      const refused = await ctx.t.request(op.method, url, { token: await tokenWith(others), body });
      expect(refused.status, `${op.method} ${op.path} without ${op.scopes}`).toBe(403);
      expect(refused.body.error).toBe('insufficient_scope');
      expect(refused.body.data.required_scopes).toEqual(op.scopes);
      expect(refused.body.message).toContain(op.scopes.filter((s) => !others.includes(s))[0]);
      expect(refused.headers['www-authenticate']).toBe(`Bearer error="insufficient_scope", scope="${op.scopes.join(' ')}"`);

      const allowed = await ctx.t.request(op.method, url, { token: await tokenWith(op.scopes), body });
      expect(allowed.body?.error, `${op.method} ${op.path} with ${op.scopes}`).not.toBe('insufficient_scope');
      expect(allowed.status).not.toBe(401);
    }
  });

  it('gives each scope exactly its routes: read scopes read, write scopes write', async () => {
    const token = await tokenWith(['tasks:read']);
    expect((await ctx.t.request('GET', '/api/v1/tasks', { token })).status).toBe(200);
    expect((await ctx.t.request('POST', '/api/v1/tasks', { token, body: { title: 'x' } })).status).toBe(403);
    const writer = await tokenWith(['tasks:write']);
    const created = await ctx.t.request('POST', '/api/v1/tasks', { token: writer, body: { title: 'made by an app' } });
    expect(created.status).toBe(201);
    expect((await ctx.t.request('GET', `/api/v1/tasks/${created.body.data.id}`, { token: writer })).status).toBe(403);
    expect((await ctx.t.request('GET', `/api/v1/tasks/${created.body.data.id}`, { token })).status).toBe(200);
    const events = await tokenWith(['events:read']);
    expect((await ctx.t.request('GET', '/api/v1/events', { token: events })).status).toBe(200);
    expect((await ctx.t.request('GET', '/api/v1/tasks', { token: events })).status).toBe(403);
    const contexts = await tokenWith(['contexts:read', 'contexts:write']);
    expect((await ctx.t.request('POST', '/api/v1/contexts', { token: contexts, body: { name: 'Work' } })).status).toBe(201);
    expect((await ctx.t.request('GET', '/api/v1/contexts', { token: contexts })).status).toBe(200);
    const offline = await tokenWith(['offline_access']);
    expect((await ctx.t.request('GET', '/api/v1/tasks', { token: offline })).status).toBe(403);
  });

  it('keeps full access for API tokens', async () => {
    for (const op of operations.filter((o) => o.method === 'GET')) {
      const res = await ctx.t.request('GET', concrete(op.path), { token: alice.token });
      expect(res.status, `${op.method} ${op.path}`).not.toBe(403);
    }
  });
});
