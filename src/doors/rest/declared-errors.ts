/**
 * Every /api/v1 route answers the statuses of the guarantees layer (rate limits, input limits,
 * idempotency) whatever its own logic, so they are added to each route's `response` here, at
 * registration: the OpenAPI document then declares them also on routes added later.
 */
import type { FastifyInstance } from 'fastify';
import { API_ERRORS, errorResponses, WRITE_ERRORS } from './schemas/common.js';
import { isWriteRoute } from './idempotency.js';

/**
 * What any documented route can answer before its own code runs, wherever it is mounted: a bad
 * query encoding (400), a body too large (413), a URL too long (414), a body of another media type
 * (415), headers too large (431), and an internal error (500).
 */
export const UNIVERSAL_ERRORS = [400, 413, 414, 415, 431, 500] as const;

export function declareUniversalErrors(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    const schema = route.schema as { response?: Record<string, unknown>; hide?: boolean } | undefined;
    if (!schema?.response || schema.hide) return;
    const missing = UNIVERSAL_ERRORS.filter((s) => !(String(s) in schema.response!));
    if (missing.length) route.schema = { ...route.schema, response: { ...schema.response, ...errorResponses(...missing) } };
  });
}

export function declareCommonErrors(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    const schema = route.schema as { response?: Record<string, unknown>; hide?: boolean } | undefined;
    if (!schema?.response || schema.hide) return;
    const statuses: number[] = [...API_ERRORS];
    if (isWriteRoute(route)) statuses.push(...WRITE_ERRORS);
    // A path parameter too long for the router, or malformed, cannot name a record: 404 (D3).
    if (route.url.includes(':')) statuses.push(404);
    const missing = statuses.filter((s) => !(String(s) in schema.response!));
    if (missing.length) route.schema = { ...route.schema, response: { ...schema.response, ...errorResponses(...missing) } };
  });
}
