/**
 * Periodic work of every process: cleanup of what the request guarantees leave behind (idempotency
 * records past their 24 hours, rate-limit windows that have ended) and the change log's retention.
 * The deletes are idempotent, so several processes on one PostgreSQL only repeat each other's
 * harmless work.
 */
import type { FastifyBaseLogger } from 'fastify';
import { purgeExpiredKeys } from './core/idempotency/idempotency.store.js';
import type { Db } from './db/database.js';
import type { RateLimitStore } from './http/rate-limit.js';

export const HOUSEKEEPING_INTERVAL_MS = 5 * 60 * 1000;

export async function runHousekeeping(db: Db, rateLimits: RateLimitStore, windowS: number, now = Date.now()) {
  const purged = await purgeExpiredKeys(db, new Date(now).toISOString());
  // Keep the current and the previous window; anything older can no longer be counted against.
  await rateLimits.prune(Math.floor(now / 1000) - 2 * windowS);
  return { purged };
}

export interface PeriodicJob {
  name: string;
  everyMs: number;
  run(): Promise<unknown>;
  /** Also run once right away (work that may have piled up while the service was down). */
  atStart?: boolean;
}

/**
 * Runs each job on its own interval, logs failures (the next run retries) and, on stop, waits for
 * runs in progress. Timers are unref'd so they never keep the process alive.
 */
export function startPeriodicJobs(jobs: PeriodicJob[], log: FastifyBaseLogger) {
  const running = new Set<Promise<unknown>>();
  const fire = (job: PeriodicJob) => {
    const run = job.run().catch((err) => log.warn({ err, job: job.name }, 'periodic job failed; will retry'));
    running.add(run);
    void run.finally(() => running.delete(run));
  };
  const timers = jobs.map((job) => {
    if (job.atStart) fire(job);
    const timer = setInterval(() => fire(job), job.everyMs);
    timer.unref();
    return timer;
  });
  return {
    stop: async () => {
      for (const timer of timers) clearInterval(timer);
      await Promise.all(running);
    },
  };
}
