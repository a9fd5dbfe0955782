import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const json = { 'content-type': 'application/json' };
const cookieOf = (res: { headers: Record<string, unknown> }) => String(res.headers['set-cookie']).split(';')[0];

async function signupAndLogin(email: string, password = 'long enough password') {
  const su = await t.request('POST', '/auth/signup', { body: { email, password, name: 'Ann' } });
  expect(su.status).toBe(201);
  const login = await t.request('POST', '/auth/login', { body: { email, password } });
  expect(login.status).toBe(200);
  return { user: su.body.data, cookie: cookieOf(login) };
}

describe('signup and login (D1)', () => {
  it('signs up, rejects duplicates (any case), short passwords and bad emails', async () => {
    const { user } = await signupAndLogin('Ann.Case@Example.com');
    expect(user).toMatchObject({ email: 'ann.case@example.com', name: 'Ann' });
    expect(user.created_at).toMatch(/Z$/);
    const dup = await t.request('POST', '/auth/signup', { body: { email: 'ANN.CASE@example.com', password: 'another password' } });
    expect(dup.status).toBe(409);
    expect(dup.body.error).toBe('conflict');
    const short = await t.request('POST', '/auth/signup', { body: { email: 'short@example.com', password: 'short' } });
    expect(short.status).toBe(422);
    expect(short.body.details).toEqual({ field: 'password', constraint: 'minLength' });
    const bad = await t.request('POST', '/auth/signup', { body: { email: 'not-an-email', password: 'long enough password' } });
    expect(bad.status).toBe(400);
  });

  it('gives the same 401 for an unknown email and a wrong password', async () => {
    await signupAndLogin('same-error@example.com');
    const wrong = await t.request('POST', '/auth/login', { body: { email: 'same-error@example.com', password: 'wrong password!' } });
    const unknown = await t.request('POST', '/auth/login', { body: { email: 'nobody@example.com', password: 'wrong password!' } });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body.message).toBe(unknown.body.message);
  });

  it('sets an HttpOnly SameSite=Lax session cookie, and logout ends the session', async () => {
    const { cookie } = await signupAndLogin('cookie@example.com');
    const login = await t.request('POST', '/auth/login', { body: { email: 'cookie@example.com', password: 'long enough password' } });
    expect(String(login.headers['set-cookie'])).toMatch(/HttpOnly/i);
    expect(String(login.headers['set-cookie'])).toMatch(/SameSite=Lax/i);
    const account = await t.request('GET', '/account', { headers: { cookie } });
    expect(account.status).toBe(200);
    expect(account.body.data.email).toBe('cookie@example.com');
    expect(account.body.data.intake_address).toMatch(/^[a-z0-9]+@intake\.localhost$/);
    expect((await t.request('POST', '/auth/logout', { headers: { cookie } })).status).toBe(204);
    expect((await t.request('GET', '/account', { headers: { cookie } })).status).toBe(401);
  });

  it('refuses cookie-authenticated writes from another origin or without JSON', async () => {
    const { cookie } = await signupAndLogin('csrf@example.com');
    const cross = await t.request('POST', '/account/tokens', { headers: { cookie, origin: 'https://evil.example' }, body: { name: 'x' } });
    expect(cross.status).toBe(403);
    const form = await t.request('POST', '/account/tokens', { headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' }, raw: 'name=x' });
    expect([403, 415]).toContain(form.status);
  });

  it('refuses signup when ALLOW_SIGNUP=false', async () => {
    const closed = await startTestApp({ ALLOW_SIGNUP: 'false' });
    try {
      const res = await closed.request('POST', '/auth/signup', { body: { email: 'x@example.com', password: 'long enough password' } });
      expect(res.status).toBe(403);
      expect(res.body.error).toBe('forbidden');
    } finally {
      await closed.close();
    }
  });
});

describe('API tokens (D1)', () => {
  it('creates a token shown once, lists it without the secret, and revocation gives 401 at once', async () => {
    const { user, cookie } = await signupAndLogin('tokens@example.com');
    const created = await t.request('POST', '/account/tokens', { headers: { cookie }, body: { name: 'cli', expires_in_days: 7 } });
    expect(created.status).toBe(201);
    const { token, id, expires_at, created_at } = created.body.data;
    expect(Date.parse(expires_at) - Date.parse(created_at)).toBe(7 * 86_400_000);
    const [, payload] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    expect(claims).toMatchObject({ sub: user.id, email: 'tokens@example.com', role: 'authenticated', jti: id });
    expect(claims.exp - claims.iat).toBe(7 * 86_400);

    expect((await t.request('GET', '/api/v1/tasks', { token })).status).toBe(200);
    const list = await t.request('GET', '/account/tokens', { token });
    expect(list.body.data).toHaveLength(1);
    expect(list.body.data[0]).not.toHaveProperty('token');
    expect(list.body.data[0].last_used_at).not.toBeNull();

    expect((await t.request('DELETE', `/account/tokens/${id}`, { headers: { cookie } })).status).toBe(204);
    const after = await t.request('GET', '/api/v1/tasks', { token });
    expect(after.status).toBe(401);
    expect(after.body.error).toBe('unauthorized');
    expect((await t.request('DELETE', `/account/tokens/${id}`, { headers: { cookie } })).status).toBe(404);
  });

  it('rejects missing, malformed, badly signed, expired and deleted-user tokens with 401', async () => {
    const u = await t.user();
    const variants: Array<[string, Record<string, string>]> = [
      ['missing', {}],
      ['not bearer', { authorization: `Basic ${u.token}` }],
      ['malformed', { authorization: 'Bearer not.a.jwt' }],
      ['garbage', { authorization: `Bearer ${'x'.repeat(50)}` }],
    ];
    const [h, p] = u.token.split('.');
    variants.push(['bad signature', { authorization: `Bearer ${h}.${p}.${'A'.repeat(43)}` }]);
    const forged = await new SignJWT({ email: u.email, role: 'authenticated' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(u.id)
      .setJti(crypto.randomUUID())
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('x'.repeat(40)));
    variants.push(['other secret', { authorization: `Bearer ${forged}` }]);
    for (const [name, headers] of variants) {
      const res = await t.request('GET', '/api/v1/tasks', { headers });
      expect(res.status, name).toBe(401);
      expect(res.body.error, name).toBe('unauthorized');
      expect(res.headers['www-authenticate'], name).toBe('Bearer');
    }
  });

  it('rejects an expired token', async () => {
    const u = await t.user();
    const secret = await import('node:fs').then((fs) => fs.readFileSync(`${t.config.dataDir}/jwt-secret`, 'utf8').trim());
    // A token whose database row exists but whose exp is past: signed with the real secret.
    const { id } = await t.app.services.accounts.issueToken(u.id, 'short', 1);
    const expired = await new SignJWT({ email: u.email, role: 'authenticated' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(u.id)
      .setJti(id)
      .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 3600)
      .sign(new TextEncoder().encode(secret));
    const res = await t.request('GET', '/api/v1/tasks', { token: expired });
    expect(res.status).toBe(401);
  });

  it('rejects the token of a deleted user', async () => {
    const u = await t.user();
    expect((await t.request('GET', '/api/v1/tasks', { token: u.token })).status).toBe(200);
    await t.app.database.db.deleteFrom('users').where('id', '=', u.id).execute();
    expect((await t.request('GET', '/api/v1/tasks', { token: u.token })).status).toBe(401);
  });

  it('accepts bearer tokens on /account routes too', async () => {
    const u = await t.user();
    const res = await t.request('POST', '/account/tokens', { token: u.token, body: { name: 'script' } });
    expect(res.status).toBe(201);
    const bad = await t.request('POST', '/account/tokens', { token: u.token, body: { name: 'x', expires_in_days: 0 } });
    expect(bad.status).toBe(400);
    expect(bad.body.details.field).toBe('expires_in_days');
  });
});

describe('envelopes, health and docs', () => {
  it('sends X-Correlation-Id on every response and reuses a sane client id', async () => {
    const ok = await t.request('GET', '/healthz');
    expect(ok.headers['x-correlation-id']).toBeTruthy();
    const mine = await t.request('GET', '/api/v1/tasks', { headers: { 'x-correlation-id': 'req-123' } });
    expect(mine.headers['x-correlation-id']).toBe('req-123');
    expect(mine.body.correlationId).toBe('req-123');
    const weird = await t.request('GET', '/healthz', { headers: { 'x-correlation-id': 'a b' } });
    expect(weird.headers['x-correlation-id']).not.toBe('a b');
  });

  it('answers health and readiness without a token', async () => {
    expect((await t.request('GET', '/healthz')).body).toEqual({ status: 'ok' });
    expect((await t.request('GET', '/readyz')).body).toEqual({ status: 'ok' });
  });

  it('serves the OpenAPI document and a reference page', async () => {
    const doc = await t.request('GET', '/api/v1/docs/openapi.json');
    expect(doc.body.openapi).toMatch(/^3\.0\./);
    expect(doc.body.paths['/api/v1/tasks/{id}'].get).toBeTruthy();
    expect(doc.body.components.securitySchemes.bearerAuth.scheme).toBe('bearer');
    // The reference page (Swagger UI, kept out of the document) loads the document and its own files from here.
    const page = await t.app.server.inject({ method: 'GET', url: '/api/v1/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('/api/v1/docs/static/swagger-ui-bundle.js');
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
  });

  it('answers unknown routes with the error body', async () => {
    const res = await t.request('GET', '/api/v1/nope', { headers: json });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ error: expect.any(String), status: 404, correlationId: expect.any(String) });
  });
});
