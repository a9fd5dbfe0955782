/** Fixed-window request counters shared by every process on one database (DECISIONS D13). */
import { sql } from 'kysely';
import type { Executor } from '../../db/database.js';
import { prepared } from '../../db/prepared.js';

const hit = prepared((db: Executor, bucket: string, windowStart: number) =>
  db
    .insertInto('rate_limit_counters')
    .values({ bucket, window_start: windowStart, count: 1 })
    .onConflict((oc) => oc.columns(['bucket', 'window_start']).doUpdateSet({ count: sql<number>`rate_limit_counters.count + 1` }))
    .returning('count'),
);

/** Counts one request in `bucket`'s window and returns the window's count so far: one statement, one round trip. */
export async function hitCounter(db: Executor, bucket: string, windowStart: number): Promise<number> {
  const [row] = await hit(db, bucket, windowStart);
  return Number(row.count);
}

/** Drops windows that started before `before` (epoch seconds); returns how many went. */
export async function pruneCounters(db: Executor, before: number): Promise<number> {
  const result = await db.deleteFrom('rate_limit_counters').where('window_start', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
