/**
 * Idempotency-Key on every POST, PUT and PATCH under /api/v1 (DECISIONS D12).
 *
 * The route handler is wrapped (at route registration, so routes added later are covered): with a
 * key, one transaction claims the key, runs the handler inside it (use cases join the ambient
 * transaction), and writes the stored answer before committing. A crash therefore leaves either
 * both the record and its stored answer, or neither. How "in flight" is detected per dialect is
 * described in `tryLockKey` and docs/api.md.
 */
import { createHash } from 'node:crypto';
import { Type } from '@sinclair/typebox';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod, RouteOptions } from 'fastify';
import { deleteKey, findKey, insertKey, tryLockKey } from '../../core/idempotency/idempotency.store.js';
import { conflict, unprocessable } from '../../core/errors.js';
import type { Db } from '../../db/database.js';
import { inSavepoint, inTransaction } from '../../db/transaction.js';
import { errorResponse } from './errors.js';

export const IDEMPOTENCY_RETENTION_MS = 24 * 60 * 60 * 1000;
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH']);
const HEADER = 'idempotency-key';

interface Answer { status: number; body: string }

type Outcome =
  | { kind: 'in_flight' }
  | { kind: 'mismatch' }
  | { kind: 'replay'; answer: Answer }
  | { kind: 'fresh'; answer: Answer };

export const isWriteRoute = (route: RouteOptions) => [route.method].flat().some((m) => WRITE_METHODS.has(m));

/** Adds the header to the route's schema (validated: 1..255 characters, and listed in the OpenAPI document). */
function withKeyHeader(schema: RouteOptions['schema']): RouteOptions['schema'] {
  const existing = (schema?.headers ?? { type: 'object', properties: {} }) as { properties?: Record<string, unknown> };
  const header = Type.Optional(Type.String({
    minLength: 1, maxLength: 255,
    description: 'Makes the request safe to retry: a repeat with the same key, method, path and body within 24 hours replays the first answer (Idempotent-Replayed: true)',
  }));
  return { ...schema, headers: { ...existing, type: 'object', properties: { ...(existing.properties ?? {}), [HEADER]: header } } };
}

/** Registers the wrapper for every write route added to `app` and its children from now on. */
export function idempotentWrites(app: FastifyInstance, db: Db) {
  app.addHook('onRoute', (route) => {
    if (!isWriteRoute(route)) return;
    route.schema = withKeyHeader(route.schema);
    const handler = route.handler as RouteHandlerMethod;
    route.handler = async function (this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
      const key = request.headers[HEADER];
      // Keys are scoped to a user; an unauthenticated write (none exist under /api/v1 today) runs plainly.
      if (typeof key !== 'string' || !request.actor || !WRITE_METHODS.has(request.method)) return handler.call(this, request, reply);
      const outcome = await runOnce(db, request.actor.userId, key, request, () => capture(this, handler, request, reply));
      if (outcome.kind === 'in_flight') throw conflict('A request with this Idempotency-Key is still being processed; retry later');
      if (outcome.kind === 'mismatch') {
        throw unprocessable('Idempotency-Key', 'reused', 'This Idempotency-Key was already used for a different request (method, path or body)');
      }
      if (outcome.kind === 'replay') reply.header('Idempotent-Replayed', 'true');
      return sendStored(reply, outcome.answer);
    } as RouteHandlerMethod;
  });
}

async function runOnce(db: Db, userId: string, key: string, request: FastifyRequest, run: () => Promise<Answer>): Promise<Outcome> {
  const fingerprint = { method: request.method, path: request.url, body_hash: hashBody(request.body) };
  return inTransaction(db, async (tx) => {
    if (!(await tryLockKey(tx, userId, key))) return { kind: 'in_flight' };
    const now = new Date();
    const existing = await findKey(tx, userId, key);
    if (existing && existing.expires_at > now.toISOString()) {
      const same = existing.method === fingerprint.method && existing.path === fingerprint.path && existing.body_hash === fingerprint.body_hash;
      if (!same) return { kind: 'mismatch' };
      // A row without an answer cannot be seen here (it is written with its answer), but be safe.
      if (existing.status_code === null) return { kind: 'in_flight' };
      return { kind: 'replay', answer: { status: existing.status_code, body: existing.response_body ?? '' } };
    }
    if (existing) await deleteKey(tx, userId, key); // expired: the key starts afresh

    let answer: Answer;
    try {
      answer = await inSavepoint(run);
    } catch (err) {
      // A 4xx is an answer like any other (Stripe stores them too); the attempt's writes are
      // already undone by the savepoint. A 5xx is not stored: the whole transaction rolls back.
      const { status, body } = errorResponse(err as FastifyError, request);
      if (status >= 500) throw err;
      answer = { status, body: JSON.stringify(body) };
    }
    if (answer.status < 500) {
      await insertKey(tx, {
        user_id: userId, key, ...fingerprint, status_code: answer.status, response_body: answer.body,
        created_at: now.toISOString(), expires_at: new Date(now.getTime() + IDEMPOTENCY_RETENTION_MS).toISOString(),
      });
    }
    return { kind: 'fresh', answer };
  });
}

/** Runs the handler with `reply.send` held back, so nothing reaches the client before the commit. */
async function capture(instance: FastifyInstance, handler: RouteHandlerMethod, request: FastifyRequest, reply: FastifyReply): Promise<Answer> {
  let sent: { payload: unknown } | undefined;
  const held = reply as unknown as { send?: (payload?: unknown) => FastifyReply; then?: unknown };
  held.send = (payload?: unknown) => {
    sent = { payload };
    return reply;
  };
  // A reply is a thenable that settles once the response is written; a handler returning it would
  // make this await wait for a response we are still holding back. Hide `then` meanwhile.
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

function sendStored(reply: FastifyReply, answer: Answer) {
  reply.code(answer.status);
  if (answer.body === '') return reply.send();
  return reply.type('application/json; charset=utf-8').send(answer.body);
}

/** A digest of the body that does not depend on key order. */
export function hashBody(body: unknown): string {
  return createHash('sha256').update(body === undefined ? '' : canonicalJson(body)).digest('hex');
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const keys = Object.keys(value).sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
