/**
 * What browsers rely on, checked through inject: security headers, the CSRF pre-session cookie,
 * sign-in throttling shared by two app instances on one database, ALLOW_SIGNUP=false.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type App } from '../../src/app.js';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { visitor } from '../helpers/web-visitor.js';

let t: TestApp;
let second: App;
beforeAll(async () => {
  t = await startTestApp({ ALLOW_SIGNUP: 'false' });
  // A second process's worth of app on the same database: the throttle must be shared.
  second = await createApp(t.config, { logger: false });
});
afterAll(async () => {
  await second?.close();
  await t.close();
});

describe('account pages: headers and policies', () => {
  it('sends a strict CSP and friends, serves the script as a file, sets an HttpOnly pre-session cookie', async () => {
    const v = visitor(t.app.server.inject.bind(t.app.server));
    const res = await v.get('/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-security-policy']).toBe(
      "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
    );
    expect(res.headers).toMatchObject({ 'x-content-type-options': 'nosniff', 'referrer-policy': 'same-origin', 'cache-control': 'no-store' });
    expect(String(res.headers['set-cookie'])).toMatch(/^agendum_csrf=[\w-]{43}; Path=\/; HttpOnly; SameSite=Lax$/);
    expect(res.body).not.toMatch(/<script>|<script(?![^>]*\bsrc=)|\sstyle=|\son[a-z]+=/i); // nothing inline for the CSP to block
    const js = /<script src="([^"]+)"/.exec(res.body)![1];
    const script = await v.get(js);
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toContain('text/javascript');
    expect(script.headers['cache-control']).toContain('immutable');
  });

  it('keeps the pages out of the OpenAPI document', async () => {
    const doc = (await t.app.server.inject({ method: 'GET', url: '/api/v1/docs/openapi.json' })).json();
    expect(Object.keys(doc.paths).filter((p) => p === '/' || p.startsWith('/settings') || p.startsWith('/sign'))).toEqual([]);
  });

  it('refuses sign-up when ALLOW_SIGNUP=false and hides the link', async () => {
    const v = visitor(t.app.server.inject.bind(t.app.server));
    const page = await v.get('/');
    expect(page.body).not.toContain('href="/signup"');
    expect((await v.get('/signup')).statusCode).toBe(403);
    const posted = await v.post('/signup', { email: 'new@example.com', password: 'long enough password', _csrf: v.csrfOf(page.body) });
    expect(posted.statusCode).toBe(403);
    expect(await t.app.services.accounts.findUserByEmail('new@example.com')).toBeUndefined();
  });

  it('throttles sign-in per client and email across app instances: 5 failures, then 429 even with the right password', async () => {
    const u = await t.user('throttle');
    const one = visitor(t.app.server.inject.bind(t.app.server));
    const two = visitor(second.server.inject.bind(second.server));
    const csrf1 = one.csrfOf((await one.get('/')).body);
    const csrf2 = two.csrfOf((await two.get('/')).body);
    for (let i = 0; i < 5; i++) {
      const [v, csrf] = i % 2 ? [two, csrf2] : [one, csrf1];
      const res = await v.post('/signin', { email: u.email, password: `wrong ${i}`, _csrf: csrf });
      expect(res.statusCode).toBe(401);
      expect(res.body).toContain('Wrong email or password.');
    }
    const blocked = await one.post('/signin', { email: u.email, password: 'correct horse battery', _csrf: csrf1 });
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(800);
    expect(blocked.body).toContain('Too many failed sign-in attempts');
    // The JSON route shares the same counter.
    const json = await t.request('POST', '/auth/login', { body: { email: u.email, password: 'correct horse battery' } });
    expect(json.status).toBe(429);
    expect(json.headers['retry-after']).toBeDefined();
    // Another email from the same client is not affected.
    const other = await t.user('other');
    const ok = await two.post('/signin', { email: other.email, password: 'correct horse battery', _csrf: csrf2 });
    expect(ok.statusCode).toBe(303);
    expect(ok.headers.location).toBe('/settings/tokens');
  });

  it('gives the same answer for an unknown email and a wrong password', async () => {
    const u = await t.user('same');
    const v = visitor(t.app.server.inject.bind(t.app.server));
    const csrf = v.csrfOf((await v.get('/')).body);
    const unknown = await v.post('/signin', { email: 'nobody-here@example.com', password: 'whatever 123', _csrf: csrf });
    const wrong = await v.post('/signin', { email: u.email, password: 'whatever 123', _csrf: csrf });
    expect([unknown.statusCode, wrong.statusCode]).toEqual([401, 401]);
    const alert = (body: string) => /role="alert"[^>]*>([\s\S]*?)<\/div>/.exec(body)?.[1];
    expect(alert(unknown.body)).toBe(alert(wrong.body));
  });

  it('redirects to sign-in without a session, and never renders a token list to a stranger', async () => {
    const v = visitor(t.app.server.inject.bind(t.app.server));
    for (const url of ['/settings/tokens', '/settings/account']) {
      const res = await v.get(url);
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe('/');
    }
  });
});
