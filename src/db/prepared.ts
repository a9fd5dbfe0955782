/**
 * Hot queries built once (issue 15). Kysely builds and compiles a query on every call, which costs
 * several times what SQLite spends running a primary-key lookup (bench/README.md "Request path").
 * A prepared query is built and compiled on its first call per dialect with marker arguments; later
 * calls only put the new arguments into the kept parameter list and run the kept SQL text (which
 * SQLite's statement cache in database.ts then finds already prepared, and PostgreSQL runs as a
 * named statement, parsed and planned once per connection).
 *
 * Only for queries whose shape never depends on the arguments: each argument must land in the SQL
 * as bound parameters (a `where(col, '=', arg)`, a value in `values(...)`), never decide which
 * clauses exist. An argument not found among the compiled parameters is an error at first use, so
 * a misuse cannot silently bind a stale value.
 */
import type { CompiledQuery, Compilable } from 'kysely';
import { type Dialect, dialectOf, type Executor, nameStatement } from './database.js';

interface Plan {
  compiled: CompiledQuery;
  /** Per compiled parameter: the index of the argument it takes, or -1 for a constant of the query. */
  slots: number[];
}

const marker = (i: number) => `\u0000prepared-argument-${i}\u0000`;

export function prepared<Args extends Array<string | number>, R>(build: (db: Executor, ...args: Args) => Compilable<R>) {
  const plans = new Map<Dialect, Plan>();

  function plan(db: Executor, arity: number): Plan {
    const markers = Array.from({ length: arity }, (_, i) => marker(i));
    const compiled = build(db, ...(markers as Args)).compile();
    const slots = compiled.parameters.map((p) => (typeof p === 'string' ? markers.indexOf(p) : -1));
    for (let i = 0; i < arity; i++) {
      if (!slots.includes(i)) throw new Error(`prepared query: argument ${i} is not a bound parameter of ${compiled.sql}`);
    }
    return { compiled, slots };
  }

  /** All rows. */
  return async (db: Executor, ...args: Args): Promise<R[]> => {
    const dialect = dialectOf(db);
    let p = plans.get(dialect);
    if (!p) {
      p = plan(db, args.length);
      plans.set(dialect, p);
      if (dialect === 'postgres') nameStatement(p.compiled.sql);
    }
    const { compiled, slots } = p;
    const parameters = slots.map((s, i) => (s >= 0 ? args[s] : compiled.parameters[i]));
    const result = await db.executeQuery<R>({ ...compiled, parameters });
    return result.rows;
  };
}
