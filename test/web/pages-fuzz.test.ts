/**
 * Fuzzes the account pages and the OAuth endpoints as a signed-in browser and as a stranger would
 * reach them: every page route with own, foreign, unknown and malformed ids, forms with arbitrary
 * fields and values (repeated keys, unicode, NUL, huge), the CSRF token right, stale or missing,
 * and bodies of the wrong type. Every answer must be below 500, and another user's tokens, apps
 * and data stay as they were. Seeded and replayable: FUZZ_SEED, FUZZ_RUNS.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestUser } from '../helpers/app.js';
import { type Visitor, visitor } from '../helpers/web-visitor.js';

const PASSWORD = 'correct horse battery';

let t: TestApp;
let me: TestUser;
let other: TestUser;
let v: Visitor;
let ids: Record<string, string>;

async function signIn(u: TestUser) {
  const w = visitor(t.app.server.inject.bind(t.app.server));
  const pre = w.csrfOf((await w.get('/')).body);
  expect((await w.post('/signin', { email: u.email, password: PASSWORD, _csrf: pre })).statusCode).toBe(303);
  return w;
}

const appIdOf = (html: string) => /\/settings\/apps\/([^"/?]+)"/.exec(html)?.[1] ?? '';
const tokenIdOf = (html: string) => /\/settings\/tokens\/([^"/?]+)\/revoke/.exec(html)?.[1] ?? '';

beforeAll(async () => {
  t = await startTestApp();
  me = await t.user('fuzzer');
  other = await t.user('other');
  v = await signIn(me);
  const o = await signIn(other);
  // The other user owns an app, a named token and a task: none of them may move.
  const oCsrf = o.csrfOf((await o.get('/settings/apps')).body);
  await o.post('/settings/apps', { name: 'Other app', redirect_uris: 'https://other.example/cb', _csrf: oCsrf });
  await o.post('/settings/tokens', { name: 'other laptop', _csrf: oCsrf });
  await t.as(other).post('/tasks', { title: 'other task' });
  const csrf = v.csrfOf((await v.get('/settings/apps')).body);
  await v.post('/settings/apps', { name: 'My app', redirect_uris: 'https://mine.example/cb', _csrf: csrf });
  await v.post('/settings/tokens', { name: 'my laptop', _csrf: csrf });
  ids = {
    myApp: appIdOf((await v.get('/settings/apps')).body),
    myToken: tokenIdOf((await v.get('/settings/tokens')).body),
    otherApp: appIdOf((await o.get('/settings/apps')).body),
    otherToken: tokenIdOf((await o.get('/settings/tokens')).body),
  };
  for (const [k, id] of Object.entries(ids)) expect(id, k).not.toBe('');
});
afterAll(() => t?.close());

async function otherSnapshot(): Promise<string> {
  const o = await signIn(other);
  const strip = (html: string) => html.replace(/name="_csrf" value="[^"]*"/g, '').replace(/nonce="[^"]*"/g, '');
  const [apps, tokens, tasks] = await Promise.all([o.get('/settings/apps'), o.get('/settings/tokens'), t.as(other).get('/tasks')]);
  return JSON.stringify([strip(apps.body), strip(tokens.body), tasks.body.data]);
}

const ID_CHOICES = ['myApp', 'myToken', 'otherApp', 'otherToken', 'unknown', 'malformed', 'huge', 'encoded'] as const;
const idValue = (k: (typeof ID_CHOICES)[number]) =>
  ({ unknown: '00000000-0000-4000-8000-000000000000', malformed: 'not-an-id', huge: 'x'.repeat(5000), encoded: '%00%2e%2e' })[k as string] ?? ids[k];

const PATHS = [
  'GET /',
  'POST /signin',
  'GET /signup',
  'POST /signup',
  'POST /signout',
  'GET /settings',
  'GET /settings/tokens',
  'POST /settings/tokens',
  'GET /settings/tokens/:id/revoke',
  'POST /settings/tokens/:id/revoke',
  'GET /settings/account',
  'POST /settings/account/intake-address',
  'POST /settings/account/password',
  'GET /settings/authorized',
  'POST /settings/authorized/:id/revoke',
  'GET /settings/apps',
  'POST /settings/apps',
  'GET /settings/apps/:id',
  'POST /settings/apps/:id',
  'POST /settings/apps/:id/secret',
  'GET /settings/apps/:id/delete',
  'POST /settings/apps/:id/delete',
  'GET /oauth/interaction/:id',
  'POST /oauth/interaction/:id/login',
  'POST /oauth/interaction/:id/decision',
  'GET /oauth/auth',
  'POST /oauth/token',
  'POST /oauth/token/revocation',
  'GET /.well-known/oauth-authorization-server',
] as const;

const FIELDS = [
  'name',
  'expires_in_days',
  'redirect_uris',
  'public',
  'client_type',
  'current_password',
  'new_password',
  'email',
  'password',
  'decision',
  'grant_type',
  'code',
  'code_verifier',
  'refresh_token',
  'client_id',
  'client_secret',
  'redirect_uri',
  'scope',
  'response_type',
  'state',
  'code_challenge',
  'code_challenge_method',
  'token',
  'token_type_hint',
  'scopes',
];
const values = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  fc.constantFrom(
    '',
    '0',
    '-1',
    '1e400',
    '365000',
    'https://x.example/cb',
    'javascript:alert(1)',
    'authorization_code',
    'refresh_token',
    'allow',
    'deny',
    'S256',
    PASSWORD,
    'a'.repeat(70_000),
    '\u0000',
  ),
);

const pageCase = fc.record({
  route: fc.constantFrom(...PATHS),
  id: fc.constantFrom(...ID_CHOICES),
  fields: fc.array(fc.tuple(fc.constantFrom(...FIELDS), values), { maxLength: 6 }),
  csrf: fc.constantFrom('right', 'right', 'right', 'missing', 'stale', 'twice'),
  body: fc.constantFrom('form', 'form', 'form', 'json', 'text', 'multipart', 'empty'),
  signedIn: fc.boolean(),
  origin: fc.constantFrom(undefined, undefined, undefined, 'https://evil.example', 'null'),
});

describe('what the fuzzer found', () => {
  it('answers a NUL in the query string of a page with a 400 page, not 500', async () => {
    for (const url of ['/?name=%00', '/signup?x=%00', '/settings/tokens?x=%00']) {
      const res = await t.app.server.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toContain('Request refused');
    }
  });
});

describe('fuzzing the account pages and the OAuth endpoints', () => {
  it('never answers 5xx, and another user is untouched', async () => {
    const before = await otherSnapshot();
    const stranger = visitor(t.app.server.inject.bind(t.app.server));
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(pageCase, async (c) => {
        const [method, pattern] = c.route.split(' ') as ['GET' | 'POST', string];
        const url = pattern.replace(':id', idValue(c.id));
        const who = c.signedIn ? v : stranger;
        const params = new URLSearchParams(c.fields);
        // A fresh token from a page this visitor may see; a stale one belongs to the other session.
        const csrf = who.csrfOf((await who.get(c.signedIn ? '/settings/tokens' : '/')).body);
        if (c.csrf === 'right' || c.csrf === 'twice') params.append('_csrf', csrf);
        if (c.csrf === 'twice') params.append('_csrf', 'second');
        if (c.csrf === 'stale') params.append('_csrf', 'A'.repeat(43));
        const headers: Record<string, string> = c.origin ? { origin: c.origin } : {};
        let payload: string | undefined;
        if (method === 'POST') {
          if (c.body === 'form') [payload, headers['content-type']] = [params.toString(), 'application/x-www-form-urlencoded'];
          if (c.body === 'json') [payload, headers['content-type']] = [JSON.stringify(Object.fromEntries(params)), 'application/json'];
          if (c.body === 'text') [payload, headers['content-type']] = [params.toString(), 'text/plain'];
          if (c.body === 'multipart')
            [payload, headers['content-type']] = ['--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--x--', 'multipart/form-data; boundary=x'];
        }
        const res = await who.send(method, method === 'GET' && c.fields.length ? `${url}?${params}` : url, payload, headers);
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
        expect(res.statusCode, `${method} ${url} ${JSON.stringify(headers)}\n${payload?.slice(0, 300)}\n${res.body.slice(0, 300)}`).toBeLessThan(500);
        // The password may have been changed by a lucky form: sign in again with whatever still works.
        if (c.route === 'POST /signout' || c.route === 'POST /settings/account/password') v = await signIn(me).catch(() => v);
      }),
      { seed: Number(process.env.FUZZ_SEED ?? 20261127), numRuns: Number(process.env.FUZZ_RUNS ?? 150) },
    );
    if (process.env.FUZZ_VERBOSE) console.log([...statuses]);
    expect(await otherSnapshot()).toBe(before);
    expect(
      [...statuses.keys()].some((s) => s < 300),
      JSON.stringify([...statuses]),
    ).toBe(true);
  }, 300_000);
});
