import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { CompiledQuery, type Driver, Kysely, PostgresAdapter, PostgresDialect, SqliteDialect, type Transaction } from 'kysely';
import type { DatabaseConfig } from '../config.js';
import type { Database } from './schema.js';

export type Db = Kysely<Database>;
export type Tx = Transaction<Database>;
/** What read-only stores take: the pool or an open transaction. Stores that write take a `Tx`. */
export type Executor = Db | Tx;
export type Dialect = DatabaseConfig['dialect'];

export interface DatabaseHandle {
  db: Db;
  /**
   * Where the shared rate-limit counters are written. On PostgreSQL a small pool of its own: a
   * flood from one address makes hundreds of upserts of one counter row, which wait on that row's
   * lock one after another, and on the main pool they would hold every connection that serves
   * everyone else's requests meanwhile.
   */
  counters: Db;
  dialect: Dialect;
  close(): Promise<void>;
}

// COUNT(*) and bigserial come back from pg as strings; our counts fit in a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

export function openDatabase(config: DatabaseConfig): DatabaseHandle {
  if (config.dialect === 'sqlite') {
    if (config.file !== ':memory:') {
      fs.mkdirSync(path.dirname(config.file), { recursive: true });
      // D23: the database holds password hashes and everyone's data: created readable by the
      // service's user only. SQLite gives its -wal and -shm files the database file's mode.
      fs.closeSync(fs.openSync(config.file, 'a', 0o600));
    }
    const sqlite = new SQLite(config.file);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = NORMAL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
    const db = new Kysely<Database>({ dialect: new WritersFirstSqliteDialect({ database: withStatementCache(sqlite) }) });
    return { db, counters: db, dialect: 'sqlite', close: () => db.destroy() };
  }
  const db = postgresPool(config.url, 10);
  const counters = postgresPool(config.url, 3);
  return {
    db,
    counters,
    dialect: 'postgres',
    close: async () => {
      await Promise.all([db.destroy(), counters.destroy()]);
    },
  };
}

function postgresPool(url: string, max: number): Db {
  const pool = new pg.Pool({ connectionString: url, max });
  // An idle client that errors (server restart) must not crash the process; the next query reconnects.
  pool.on('error', () => {});
  pool.on('connect', useNamedStatements);
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}

/**
 * better-sqlite3 builds each result row as an object one property at a time, which is half of what
 * reading a page of 50 tasks costs (about 180 µs of it against 90 µs for the same rows as arrays).
 * A reading statement here returns arrays, and one constructor compiled per statement from its
 * column names turns them into objects with the same keys (a later column of the same name wins,
 * as before). If the statement's columns change (another process added one), the constructor is
 * rebuilt.
 */
function rowsAsObjects(statement: SQLite.Statement): SQLite.Statement {
  if (!statement.reader) return statement;
  const raw = statement.raw(true);
  let width = -1;
  let make: (row: unknown[]) => Record<string, unknown> = () => ({});
  const toObject = (row: unknown[]) => {
    if (row.length !== width) {
      const names = raw.columns().map((c) => c.name);
      width = names.length;
      make = new Function('r', `return {${names.map((n, i) => `${JSON.stringify(n)}: r[${i}]`).join(', ')}};`) as typeof make;
    }
    return make(row);
  };
  return {
    reader: true,
    all: (...params: unknown[]) => (raw.all(...params) as unknown[][]).map(toObject),
    *iterate(...params: unknown[]) {
      for (const row of raw.iterate(...params) as IterableIterator<unknown[]>) yield toObject(row);
    },
  } as unknown as SQLite.Statement;
}

/**
 * Kysely prepares every query anew; SQLite's prepare step costs more than running a small query.
 * The same SQL text always compiles to the same statement, so keep the prepared ones (bounded:
 * queries with IN lists of varying length make new texts).
 */
function withStatementCache(sqlite: SQLite.Database) {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => {
      cache.clear();
      sqlite.close();
    },
    prepare(text: string) {
      let statement = cache.get(text);
      if (!statement) {
        statement = rowsAsObjects(sqlite.prepare(text));
        if (cache.size >= 1000) cache.delete(cache.keys().next().value!);
        cache.set(text, statement);
      }
      return statement;
    },
  };
}

/**
 * SQL texts that PostgreSQL should parse and plan once per connection: the hot queries of
 * `prepared.ts` register theirs here. A bounded set, unlike the SQLite cache: each name lives on the
 * server for every connection of the pool.
 */
const statementNames = new Map<string, string>();
let renames = 0;

export function nameStatement(text: string): void {
  if (!statementNames.has(text) && statementNames.size < 100) statementNames.set(text, `agendum_${statementNames.size + 1}`);
}

/**
 * Kysely sends (text, values); a registered text goes as a named statement, which pg prepares once
 * per connection. A `SELECT *` prepared before another process added a column fails with "cached
 * plan must not change result type" (0A000): the text then gets a new name, so every connection
 * prepares it afresh, and the query is retried once (outside a transaction that succeeds; inside
 * one the transaction is already aborted and fails once, as any statement error would).
 */
function useNamedStatements(client: pg.PoolClient) {
  const query = client.query.bind(client) as (...args: unknown[]) => Promise<unknown>;
  (client as { query: unknown }).query = (...args: unknown[]) => {
    const text = args[0];
    const name = typeof text === 'string' ? statementNames.get(text) : undefined;
    if (!name) return query(...args);
    return query({ name, text, values: args[1] }).catch((err: { code?: string }) => {
      if (err?.code !== '0A000') throw err;
      const renamed = `${name}_r${++renames}`;
      statementNames.set(text as string, renamed);
      return query({ name: renamed, text, values: args[1] });
    });
  };
}

/** Which dialect an executor speaks, for the few queries that differ (full-text search). */
export function dialectOf(db: Executor): Dialect {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

/**
 * A SELECT that locks the rows it reads until the transaction ends, on PostgreSQL (`FOR UPDATE`),
 * so a read-modify-write cannot lose a concurrent writer's change. SQLite needs nothing: its
 * writers are serialised and this service holds one connection.
 */
export function forUpdate<Q extends { forUpdate(): Q }>(db: Executor, query: Q): Q {
  return dialectOf(db) === 'postgres' ? query.forUpdate() : query;
}

/**
 * SQLite transactions that may write start with BEGIN IMMEDIATE. A plain BEGIN takes the write
 * lock only at its first write, and when another connection (a second process on the same file:
 * the admin CLI, a test) committed since the transaction's first read, that write fails at once
 * with SQLITE_BUSY_SNAPSHOT, which no busy timeout can wait out. Taking the lock at BEGIN makes
 * writers queue on `busy_timeout` instead. Read-only snapshots (`setAccessMode('read only')`)
 * keep the plain BEGIN. Within one process nothing changes: the one connection runs one
 * transaction at a time.
 */
class WritersFirstSqliteDialect extends SqliteDialect {
  override createDriver(): Driver {
    const driver = super.createDriver();
    driver.beginTransaction = async (connection, settings) => {
      await connection.executeQuery(CompiledQuery.raw(settings.accessMode === 'read only' ? 'begin' : 'begin immediate'));
    };
    return driver;
  }
}
