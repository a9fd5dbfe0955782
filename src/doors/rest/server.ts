/**
 * The REST door: the JSON API under /api/v1 (mounted by the host with that prefix) and the JSON
 * account routes under /auth and /account (mounted at the root).
 */
import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import { bearerAuth, identifyBearer } from '../../http/auth.js';
import { answerNoRoute } from '../../http/errors.js';
import { rateLimitHook, type RateLimitStore } from '../../http/rate-limit.js';
import type { Services } from '../../services.js';
import { declareCommonErrors } from './declared-errors.js';
import { idempotentWrites } from './idempotency.js';
import { attachRecurrence } from './recurrence.js';
import { etagOfReads } from './etag.js';
import { locationOfCreated } from './location.js';
import { requireScopes } from './scopes.js';
import { accountRoutes } from './routes/account.js';
import { contextRoutes } from './routes/contexts.js';
import { docsRoutes } from './routes/docs.js';
import { emailRoutes } from './routes/emails.js';
import { eventRoutes } from './routes/events.js';
import { syncRoutes } from './routes/sync.js';
import { taskRoutes } from './routes/tasks.js';
import { webhookRoutes } from './routes/webhooks.js';

export interface RestOptions {
  config: Config;
  services: Services;
  rateLimits: RateLimitStore;
}

/** /api/v1: register with `{ prefix: '/api/v1' }`. */
export async function restApi(api: FastifyInstance, { config, services, rateLimits }: RestOptions) {
  // Browser apps (OAuth public apps, D20) call the API from their own origins with a bearer token.
  // /api/v1 never reads cookies, so any origin may, without credentials: a page can only use a
  // token it already holds. First, so that refusals (401, 429) are readable by the page too.
  await api.register(cors, {
    origin: '*',
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: ['Authorization', 'Content-Type', 'Idempotency-Key', 'If-None-Match', 'X-Correlation-Id'],
    exposedHeaders: [
      'ETag',
      'Location',
      'Retry-After',
      'Idempotent-Replayed',
      'X-Correlation-Id',
      'X-RateLimit-Limit',
      'X-RateLimit-Remaining',
      'X-RateLimit-Reset',
      'WWW-Authenticate',
    ],
    maxAge: 600,
    // A plain OPTIONS (no preflight headers) gets the same 204, not a 400.
    strictPreflight: false,
  });
  // Guarantees for every /api/v1 route, present and future: rate limits (after a quiet look at
  // the token, so users and anonymous IPs get their own buckets), declared error statuses, and
  // Idempotency-Key on writes. Hooks added here apply to all routes registered below.
  api.decorateRequest('rateLimitHit', null);
  api.addHook('onRequest', identifyBearer(services.accounts, rateLimits.countsWithBearerCheck ? config.rateLimit : undefined));
  api.addHook('onRequest', rateLimitHook(rateLimits, config.rateLimit));
  declareCommonErrors(api);
  idempotentWrites(api, services.idempotency);
  api.addHook('onSend', locationOfCreated);
  api.addHook('onSend', etagOfReads);
  api.setNotFoundHandler(answerNoRoute);
  await api.register(docsRoutes);
  await api.register(async (authed) => {
    authed.addHook('onRequest', bearerAuth(services.accounts));
    attachRecurrence(authed, services.calendar);
    // Declares each route's security (bearer, and the OAuth scopes it needs) and checks the scopes.
    requireScopes(authed);
    await taskRoutes(authed, services);
    await eventRoutes(authed, services);
    await contextRoutes(authed, services);
    await emailRoutes(authed, services);
    await syncRoutes(authed, services);
    await webhookRoutes(authed, services);
  });
}

/** /auth/* and /account*: register at the root. */
export async function accountApi(app: FastifyInstance, { config, services, rateLimits }: RestOptions) {
  await accountRoutes(app, services, { secureCookies: false, rateLimits, rateLimit: config.rateLimit });
}
