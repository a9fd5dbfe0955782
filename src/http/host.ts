/**
 * The HTTP host: one Fastify instance with what every door shares (correlation ids, the request
 * log, URL/header/body limits, the JSON parser, error mapping, cookies, the OpenAPI document and
 * health routes). Each door is a plugin mounted on it under its own prefix by the composition root
 * (src/app.ts); doors never import each other, only this module's pieces.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import Fastify, { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import cookie from '@fastify/cookie';
import swagger from '@fastify/swagger';
import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import { installErrorHandling } from './errors.js';
import { trackRouteMethods } from './method-not-allowed.js';
import { healthRoutes } from './health.js';
import { blankPathKeys } from './path-keys.js';
import { BODY_LIMIT, type EarlyAnswer, MAX_HEADER_BYTES, clientErrorHandler, frameworkErrors, installJsonParser, urlChecks } from './input-limits.js';
import { validatorCompiler } from './validation.js';
import { splitCommaLists } from './comma-lists.js';
import { declareUniversalErrors } from './openapi/universal-errors.js';
import { COMPONENT_SCHEMAS } from './openapi/components.js';
import { swaggerOptions } from './openapi/document.js';
import { enforceOpenApiRules } from './openapi/rules.js';
import { ignoreReadOnlyFields } from './read-only-fields.js';
import { buildSharedSerializers } from './serializers.js';

const CORRELATION_ID = /^[\x21-\x7e]{1,128}$/;
const MAX_PARAM_LENGTH = 200;

export interface HostOptions {
  config: Config;
  db: Db;
  logger?: boolean;
  /** Counts a request the host answers before any door sees it (a bad or over-long URL). */
  limitEarly?: EarlyAnswer;
}

/** D6, D23: every answer names its correlation id and forbids content sniffing. */
function commonHeaders(request: FastifyRequest, reply: FastifyReply) {
  reply.header('X-Correlation-Id', request.id);
  reply.header('X-Content-Type-Options', 'nosniff');
}

export async function createHost({ config, db, logger = true, limitEarly }: HostOptions): Promise<FastifyInstance> {
  const early: EarlyAnswer = async (request, reply) => {
    commonHeaders(request, reply);
    await limitEarly?.(request, reply);
  };
  const app = Fastify({
    logger: logger ? { level: config.logLevel, redact: ['req.headers.authorization', 'req.headers.cookie'] } : false,
    // One line per request (below), not Fastify's two; URLs are logged without their query string.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: BODY_LIMIT,
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    frameworkErrors: frameworkErrors(early),
    clientErrorHandler,
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    // Reuse a client's correlation id when it is sane (D6), else make one.
    genReqId: (req) => {
      const given = req.headers['x-correlation-id'];
      return typeof given === 'string' && CORRELATION_ID.test(given) ? given : randomUUID();
    },
    // D23: who the client is behind a reverse proxy. A hop count becomes "trust the first n
    // addresses counted from the socket" (Fastify 5 ignores a bare number here).
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (
            (hops: number) => (_address: string, i: number) =>
              i < hops
          )(config.trustProxy)
        : config.trustProxy,
    ajv: { customOptions: { strict: false } },
    schemaController: { compilersFactory: { buildSerializer: buildSharedSerializers } },
    // TLS_CERT/TLS_KEY: HTTPS served directly (D17: calendar apps refuse Basic auth over plain HTTP).
    https: config.tls ? { cert: fs.readFileSync(config.tls.certFile), key: fs.readFileSync(config.tls.keyFile), maxHeaderSize: MAX_HEADER_BYTES } : null,
    // Plain HTTP's server options; Fastify's types put `http` and `https` in separate overloads,
    // while at run time it reads `http` only when `https` is null.
    ...({ http: { maxHeaderSize: MAX_HEADER_BYTES } } as object),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.decorateRequest('actor', null);
  app.addHook('onRequest', async (req, reply) => commonHeaders(req, reply));
  // The headers are already set by the hook above; a refused URL only needs counting.
  app.addHook('onRequest', urlChecks(limitEarly ?? (async () => {})));
  app.addHook('preValidation', blankPathKeys);
  app.addHook('onResponse', async (req, reply) => {
    req.log.info({ method: req.method, path: req.url.split('?')[0], status: reply.statusCode, ms: Math.round(reply.elapsedTime) }, 'request');
  });
  trackRouteMethods(app, { maxParamLength: MAX_PARAM_LENGTH });
  installErrorHandling(app);
  installJsonParser(app);

  await app.register(cookie);
  // The contract (D21): rules every documented route follows, what every route shares (comma
  // lists, ignored read-only fields, universal error statuses), the named schemas, the document.
  enforceOpenApiRules(app);
  splitCommaLists(app);
  ignoreReadOnlyFields(app);
  declareUniversalErrors(app);
  for (const schema of COMPONENT_SCHEMAS) app.addSchema(schema);
  await app.register(swagger, swaggerOptions(config.publicUrl));
  // Build the document at startup: a route that breaks it fails here, not on the first GET.
  app.addHook('onReady', async () => {
    app.swagger();
  });
  // Health probes stay unlimited: a 429 would take a healthy instance out of its load balancer.
  await app.register(healthRoutes, { db });
  return app;
}
