/**
 * The reference page at /api/v1/docs in a real browser (Debian's Chromium): it renders the served
 * document with no request leaving the service, shows createTask with its schema and example, and
 * "Try it out" with an API token creates a task.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestUser } from '../helpers/app.js';
import { launchBrowser, screenshots } from '../helpers/browser.js';

let t: TestApp;
let browser: Browser;
let base: string;
let user: TestUser;

beforeAll(async () => {
  t = await startTestApp();
  base = await t.app.server.listen({ port: 0, host: '127.0.0.1' });
  user = await t.user('reference');
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

describe('the API reference page', () => {
  it('shows createTask with its schema and example, and runs it with a token', { timeout: 120_000 }, async () => {
    const page = await browser.newPage();
    const outside: string[] = [];
    const problems: string[] = [];
    // Anything not served by the service is refused and recorded: the page must not need it.
    await page.route('**/*', (route) => {
      const url = route.request().url();
      if (url.startsWith(base) || url.startsWith('data:')) return route.continue();
      outside.push(url);
      return route.abort();
    });
    page.on('console', (msg) => {
      if (msg.type() === 'error') problems.push(msg.text());
    });
    page.on('pageerror', (err) => problems.push(err.message));

    await page.goto(`${base}/api/v1/docs`);
    const op = page.locator('#operations-Tasks-createTask');
    await op.waitFor();
    await expect(page.locator('#operations-Tasks-createTaskBatch').count()).resolves.toBe(1);
    await op.locator('.opblock-summary').first().click();

    // The request body's example (from the TaskCreate component) and its schema.
    const example = op.locator('.opblock-section-request-body .highlight-code');
    await example.waitFor();
    expect(await example.textContent()).toContain('Send the quarterly report');
    await op.locator('.opblock-section-request-body [data-name="model"]').click();
    const model = op.locator('.opblock-section-request-body .model-box').first();
    await model.waitFor();
    const schema = await model.textContent();
    expect(schema).toContain('TaskCreate');
    expect(schema).toContain('estimated_minutes');

    // Authorize with an API token, then try the operation.
    await page.locator('.auth-wrapper .authorize').click();
    const bearer = page.locator('.auth-container', { hasText: 'bearerAuth' });
    await bearer.locator('input').fill(user.token);
    await bearer.locator('button.authorize').click();
    await page.locator('.modal-ux .close-modal').click();

    await op.locator('.try-out__btn').click();
    await op.locator('textarea.body-param__text').fill(JSON.stringify({ title: 'Made on the reference page', priority: 'low' }));
    await op.locator('.execute').click();
    const status = op.locator('.live-responses-table tr.response .response-col_status').first();
    await status.waitFor();
    expect((await status.textContent())?.trim()).toBe('201');
    await screenshots(page, 'api-reference');

    const mine = await t.as(user).get('/tasks');
    expect(mine.body.data.map((task: { title: string }) => task.title)).toEqual(['Made on the reference page']);
    expect(outside).toEqual([]);
    expect(problems).toEqual([]);
  });
});
