/**
 * Rate limits on every /api/v1 request (DECISIONS D13): a fixed window of `max` requests per
 * `windowS` seconds per user, or per client IP when the request has no valid token.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorResponses } from './schemas/common.js';
import { DomainError } from '../core/errors.js';
import { hitCounter, pruneCounters } from '../core/rate-limits/counters.store.js';
import type { Db } from '../db/database.js';

export interface RateLimitStore {
  /** Counts one request in the bucket's window; returns the count so far in that window. */
  hit(bucket: string, windowStart: number): Promise<number>;
  /** Forgets windows that started before `before` (epoch seconds). */
  prune(before: number): Promise<void>;
  /**
   * The counters are rows beside the tokens: the bearer check may count a valid token's request in
   * its own round trip (`identifyBearer` with counting), and `hit` is left for the rest.
   */
  countsWithBearerCheck?: boolean;
}

/** One process (SQLite deployments): a map, pruned as windows pass. */
export function memoryRateLimitStore(): RateLimitStore {
  const counters = new Map<string, { windowStart: number; count: number }>();
  return {
    async hit(bucket, windowStart) {
      const entry = counters.get(bucket);
      if (!entry || entry.windowStart !== windowStart) {
        counters.set(bucket, { windowStart, count: 1 });
        return 1;
      }
      return ++entry.count;
    },
    async prune(before) {
      for (const [bucket, entry] of counters) if (entry.windowStart < before) counters.delete(bucket);
    },
  };
}

/** Several processes on PostgreSQL: one upsert per request on a row all processes share. */
export function databaseRateLimitStore(db: Db): RateLimitStore {
  return {
    hit: (bucket, windowStart) => hitCounter(db, bucket, windowStart),
    prune: async (before) => {
      await pruneCounters(db, before);
    },
    countsWithBearerCheck: true,
  };
}

/**
 * `by` picks the bucket: the user when the request is signed in, else its address (the default);
 * or always the address (anonymous routes, D23); or the user only, skipping anonymous requests
 * (a second count for signed-in routes that are also counted by address).
 */
export function rateLimitHook(store: RateLimitStore, { max, windowS }: { max: number; windowS: number }) {
  return async (request: FastifyRequest, reply: FastifyReply, by: 'auto' | 'ip' | 'user' = 'auto') => {
    if (by === 'user' && !request.actor) return;
    const userId = by !== 'ip' ? request.actor?.userId : undefined;
    const now = Date.now() / 1000;
    // Already counted in the user's bucket by the bearer check (identifyBearer with counting).
    const counted = userId ? request.rateLimitHit : null;
    const windowStart = counted?.windowStart ?? Math.floor(now / windowS) * windowS;
    const reset = windowStart + windowS;
    const count = counted?.count ?? (await store.hit(userId ? `user:${userId}` : `ip:${request.ip}`, windowStart));
    reply.header('X-RateLimit-Limit', String(max));
    reply.header('X-RateLimit-Remaining', String(Math.max(0, max - count)));
    reply.header('X-RateLimit-Reset', String(reset));
    if (count > max) {
      const retryAfter = Math.max(1, Math.ceil(reset - now));
      reply.header('Retry-After', String(retryAfter));
      throw new DomainError('rate_limit_exceeded', `Rate limit of ${max} requests per ${windowS} s exceeded; retry in ${retryAfter} s`, { retryAfter });
    }
  };
}

/**
 * Limits every route of a plugin scope per client address (D23: pages and the HTTP intake), and
 * declares the 429 on its documented routes.
 */
export function limitByAddress(scoped: FastifyInstance, store: RateLimitStore, limits: { max: number; windowS: number }) {
  const limit = rateLimitHook(store, limits);
  scoped.addHook('onRoute', (route) => {
    const schema = route.schema as { response?: Record<string, unknown> } | undefined;
    if (schema?.response) route.schema = { ...route.schema, response: { ...errorResponses(429), ...schema.response } };
  });
  scoped.addHook('onRequest', (req, reply) => limit(req, reply, 'ip'));
}
