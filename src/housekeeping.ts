/**
 * Periodic cleanup of what the request guarantees leave behind: idempotency records past their
 * 24 hours and rate-limit windows that have ended. Every process runs it; the deletes are
 * idempotent, so several processes on one PostgreSQL only repeat each other's harmless work.
 */
import type { FastifyBaseLogger } from 'fastify';
import { purgeExpiredKeys } from './core/idempotency/idempotency.store.js';
import type { Db } from './db/database.js';
import type { RateLimitStore } from './doors/rest/rate-limit.js';

export const HOUSEKEEPING_INTERVAL_MS = 5 * 60 * 1000;

export async function runHousekeeping(db: Db, rateLimits: RateLimitStore, windowS: number, now = Date.now()) {
  const purged = await purgeExpiredKeys(db, new Date(now).toISOString());
  // Keep the current and the previous window; anything older can no longer be counted against.
  await rateLimits.prune(Math.floor(now / 1000) - 2 * windowS);
  return { purged };
}

export function startHousekeeping(db: Db, rateLimits: RateLimitStore, windowS: number, log: FastifyBaseLogger) {
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = runHousekeeping(db, rateLimits, windowS).catch((err) => log.warn({ err }, 'housekeeping failed; will retry'));
  }, HOUSEKEEPING_INTERVAL_MS);
  timer.unref();
  return {
    stop: () => {
      clearInterval(timer);
      return running;
    },
  };
}
