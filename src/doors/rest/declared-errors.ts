/**
 * Every /api/v1 route answers the statuses of the guarantees layer (rate limits, input limits,
 * idempotency) whatever its own logic, so they are added to each route's `response` here, at
 * registration: the OpenAPI document then declares them also on routes added later.
 */
import type { FastifyInstance } from 'fastify';
import { API_ERRORS, errorResponses, WRITE_ERRORS } from '../../http/schemas/common.js';
import { isWriteRoute } from './idempotency.js';

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
