import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import swagger from '@fastify/swagger';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import type { Services } from '../../services.js';
import { bearerAuth, identifyBearer } from './auth.js';
import { declareCommonErrors } from './declared-errors.js';
import { installErrorHandling, sendError } from './errors.js';
import { idempotentWrites } from './idempotency.js';
import { BODY_LIMIT, checkUrl, clientErrorHandler, frameworkErrors, installJsonParser } from './input-limits.js';
import { rateLimitHook, type RateLimitStore } from './rate-limit.js';
import { validatorCompiler } from './validation.js';
import { accountRoutes } from './routes/account.js';
import { docsRoutes } from './routes/docs.js';
import { emailRoutes } from './routes/emails.js';
import { httpIntakeRoutes } from '../email/http-intake.js';
import { createIntakePipeline } from '../email/intake-pipeline.js';
import { healthRoutes } from './routes/health.js';
import { syncRoutes } from './routes/sync.js';
import { taskRoutes } from './routes/tasks.js';
import { contextRoutes } from './routes/contexts.js';
import { eventRoutes } from './routes/events.js';
import { webPages } from '../web/pages.js';
import { caldavDoor } from '../caldav/plugin.js';
import { attachRecurrence } from './recurrence.js';

const CORRELATION_ID = /^[\x21-\x7e]{1,128}$/;

export interface RestOptions {
  config: Config;
  db: Db;
  services: Services;
  /** The signing secret; the account pages derive their CSRF key from it. */
  secret: Uint8Array;
  rateLimits: RateLimitStore;
  logger?: boolean;
}

export async function buildRestServer({ config, db, services, secret, rateLimits, logger = true }: RestOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ? { level: config.logLevel, redact: ['req.headers.authorization', 'req.headers.cookie'] } : false,
    // One line per request (below), not Fastify's two; URLs are logged without their query string.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: BODY_LIMIT,
    routerOptions: { maxParamLength: 200 },
    frameworkErrors,
    clientErrorHandler,
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    // Reuse a client's correlation id when it is sane (D6), else make one.
    genReqId: (req) => {
      const given = req.headers['x-correlation-id'];
      return typeof given === 'string' && CORRELATION_ID.test(given) ? given : randomUUID();
    },
    trustProxy: false,
    ajv: { customOptions: { strict: false } },
    // TLS_CERT/TLS_KEY: HTTPS served directly (D17: calendar apps refuse Basic auth over plain HTTP).
    https: config.tls ? { cert: fs.readFileSync(config.tls.certFile), key: fs.readFileSync(config.tls.keyFile) } : null,
  }) as unknown as FastifyInstance;
  app.setValidatorCompiler(validatorCompiler);
  app.decorateRequest('actor', null);
  app.addHook('onRequest', async (req, reply) => {
    reply.header('X-Correlation-Id', req.id);
  });
  app.addHook('onRequest', checkUrl);
  app.addHook('onResponse', async (req, reply) => {
    req.log.info({ method: req.method, path: req.url.split('?')[0], status: reply.statusCode, ms: Math.round(reply.elapsedTime) }, 'request');
  });
  installErrorHandling(app);
  installJsonParser(app);

  await app.register(cookie);
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Agendum',
        version: '1.0.0',
        description: 'Tasks, calendar events and shared contexts. Behaviour and decisions: docs/api.md.',
      },
      servers: [{ url: '/' }],
      components: { securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        intakeSecret: { type: 'http', scheme: 'bearer', description: 'The server-wide INTAKE_SECRET (POST /intake/email only)' },
      } },
    },
  });

  await app.register(healthRoutes, { db });
  await app.register(async (scoped) => accountRoutes(scoped, services, { secureCookies: false }));
  await app.register(async (scoped) => httpIntakeRoutes(scoped, {
    pipeline: createIntakePipeline(services.accounts, services.intake), secret: config.intake.secret, maxBytes: config.intake.maxBytes,
  }));
  await app.register(async (scoped) => caldavDoor(scoped, { services, calendar: services.calendar }));
  await app.register(async (scoped) => webPages(scoped, { accounts: services.accounts, allowSignup: config.allowSignup, secret }));
  await app.register(async (api) => {
    // Guarantees for every /api/v1 route, present and future: rate limits (after a quiet look at
    // the token, so users and anonymous IPs get their own buckets), declared error statuses, and
    // Idempotency-Key on writes. Hooks added here apply to all routes registered below.
    api.addHook('onRequest', identifyBearer(services.accounts));
    api.addHook('onRequest', rateLimitHook(rateLimits, config.rateLimit));
    declareCommonErrors(api);
    idempotentWrites(api, db);
    api.setNotFoundHandler((request, reply) =>
      sendError(reply, 404, { message: `No route ${request.method} ${request.url.split('?')[0].slice(0, 200)}` }));
    await api.register(docsRoutes);
    await api.register(async (authed) => {
      authed.addHook('onRequest', bearerAuth(services.accounts));
      attachRecurrence(authed, services.calendar);
      authed.addHook('onRoute', (route) => {
        route.schema = { ...route.schema, security: [{ bearerAuth: [] }] } as typeof route.schema;
      });
      await taskRoutes(authed, services);
      await eventRoutes(authed, services);
      await contextRoutes(authed, services);
      await emailRoutes(authed, services);
      await syncRoutes(authed, services);
    });
  }, { prefix: '/api/v1' });

  return app;
}
