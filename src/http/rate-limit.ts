/**
 * Rate limits on every /api/v1 request (DECISIONS D13): a fixed window of `max` requests per
 * `windowS` seconds per user, or per client IP when the request has no valid token.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DomainError } from '../core/errors.js';
import { hitCounter, pruneCounters } from '../core/rate-limits/counters.store.js';
import type { Db } from '../db/database.js';

export interface RateLimitStore {
  /** Counts one request in the bucket's window; returns the count so far in that window. */
  hit(bucket: string, windowStart: number): Promise<number>;
  /** Forgets windows that started before `before` (epoch seconds). */
  prune(before: number): Promise<void>;
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
    prune: async (before) => { await pruneCounters(db, before); },
  };
}

export function rateLimitHook(store: RateLimitStore, { max, windowS }: { max: number; windowS: number }) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const bucket = request.actor ? `user:${request.actor.userId}` : `ip:${request.ip}`;
    const now = Date.now() / 1000;
    const windowStart = Math.floor(now / windowS) * windowS;
    const reset = windowStart + windowS;
    const count = await store.hit(bucket, windowStart);
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
