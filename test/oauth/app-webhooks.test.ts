/**
 * Webhooks registered by OAuth apps (D18 + D20): a webhook sends records, so an app needs the read
 * scope of every kind it subscribes to; it sees only the webhooks its own grant registered, never
 * the user's others; and its webhooks stop, and go, the moment its access ends (revoked, or the
 * app deleted), whichever way that happens.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '../helpers/app.js';
import { api, registerApp, startOAuthApp, tokensFor, type OAuthTestApp } from '../helpers/oauth.js';
import { startReceiver, type Receiver } from '../helpers/webhook-receiver.js';

let ctx: OAuthTestApp;
let rx: Receiver;
let alice: TestUser;
let dev: TestUser;

beforeAll(async () => {
  ctx = await startOAuthApp({ WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_POLL_MS: '50' });
  rx = await startReceiver();
  alice = await ctx.t.user('alice');
  dev = await ctx.t.user('dev');
});
afterAll(async () => {
  await ctx?.t.close();
  await rx?.close();
});

const aliceActor = () => ({ userId: alice.id, email: alice.email, via: 'rest' as const });
const delivered = (path: string, title: string) => rx.received.some((r) => r.path === path && r.json?.data?.task?.title === title);

describe('webhooks of OAuth apps', () => {
  it('need the read scopes of their kinds, and see only their own grant’s webhooks', async () => {
    const app = await registerApp(ctx.t, dev, 'http://127.0.0.1:9/callback', 'Scoped app');
    const hooksOnly = (await tokensFor(ctx, app, alice, 'webhooks')).access_token;
    const refused = await api(ctx, hooksOnly, 'POST', '/webhooks', { url: `${rx.url}/app`, events: ['task.created'] });
    expect(refused.status).toBe(403);
    const body = await refused.json();
    expect(body).toMatchObject({ error: 'forbidden', details: { field: 'events', constraint: 'scope' } });
    expect(body.message).toContain('tasks:read');

    const own = await ctx.t.as(alice).post('/webhooks', { url: `${rx.url}/alice`, events: ['task.created'] });
    expect(own.status).toBe(201);
    const reader = (await tokensFor(ctx, app, alice, 'webhooks tasks:read')).access_token;
    const made = await api(ctx, reader, 'POST', '/webhooks', { url: `${rx.url}/app`, events: ['task.created'] });
    expect(made.status).toBe(201);
    const appHook = (await made.json()).data;
    // Widening it to kinds the grant may not read is refused the same way.
    expect((await api(ctx, reader, 'PUT', `/webhooks/${appHook.id}`, { events: ['task.created', 'event.created'] })).status).toBe(403);

    const listed = (await (await api(ctx, reader, 'GET', '/webhooks')).json()).data.map((h: { id: string }) => h.id);
    expect(listed).toEqual([appHook.id]);
    for (const [method, path, payload] of [
      ['GET', `/webhooks/${own.body.data.id}`],
      ['PUT', `/webhooks/${own.body.data.id}`, { url: `${rx.url}/stolen` }],
      ['GET', `/webhooks/${own.body.data.id}/logs`],
      ['DELETE', `/webhooks/${own.body.data.id}`],
    ] as const) {
      expect((await api(ctx, reader, method, path, payload)).status, `${method} ${path}`).toBe(404);
    }
    // The user sees and manages both.
    expect((await ctx.t.as(alice).get('/webhooks')).body.data).toHaveLength(2);
  });

  it('stop and go when the user revokes the app, or its developer deletes it', async () => {
    for (const ending of ['revoked', 'deleted'] as const) {
      const app = await registerApp(ctx.t, dev, 'http://127.0.0.1:9/callback', `App ${ending}`);
      const token = (await tokensFor(ctx, app, alice, 'webhooks tasks:read')).access_token;
      const path = `/app-${ending}`;
      const made = await api(ctx, token, 'POST', '/webhooks', { url: `${rx.url}${path}`, events: ['task.created'] });
      expect(made.status).toBe(201);
      const hookId = (await made.json()).data.id;

      await ctx.t.as(alice).post('/tasks', { title: `before ${ending}` });
      await rx.waitFor((r) => r.path === path && r.json?.data?.task?.title === `before ${ending}`);

      if (ending === 'revoked') await ctx.t.app.services.oauth.revokeAuthorization(aliceActor(), app.client.client_id);
      else await ctx.t.app.services.oauth.remove({ userId: dev.id, email: dev.email, via: 'rest' }, app.client.client_id);

      await ctx.t.as(alice).post('/tasks', { title: `after ${ending}` });
      // Alice's own webhook gets the new task: by then the app's would have had it too.
      await rx.waitFor((r) => r.path === '/alice' && r.json?.data?.task?.title === `after ${ending}`);
      await new Promise((r) => setTimeout(r, 300));
      expect(delivered(path, `after ${ending}`)).toBe(false);
      expect((await ctx.t.as(alice).get(`/webhooks/${hookId}`)).status).toBe(404);
    }
  });
});
