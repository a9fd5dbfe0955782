/**
 * Idempotency-Key (D12) as a unit of work: claim the key, run the attempt inside the same
 * transaction, store its answer, commit. A crash therefore leaves either both the records and the
 * stored answer, or neither. The REST door supplies the attempt (its route handler) and how a
 * failure reads as an answer; this module owns the transaction.
 */
import type { Db } from '../../db/database.js';
import { unitOfWork } from '../../db/unit-of-work.js';
import { deleteKey, findKey, insertKey, tryLockKey } from './idempotency.store.js';

const IDEMPOTENCY_RETENTION_MS = 24 * 60 * 60 * 1000;

type KeyRow = NonNullable<Awaited<ReturnType<typeof findKey>>>;

export interface StoredAnswer {
  status: number;
  body: string;
}

/** What makes two requests "the same request". */
export interface Fingerprint {
  method: string;
  path: string;
  body_hash: string;
}

export type IdempotentOutcome =
  | { kind: 'in_flight' }
  | { kind: 'mismatch' }
  | { kind: 'replay'; answer: StoredAnswer }
  | { kind: 'fresh'; answer: StoredAnswer };

export function createIdempotencyService(db: Db) {
  const uow = unitOfWork(db);

  return {
    /**
     * Runs `attempt` once per (user, key). When it throws, its writes are undone (a savepoint) and
     * `failureAnswer` says what the client is told: an answer to store (a 4xx, as Stripe stores
     * them), or null for a failure that must not be stored (5xx: the whole unit rolls back).
     */
    run(
      userId: string,
      key: string,
      fingerprint: Fingerprint,
      attempt: () => Promise<StoredAnswer>,
      failureAnswer: (err: unknown) => StoredAnswer | null,
    ): Promise<IdempotentOutcome> {
      return uow.write(async (tx) => {
        const now = new Date();
        const storedOutcome = (row: KeyRow): IdempotentOutcome => {
          const same = row.method === fingerprint.method && row.path === fingerprint.path && row.body_hash === fingerprint.body_hash;
          if (!same) return { kind: 'mismatch' };
          // A row without an answer cannot be seen here (it is written with its answer), but be safe.
          if (row.status_code === null) return { kind: 'in_flight' };
          return { kind: 'replay', answer: { status: row.status_code, body: row.response_body ?? '' } };
        };
        const live = (row: KeyRow | undefined): row is KeyRow => !!row && row.expires_at > now.toISOString();
        if (!(await tryLockKey(tx, userId, key))) {
          // The lock is held by a first attempt still running, but also, for an instant, by any
          // repeat looking: parallel repeats of a finished request get its stored answer (D12).
          const stored = await findKey(tx, userId, key);
          return live(stored) ? storedOutcome(stored) : { kind: 'in_flight' };
        }
        const existing = await findKey(tx, userId, key);
        if (live(existing)) return storedOutcome(existing);
        if (existing) await deleteKey(tx, userId, key); // expired: the key starts afresh

        let answer: StoredAnswer;
        try {
          answer = await uow.savepoint(attempt);
        } catch (err) {
          const stored = failureAnswer(err);
          if (!stored) throw err;
          answer = stored;
        }
        if (answer.status < 500) {
          await insertKey(tx, {
            user_id: userId,
            key,
            ...fingerprint,
            status_code: answer.status,
            response_body: answer.body,
            created_at: now.toISOString(),
            expires_at: new Date(now.getTime() + IDEMPOTENCY_RETENTION_MS).toISOString(),
          });
        }
        return { kind: 'fresh', answer };
      });
    },
  };
}

export type IdempotencyService = ReturnType<typeof createIdempotencyService>;
