/**
 * Query parameters that list enum values (`status=pending,completed`, schema `CommaList`) arrive
 * as one string, or as several when the parameter repeats; each is split at commas before
 * validation, so the schema checks every item against its enum.
 */
import type { FastifyInstance, FastifyRequest, preValidationHookHandler } from 'fastify';

export function splitCommaLists(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    const props = (route.schema?.querystring as { properties?: Record<string, Record<string, unknown>> } | undefined)?.properties ?? {};
    const names = Object.keys(props).filter((k) => props[k]['x-comma-list']);
    if (!names.length) return;
    const split: preValidationHookHandler = async (request: FastifyRequest) => {
      const query = request.query as Record<string, unknown>;
      for (const name of names) {
        if (query[name] !== undefined) query[name] = [query[name]].flat().flatMap((v) => String(v).split(','));
      }
    };
    const existing = [route.preValidation ?? []].flat() as preValidationHookHandler[];
    route.preValidation = [split, ...existing];
  });
}
