/**
 * One page of the visible tasks or events, with its total (the branches and conditions it pages
 * through are visibility.store.ts's): the counts, the three plans that give the same rows (owned,
 * global order, per branch) and which one a list takes.
 */
import { type RawBuilder, sql, type ExpressionBuilder, type SqlBool } from 'kysely';
import { dialectOf, type Executor } from '../../db/database.js';
import { shaped } from '../../db/prepared.js';
import {
  applyConditions,
  branches,
  type Condition,
  type Filter,
  OWNED,
  type OrderKey,
  ordered,
  type VisibleTable,
  visibleCondition,
  withRecurrence,
  withVisibility,
} from './visibility.store.js';

/**
 * Branches are disjoint, so the total is the sum of per-branch counts. Without filters the
 * owner/context branches are read from `record_counts` (kept by triggers, migration 002): a sum over
 * the visible contexts and the caller's own row, however many records those hold. With filters each
 * branch is counted from its own index.
 */
function countColumns(eb: ExpressionBuilder<any, any>, postgres: boolean, userId: string, table: VisibleTable, filter: Filter, prefix = '') {
  const type = table === 'tasks' ? 'task' : 'event';
  // The table's size rides along (one round trip less on PostgreSQL): the plan choice needs it.
  // A cheap estimate: SQLite's largest rowid, PostgreSQL's planner statistics.
  const size = postgres
    ? sql<number>`(SELECT reltuples FROM pg_class WHERE oid = ${table}::regclass)`
    : sql<number>`(SELECT max(rowid) FROM ${sql.table(table)})`;
  return [
    size.as(`${prefix}size`),
    ...branches(table, userId).map((b, i) => {
      if (!filter && b.name !== 'attended') {
        const counted = eb
          .selectFrom('record_counts as rc')
          .where('rc.record_type', '=', type)
          .select((e) => e.fn.coalesce(e.fn.sum('rc.n'), e.lit(0)).as('n'));
        const inVisible = eb.selectFrom('visible_contexts').select('visible_contexts.id');
        return (
          b.name === 'in_context' ? counted.where('rc.context_id', 'in', inVisible) : counted.where('rc.user_id', '=', userId).where('rc.context_id', '=', '')
        ).as(`${prefix}n${i}`);
      }
      return applyConditions(
        eb.selectFrom(`${table} as b`).where((e) => b.where(e, 'b')),
        'b',
        filter ?? [],
      )
        .select((e) => e.fn.countAll().as('n'))
        .as(`${prefix}n${i}`);
    }),
  ];
}

const countQuery = (db: Executor, postgres: boolean, userId: string, table: VisibleTable, filter: Filter) =>
  withVisibility(db, userId).selectNoFrom((eb) => countColumns(eb, postgres, userId, table, filter));

/**
 * Sort keys that have an index of their own over the whole table ((col, id), migration 002), so
 * the "scan in global order" strategy below can read rows in order without sorting.
 */
const GLOBAL_ORDER: Record<VisibleTable, string[]> = { tasks: ['created_at'], events: ['created_at', 'start_time'] };

/** Most rows the global-order strategy may read before it gives way to the per-branch one. */
const MAX_SCAN = 10_000;

/**
 * The list queries are built and compiled once per shape (table, filters present, sort, plan) and
 * then only run with new values: building them with Kysely cost more than SQLite spends running
 * them (about 550 of 865 µs of CPU for a page of 50, bench/README.md).
 */
const run = shaped();

/**
 * The values of a list's queries in a fixed order (caller, each filter value, then the numbers
 * a query adds), and the same filters with the markers `shaped` builds with in their place.
 */
function withMarkers(filter: Filter, markers: string[]) {
  let i = 1;
  const next = () => markers[i++];
  const conditions = filter?.map(([column, op, value]): Condition => [column, op, Array.isArray(value) ? value.map(next) : next()]) ?? null;
  return { userId: markers[0], filter: conditions, rest: markers.slice(i) };
}

/**
 * Callers (per table) whose last list took the owned plan: their next one tries it first, with the
 * counts on the same query. Bounded, and only a hint: the counts that come back are checked.
 */
const ownedLast = new Set<string>();
const MAX_HINTS = 10_000;

function rememberPlan(key: string, plan: Plan) {
  if (plan !== 'owned') {
    ownedLast.delete(key);
    return;
  }
  if (ownedLast.has(key)) return;
  if (ownedLast.size >= MAX_HINTS) ownedLast.delete(ownedLast.values().next().value!);
  ownedLast.add(key);
}

/** A page's LIMIT and OFFSET: bound values (their markers) or literals in the text. */
type PageBounds = { limit: number | RawBuilder<number>; offset: number | RawBuilder<number> };

/** Names of the count columns when they ride on the page query's rows. */
const COUNTED = 'counted_';

/**
 * One page of the visible rows of `table` that pass `filter`, in `sort` order, plus the total.
 * Rows are returned whole (selectAll of the table, plus `recurrence`; on PostgreSQL they may also
 * carry the `counted_*` columns, which the mappers to API objects ignore).
 *
 * The counts come first: they give the total, and they pick one of three plans that give the same
 * rows:
 * - owned: when the caller sees only their own records outside contexts, their page read straight
 *   off their (user_id, col, id) index;
 * - global order: when the caller sees a large share of the table and the sort has its own index,
 *   read the first M rows of the whole table in sort order (M sized to hold the page several times
 *   over at the visible share) and keep the visible ones. Every visible row outside those M ranks
 *   after all of them, so if the page is complete it is exact; if not, fall through;
 * - per branch: the union of each branch's own top `offset + limit` rows, each read in its index
 *   order, then the page cut from that union. Its work grows with the visible set, not the table.
 *
 * On PostgreSQL, where each query is a round trip, the counts ride on the owned plan's page query
 * when the caller's previous list took that plan.
 * (Riding on the per-branch query too was tried and dropped: over 200 visible contexts and 100,000
 * tasks it made the page 10 ms slower, `sort=due_date` 29 -> 23 req/s, bench/README.md.)
 */
export async function pageVisible<Row>(
  db: Executor,
  userId: string,
  table: VisibleTable,
  filter: Filter,
  sort: OrderKey[],
  page: { limit: number; offset: number },
  /** Tests pin a plan to check both give the same pages. */
  opts: { plan?: 'global' | 'branches' } = {},
) {
  const k = page.offset + page.limit;
  const pg = dialectOf(db) === 'postgres';
  const values = [userId, ...(filter ?? []).flatMap(([, , value]) => (Array.isArray(value) ? value : [value as string | number]))];
  const shape = [
    table,
    filter ? filter.map(([column, op, value]) => `${column} ${op}${Array.isArray(value) ? value.length : ''}`).join(',') : 'none',
    sort.map((key) => `${key.field}${key.desc ? ' desc' : ''}${key.nullsLast ? ' nulls last' : ''}`).join(','),
  ].join('|');
  const globalSort = sort.length === 1 && GLOBAL_ORDER[table].includes(sort[0].field);
  const hint = `${table}|${userId}`;
  const depth = readDepth(k);
  // SQLite runs a page faster with its LIMIT and OFFSET written into the text (186 against 287 µs
  // for a page of 50 from 10,000 tasks, measured for issue 15), and a new text costs it only one
  // prepare. PostgreSQL keeps them bound in the per-branch and global plans (their depth in the
  // text already earns a generic plan), so a few named statements serve every page. Its owned plan
  // keeps a generic plan only with both in the text (0.5 against 1.1 ms of wall time, most of it
  // planning): first pages (offset 0) get that; deeper ones are planned per call, and the texts
  // stay few.
  const bounds = (inline: boolean) => ({
    args: inline ? [] : [page.limit, page.offset],
    key: inline ? `|${page.limit}+${page.offset}` : '',
    of: (rest: string[]): PageBounds =>
      inline
        ? { limit: sql.lit<number>(page.limit), offset: sql.lit<number>(page.offset) }
        : { limit: rest[0] as unknown as number, offset: rest[1] as unknown as number },
  });
  const listed = bounds(!pg);
  const ownPage = bounds(!pg || page.offset === 0);
  const branchesQuery = (m: string[]) => {
    const b = withMarkers(filter, m);
    return branchesPage(db, pg, b.userId, table, b.filter ?? [], sort, { k: depth, ...listed.of(b.rest) });
  };
  const ownedArgs = (m: string[]) => {
    const b = withMarkers(filter, m);
    const bounds = ownPage.of(b.rest);
    const owned = branches(table, b.userId)[OWNED];
    const query = ordered(
      withRecurrence(withVisibility(db, b.userId).selectFrom(table), table).where((eb) => owned.where(eb, table)),
      table,
      sort,
      pg,
    )
      .limit(bounds.limit)
      .offset(bounds.offset);
    return { b, query };
  };
  // The owned plan needs no filter (the filtered columns' indexes would fight the sort's) and a
  // sort the (user_id, col, id) index gives in order (SQLite puts NULLs first).
  const ownPossible = !opts.plan && !filter?.length && sort.every((key) => !key.nullsLast);
  const args = [...values, ...listed.args];
  const ownArgs = [...values, ...ownPage.args];

  // PostgreSQL, a caller whose last list of this table took the owned plan: the counts ride on its
  // page query (one round trip instead of two), and are checked on the way back.
  if (pg && ownPossible && ownedLast.has(hint)) {
    const rows = await run<Row & Record<string, unknown>>(db, `owned-counted|${shape}${ownPage.key}`, ownArgs, (m) => {
      const { b, query } = ownedArgs(m);
      return query.select((eb) => countColumns(eb, pg, b.userId, table, b.filter, COUNTED));
    });
    // Exact only while the caller still sees nothing but their own records; else plan afresh.
    if (rows.length && planFor(rows[0], COUNTED, table, userId, k, globalSort) === 'owned')
      return { rows: rows as Row[], total: totalOf(rows[0], COUNTED, table, userId) };
  }

  const [counts] = await run<Record<string, unknown>>(db, `count|${shape}`, values, (m) => {
    const b = withMarkers(filter, m);
    return countQuery(db, pg, b.userId, table, b.filter);
  });
  const total = totalOf(counts, '', table, userId);
  const expected = Math.max(0, Math.min(page.limit, total - page.offset));
  const plan = opts.plan ?? planFor(counts, '', table, userId, k, globalSort);
  if (!opts.plan) rememberPlan(hint, plan);
  if (expected === 0) return { rows: [] as Row[], total };

  // Only the caller's own records outside contexts are visible (someone who shares nothing): the
  // page is read straight off their (user_id, col, id) index, without the union of branches and the
  // second lookup of each row (SQLite, 50 of 10,000 tasks: 115 against 190 µs).
  if (plan === 'owned' && ownPossible) {
    return { rows: await run<Row>(db, `owned|${shape}${ownPage.key}`, ownArgs, (m) => ownedArgs(m).query), total };
  }

  if (plan === 'global') {
    const window = readDepth(opts.plan === 'global' ? Number.MAX_SAFE_INTEGER : globalScan(counts, '', total, k)!);
    const rows = await run<Row>(db, `global|${shape}|${window}${listed.key}`, args, (m) => {
      const b = withMarkers(filter, m);
      const bounds = listed.of(b.rest);
      const qc = withVisibility(db, b.userId);
      const first = ordered(applyConditions(qc.selectFrom(`${table} as w`).selectAll('w'), 'w', b.filter ?? []), 'w', sort, pg).limit(sql.lit(window));
      return ordered(withRecurrence(qc.selectFrom(first.as(table)), table).where(visibleCondition(table, b.userId)), table, sort, pg)
        .limit(bounds.limit)
        .offset(bounds.offset);
    });
    if (rows.length === expected) return { rows, total };
  }

  const rows = await run<Row>(db, `branches|${shape}|${depth}${listed.key}`, args, branchesQuery);
  return { rows, total };
}

/**
 * How deep each branch (or the global window) is read: the rows asked for up to 128 (first pages,
 * the common case, exactly: the context branch reads this many per visible context, so rounding 50
 * up to 64 would read 28% more rows over 200 contexts), then rounded up (a power of two up to
 * 1,024, then a multiple of 1,024). Reading more changes no page, and the depth is written into the
 * SQL text rather than bound: PostgreSQL estimates a LIMIT given as a
 * parameter at a tenth of the table, which made it re-plan the list query on every call (0.33-0.47
 * ms of planning against 0.2 ms of running it); with the depth known it keeps one generic plan per
 * statement. Rounding keeps the texts of deeper pages few.
 */
const readDepth = (rows: number) => {
  if (rows === Number.MAX_SAFE_INTEGER || rows <= 128) return Math.max(1, rows);
  return rows <= 1024 ? 2 ** Math.ceil(Math.log2(rows)) : Math.ceil(rows / 1024) * 1024;
};

const branchCounts = (counts: Record<string, unknown>, prefix: string, table: VisibleTable, userId: string) =>
  branches(table, userId).map((_, i) => Number(counts[`${prefix}n${i}`]));

const totalOf = (counts: Record<string, unknown>, prefix: string, table: VisibleTable, userId: string) =>
  branchCounts(counts, prefix, table, userId).reduce((a, c) => a + c, 0);

/**
 * How many rows the global-order plan would read, or null when the per-branch plan is the better
 * one: it reads about k index entries of each of the caller's own branches and, for the context
 * branch, its rows in the visible contexts, so the global scan only pays off when it reads fewer
 * rows than that (a caller who sees mostly their own records does not gain).
 */
function globalScan(counts: Record<string, unknown>, prefix: string, total: number, k: number): number | null {
  const inContext = Number(counts[`${prefix}n0`]);
  const size = Number(counts[`${prefix}size`] ?? 0);
  const scan = size > 0 ? Math.ceil((4 * k * size) / total) : Number.POSITIVE_INFINITY;
  return scan <= MAX_SCAN && scan < inContext ? scan : null;
}

type Plan = 'owned' | 'global' | 'branches';

/** The plan the counts call for (the owned plan still needs a list it can serve, `ownPossible`). */
function planFor(counts: Record<string, unknown>, prefix: string, table: VisibleTable, userId: string, k: number, globalSort: boolean): Plan {
  const n = branchCounts(counts, prefix, table, userId);
  if (n.every((c, i) => (i === OWNED ? c > 0 : c === 0))) return 'owned';
  const total = n.reduce((a, c) => a + c, 0);
  return globalSort && globalScan(counts, prefix, total, k) !== null ? 'global' : 'branches';
}

/** Each branch's own top `k` rows, read in its index order; the page is cut from their union. */
function branchesPage(
  db: Executor,
  pg: boolean,
  userId: string,
  table: VisibleTable,
  conditions: Condition[],
  sort: OrderKey[],
  { k, limit, offset }: { k: number } & PageBounds,
) {
  const qc = withVisibility(db, userId);
  const candidates = (eb: ExpressionBuilder<any, any>) =>
    branches(table, userId)
      .map((b) => {
        if (pg && b.name === 'in_context') {
          // PostgreSQL merges per-context runs well with LATERAL: each visible context gives its own
          // top k from its (context_id, col, id) index, and only those are sorted.
          const cols = [...new Set(['id', ...sort.map((key) => key.field)])].map((c) => `p.${c}`);
          const perContext = ordered(
            applyConditions(eb.selectFrom(`${table} as p`).select(cols).whereRef('p.context_id', '=', 'vc.id'), 'p', conditions),
            'p',
            sort,
            pg,
          ).limit(sql.lit(k));
          const merged = ordered(
            eb
              .selectFrom('visible_contexts as vc')
              .innerJoinLateral(perContext.as('l'), (j) => j.onTrue())
              .select('l.id'),
            'l',
            sort,
            pg,
          ).limit(sql.lit(k));
          return eb.selectFrom(merged.as('r')).select('r.id');
        }
        const top = ordered(
          applyConditions(
            eb
              .selectFrom(`${table} as b`)
              .select('b.id')
              .where((e) => b.where(e, 'b')),
            'b',
            conditions,
          ),
          'b',
          sort,
          pg,
        ).limit(sql.lit(k));
        // A LIMIT inside a compound SELECT needs its own sub-select on SQLite.
        return eb.selectFrom(top.as('r')).select('r.id');
      })
      .reduce((acc, run) => acc.unionAll(run));

  // PostgreSQL plans `id IN (union)` as a hash join over a sequential scan of the whole table once
  // it is small enough to look cheap (2 ms at 10,000 tasks, measured for issue 15); `= ANY(ARRAY(…))`
  // runs the union once and fetches the candidates by primary key. SQLite already does the latter.
  const byCandidates = pg
    ? (eb: ExpressionBuilder<any, any>) => sql<SqlBool>`${eb.ref(`${table}.id`)} = ANY(ARRAY(${candidates(eb)}))`
    : (eb: ExpressionBuilder<any, any>) => eb(`${table}.id`, 'in', candidates(eb));
  return ordered(withRecurrence(qc.selectFrom(table), table).where(byCandidates), table, sort, pg)
    .limit(limit)
    .offset(offset);
}
