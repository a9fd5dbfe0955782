/**
 * Title and name sorts ignore case and give the same order on SQLite and PostgreSQL (audit 6, B5),
 * read off migration 017's expression indexes (checked with EXPLAIN on both).
 */
import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { branches, ordered, OWNED } from '../../src/core/access/visibility.store.js';
import { dialectOf, type Executor } from '../../src/db/database.js';
import { startTestApp, type Client, type TestApp, type TestUser } from '../helpers/app.js';
import { createContext, share } from '../helpers/factories.js';

let t: TestApp;
let owner: TestUser;
let viewer: TestUser;
let o: Client;
let v: Client;
let ctx: string;
// Code point order after folding ASCII case; ties (`apple`/`Apple`) by the text itself.
const EXPECTED = ['Apple', 'apple', 'banana', 'Banana bread', 'cherry', 'Zed', 'zebra-less'].sort((a, b) => {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  return x < y ? -1 : x > y ? 1 : a < b ? -1 : a > b ? 1 : 0;
});

beforeAll(async () => {
  t = await startTestApp();
  [owner, viewer] = await Promise.all([t.user('owner'), t.user('viewer')]);
  o = t.as(owner);
  v = t.as(viewer);
  ctx = await createContext(t, owner, 'fruit');
  await share(t, owner, ctx, viewer, 'read');
  // Mixed order of creation, some in the shared context, some not: both list plans are used.
  for (const [i, title] of ['Zed', 'banana', 'Apple', 'zebra-less', 'cherry', 'apple', 'Banana bread'].entries()) {
    await o.post('/tasks', { title, context_id: i % 2 ? ctx : null });
    await o.post('/events', { title, context_id: i % 2 ? ctx : null, start_time: '2026-12-01T10:00:00Z', end_time: '2026-12-01T11:00:00Z' });
  }
  for (const name of ['beta', 'Alpha', 'gamma', 'Delta']) await createContext(t, viewer, name);
});
afterAll(async () => {
  await t.close();
});

const titles = (res: { body: { data: Array<{ title?: string; name?: string }> } }) => res.body.data.map((x) => x.title ?? x.name);

describe('case-insensitive text sorts', () => {
  it('tasks and events by title, both directions, for the owner (own and context rows) and a collaborator', async () => {
    expect(EXPECTED.slice(0, 3)).toEqual(['Apple', 'apple', 'banana']);
    for (const kind of ['tasks', 'events']) {
      expect(titles(await o.get(`/${kind}?sort=title&limit=100`))).toEqual(EXPECTED);
      expect(titles(await o.get(`/${kind}?sort=-title&limit=100`))).toEqual([...EXPECTED].reverse());
      // Pages cut from the same order.
      const page2 = titles(await o.get(`/${kind}?sort=title&limit=3&offset=3`));
      expect(page2).toEqual(EXPECTED.slice(3, 6));
      const shared = EXPECTED.filter((x) => ['banana', 'zebra-less', 'apple'].includes(x));
      expect(titles(await v.get(`/${kind}?sort=title`))).toEqual(shared);
    }
  });

  it('contexts by name', async () => {
    expect(titles(await v.get('/contexts?sort=name&parent_context_id=null')).filter((n) => n !== 'fruit')).toEqual(['Alpha', 'beta', 'Delta', 'gamma']);
    expect(titles(await v.get('/contexts?sort=-name')).filter((n) => n !== 'fruit')).toEqual(['gamma', 'Delta', 'beta', 'Alpha']);
  });

  it('the sorted page is read off the expression indexes (EXPLAIN)', async () => {
    const db = t.app.database.db as Executor;
    const pg = dialectOf(db) === 'postgres';
    const plans: Record<string, string> = {};
    const explain = async (name: string, query: { compile(): CompiledQuery }) => {
      const c = query.compile();
      const run = async (q: Executor) =>
        (await q.executeQuery(CompiledQuery.raw(`${pg ? 'EXPLAIN' : 'EXPLAIN QUERY PLAN'} ${c.sql}`, c.parameters as unknown[]))).rows
          .map((r: any) => r['QUERY PLAN'] ?? r.detail)
          .join('\n');
      // A handful of rows would make PostgreSQL's planner sort rather than read an index; forbid that.
      plans[name] = pg
        ? await db.transaction().execute(async (tx) => {
            await sql`SET LOCAL enable_seqscan = off`.execute(tx);
            await sql`SET LOCAL enable_sort = off`.execute(tx);
            return run(tx);
          })
        : await run(db);
    };
    const owned = branches('tasks', owner.id)[OWNED];
    for (const desc of [false, true]) {
      const key = [{ field: 'title' as const, desc }];
      await explain(
        `tasks_user_title_ci ${desc}`,
        ordered(
          db
            .selectFrom('tasks')
            .select('tasks.id')
            .where((eb) => owned.where(eb, 'tasks')),
          'tasks',
          key,
          pg,
        ).limit(50),
      );
      await explain(
        `tasks_context_title_ci ${desc}`,
        ordered(db.selectFrom('tasks as b').select('b.id').where('b.context_id', '=', ctx), 'b', key, pg).limit(50),
      );
      await explain(
        `events_context_title_ci ${desc}`,
        ordered(db.selectFrom('events as b').select('b.id').where('b.context_id', '=', ctx), 'b', key, pg).limit(50),
      );
    }
    if (process.env.SHOW_PLANS) console.log(plans);
    for (const [name, plan] of Object.entries(plans)) {
      expect(plan, name).toContain(name.split(' ')[0]);
      expect(plan, name).not.toMatch(pg ? /\bSort\b/ : /TEMP B-TREE/);
    }
  });
});
