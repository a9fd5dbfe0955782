/** Stored answers to requests sent with an Idempotency-Key (DECISIONS D12). */
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { dialectOf, type Executor } from '../../db/database.js';
import type { IdempotencyKeysTable } from '../../db/schema.js';

export type IdempotencyRecord = IdempotencyKeysTable;

export const findKey = (db: Executor, userId: string, key: string) =>
  db.selectFrom('idempotency_keys').selectAll().where('user_id', '=', userId).where('key', '=', key).executeTakeFirst();

export const deleteKey = async (db: Executor, userId: string, key: string) => {
  await db.deleteFrom('idempotency_keys').where('user_id', '=', userId).where('key', '=', key).execute();
};

export const insertKey = async (db: Executor, row: IdempotencyRecord) => {
  await db.insertInto('idempotency_keys').values(row).execute();
};

/** Removes records past their retention; returns how many went. */
export async function purgeExpiredKeys(db: Executor, now: string): Promise<number> {
  const result = await db.deleteFrom('idempotency_keys').where('expires_at', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * On PostgreSQL, takes a transaction-scoped advisory lock named after (user, key) without waiting;
 * false when another transaction (in any process) holds it, i.e. the same request is in flight.
 * The lock ends with the transaction, also when the process holding it dies (the server aborts the
 * dead connection's transaction), so a crash never leaves a key stuck "in flight".
 * On SQLite there is one writer and Kysely runs one transaction at a time per process, so the
 * caller already holds the only write path: always true.
 */
export async function tryLockKey(tx: Executor, userId: string, key: string): Promise<boolean> {
  if (dialectOf(tx) !== 'postgres') return true;
  // 64 bits of a digest of user and key: collisions (a needless 409) are practically impossible.
  const lockId = createHash('sha256').update(`${userId}\u0000${key}`).digest().readBigInt64BE(0);
  const { rows } = await sql<{ locked: boolean }>`select pg_try_advisory_xact_lock(${lockId.toString()}::bigint) as locked`.execute(tx);
  return rows[0].locked;
}
