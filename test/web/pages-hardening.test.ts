/**
 * Issue 14 on the account pages (D23): CSRF tokens bound to the session, the password-change
 * throttle, own-key notices, post/redirect/get for new tokens.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { visitor } from '../helpers/web-visitor.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

const PASSWORD = 'correct horse battery';

async function signedIn() {
  const u = await t.user('page');
  const v = visitor(t.app.server.inject.bind(t.app.server));
  const pre = v.csrfOf((await v.get('/')).body);
  const res = await v.post('/signin', { email: u.email, password: PASSWORD, _csrf: pre });
  expect(res.statusCode).toBe(303);
  const csrf = v.csrfOf((await v.get('/settings/tokens')).body);
  return { u, v, pre, csrf };
}

describe('account pages hardening (D23)', () => {
  it('a signed-in form refuses the pre-sign-in token', async () => {
    const { u, v, pre, csrf } = await signedIn();
    expect(pre).not.toBe(csrf);
    const before = (await t.app.services.accounts.getAccount(u.id)).intake_address;
    const refused = await v.post('/settings/account/intake-address', { _csrf: pre });
    expect(refused.statusCode).toBe(403);
    expect((await t.app.services.accounts.getAccount(u.id)).intake_address).toBe(before);
    const ok = await v.post('/settings/account/intake-address', { _csrf: csrf });
    expect(ok.statusCode).toBe(303);
  });

  it('password change: 5 wrong current passwords, then 429 even with the right one', async () => {
    const { v, csrf } = await signedIn();
    for (let i = 0; i < 5; i++) {
      const res = await v.post('/settings/account/password', {
        current_password: `wrong ${i}`,
        new_password: 'a new long password',
        confirm_password: 'a new long password',
        _csrf: csrf,
      });
      expect(res.statusCode).toBe(422);
    }
    const blocked = await v.post('/settings/account/password', {
      current_password: PASSWORD,
      new_password: 'a new long password',
      confirm_password: 'a new long password',
      _csrf: csrf,
    });
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('notices are looked up as own keys only', async () => {
    const { v } = await signedIn();
    for (const key of ['toString', 'constructor', '__proto__', 'hasOwnProperty']) {
      const res = await v.get(`/settings/tokens?notice=${key}`);
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toMatch(/function|\[native code\]|\[object Object\]/);
    }
    expect((await v.get('/settings/tokens?notice=revoked')).body).toContain('Token revoked');
  });

  it('a new token follows post/redirect/get: shown once, and a reload makes no second one', async () => {
    const { u, v, csrf } = await signedIn();
    const posted = await v.post('/settings/tokens', { name: 'laptop', expires_in_days: '30', _csrf: csrf });
    expect(posted.statusCode).toBe(303);
    expect(posted.headers.location).toBe('/settings/tokens');
    expect(posted.body).not.toMatch(/eyJ/);
    const shown = await v.get('/settings/tokens');
    expect(shown.headers['cache-control']).toBe('no-store');
    const token = /data-testid="new-token"|value="(eyJ[^"]+)"/.exec(shown.body.match(/value="eyJ[^"]+"/)?.[0] ?? '')?.[1];
    expect(token).toMatch(/^eyJ/);
    const reload = await v.get('/settings/tokens');
    expect(reload.body).not.toContain(token!);
    expect((await t.app.services.accounts.listTokens(u.id)).total).toBe(2); // t.user's own token, and this one
    // The token works.
    expect((await t.request('GET', '/api/v1/tasks', { token: token! })).status).toBe(200);
  });
});
