/** Fixed-window request counters shared by every process on one database (DECISIONS D13). */
import { type Compilable, type Kysely, sql } from 'kysely';
import type { Executor } from '../../db/database.js';
import { prepared } from '../../db/prepared.js';

const hit = prepared((db: Executor, bucket: string, windowStart: number) =>
  db
    .insertInto('rate_limit_counters')
    .values({ bucket, window_start: windowStart, count: 1 })
    .onConflict((oc) => oc.columns(['bucket', 'window_start']).doUpdateSet({ count: sql<number>`rate_limit_counters.count + 1` }))
    .returning('count'),
);

/**
 * PostgreSQL only (a data-modifying WITH): the bearer token's row joined with its user, as
 * `findActiveToken` reads it, and, when that token is valid at `now` for `sub` (not revoked, not
 * expired, the user the signature names), one request counted in the user's window, in one round
 * trip. `hits` is null when nothing was counted: the caller then counts the request elsewhere (the
 * client address's bucket for an invalid token).
 */
const tokenCounted = prepared(
  (db: Executor, tokenId: string, windowStart: number, now: string, sub: string) =>
    (db as unknown as Kysely<any>)
      .with('tok', (qc) =>
        qc
          .selectFrom('api_tokens as t')
          .innerJoin('users as u', 'u.id', 't.user_id')
          .select(['t.id', 't.user_id', 't.expires_at', 't.revoked_at', 't.last_used_at', 'u.email'])
          .where('t.id', '=', tokenId),
      )
      .with('hit', (qc) =>
        qc
          .insertInto('rate_limit_counters')
          .columns(['bucket', 'window_start', 'count'])
          .expression(
            qc
              .selectFrom('tok')
              .select([
                sql<string>`'user:' || tok.user_id`.as('bucket'),
                sql<number>`cast(${windowStart} as bigint)`.as('window_start'),
                sql<number>`1`.as('count'),
              ])
              .where('tok.revoked_at', 'is', null)
              .where('tok.expires_at', '>', now)
              .where('tok.user_id', '=', sub),
          )
          .onConflict((oc) => oc.columns(['bucket', 'window_start']).doUpdateSet({ count: sql<number>`rate_limit_counters.count + 1` }))
          .returning('count'),
      )
      .selectFrom('tok')
      .selectAll('tok')
      .select((eb) => eb.selectFrom('hit').select('hit.count').as('hits')) as unknown as Compilable<TokenCounted>,
);

interface TokenCounted {
  id: string;
  user_id: string;
  expires_at: string;
  revoked_at: string | null;
  last_used_at: string | null;
  email: string;
  hits: number | null;
}

export async function findTokenCountingRequest(db: Executor, tokenId: string, windowStart: number, now: string, sub: string) {
  const [row] = await tokenCounted(db, tokenId, windowStart, now, sub);
  return row && { ...row, hits: row.hits === null ? null : Number(row.hits) };
}

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
