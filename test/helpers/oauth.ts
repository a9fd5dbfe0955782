/**
 * OAuth test helpers: the app listening on a loopback port with PUBLIC_URL set to it, a small
 * cookie-keeping HTTP client that walks the authorization pages like a browser without scripts,
 * and token requests through oauth4webapi (a certified relying-party library).
 */
import * as oauth from 'oauth4webapi';
import { startTestApp, type TestApp, type TestUser } from './app.js';
import { freePort } from './processes.js';

export interface OAuthTestApp {
  t: TestApp;
  base: string;
  as: oauth.AuthorizationServer;
}

/** The app on a real port (the issuer must be the address clients use). */
export async function startOAuthApp(env: Record<string, string> = {}): Promise<OAuthTestApp> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const t = await startTestApp({ PUBLIC_URL: base, ...env });
  await t.app.server.listen({ port, host: '127.0.0.1' });
  const issuer = new URL(base);
  const as = await oauth.processDiscoveryResponse(issuer, await oauth.discoveryRequest(issuer, { algorithm: 'oauth2', [oauth.allowInsecureRequests]: true }));
  return { t, base, as };
}

export const insecure = { [oauth.allowInsecureRequests]: true } as const;

export interface TestClient {
  client: oauth.Client;
  auth: oauth.ClientAuth;
  secret: string;
  redirectUri: string;
}

/** Registers an app for `owner` through the use case (the pages are tested in the browser test). */
export async function registerApp(t: TestApp, owner: TestUser, redirectUri = 'http://127.0.0.1:9/callback', name = 'Test app'): Promise<TestClient> {
  const { app, client_secret } = await t.app.services.oauth.register(
    { userId: owner.id, email: owner.email, via: 'rest' },
    { name, redirectUris: [redirectUri] },
  );
  return { client: { client_id: app.client_id }, auth: oauth.ClientSecretBasic(client_secret!), secret: client_secret!, redirectUri };
}

/** A public app: no secret, PKCE only. */
export async function registerPublicApp(t: TestApp, owner: TestUser, redirectUri = 'http://127.0.0.1:9/callback'): Promise<TestClient> {
  const { app } = await t.app.services.oauth.register(
    { userId: owner.id, email: owner.email, via: 'rest' },
    { name: 'Phone app', redirectUris: [redirectUri], public: true },
  );
  return { client: { client_id: app.client_id, token_endpoint_auth_method: 'none' }, auth: oauth.None(), secret: '', redirectUri };
}

/** Cookies by name (paths ignored: enough for one server on one host). */
export class CookieJar {
  private cookies = new Map<string, string>();

  header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  take(res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const i = pair.indexOf('=');
      const name = pair.slice(0, i).trim();
      const value = pair.slice(i + 1).trim();
      if (!value || /expires=Thu, 01 Jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  async fetch(url: string, init: RequestInit = {}) {
    const headers = new Headers(init.headers);
    if (this.cookies.size) headers.set('cookie', this.header());
    const res = await fetch(url, { ...init, headers, redirect: 'manual' });
    this.take(res);
    return res;
  }
}

/** A jar holding a signed-in session for `user` (password of test/helpers/app.ts users). */
export async function signedIn(base: string, user: TestUser): Promise<CookieJar> {
  const jar = new CookieJar();
  const res = await jar.fetch(`${base}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: user.email, password: 'correct horse battery' }),
  });
  if (res.status !== 200) throw new Error(`login failed: ${res.status}`);
  return jar;
}

export interface AuthorizationRequest {
  scope: string;
  verifier: string;
  state: string;
  url: URL;
}

export async function authorizationRequest(ctx: OAuthTestApp, c: TestClient, scope: string, extra: Record<string, string> = {}): Promise<AuthorizationRequest> {
  const verifier = oauth.generateRandomCodeVerifier();
  const state = oauth.generateRandomState();
  const url = new URL(ctx.as.authorization_endpoint!);
  const params: Record<string, string> = {
    client_id: c.client.client_id,
    redirect_uri: c.redirectUri,
    response_type: 'code',
    scope,
    state,
    code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    ...extra,
  };
  for (const [k, v] of Object.entries(params)) if (v !== '') url.searchParams.set(k, v);
  return { scope, verifier, state, url };
}

export interface Walk {
  /** Where the server finally sent the browser outside itself (the app's redirect URI), if it did. */
  redirect: URL | null;
  /** The last response from the server (a page when it did not redirect to the app). */
  last: Response;
  lastBody: string;
  /** The consent page's CSP, when one was shown. */
  consentCsp: string | null;
}

/** Follows the server's redirects, answering the consent page with `decision`, until it leaves for the app. */
export async function walk(ctx: OAuthTestApp, jar: CookieJar, start: URL, decision: 'approve' | 'deny' = 'approve'): Promise<Walk> {
  let next: { url: string; init?: RequestInit } | null = { url: start.href };
  let consentCsp: string | null = null;
  for (let hops = 0; next && hops < 12; hops++) {
    const res = await jar.fetch(next.url, next.init);
    const location = res.headers.get('location');
    if (location) {
      const target: URL = new URL(location, next.url);
      if (target.origin !== ctx.base) return { redirect: target, last: res, lastBody: '', consentCsp };
      next = { url: target.href };
      continue;
    }
    const body = await res.text();
    const form = /action="(\/oauth\/interaction\/[^"]+\/decision)"/.exec(body);
    if (res.status !== 200 || !form) return { redirect: null, last: res, lastBody: body, consentCsp };
    consentCsp = res.headers.get('content-security-policy');
    const csrf = /name="_csrf" value="([^"]+)"/.exec(body)![1];
    next = {
      url: `${ctx.base}${form[1]}`,
      init: {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ctx.base },
        body: new URLSearchParams({ _csrf: csrf, decision }).toString(),
      },
    };
  }
  throw new Error('too many redirects');
}

/** The whole flow for `user`: authorize `scope`, approve, exchange the code. */
export async function tokensFor(ctx: OAuthTestApp, c: TestClient, user: TestUser, scope: string, jar?: CookieJar) {
  const request = await authorizationRequest(ctx, c, scope);
  const { redirect } = await walk(ctx, jar ?? (await signedIn(ctx.base, user)), request.url);
  if (!redirect) throw new Error('the server did not send the browser back to the app');
  const params = oauth.validateAuthResponse(ctx.as, c.client, redirect, request.state);
  const res = await oauth.authorizationCodeGrantRequest(ctx.as, c.client, c.auth, params, c.redirectUri, request.verifier, insecure);
  return oauth.processAuthorizationCodeResponse(ctx.as, c.client, res);
}

export const api = (ctx: OAuthTestApp, token: string, method: string, path: string, body?: unknown) =>
  fetch(`${ctx.base}/api/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
