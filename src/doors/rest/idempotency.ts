/**
 * Idempotency-Key on every POST, PUT and PATCH under /api/v1 (DECISIONS D12).
 *
 * The route handler is wrapped (at route registration, so routes added later are covered): with a
 * key, the core's idempotency unit of work claims the key and runs the handler inside its
 * transaction (the use cases the handler calls join it), then stores the answer before anything
 * is sent. How "in flight" is detected per dialect is described in the store and docs/api.md.
 */
import { createHash } from 'node:crypto';
import { Type } from '@sinclair/typebox';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod, RouteOptions } from 'fastify';
import { conflict, unprocessable } from '../../core/errors.js';
import type { IdempotencyService, StoredAnswer } from '../../core/idempotency/idempotency.service.js';
import { errorResponse } from '../../http/errors.js';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH']);
const HEADER = 'idempotency-key';

export const isWriteRoute = (route: RouteOptions) => [route.method].flat().some((m) => WRITE_METHODS.has(m));

/** Adds the header to the route's schema (validated: 1..255 characters, and listed in the OpenAPI document). */
function withKeyHeader(schema: RouteOptions['schema']): RouteOptions['schema'] {
  const existing = (schema?.headers ?? { type: 'object', properties: {} }) as { properties?: Record<string, unknown> };
  const header = Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 255,
      description:
        'Makes the request safe to retry: a repeat with the same key, method, path and body within 24 hours replays the first answer (Idempotent-Replayed: true)',
    }),
  );
  return { ...schema, headers: { ...existing, type: 'object', properties: { ...(existing.properties ?? {}), [HEADER]: header } } };
}

/** Registers the wrapper for every write route added to `app` and its children from now on. */
export function idempotentWrites(app: FastifyInstance, idempotency: IdempotencyService) {
  app.addHook('onRoute', (route) => {
    if (!isWriteRoute(route)) return;
    route.schema = withKeyHeader(route.schema);
    const handler = route.handler as RouteHandlerMethod;
    route.handler = async function (this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
      const key = request.headers[HEADER];
      // Keys are scoped to a user; an unauthenticated write (none exist under /api/v1 today) runs plainly.
      if (typeof key !== 'string' || !request.actor || !WRITE_METHODS.has(request.method)) return handler.call(this, request, reply);
      const fingerprint = { method: request.method, path: request.url, body_hash: hashBody(request.body) };
      const outcome = await idempotency.run(
        request.actor.userId,
        key,
        fingerprint,
        () => capture(this, handler, request, reply),
        (err) => {
          // A 4xx is an answer like any other; a 5xx is not stored (the whole unit rolls back).
          const { status, body } = errorResponse(err as FastifyError, request);
          return status >= 500 ? null : { status, body: JSON.stringify(body) };
        },
      );
      if (outcome.kind === 'in_flight') throw conflict('A request with this Idempotency-Key is still being processed; retry later');
      if (outcome.kind === 'mismatch') {
        throw unprocessable('Idempotency-Key', 'reused', 'This Idempotency-Key was already used for a different request (method, path or body)');
      }
      if (outcome.kind === 'replay') reply.header('Idempotent-Replayed', 'true');
      return sendStored(reply, outcome.answer);
    } as RouteHandlerMethod;
  });
}

/** Runs the handler with `reply.send` held back, so nothing reaches the client before the commit. */
async function capture(instance: FastifyInstance, handler: RouteHandlerMethod, request: FastifyRequest, reply: FastifyReply): Promise<StoredAnswer> {
  let sent: { payload: unknown } | undefined;
  const held = reply as unknown as { send?: (payload?: unknown) => FastifyReply; then?: unknown };
  held.send = (payload?: unknown) => {
    sent = { payload };
    return reply;
  };
  // A reply is a thenable that settles once the response is written; a handler returning it would
  // make this await wait for a response we are still holding back. Hide `then` meanwhile.
  // biome-ignore lint/suspicious/noThenProperty: hiding the reply's own `then` is the point here.
  held.then = undefined;
  let returned: unknown;
  try {
    returned = await handler.call(instance, request, reply);
  } finally {
    delete held.send;
    delete held.then;
  }
  const payload = sent ? sent.payload : returned;
  const status = reply.statusCode;
  if (payload === undefined || payload === null) return { status, body: '' };
  if (typeof payload === 'string') return { status, body: payload };
  return { status, body: String(reply.serialize(payload)) };
}

function sendStored(reply: FastifyReply, answer: StoredAnswer) {
  reply.code(answer.status);
  if (answer.body === '') return reply.send();
  return reply.type('application/json; charset=utf-8').send(answer.body);
}

/** A digest of the body that does not depend on key order. */
function hashBody(body: unknown): string {
  return createHash('sha256')
    .update(body === undefined ? '' : canonicalJson(body))
    .digest('hex');
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const keys = Object.keys(value).sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
