/**
 * Queries made while a transaction is open in the same async context run on that transaction's
 * connection, whatever handle issued them. A use case that reads with the plain `db` handle while a
 * door's transaction is open (an Idempotency-Key wraps every write in one) would otherwise wait for
 * a second connection: forever on SQLite, which has exactly one, and a pool slot plus a view that
 * misses the transaction's own writes on PostgreSQL.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { CompiledQuery, DatabaseConnection, Dialect, Driver, QueryResult, TransactionSettings } from 'kysely';

interface Slot { connection?: DatabaseConnection }

const slots = new AsyncLocalStorage<Slot>();

/** Runs `work` (which opens one transaction) so that queries inside it share its connection. */
export const withConnectionScope = <T>(work: () => Promise<T>): Promise<T> => slots.run({}, work);

class AmbientDriver implements Driver {
  private readonly borrowed = new WeakSet<DatabaseConnection>();

  constructor(private readonly inner: Driver) {}

  init() { return this.inner.init(); }

  async acquireConnection(): Promise<DatabaseConnection> {
    const open = slots.getStore()?.connection;
    if (!open) return this.inner.acquireConnection();
    const borrowed: DatabaseConnection = {
      executeQuery: <R>(query: CompiledQuery): Promise<QueryResult<R>> => open.executeQuery<R>(query),
      streamQuery: <R>(query: CompiledQuery, chunkSize?: number) => open.streamQuery<R>(query, chunkSize),
    };
    this.borrowed.add(borrowed);
    return borrowed;
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    await this.inner.beginTransaction(connection, settings);
    const slot = slots.getStore();
    if (slot && !slot.connection) slot.connection = connection;
  }

  async commitTransaction(connection: DatabaseConnection) {
    this.forget(connection);
    await this.inner.commitTransaction(connection);
  }

  async rollbackTransaction(connection: DatabaseConnection) {
    this.forget(connection);
    await this.inner.rollbackTransaction(connection);
  }

  async releaseConnection(connection: DatabaseConnection) {
    if (this.borrowed.has(connection)) return;
    await this.inner.releaseConnection(connection);
  }

  destroy() { return this.inner.destroy(); }

  private forget(connection: DatabaseConnection) {
    const slot = slots.getStore();
    if (slot?.connection === connection) slot.connection = undefined;
  }
}

/** Wraps a Kysely dialect so its driver lends an open transaction's connection (see above). */
export function ambientDialect(dialect: Dialect): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createDriver: () => new AmbientDriver(dialect.createDriver()),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createIntrospector: (db) => dialect.createIntrospector(db),
  };
}
