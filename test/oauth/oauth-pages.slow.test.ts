/**
 * OAuth end to end in headless Chromium (D20): sign in, register an app on /settings/apps, run
 * the authorization code flow with PKCE through the real consent page to a local redirect
 * receiver, exchange the code with oauth4webapi, call the API, refresh (rotation; reuse of the
 * old refresh token is refused and revokes the grant), Deny gives access_denied, signing in
 * inside the flow, and Revoke on /settings/authorized stops the refresh token. Screenshots of
 * every page go to test-artifacts/screenshots/oauth-*.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as oauth from 'oauth4webapi';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '../helpers/app.js';
import { launchBrowser, screenshots } from '../helpers/browser.js';
import { insecure, startOAuthApp, type OAuthTestApp } from '../helpers/oauth.js';

let ctx: OAuthTestApp;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let receiver: http.Server;
let redirectUri: string;
let user: TestUser;
const received: URL[] = [];
let client: oauth.Client;
let clientAuth: oauth.ClientAuth;

beforeAll(async () => {
  ctx = await startOAuthApp();
  user = await ctx.t.user('web');
  // The app's side: a local page the browser is sent back to with the code (or the error).
  receiver = http.createServer((req, res) => {
    const url = new URL(req.url!, redirectUri);
    if (url.pathname === '/callback') received.push(url); // not the browser's favicon request
    res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>App</title><p>Back in the app.</p>');
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  redirectUri = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/callback`;
  browser = await launchBrowser();
  context = await browser.newContext({ baseURL: ctx.base, viewport: { width: 1280, height: 800 } });
  page = await context.newPage();
});

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => receiver?.close(resolve));
  await ctx?.t.close();
});

const SCOPE = 'tasks:read tasks:write offline_access';

async function authorizationUrl(scope = SCOPE) {
  const verifier = oauth.generateRandomCodeVerifier();
  const state = oauth.generateRandomState();
  const url = new URL(ctx.as.authorization_endpoint!);
  url.search = new URLSearchParams({
    client_id: client.client_id,
    redirect_uri: redirectUri,
    response_type: 'code',
    scope,
    state,
    code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
  }).toString();
  return { url: url.href, verifier, state };
}

/** Waits until the receiver got its next request, and returns it. */
async function nextCallback(before: number): Promise<URL> {
  for (let i = 0; i < 100 && received.length === before; i++) await new Promise((r) => setTimeout(r, 50));
  expect(received.length, 'the browser reached the app').toBe(before + 1);
  return received[before];
}

async function exchange(callback: URL, request: { verifier: string; state: string }) {
  const params = oauth.validateAuthResponse(ctx.as, client, callback, request.state);
  return oauth.processAuthorizationCodeResponse(
    ctx.as,
    client,
    await oauth.authorizationCodeGrantRequest(ctx.as, client, clientAuth, params, redirectUri, request.verifier, insecure),
  );
}

const refresh = async (token: string) =>
  oauth.processRefreshTokenResponse(ctx.as, client, await oauth.refreshTokenGrantRequest(ctx.as, client, clientAuth, token, insecure));

const refreshError = async (token: string) => {
  try {
    await refresh(token);
    return null;
  } catch (err) {
    if (err instanceof oauth.ResponseBodyError) return err.error;
    if (err instanceof oauth.WWWAuthenticateChallengeError) return err.cause[0]?.parameters.error;
    throw err;
  }
};

const api = (token: string) => fetch(`${ctx.base}/api/v1/tasks`, { headers: { authorization: `Bearer ${token}` } });

async function signIn(p: Page) {
  await p.getByLabel('Email').fill(user.email);
  await p.getByLabel('Password').fill('correct horse battery');
  await p.getByRole('button', { name: 'Sign in' }).click();
}

describe('OAuth in Chromium', () => {
  it('registers an app: client id shown, secret shown once, edit', async () => {
    await page.goto('/');
    await signIn(page);
    await page.waitForURL('**/settings/tokens');
    await page.getByRole('link', { name: 'Apps', exact: true }).click();
    await page.waitForURL('**/settings/apps');
    await screenshots(page, 'oauth-apps-empty');

    // A bad redirect URI is explained next to the form.
    await page.getByLabel('App name').fill('Planner');
    await page.getByLabel('Redirect URIs').fill('http://planner.example/callback');
    await page.getByRole('button', { name: 'Register app' }).click();
    expect(await page.getByRole('alert').textContent()).toContain('must use https');
    await screenshots(page, 'oauth-apps-error');

    await page.getByLabel('Redirect URIs').fill(redirectUri);
    await page.getByRole('button', { name: 'Register app' }).click();
    const clientId = await page.getByTestId('client-id').first().inputValue();
    const secret = await page.getByTestId('client-secret').inputValue();
    expect(clientId).toMatch(/^agd_/);
    expect(secret.length).toBeGreaterThanOrEqual(40);
    expect(page.url()).toBe(`${ctx.base}/settings/apps`); // the secret is never in a URL
    await screenshots(page, 'oauth-apps-new');
    client = { client_id: clientId };
    clientAuth = oauth.ClientSecretBasic(secret);

    await page.goto('/settings/apps');
    expect(await page.content()).not.toContain(secret); // shown once
    await page.getByRole('link', { name: 'Edit Planner' }).click();
    expect(await page.getByTestId('client-id').textContent()).toBe(clientId);
    await page.getByLabel('App name').fill('Planner Pro');
    await page.getByLabel('Redirect URIs').fill(`${redirectUri}\nhttps://planner.example/callback`);
    await page.getByRole('button', { name: 'Save changes' }).click();
    expect(await page.getByRole('status').textContent()).toContain('App saved');
    expect(await page.getByLabel('Redirect URIs').inputValue()).toBe(`${redirectUri}\nhttps://planner.example/callback`);
    await screenshots(page, 'oauth-app-edit');
  });

  let refreshToken = '';

  it('approves on the consent page, exchanges the code, calls the API, refreshes; reuse revokes the grant', async () => {
    const request = await authorizationUrl();
    await page.goto(request.url);
    await page.waitForURL('**/oauth/interaction/**');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toContain('Allow Planner Pro');
    const scopes = await page.getByRole('list', { name: 'What the app asks for' }).textContent();
    expect(scopes).toContain('See your tasks');
    expect(scopes).toContain('Create, change, complete and delete your tasks');
    expect(scopes).toContain('Keep this access');
    await screenshots(page, 'oauth-consent');

    const before = received.length;
    // The focus starts on Approve: the keyboard alone answers the page.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Approve');
    await page.keyboard.press('Enter');
    const callback = await nextCallback(before);
    await page.waitForURL(`${redirectUri}**`);
    expect(callback.searchParams.get('code')).toBeTruthy();
    const tokens = await exchange(callback, request);
    expect((await api(tokens.access_token)).status).toBe(200);

    const rotated = await refresh(tokens.refresh_token!);
    expect(rotated.refresh_token).not.toBe(tokens.refresh_token);
    expect((await api(rotated.access_token)).status).toBe(200);
    expect(await refreshError(tokens.refresh_token!)).toBe('invalid_grant');
    // The reuse revoked the grant: the newest refresh token and the access tokens stop too.
    expect(await refreshError(rotated.refresh_token!)).toBe('invalid_grant');
    expect((await api(rotated.access_token)).status).toBe(401);
  });

  it('signs in inside the flow, and Deny sends access_denied back to the app', async () => {
    const fresh = await browser.newContext({ baseURL: ctx.base, viewport: { width: 390, height: 844 } });
    const phone = await fresh.newPage();
    const request = await authorizationUrl('tasks:read');
    await phone.goto(request.url);
    expect(await phone.getByRole('heading', { level: 1 }).textContent()).toBe('Sign in to continue');
    await screenshots(phone, 'oauth-signin');
    await signIn(phone);
    await phone.getByRole('button', { name: 'Deny' }).waitFor();
    const before = received.length;
    await phone.getByRole('button', { name: 'Deny' }).click();
    const callback = await nextCallback(before);
    expect(callback.searchParams.get('error')).toBe('access_denied');
    expect(callback.searchParams.get('state')).toBe(request.state);
    await fresh.close();
  });

  it('lists the app on /settings/authorized and Revoke stops its refresh token', async () => {
    const request = await authorizationUrl();
    await page.goto(request.url);
    const before = received.length;
    await page.getByRole('button', { name: 'Approve' }).click();
    const tokens = await exchange(await nextCallback(before), request);
    refreshToken = tokens.refresh_token!;
    expect((await api(tokens.access_token)).status).toBe(200);

    await page.goto('/settings/authorized');
    const card = page.getByRole('region', { name: 'Planner Pro' });
    expect(await card.textContent()).toContain('See your tasks');
    expect(await card.textContent()).not.toContain('Never'); // last use is shown
    await screenshots(page, 'oauth-authorized');
    page.once('dialog', (d) => void d.accept());
    await card.getByRole('button', { name: 'Revoke Planner Pro' }).click();
    await page.waitForURL('**/settings/authorized?notice=app-revoked');
    expect(await page.getByRole('status').textContent()).toContain('Access revoked');
    expect(await page.getByRole('region', { name: 'Planner Pro' }).count()).toBe(0);
    expect(await refreshError(refreshToken)).toBe('invalid_grant');
    expect((await api(tokens.access_token)).status).toBe(401);
  });

  it('deletes the app: its pending tokens stop and its client id is unknown', async () => {
    const request = await authorizationUrl();
    await page.goto(request.url);
    const before = received.length;
    await page.getByRole('button', { name: 'Approve' }).click();
    const tokens = await exchange(await nextCallback(before), request);

    await page.goto('/settings/apps');
    await page.getByRole('link', { name: 'Edit Planner Pro' }).click();
    await page.getByRole('link', { name: 'Delete app…' }).click();
    await screenshots(page, 'oauth-app-delete');
    await page.getByRole('button', { name: 'Delete app' }).click();
    await page.waitForURL('**/settings/apps?notice=app-deleted');
    expect((await api(tokens.access_token)).status).toBe(401);
    expect(await refreshError(tokens.refresh_token!)).toBe('invalid_client');

    await page.goto((await authorizationUrl()).url);
    expect(await page.getByRole('alert').textContent()).toContain('not registered');
    await screenshots(page, 'oauth-error');
  });
});
