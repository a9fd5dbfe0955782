/**
 * The authorization server through a relying-party library (oauth4webapi) on a real port: the
 * code flow with PKCE, refresh rotation and reuse, revocation (RFC 7009), and the RFC answers to
 * bad input (unknown client, unregistered redirect URI, plain or missing PKCE, wrong verifier,
 * code reuse, unknown scope). Runs on the database TEST_DATABASE names.
 */
import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '../helpers/app.js';
import {
  api,
  authorizationRequest,
  CookieJar,
  insecure,
  registerApp,
  registerPublicApp,
  signedIn,
  startOAuthApp,
  tokensFor,
  walk,
  type OAuthTestApp,
  type TestClient,
} from '../helpers/oauth.js';

let ctx: OAuthTestApp;
let owner: TestUser;
let alice: TestUser;
let app: TestClient;

beforeAll(async () => {
  ctx = await startOAuthApp();
  owner = await ctx.t.user('dev');
  alice = await ctx.t.user('alice');
  app = await registerApp(ctx.t, owner);
});

afterAll(async () => {
  await ctx?.t.close();
});

const exchangeError = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (err) {
    if (err instanceof oauth.ResponseBodyError) return err.error;
    if (err instanceof oauth.WWWAuthenticateChallengeError) return err.cause[0]?.parameters.error;
    throw err;
  }
  return null;
};

const refresh = async (token: string) =>
  oauth.processRefreshTokenResponse(ctx.as, app.client, await oauth.refreshTokenGrantRequest(ctx.as, app.client, app.auth, token, insecure));

describe('discovery (RFC 8414)', () => {
  it('serves the metadata at /.well-known/oauth-authorization-server with the scopes and S256 only', async () => {
    expect(ctx.as.issuer).toBe(ctx.base);
    expect(ctx.as.code_challenge_methods_supported).toEqual(['S256']);
    expect(ctx.as.scopes_supported).toEqual([
      'tasks:read',
      'tasks:write',
      'events:read',
      'events:write',
      'contexts:read',
      'contexts:write',
      'webhooks',
      'offline_access',
    ]);
    expect(ctx.as.authorization_endpoint).toBe(`${ctx.base}/oauth/auth`);
    expect(ctx.as.token_endpoint).toBe(`${ctx.base}/oauth/token`);
    expect(ctx.as.revocation_endpoint).toBe(`${ctx.base}/oauth/token/revocation`);
    expect(ctx.as.response_types_supported).toEqual(['code']);
    expect(ctx.as.token_endpoint_auth_methods_supported).toEqual(['client_secret_basic', 'none']);
    expect((await fetch(`${ctx.base}/oauth/.well-known/openid-configuration`)).status).toBe(404);
    // The authorization server's routes are rate-limited like every other endpoint (D23).
    const res = await fetch(`${ctx.base}/.well-known/oauth-authorization-server`);
    expect(res.headers.get('x-ratelimit-limit')).toBe('100000');
    expect(res.headers.get('x-correlation-id')).toBeTruthy();
  });
});

describe('authorization code with PKCE', () => {
  it('issues a JWT access token with scope and client_id that the API accepts, and a rotating refresh token', async () => {
    const tokens = await tokensFor(ctx, app, alice, 'tasks:read tasks:write offline_access');
    expect(tokens.token_type).toBe('bearer');
    expect(tokens.expires_in).toBe(900);
    // The access token's scope is what it may do at the API; offline_access gave the refresh token.
    expect(tokens.scope?.split(' ').sort()).toEqual(['tasks:read', 'tasks:write']);
    expect(tokens.refresh_token).toBeTruthy();
    const claims = JSON.parse(Buffer.from(tokens.access_token.split('.')[1], 'base64url').toString());
    expect(claims).toMatchObject({ sub: alice.id, client_id: app.client.client_id, iss: ctx.base, aud: `${ctx.base}/api/v1` });
    expect(claims.scope.split(' ').sort()).toEqual(['tasks:read', 'tasks:write']);

    const created = await api(ctx, tokens.access_token, 'POST', '/tasks', { title: 'from an app' });
    expect(created.status).toBe(201);
    expect((await api(ctx, tokens.access_token, 'GET', '/tasks')).status).toBe(200);

    const first = tokens.refresh_token!;
    const refreshed = await refresh(first);
    expect(refreshed.refresh_token).toBeTruthy();
    expect(refreshed.refresh_token).not.toBe(first);
    expect((await api(ctx, refreshed.access_token, 'GET', '/tasks')).status).toBe(200);

    // Reusing the first refresh token is refused and revokes the whole grant.
    expect(await exchangeError(refresh(first))).toBe('invalid_grant');
    expect(await exchangeError(refresh(refreshed.refresh_token!))).toBe('invalid_grant');
    expect((await api(ctx, refreshed.access_token, 'GET', '/tasks')).status).toBe(401);
    expect((await api(ctx, tokens.access_token, 'GET', '/tasks')).status).toBe(401);
  });

  it('treats two refreshes racing with one refresh token as a reuse: at most one wins, the grant is revoked', async () => {
    const tokens = await tokensFor(ctx, app, alice, 'tasks:read offline_access');
    const results = await Promise.allSettled([refresh(tokens.refresh_token!), refresh(tokens.refresh_token!)]);
    const won = results.filter((r): r is PromiseFulfilledResult<oauth.TokenEndpointResponse> => r.status === 'fulfilled');
    expect(won.length).toBeLessThanOrEqual(1);
    for (const r of results) if (r.status === 'rejected') expect((r.reason as oauth.ResponseBodyError).error).toBe('invalid_grant');
    for (const w of won) {
      expect(await exchangeError(refresh(w.value.refresh_token!))).toBe('invalid_grant');
      expect((await api(ctx, w.value.access_token, 'GET', '/tasks')).status).toBe(401);
    }
    expect((await api(ctx, tokens.access_token, 'GET', '/tasks')).status).toBe(401);
  });

  it('authorizes whoever is signed in now, after someone else signed in the same browser before', async () => {
    const jar = await signedIn(ctx.base, alice);
    const first = await tokensFor(ctx, app, alice, 'tasks:read', jar);
    const bob = await ctx.t.user('bob');
    const login = await jar.fetch(`${ctx.base}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: bob.email, password: 'correct horse battery' }),
    });
    expect(login.status).toBe(200);
    const second = await tokensFor(ctx, app, bob, 'tasks:read', jar);
    const sub = (token: string) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).sub;
    expect(sub(first.access_token)).toBe(alice.id);
    expect(sub(second.access_token)).toBe(bob.id);
  });

  it('asks for sign-in inside the flow when nobody is signed in, with one message for wrong credentials', async () => {
    const jar = new CookieJar();
    const request = await authorizationRequest(ctx, app, 'tasks:read');
    const start = await jar.fetch(request.url.href);
    const interaction = new URL(start.headers.get('location')!, ctx.base).href;
    const page = await (await jar.fetch(interaction)).text();
    expect(page).toContain('Sign in to continue');
    expect(page).toContain('Test app');
    const csrf = /name="_csrf" value="([^"]+)"/.exec(page)![1];
    const post = (password: string) =>
      jar.fetch(`${interaction}/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ctx.base },
        body: new URLSearchParams({ _csrf: csrf, email: alice.email, password }).toString(),
      });
    const wrong = await post('not the password');
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).toContain('Wrong email or password.');
    const right = await post('correct horse battery');
    expect(right.status).toBe(303);
    expect(right.headers.get('location')).toBe(new URL(interaction).pathname);
    const { redirect } = await walk(ctx, jar, new URL(interaction));
    expect(redirect?.searchParams.get('code')).toBeTruthy();
  });

  it('gives no refresh token without offline_access', async () => {
    const tokens = await tokensFor(ctx, app, alice, 'tasks:read');
    expect(tokens.refresh_token).toBeUndefined();
    expect((await api(ctx, tokens.access_token, 'GET', '/tasks')).status).toBe(200);
  });

  it('refuses a code used twice and revokes the tokens it gave', async () => {
    const request = await authorizationRequest(ctx, app, 'tasks:read offline_access');
    const { redirect } = await walk(ctx, await signedIn(ctx.base, alice), request.url);
    const params = oauth.validateAuthResponse(ctx.as, app.client, redirect!, request.state);
    const exchange = async () =>
      oauth.processAuthorizationCodeResponse(
        ctx.as,
        app.client,
        await oauth.authorizationCodeGrantRequest(ctx.as, app.client, app.auth, params, app.redirectUri, request.verifier, insecure),
      );
    const tokens = await exchange();
    expect((await api(ctx, tokens.access_token, 'GET', '/tasks')).status).toBe(200);
    expect(await exchangeError(exchange())).toBe('invalid_grant');
    expect((await api(ctx, tokens.access_token, 'GET', '/tasks')).status).toBe(401);
    expect(await exchangeError(refresh(tokens.refresh_token!))).toBe('invalid_grant');
  });

  it('refuses a wrong code verifier', async () => {
    const request = await authorizationRequest(ctx, app, 'tasks:read');
    const { redirect } = await walk(ctx, await signedIn(ctx.base, alice), request.url);
    const params = oauth.validateAuthResponse(ctx.as, app.client, redirect!, request.state);
    const res = await oauth.authorizationCodeGrantRequest(ctx.as, app.client, app.auth, params, app.redirectUri, oauth.generateRandomCodeVerifier(), insecure);
    expect(await exchangeError(oauth.processAuthorizationCodeResponse(ctx.as, app.client, res))).toBe('invalid_grant');
  });

  it('refuses a wrong client secret', async () => {
    const request = await authorizationRequest(ctx, app, 'tasks:read');
    const { redirect } = await walk(ctx, await signedIn(ctx.base, alice), request.url);
    const params = oauth.validateAuthResponse(ctx.as, app.client, redirect!, request.state);
    const res = await oauth.authorizationCodeGrantRequest(
      ctx.as,
      app.client,
      oauth.ClientSecretBasic('not the secret'),
      params,
      app.redirectUri,
      request.verifier,
      insecure,
    );
    expect(await exchangeError(oauth.processAuthorizationCodeResponse(ctx.as, app.client, res))).toBe('invalid_client');
  });

  it('answers Deny with access_denied at the redirect URI', async () => {
    const request = await authorizationRequest(ctx, app, 'tasks:read');
    const { redirect } = await walk(ctx, await signedIn(ctx.base, alice), request.url, 'deny');
    expect(redirect!.origin + redirect!.pathname).toBe(app.redirectUri);
    expect(redirect!.searchParams.get('error')).toBe('access_denied');
    expect(redirect!.searchParams.get('state')).toBe(request.state);
    expect(() => oauth.validateAuthResponse(ctx.as, app.client, redirect!, request.state)).toThrow(oauth.AuthorizationResponseError);
  });

  it('lets the consent form lead to the app: form-action names the redirect URI origin', async () => {
    const request = await authorizationRequest(ctx, app, 'tasks:read');
    const { consentCsp } = await walk(ctx, await signedIn(ctx.base, alice), request.url);
    expect(consentCsp).toContain("form-action 'self' http://127.0.0.1:9;");
  });
});

describe('public apps (no secret, PKCE only)', () => {
  it('runs the flow without client authentication; refresh rotates; CORS only from its redirect origins', async () => {
    const phone = await registerPublicApp(ctx.t, owner);
    const tokens = await tokensFor(ctx, phone, alice, 'events:read offline_access');
    expect((await api(ctx, tokens.access_token, 'GET', '/events')).status).toBe(200);
    const res = await oauth.refreshTokenGrantRequest(ctx.as, phone.client, phone.auth, tokens.refresh_token!, {
      ...insecure,
      headers: new Headers({ origin: 'http://127.0.0.1:9' }),
    });
    expect(res.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:9');
    const rotated = await oauth.processRefreshTokenResponse(ctx.as, phone.client, res);
    expect(rotated.refresh_token).not.toBe(tokens.refresh_token);
    const other = await oauth.refreshTokenGrantRequest(ctx.as, phone.client, phone.auth, rotated.refresh_token!, {
      ...insecure,
      headers: new Headers({ origin: 'https://evil.example' }),
    });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();

    // A confidential app's token endpoint is never open to browsers.
    const confidential = await tokensFor(ctx, app, alice, 'tasks:read offline_access');
    const basic = await oauth.refreshTokenGrantRequest(ctx.as, app.client, app.auth, confidential.refresh_token!, {
      ...insecure,
      headers: new Headers({ origin: 'http://127.0.0.1:9' }),
    });
    expect(basic.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('bad authorization requests', () => {
  const errorAtApp = async (extra: Record<string, string>, scope = 'tasks:read') => {
    const request = await authorizationRequest(ctx, app, scope, extra);
    const { redirect } = await walk(ctx, await signedIn(ctx.base, alice), request.url);
    expect(redirect, 'sent back to the app').not.toBeNull();
    return { error: redirect!.searchParams.get('error'), description: redirect!.searchParams.get('error_description') ?? '' };
  };

  it('refuses plain PKCE and a missing code challenge (invalid_request at the redirect URI)', async () => {
    const plain = await errorAtApp({ code_challenge_method: 'plain', code_challenge: 'a'.repeat(43) });
    expect(plain.error).toBe('invalid_request');
    expect(plain.description).toMatch(/code_challenge_method/);
    const missing = await errorAtApp({ code_challenge: '', code_challenge_method: '' });
    expect(missing).toMatchObject({ error: 'invalid_request' });
    expect(missing.description).toMatch(/PKCE/);
    // A challenge without its method would mean plain (RFC 7636 4.3): refused as well.
    expect(await errorAtApp({ code_challenge_method: '' })).toMatchObject({ error: 'invalid_request', description: 'code_challenge_method must be provided' });
  });

  it('refuses a code exchanged without its code_verifier', async () => {
    const request = await authorizationRequest(ctx, app, 'tasks:read');
    const { redirect } = await walk(ctx, await signedIn(ctx.base, alice), request.url);
    const params = oauth.validateAuthResponse(ctx.as, app.client, redirect!, request.state);
    const res = await oauth.authorizationCodeGrantRequest(ctx.as, app.client, app.auth, params, app.redirectUri, oauth.nopkce, insecure);
    expect(await exchangeError(oauth.processAuthorizationCodeResponse(ctx.as, app.client, res))).toBe('invalid_grant');
  });

  it('answers an unknown scope with invalid_scope', async () => {
    expect(await errorAtApp({}, 'tasks:read admin')).toEqual({ error: 'invalid_scope', description: 'unknown scope: admin' });
    expect((await errorAtApp({}, 'openid')).error).toBe('invalid_scope');
  });

  it('never redirects to an unregistered redirect URI: an error page instead', async () => {
    const request = await authorizationRequest(ctx, { ...app, redirectUri: 'https://evil.example/callback' }, 'tasks:read');
    const res = await fetch(request.url, { redirect: 'manual' });
    expect(res.status).toBe(400);
    expect(res.headers.get('location')).toBeNull();
    const page = await res.text();
    expect(page).toContain('redirect URI mismatch');
    expect(page).not.toContain('evil.example');
  });

  it('shows an error page for an unknown client', async () => {
    const request = await authorizationRequest(ctx, { ...app, client: { client_id: 'agd_unknownunknownunk' } }, 'tasks:read');
    const res = await fetch(request.url, { redirect: 'manual' });
    expect(res.status).toBe(400);
    expect(res.headers.get('location')).toBeNull();
    expect(await res.text()).toContain('not registered');
  });
});

describe('revocation (RFC 7009)', () => {
  it('revoking a refresh token ends the grant: the refresh token and the access tokens stop at once', async () => {
    const tokens = await tokensFor(ctx, app, alice, 'tasks:read offline_access');
    expect((await api(ctx, tokens.access_token, 'GET', '/tasks')).status).toBe(200);
    await oauth.processRevocationResponse(await oauth.revocationRequest(ctx.as, app.client, app.auth, tokens.refresh_token!, insecure));
    expect(await exchangeError(refresh(tokens.refresh_token!))).toBe('invalid_grant');
    expect((await api(ctx, tokens.access_token, 'GET', '/tasks')).status).toBe(401);
  });

  it('answers the revocation of an access token alone with unsupported_token_type (it is a JWT the server does not keep)', async () => {
    const tokens = await tokensFor(ctx, app, alice, 'tasks:read');
    const res = await oauth.revocationRequest(ctx.as, app.client, app.auth, tokens.access_token, insecure);
    expect(res.status).toBe(400);
    expect((await res.json()).error).toBe('unsupported_token_type');
  });

  it('an OAuth token cannot manage the account, and doors that do not check scopes refuse it', async () => {
    const tokens = await tokensFor(ctx, app, alice, 'tasks:read tasks:write');
    const { accounts } = ctx.t.app.services;
    await expect(accounts.authenticateToken(tokens.access_token)).rejects.toMatchObject({ code: 'unauthorized' });
    expect(await accounts.authenticateToken(tokens.access_token, { acceptOAuth: true })).toMatchObject({
      userId: alice.id,
      oauth: { clientId: app.client.client_id, scopes: ['tasks:read', 'tasks:write'] },
    });
    for (const [method, url] of [
      ['GET', '/account'],
      ['GET', '/account/tokens'],
      ['POST', '/account/tokens'],
    ]) {
      const res = await ctx.t.request(method, url, { token: tokens.access_token, body: method === 'POST' ? { name: 'escalate' } : undefined });
      expect(res.status, `${method} ${url}`).toBe(403);
    }
  });
});
