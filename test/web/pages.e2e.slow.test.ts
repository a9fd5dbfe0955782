/**
 * The account pages in a real browser: sign up, sign in, make a token, copy it, use it on the API,
 * revoke it, and the failure paths (wrong password, forms without a CSRF token). Also writes
 * screenshots of every page to test-artifacts/screenshots/.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { launchBrowser, screenshots } from '../helpers/browser.js';

let t: TestApp;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let base: string;
const email = `web-${Date.now()}@example.com`;
const password = 'a long enough password';

beforeAll(async () => {
  t = await startTestApp();
  await t.app.server.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.server.address() as AddressInfo).port}`;
  browser = await launchBrowser();
  context = await browser.newContext({ baseURL: base, viewport: { width: 1280, height: 800 } });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base });
  page = await context.newPage();
});

afterAll(async () => {
  await browser?.close();
  await t?.close();
});

const api = (token: string) => fetch(`${base}/api/v1/tasks`, { headers: { authorization: `Bearer ${token}` } });

describe('account pages in Chromium', () => {
  it('signs up, signs out, and rejects a wrong password with one message for every failure', async () => {
    await page.goto('/');
    await screenshots(page, 'signin');
    await page.getByRole('link', { name: 'Create an account' }).click();
    await expect(page).toHaveURLPath('/signup');
    await screenshots(page, 'signup');
    await page.getByLabel('Name').fill('Web Tester');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page).toHaveURLPath('/settings/tokens');
    expect(await page.getByRole('status').textContent()).toContain('Your account is ready');

    await page.getByRole('button', { name: 'Sign out' }).first().click();
    await expect(page).toHaveURLPath('/');
    expect(await page.getByRole('status').textContent()).toContain('signed out');

    for (const [who, pw] of [
      [email, 'not my password'],
      ['nobody@example.com', password],
    ]) {
      await page.getByLabel('Email').fill(who);
      await page.getByLabel('Password').fill(pw);
      const [res] = await Promise.all([page.waitForResponse(`${base}/signin`), page.getByRole('button', { name: 'Sign in' }).click()]);
      expect(res.status()).toBe(401);
      expect(await page.getByRole('alert').textContent()).toContain('Wrong email or password.');
      // The script moved focus to the message so it is read out.
      expect(await page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('alert');
    }
    await screenshots(page, 'signin-error');
  });

  it('signs in, creates a token, copies it, uses it, revokes it', async () => {
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURLPath('/settings/tokens');
    const cookie = (await context.cookies()).find((c) => c.name === 'agendum_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', secure: false });
    await screenshots(page, 'tokens-empty');

    await page.getByLabel('Name').fill('e2e script');
    await page.getByLabel('Lifetime in days').fill('30');
    await page.getByRole('button', { name: 'Create token' }).click();
    expect(page.url()).toBe(`${base}/settings/tokens`); // the token is in the page, never in a URL
    expect(await page.getByRole('heading', { level: 2, name: /new token/ }).textContent()).toContain('e2e script');
    expect(await page.locator('#new-token-title + p').textContent()).toContain('You will not see it again');

    await page.getByRole('button', { name: 'Copy' }).click();
    await page.getByText('Copied to the clipboard.').waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(await page.getByTestId('new-token').inputValue());
    expect(copied.split('.')).toHaveLength(3);
    await screenshots(page, 'tokens-new');

    expect((await api(copied)).status).toBe(200);
    await page.goto('/settings/tokens');
    expect(await page.content()).not.toContain(copied); // shown once
    const row = page.getByRole('row', { name: /e2e script/ });
    expect(await row.locator('td[data-label="Last used"]').textContent()).not.toContain('Never');
    await screenshots(page, 'tokens-list');

    await page.getByRole('link', { name: 'Revoke e2e script' }).click();
    await expect(page).toHaveURLPath(/\/settings\/tokens\/[0-9a-f-]+\/revoke$/);
    await screenshots(page, 'revoke-confirm');
    await page.getByRole('button', { name: 'Revoke token' }).click();
    await expect(page).toHaveURLPath('/settings/tokens');
    expect(await page.getByRole('status').textContent()).toContain('Token revoked');
    expect(await page.getByRole('row', { name: /e2e script/ }).count()).toBe(0);
    expect((await api(copied)).status).toBe(401);
  });

  it('shows the account, rotates the intake address and changes the password', async () => {
    await page.getByRole('link', { name: 'Account' }).click();
    await expect(page).toHaveURLPath('/settings/account');
    const before = await page.getByLabel('Your intake address').inputValue();
    expect(before).toMatch(/^[a-z0-9]+@intake\.localhost$/);
    expect(await page.locator('dl.facts').textContent()).toContain(email);
    await screenshots(page, 'account');

    page.once('dialog', (d) => void d.accept());
    await page.getByRole('button', { name: 'Make a new address' }).click();
    expect(await page.getByRole('status').textContent()).toContain('new intake address');
    expect(await page.getByLabel('Your intake address').inputValue()).not.toBe(before);

    await page.getByLabel('Current password').fill('wrong wrong wrong');
    await page.getByLabel('New password', { exact: true }).fill('another long password');
    await page.getByLabel('Repeat the new password').fill('another long password');
    await page.getByRole('button', { name: 'Change password' }).click();
    expect(await page.getByRole('alert').textContent()).toContain('current password is not right');
    await screenshots(page, 'account-error');

    await page.getByLabel('Current password').fill(password);
    await page.getByLabel('New password', { exact: true }).fill('another long password');
    await page.getByLabel('Repeat the new password').fill('another long password');
    await page.getByRole('button', { name: 'Change password' }).click();
    expect(await page.getByRole('status').textContent()).toContain('Password changed');
  });

  it('refuses form posts without a valid CSRF token or from another origin', async () => {
    await page.goto('/settings/tokens');
    const csrf = await page.locator('form[action="/settings/tokens"] input[name="_csrf"]').inputValue();
    const post = (form: Record<string, string>, headers: Record<string, string> = {}) =>
      page.request.post('/settings/tokens', { form, headers, maxRedirects: 0 });

    expect((await post({ name: 'no token', expires_in_days: '5' })).status()).toBe(403);
    expect((await post({ name: 'bad token', expires_in_days: '5', _csrf: `${csrf.slice(0, -2)}xx` })).status()).toBe(403);
    expect((await post({ name: 'cross', expires_in_days: '5', _csrf: csrf }, { origin: 'http://evil.example' })).status()).toBe(403);
    const refused = await post({ name: 'no token', expires_in_days: '5' });
    expect(await refused.text()).toContain('Form refused');
    // The same post with the page's token goes through, so the refusals above are the CSRF check.
    expect((await post({ name: 'with token', expires_in_days: '5', _csrf: csrf }, { origin: base })).status()).toBe(303); // post/redirect/get (D23)

    // Sign-in and sign-out forms are covered too (login CSRF).
    expect((await page.request.post('/signin', { form: { email, password: 'another long password' }, maxRedirects: 0 })).status()).toBe(403);
    expect((await page.request.post('/signout', { form: {}, maxRedirects: 0 })).status()).toBe(403);
    await page.goto('/settings/tokens');
    await expect(page).toHaveURLPath('/settings/tokens'); // still signed in
  });
});

// Playwright's own expect is not used (vitest drives the test); this matcher waits for navigation.
expect.extend({
  async toHaveURLPath(received: Page, expected: string | RegExp) {
    const matches = () => {
      const path = new URL(received.url()).pathname;
      return typeof expected === 'string' ? path === expected : expected.test(path);
    };
    for (let i = 0; i < 50 && !matches(); i++) await received.waitForTimeout(100);
    return { pass: matches(), message: () => `expected path ${String(expected)}, got ${new URL(received.url()).pathname}` };
  },
});

declare module 'vitest' {
  interface Assertion<T> {
    toHaveURLPath(expected: string | RegExp): Promise<T>;
  }
}
