/**
 * Units of work: how use cases get a transaction, and how a caller that already holds one (the
 * Idempotency-Key wrapper, a use case calling another) hands it on.
 *
 * The types say which is which: `Tx` is an open transaction, `Db` the pool, `Executor` either.
 * Stores that change rows take a `Tx`; a use case gets one only from `write` (or `snapshot`), and
 * every query it makes goes through the executor it was handed. A unit opened while another is
 * open in the same call chain joins it, so a request and the use cases it calls commit or roll back
 * together. That join is the only thing carried implicitly (one AsyncLocalStorage, here); nothing
 * reroutes a query made on the pool, so a use case must never query `db` directly.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { PostgresAdapter, sql } from 'kysely';
import type { Db, Executor, Tx } from './database.js';

interface OpenUnit {
  tx: Tx;
}

const openUnit = new AsyncLocalStorage<OpenUnit>();
let savepoints = 0;
let openUnits = 0;

/**
 * Runs `work` as the open unit of its call chain. While an AsyncLocalStorage is enabled, Node puts
 * a hook on every promise the process makes, about a tenth of a single read's CPU (issue 15,
 * measured with and without it); so the storage is enabled only while some unit is open, and
 * disabled when the last one ends (nothing may use a unit's transaction after it ends anyway).
 */
async function asOpenUnit<T>(tx: Tx, work: (tx: Tx) => Promise<T>): Promise<T> {
  openUnits++;
  try {
    return await openUnit.run({ tx }, () => work(tx));
  } finally {
    if (--openUnits === 0) openUnit.disable();
  }
}

export interface UnitOfWork {
  /** Runs `work` in one transaction: a new one, or the unit already open in this call chain. */
  write<T>(work: (tx: Tx) => Promise<T>): Promise<T>;
  /**
   * Runs reads on the open unit when there is one (they must see its writes, and SQLite has one
   * connection, which the unit holds), else straight on the pool without a BEGIN.
   */
  read<T>(work: (q: Executor) => Promise<T>): Promise<T>;
  /**
   * Read-only work on one consistent snapshot: REPEATABLE READ on PostgreSQL, a plain transaction
   * on SQLite (a WAL reader keeps its snapshot until it ends). Joins an open unit instead.
   */
  snapshot<T>(work: (tx: Tx) => Promise<T>): Promise<T>;
  /**
   * Runs `work` inside a savepoint of the open unit: when it throws, its writes are undone while
   * the unit stays usable (the idempotency wrapper stores a 4xx answer in the same commit that
   * discards the failed attempt's work).
   */
  savepoint<T>(work: () => Promise<T>): Promise<T>;
}

/**
 * PostgreSQL errors by which a transaction lost a race with another that committed first: a
 * deadlock, a serialization failure, and a foreign or unique key that a concurrent commit removed
 * or took after this unit checked it (a record created in a context being deleted). The unit is run
 * again from the start: its checks then see the other commit and answer as they would have (404,
 * 409, 422), instead of a 500. SQLite runs writes one at a time and never loses such a race.
 */
const LOST_RACE = new Set(['40P01', '40001', '23503', '23505']);
const ATTEMPTS = 3;

const lostRace = (err: unknown) => LOST_RACE.has((err as { code?: unknown } | null)?.code as string);

export function unitOfWork(db: Db): UnitOfWork {
  return {
    async write(work) {
      const open = openUnit.getStore();
      if (open) return work(open.tx);
      for (let attempt = 1; ; attempt++) {
        try {
          return await db.transaction().execute((tx) => asOpenUnit(tx, work));
        } catch (err) {
          if (attempt === ATTEMPTS || !lostRace(err)) throw err;
        }
      }
    },

    read(work) {
      return work(openUnit.getStore()?.tx ?? db);
    },

    snapshot(work) {
      const open = openUnit.getStore();
      if (open) return work(open.tx);
      const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
      const builder = postgres ? db.transaction().setIsolationLevel('repeatable read') : db.transaction().setAccessMode('read only');
      return builder.execute((tx) => asOpenUnit(tx, work));
    },

    async savepoint(work) {
      const open = openUnit.getStore();
      if (!open) throw new Error('savepoint needs an open unit of work');
      const name = sql.raw(`sp_${++savepoints}`);
      await sql`savepoint ${name}`.execute(open.tx);
      try {
        const result = await work();
        await sql`release savepoint ${name}`.execute(open.tx);
        return result;
      } catch (err) {
        await sql`rollback to savepoint ${name}`.execute(open.tx);
        throw err;
      }
    },
  };
}
