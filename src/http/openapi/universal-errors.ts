/**
 * What any documented route can answer before its own code runs, wherever it is mounted: a bad
 * query encoding (400), a body too large (413), a URL too long (414), a body of another media type
 * (415), headers too large (431), and an internal error (500). Added to each route's `response`
 * at registration, so the document declares them on routes added later too.
 */
import type { FastifyInstance } from 'fastify';
import { errorResponses } from '../schemas/common.js';

const UNIVERSAL_ERRORS = [400, 413, 414, 415, 431, 500] as const;

export function declareUniversalErrors(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    const schema = route.schema as { response?: Record<string, unknown>; hide?: boolean } | undefined;
    if (!schema?.response || schema.hide) return;
    const missing = UNIVERSAL_ERRORS.filter((s) => !(String(s) in schema.response!));
    if (missing.length) route.schema = { ...route.schema, response: { ...schema.response, ...errorResponses(...missing) } };
  });
}
