/**
 * Read-only fields in a body (`id`, `created_at`, version fields, `last_live`, ...: `readOnly` in
 * the schema) are accepted and ignored (D3), so a record read with GET can be sent back as it is.
 * They are removed before validation: the schema can then declare them with their real type for
 * the document, and whatever a client echoes in them never fails a request.
 */
import type { TSchema } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest, preValidationHookHandler } from 'fastify';
import { COMPONENT_SCHEMAS } from './openapi/components.js';

import type { Schema } from './openapi/examples.js';

const byId = new Map<string, TSchema>(COMPONENT_SCHEMAS.map((s) => [s.$id!, s]));
const resolve = (schema: Schema): Schema => (typeof schema.$ref === 'string' ? ((byId.get(schema.$ref) as Schema | undefined) ?? {}) : schema);

function hasReadOnly(schema: Schema | undefined, depth = 0): boolean {
  if (!schema || depth > 5) return false;
  const s = resolve(schema);
  if (s.type === 'array') return hasReadOnly(s.items, depth + 1);
  return Object.values(s.properties ?? {}).some((p) => p.readOnly === true || hasReadOnly(p, depth + 1));
}

function strip(value: unknown, schema: Schema | undefined, depth = 0) {
  if (!schema || depth > 5 || value === null || typeof value !== 'object') return;
  const s = resolve(schema);
  if (Array.isArray(value)) {
    if (s.type === 'array') for (const item of value) strip(item, s.items, depth + 1);
    return;
  }
  const record = value as Record<string, unknown>;
  for (const [key, prop] of Object.entries(s.properties ?? {})) {
    if (!(key in record)) continue;
    if (prop.readOnly === true) delete record[key];
    else strip(record[key], prop, depth + 1);
  }
}

export function ignoreReadOnlyFields(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    const body = route.schema?.body as Schema | undefined;
    if (!hasReadOnly(body)) return;
    const drop: preValidationHookHandler = async (request: FastifyRequest) => {
      strip(request.body, body);
    };
    route.preValidation = [drop, ...([route.preValidation ?? []].flat() as preValidationHookHandler[])];
  });
}
