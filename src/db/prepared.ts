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

/** Builds with a marker in place of each argument, compiles, and notes which parameter takes which argument. */
function planOf(compile: (markers: string[]) => CompiledQuery, arity: number): Plan {
  const markers = Array.from({ length: arity }, (_, i) => marker(i));
  const compiled = compile(markers);
  const slots = compiled.parameters.map((p) => (typeof p === 'string' ? markers.indexOf(p) : -1));
  for (let i = 0; i < arity; i++) {
    if (!slots.includes(i)) throw new Error(`prepared query: argument ${i} is not a bound parameter of ${compiled.sql}`);
  }
  return { compiled, slots };
}

async function runPlan<R>(db: Executor, { compiled, slots }: Plan, args: ReadonlyArray<string | number>): Promise<R[]> {
  const parameters = slots.map((s, i) => (s >= 0 ? args[s] : compiled.parameters[i]));
  const result = await db.executeQuery<R>({ ...compiled, parameters });
  return result.rows;
}

export function prepared<Args extends Array<string | number>, R>(build: (db: Executor, ...args: Args) => Compilable<R>) {
  const plans = new Map<Dialect, Plan>();

  /** All rows. */
  return async (db: Executor, ...args: Args): Promise<R[]> => {
    const dialect = dialectOf(db);
    let p = plans.get(dialect);
    if (!p) {
      p = planOf((markers) => build(db, ...(markers as Args)).compile(), args.length);
      plans.set(dialect, p);
      if (dialect === 'postgres') nameStatement(p.compiled.sql);
    }
    return runPlan(db, p, args);
  };
}

/** Distinct shapes kept per `shaped()` family; the oldest goes first beyond it. */
const MAX_SHAPES = 500;

/**
 * Queries whose shape depends on a few choices (a list's sort keys, which filters are set, which
 * plan) and whose values change from call to call: one plan per dialect and shape key, built the
 * first time with markers for the values. `build` receives the markers in place of `args`, in the
 * same order, and must bind each of them as a parameter; everything that changes the SQL text must
 * be in `key`. On PostgreSQL they are named statements too (while names last, see `nameStatement`):
 * planning a list's query cost more than running it (0.34 ms against 0.33 ms for a page of 50), and
 * PostgreSQL keeps planning each call afresh for its first five, then keeps a generic plan only if
 * it is estimated no worse than those. Measured on a user who sees only their own 10,000 tasks
 * (`bench/request-path.ts`: tasks.list 2.0 -> 0.95 ms of wall time) and on one who sees 100,000
 * through 200 shared contexts (`npm run bench:visibility`, two pairs run back to back on a loaded
 * machine: faster or even in seven of eight scenario pairs; the event list was slower once and
 * faster once).
 */
export function shaped() {
  const plans = new Map<string, Plan>();
  return async <R>(db: Executor, key: string, args: ReadonlyArray<string | number>, build: (markers: string[]) => Compilable<R>): Promise<R[]> => {
    const planKey = `${dialectOf(db)}\u0000${key}`;
    let p = plans.get(planKey);
    if (!p) {
      p = planOf((markers) => build(markers).compile(), args.length);
      if (plans.size >= MAX_SHAPES) plans.delete(plans.keys().next().value!);
      plans.set(planKey, p);
      if (dialectOf(db) === 'postgres') nameStatement(p.compiled.sql);
    }
    return runPlan<R>(db, p, args);
  };
}
