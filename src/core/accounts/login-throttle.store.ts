import { sql } from 'kysely';
import type { Executor } from '../../db/database.js';

/**
 * Counts one sign-in attempt for `key` in a single statement (so concurrent attempts from several
 * processes all count) and returns the state after it. A window older than `windowMs` starts over.
 */
export const countAttempt = (db: Executor, key: string, nowMs: number, windowMs: number) => {
  const stale = nowMs - windowMs;
  return db
    .insertInto('login_throttle')
    .values({ key, window_start: nowMs, failures: 1 })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        failures: sql<number>`CASE WHEN login_throttle.window_start <= ${stale} THEN 1 ELSE login_throttle.failures + 1 END`,
        window_start: sql<number>`CASE WHEN login_throttle.window_start <= ${stale} THEN ${nowMs} ELSE login_throttle.window_start END`,
      }),
    )
    .returning(['failures', 'window_start'])
    .executeTakeFirstOrThrow();
};

export const clearAttempts = async (db: Executor, key: string) => {
  await db.deleteFrom('login_throttle').where('key', '=', key).execute();
};

export const deleteExpired = async (db: Executor, beforeMs: number) => {
  await db.deleteFrom('login_throttle').where('window_start', '<', beforeMs).execute();
};
