import { setImmediate as yieldToPendingIo } from 'node:timers/promises';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Services } from '../../../services.js';
import { requireActor, SESSION_COOKIE, checkSameOrigin, jsonOnlyForCookieWrites, sessionOrBearerAuth } from '../../../http/auth.js';
import { rateLimitHook, type RateLimitStore } from '../../../http/rate-limit.js';
import { sendError } from '../../../http/errors.js';
import { listBody } from '../reply.js';
import { Account, ApiToken, ApiTokenInput, LoginInput, NewApiToken, SignupInput, User } from '../../../http/schemas/accounts.js';
import { DataOf, errorResponses, ListOf, PageQuery, Query, Ref, Uuid } from '../../../http/schemas/common.js';

export interface AccountRouteOptions {
  secureCookies: boolean;
  rateLimits: RateLimitStore;
  rateLimit: { max: number; windowS: number };
}

/**
 * Accounts and API tokens (D1). Outside /api/v1: session (cookie) based, bearer also accepted.
 * D23: every route is rate-limited per client address (and /account* also per account, once the
 * caller is known), and no answer here may be cached.
 */
export async function accountRoutes(app: FastifyInstance, { accounts }: Services, opts: AccountRouteOptions) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const tags = ['Accounts'];
  const limit = rateLimitHook(opts.rateLimits, opts.rateLimit);
  app.addHook('onRequest', async (_req, reply) => {
    reply.header('Cache-Control', 'no-store');
  });
  app.addHook('onRequest', (req, reply) => limit(req, reply, 'ip'));
  // A burst of sign-ups is refused before its bodies are even read once the hashing queue is full,
  // as cheaply as a request can be answered: a route hook (no per-request URL matching) and a
  // direct reply (no thrown error). Each sign-up and sign-in first yields to the I/O already
  // pending, so a flood of them arriving together is handled after the other requests of the same
  // moment instead of ahead of them (a signed-in user's read waited 75-160 ms behind 200 refusals;
  // with the yield 20-67 ms, measured by test/api/burst.slow.test.ts). It costs one loop turn.
  const refuseWhileHashing = async (_req: FastifyRequest, reply: FastifyReply) => {
    await yieldToPendingIo();
    if (!accounts.hashingBusy()) return;
    reply.header('Retry-After', '2');
    return sendError(reply, 503, { error: 'service_unavailable', message: 'Too many sign-ins and sign-ups at once; try again in a few seconds' });
  };
  // Every route here answers these, whatever its own logic (the limiter, the hashing queue, D23).
  app.addHook('onRoute', (route) => {
    const schema = route.schema as { response?: Record<string, unknown> } | undefined;
    if (schema?.response) route.schema = { ...route.schema, response: { ...errorResponses(429, 503), ...schema.response } };
  });
  // Secure whenever the request itself came over HTTPS (or the caller forces it).
  const cookieOptions = (req: FastifyRequest) => ({
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: opts.secureCookies || req.protocol === 'https',
  });

  r.post(
    '/auth/signup',
    {
      onRequest: refuseWhileHashing,
      schema: {
        operationId: 'signup',
        tags,
        summary: 'Create an account',
        security: [],
        description: 'Open unless ALLOW_SIGNUP=false (then 403). Browsers must send a same-origin Origin header.',
        body: Ref(SignupInput),
        response: { 201: DataOf(User, 'The new account'), ...errorResponses(400, 403, 409, 413, 415, 422, 429, 503) },
      },
    },
    async (req, reply) => {
      checkSameOrigin(req);
      return reply.code(201).send({ data: await accounts.signup(req.body) });
    },
  );

  r.post(
    '/auth/login',
    {
      onRequest: refuseWhileHashing,
      schema: {
        operationId: 'login',
        description:
          'Sets the HttpOnly, SameSite=Lax session cookie used by the account pages and /account routes. Repeated failures for one client and email are throttled (429).',
        tags,
        summary: 'Sign in; sets an HttpOnly session cookie',
        security: [],
        body: Ref(LoginInput),
        response: {
          200: DataOf(Type.Object({ user: Ref(User) }), 'Signed in; the session cookie is in Set-Cookie'),
          ...errorResponses(400, 401, 403, 413, 415, 429),
        },
      },
    },
    async (req, reply) => {
      checkSameOrigin(req);
      const { user, session, maxAgeS } = await accounts.login(req.body.email, req.body.password, req.ip);
      reply.setCookie(SESSION_COOKIE, session, { ...cookieOptions(req), maxAge: maxAgeS });
      return { data: { user } };
    },
  );

  r.post(
    '/auth/logout',
    {
      schema: {
        operationId: 'logout',
        description: 'Ends the session named by the cookie, if any, and clears the cookie.',
        tags,
        summary: 'End the session (clears the cookie; harmless without one)',
        security: [],
        response: { 204: Type.Null({ description: 'Signed out' }), ...errorResponses(403) },
      },
    },
    async (req, reply) => {
      checkSameOrigin(req);
      const session = req.cookies[SESSION_COOKIE];
      if (session) await accounts.logout(session);
      reply.clearCookie(SESSION_COOKIE, cookieOptions(req));
      return reply.code(204).send(null);
    },
  );

  await app.register(async (scoped) => {
    const s = scoped.withTypeProvider<TypeBoxTypeProvider>();
    s.addHook('onRequest', sessionOrBearerAuth(accounts));
    s.addHook('onRequest', (req, reply) => limit(req, reply, 'user'));
    // Before the body's schema: a form-typed body gets 415, not a 400 about its shape (D23).
    s.addHook('preValidation', jsonOnlyForCookieWrites);
    s.addHook('onRoute', (route) => {
      route.schema = { ...route.schema, security: [{ bearerAuth: [] }, { sessionCookie: [] }] } as typeof route.schema;
    });

    s.get(
      '/account',
      {
        schema: {
          operationId: 'getAccount',
          description: 'With the session cookie or an API token.',
          tags,
          summary: 'The signed-in account',
          response: { 200: DataOf(Account), ...errorResponses(401, 403) },
        },
      },
      async (req) => ({ data: await accounts.getAccount(requireActor(req).userId) }),
    );

    s.post(
      '/account/intake-address',
      {
        schema: {
          operationId: 'rotateIntakeAddress',
          description: 'Mail sent to the old address is no longer accepted; forward to the new one.',
          tags,
          summary: 'Rotate the email intake address; the old one stops working',
          response: { 200: DataOf(Account), ...errorResponses(401, 403, 415) },
        },
      },
      async (req) => ({ data: await accounts.rotateIntakeAddress(requireActor(req).userId) }),
    );

    s.post(
      '/account/tokens',
      {
        schema: {
          operationId: 'createApiToken',
          description: 'The token (a JWT) is in the answer only; store it. Use it as Authorization: Bearer <token> on /api/v1.',
          tags,
          summary: 'Create an API token (shown once)',
          body: Ref(ApiTokenInput),
          response: { 201: DataOf(NewApiToken, 'The token; its secret is shown only here'), ...errorResponses(400, 401, 403, 413, 415, 422) },
        },
      },
      async (req, reply) =>
        reply.code(201).send({ data: await accounts.issueToken(requireActor(req).userId, req.body.name.trim() || 'token', req.body.expires_in_days ?? 90) }),
    );

    s.get(
      '/account/tokens',
      {
        schema: {
          operationId: 'listApiTokens',
          description: 'Each token with when it was made, expires and was last used (updated at most once a minute); newest first, a page at a time (D23).',
          tags,
          summary: 'List API tokens (never the token itself), newest first, paginated',
          querystring: Query({ ...PageQuery }),
          response: { 200: ListOf(ApiToken), ...errorResponses(400, 401, 403) },
        },
      },
      async (req) => listBody(await accounts.listTokens(requireActor(req).userId, { limit: req.query.limit ?? 50, offset: req.query.offset ?? 0 })),
    );

    s.delete(
      '/account/tokens/:id',
      {
        schema: {
          operationId: 'revokeApiToken',
          description: 'The token stops working at once (401).',
          tags,
          summary: 'Revoke an API token',
          params: Type.Object({ id: Uuid() }),
          response: { 204: Type.Null({ description: 'Revoked' }), ...errorResponses(401, 403, 404) },
        },
      },
      async (req, reply) => {
        await accounts.revokeToken(requireActor(req).userId, req.params.id);
        return reply.code(204).send(null);
      },
    );
  });
}
