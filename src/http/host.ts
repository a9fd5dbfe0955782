/**
 * The HTTP host: one Fastify instance with what every door shares (correlation ids, the request
 * log, URL/header/body limits, the JSON parser, error mapping, cookies, the OpenAPI document and
 * health routes). Each door is a plugin mounted on it under its own prefix by the composition root
 * (src/app.ts); doors never import each other, only this module's pieces.
 */
import { randomUUID } from 'node:crypto';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import swagger from '@fastify/swagger';
import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import { installErrorHandling } from './errors.js';
import { healthRoutes } from './health.js';
import { BODY_LIMIT, checkUrl, clientErrorHandler, frameworkErrors, installJsonParser } from './input-limits.js';
import { validatorCompiler } from './validation.js';

const CORRELATION_ID = /^[\x21-\x7e]{1,128}$/;

export interface HostOptions {
  config: Config;
  db: Db;
  logger?: boolean;
}

export async function createHost({ config, db, logger = true }: HostOptions): Promise<FastifyInstance> {
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
  });
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
        description: 'Tasks, calendar events and shared contexts. Behaviour and decisions: docs/api.md and docs/decisions.md.',
      },
      servers: [{ url: '/' }],
      components: { securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        intakeSecret: { type: 'http', scheme: 'bearer', description: 'The server-wide INTAKE_SECRET (POST /intake/email only)' },
      } },
    },
  });
  await app.register(healthRoutes, { db });
  return app;
}
