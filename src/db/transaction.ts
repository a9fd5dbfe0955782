import { AsyncLocalStorage } from 'node:async_hooks';
import { PostgresAdapter, sql } from 'kysely';
import { withConnectionScope } from './ambient-driver.js';
import type { Db, Executor, Tx } from './database.js';

interface Scope {
  tx: Tx;
  afterCommit: Array<() => void | Promise<void>>;
}

const ambient = new AsyncLocalStorage<Scope>();

/**
 * Runs `work` in one transaction. A call made while a transaction is already open (say a use case
 * called by another, or by a door that must write its own rows in the same commit, like
 * idempotency records) joins it instead of opening a second one, so the whole unit commits or
 * rolls back together.
 */
export async function inTransaction<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  const open = ambient.getStore();
  if (open) return work(open.tx);
  const scope: Partial<Scope> = { afterCommit: [] };
  const result = await withConnectionScope(() => db.transaction().execute((tx) => {
    scope.tx = tx;
    return ambient.run(scope as Scope, () => work(tx));
  }));
  for (const hook of scope.afterCommit!) await hook();
  return result;
}

/** The open transaction when there is one, else the database itself. */
export function current(db: Db): Executor {
  return ambient.getStore()?.tx ?? db;
}

/** Work that must only happen once the surrounding transaction has committed. */
export function afterCommit(hook: () => void | Promise<void>): void {
  const open = ambient.getStore();
  if (open) open.afterCommit.push(hook);
  else void hook();
}

let savepoints = 0;

/**
 * Runs `work` inside a savepoint of the open transaction: when it throws, its writes (and the
 * after-commit hooks it registered) are undone while the outer transaction stays usable. The
 * idempotency layer uses this to store a 4xx answer in the same commit that discards the failed
 * use case's partial work.
 */
export async function inSavepoint<T>(work: () => Promise<T>): Promise<T> {
  const open = ambient.getStore();
  if (!open) throw new Error('inSavepoint needs an open transaction');
  const name = sql.raw(`sp_${++savepoints}`);
  const hooks = open.afterCommit.length;
  await sql`savepoint ${name}`.execute(open.tx);
  try {
    const result = await work();
    await sql`release savepoint ${name}`.execute(open.tx);
    return result;
  } catch (err) {
    await sql`rollback to savepoint ${name}`.execute(open.tx);
    open.afterCommit.length = hooks;
    throw err;
  }
}

/**
 * Runs read-only `work` against one consistent snapshot: REPEATABLE READ on PostgreSQL (every
 * statement sees the same committed state), a plain transaction on SQLite (WAL readers keep their
 * snapshot for the whole transaction). Joins an open transaction instead when there is one.
 */
export async function inSnapshot<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  const open = ambient.getStore();
  if (open) return work(open.tx);
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const builder = postgres ? db.transaction().setIsolationLevel('repeatable read') : db.transaction();
  return withConnectionScope(() => builder.execute(work));
}
