/**
 * The OAuth settings pages through inject: sign-in required, CSRF on every form, other people's
 * apps are 404, registration input is checked, the secret can be replaced, and the consent routes
 * answer a stale or unknown request with a page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/app.js';
import { startTestApp, type TestApp, type TestUser } from '../helpers/app.js';
import { visitor } from '../helpers/web-visitor.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

type Inject = App['server']['inject'];

/** A signed-in browser-like visitor keeping cookies. */
async function signedInVisitor(inject: Inject, user: TestUser) {
  const v = visitor(inject);
  const login = await inject({ method: 'POST', url: '/auth/login', payload: { email: user.email, password: 'correct horse battery' } });
  v.remember(login.headers['set-cookie']);
  return { ...v, csrf: async () => v.csrfOf((await v.get('/settings/apps')).body) };
}

const inject = () => t.app.server.inject.bind(t.app.server);

describe('/settings/apps', () => {
  it('needs a session, and every form needs its CSRF token', async () => {
    const anonymous = await t.app.server.inject({ method: 'GET', url: '/settings/apps' });
    expect(anonymous.statusCode).toBe(303);
    expect(anonymous.headers.location).toBe('/');
    const v = await signedInVisitor(inject(), await t.user());
    const form = { name: 'App', redirect_uris: 'https://app.example/cb' };
    expect((await v.post('/settings/apps', form)).statusCode).toBe(403);
    expect((await v.post('/settings/apps', { ...form, _csrf: await v.csrf() }, { origin: 'https://evil.example' })).statusCode).toBe(403);
    const ok = await v.post('/settings/apps', { ...form, _csrf: await v.csrf() });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toContain('You will not see it again');
    expect(ok.headers['cache-control']).toBe('no-store');
  });

  it('explains bad names and redirect URIs next to the form', async () => {
    const v = await signedInVisitor(inject(), await t.user());
    const cases: Array<[Record<string, string>, string]> = [
      [{ name: '', redirect_uris: 'https://a.example/cb' }, 'Give the app a name'],
      [{ name: 'A', redirect_uris: '' }, 'Add at least one redirect URI'],
      [{ name: 'A', redirect_uris: 'not a url' }, 'is not an absolute URL'],
      [{ name: 'A', redirect_uris: 'https://a.example/cb#x' }, 'has a fragment'],
      [{ name: 'A', redirect_uris: 'http://a.example/cb' }, 'must use https'],
      [{ name: 'A', redirect_uris: 'javascript:alert(1)' }, 'must use https'],
      [{ name: 'A', redirect_uris: Array.from({ length: 11 }, (_, i) => `https://a.example/${i}`).join('\n') }, 'At most 10'],
    ];
    for (const [form, message] of cases) {
      const res = await v.post('/settings/apps', { ...form, _csrf: await v.csrf() });
      expect(res.statusCode, message).toBe(422);
      expect(res.body).toContain(message);
      expect(res.body).toContain('role="alert"');
    }
    // The field at fault is the one marked invalid.
    const uriError = (await v.post('/settings/apps', { name: 'A', redirect_uris: 'http://a.example/cb', _csrf: await v.csrf() })).body;
    expect(uriError).toMatch(/<textarea[^>]*aria-invalid="true"/);
    expect(uriError).not.toMatch(/name="name"[^>]*aria-invalid/);
    const nameError = (await v.post('/settings/apps', { name: ' ', redirect_uris: 'https://a.example/cb', _csrf: await v.csrf() })).body;
    expect(nameError).toMatch(/name="name"[^>]*aria-invalid="true"/);
    expect(nameError).not.toMatch(/<textarea[^>]*aria-invalid/);
    expect((await v.get('/settings/apps')).body).toContain('No apps yet');
  });

  it('keeps apps private (404 for someone else) and replaces the secret on request', async () => {
    const owner = await t.user();
    const { app, client_secret } = await t.app.services.oauth.register(
      { userId: owner.id, email: owner.email, via: 'rest' },
      { name: 'Mine', redirectUris: ['https://mine.example/cb'] },
    );
    const stranger = await signedInVisitor(inject(), await t.user());
    const csrf = await stranger.csrf();
    expect((await stranger.get(`/settings/apps/${app.client_id}`)).statusCode).toBe(404);
    expect((await stranger.post(`/settings/apps/${app.client_id}`, { name: 'Stolen', redirect_uris: 'https://evil.example/cb', _csrf: csrf })).statusCode).toBe(
      404,
    );
    expect((await stranger.post(`/settings/apps/${app.client_id}/secret`, { _csrf: csrf })).statusCode).toBe(404);
    expect((await stranger.post(`/settings/apps/${app.client_id}/delete`, { _csrf: csrf })).statusCode).toBe(404);
    expect((await t.app.services.oauth.clientMetadata(app.client_id))?.redirect_uris).toEqual(['https://mine.example/cb']);

    const v = await signedInVisitor(inject(), owner);
    const page = await v.get(`/settings/apps/${app.client_id}`);
    expect(page.body).not.toContain(client_secret);
    const rotated = await v.post(`/settings/apps/${app.client_id}/secret`, { _csrf: await v.csrf() });
    expect(rotated.statusCode).toBe(200);
    const shown = /value="([^"]+)"[^>]*data-testid="client-secret"/.exec(rotated.body)![1];
    expect(shown).toBeTruthy();
    expect(shown).not.toBe(client_secret);
    expect(((await t.app.services.oauth.clientMetadata(app.client_id)) as { client_secret?: string })?.client_secret).toBe(shown);
  });
});

describe('public apps on /settings/apps', () => {
  it('registers an app without a secret and offers no secret to replace', async () => {
    const v = await signedInVisitor(inject(), await t.user());
    const res = await v.post('/settings/apps', { name: 'Phone', redirect_uris: 'http://127.0.0.1:8123/cb', public: 'yes', _csrf: await v.csrf() });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('A public app has no secret');
    expect(res.body).not.toContain('data-testid="client-secret"');
    const clientId = /value="(agd_[^"]+)"/.exec(res.body)![1];
    expect(await t.app.services.oauth.clientMetadata(clientId)).toMatchObject({ token_endpoint_auth_method: 'none' });
    expect(await t.app.services.oauth.clientMetadata(clientId)).not.toHaveProperty('client_secret');
    const page = await v.get(`/settings/apps/${clientId}`);
    expect(page.body).toContain('a public app, PKCE with S256 only');
    expect(page.body).not.toContain('Make a new secret');
    expect((await v.post(`/settings/apps/${clientId}/secret`, { _csrf: await v.csrf() })).statusCode).toBe(404);
  });
});

describe('/settings/authorized and the consent routes', () => {
  it('answers a revoke of an app without access with 404, and stale interactions with a page', async () => {
    const v = await signedInVisitor(inject(), await t.user());
    expect((await v.get('/settings/authorized')).body).toContain('No app has access');
    expect((await v.post('/settings/authorized/agd_nosuchappnosuchap/revoke', { _csrf: await v.csrf() })).statusCode).toBe(404);
    const stale = await v.get('/oauth/interaction/nosuchinteraction');
    expect(stale.statusCode).toBe(400);
    expect(stale.body).toContain('This request has expired');
    expect((await v.post('/oauth/interaction/nosuchinteraction/decision', { decision: 'approve', _csrf: await v.csrf() })).statusCode).toBe(400);
  });
});

describe('the 50-apps limit (D23)', () => {
  it('holds when registrations arrive in parallel (audit 10, A.6)', async () => {
    const owner = await t.user();
    const actor = { userId: owner.id, email: owner.email, via: 'rest' as const };
    const tries = await Promise.allSettled(
      Array.from({ length: 60 }, (_, i) => t.app.services.oauth.register(actor, { name: `App ${i}`, redirectUris: [`https://app${i}.example/cb`] })),
    );
    expect(tries.filter((r) => r.status === 'fulfilled')).toHaveLength(50);
    const refused = tries.filter((r): r is PromiseRejectedResult => r.status === 'rejected').map((r) => r.reason.code);
    expect(refused).toEqual(Array(10).fill('unprocessable_entity'));
  });
});
