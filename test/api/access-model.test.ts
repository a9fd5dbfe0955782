/**
 * D9 + D9a as a property (issue 14): random sequences of context and task creation, shares,
 * unshares, moves, deletes and cascades by three users go through the REST API, and a plain model
 * of the rules (a few maps, no SQL) predicts every answer. After each sequence every user's access
 * to every context and task (GET and lists) must equal the model's, and nobody removed from a tree
 * reaches anything in it unless a share they still hold or the tree itself is theirs.
 *
 * Seeded and replayable: ACCESS_MODEL_SEED and ACCESS_MODEL_RUNS; a failure prints the seed, the
 * path and the shrunk sequence.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dav, home } from '../caldav/helpers.js';
import { startTestApp, type TestApp, type TestUser } from '../helpers/app.js';

type Perm = 'none' | 'read' | 'write' | 'admin' | 'owner';
const RANK: Record<Perm, number> = { none: 0, read: 1, write: 2, admin: 3, owner: 4 };
const max = (a: Perm, b: Perm): Perm => (RANK[a] >= RANK[b] ? a : b);

interface Model {
  contexts: Map<string, { owner: number; parent: string | null }>;
  tasks: Map<string, { owner: number; context: string | null }>;
  shares: Map<string, Perm>; // `${context}:${user}`
  removals: Array<{ user: number; context: string }>;
}

const ancestors = (m: Model, id: string): string[] => {
  const out: string[] = [];
  for (let c: string | null = id; c; c = m.contexts.get(c)!.parent) out.push(c);
  return out;
};
const rootOf = (m: Model, id: string) => ancestors(m, id).at(-1)!;
const subtree = (m: Model, id: string): string[] => [id, ...[...m.contexts].filter(([, c]) => c.parent === id).flatMap(([child]) => subtree(m, child))];
const level = (m: Model, id: string) => ancestors(m, id).length;
const height = (m: Model, id: string): number => Math.max(...subtree(m, id).map((c) => level(m, c))) - level(m, id) + 1;

/** The reference rules, written from D9 + D9a and nothing else. */
function contextPerm(m: Model, user: number, id: string): Perm {
  if (m.contexts.get(rootOf(m, id))!.owner === user) return 'owner';
  return ancestors(m, id).reduce<Perm>((p, c) => max(p, m.shares.get(`${c}:${user}`) ?? 'none'), 'none');
}
function taskPerm(m: Model, user: number, id: string): Perm {
  const t = m.tasks.get(id)!;
  if (!t.context) return t.owner === user ? 'owner' : 'none';
  const p = contextPerm(m, user, t.context);
  return t.owner === user && p !== 'none' ? 'owner' : p;
}

type Step =
  | { op: 'context'; by: number; parent: number | null }
  | { op: 'task'; by: number; context: number | null }
  | { op: 'share'; by: number; context: number; to: number; perm: 'read' | 'write' | 'admin' }
  | { op: 'unshare'; by: number; context: number; who: number }
  | { op: 'move_task'; by: number; task: number; context: number | null }
  | { op: 'move_context'; by: number; context: number; parent: number | null }
  | { op: 'delete_task'; by: number; task: number }
  | { op: 'cascade'; by: number; context: number };

const user = fc.integer({ min: 0, max: 2 });
// Below 100 an index picks among what the acting user can see (per the model), so most steps do
// something; from 100 on it picks among everything, strangers' records included.
const index = fc.oneof({ weight: 4, arbitrary: fc.nat({ max: 99 }) }, { weight: 1, arbitrary: fc.integer({ min: 100, max: 199 }) });
const maybe = fc.option(index, { nil: null, freq: 4 });
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ op: fc.constant('context' as const), by: user, parent: maybe }),
  fc.record({ op: fc.constant('task' as const), by: user, context: maybe }),
  {
    weight: 3,
    arbitrary: fc.record({
      op: fc.constant('share' as const),
      by: user,
      context: index,
      to: user,
      perm: fc.constantFrom('read' as const, 'write' as const, 'admin' as const),
    }),
  },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('unshare' as const), by: user, context: index, who: user }) },
  fc.record({ op: fc.constant('move_task' as const), by: user, task: index, context: maybe }),
  fc.record({ op: fc.constant('move_context' as const), by: user, context: index, parent: maybe }),
  fc.record({ op: fc.constant('delete_task' as const), by: user, task: index }),
  fc.record({ op: fc.constant('cascade' as const), by: user, context: index }),
);

let t: TestApp;
const tally: Record<string, number> = {};
afterAll(() => {
  if (process.env.ACCESS_MODEL_TALLY) console.log(tally);
});
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

/**
 * The tasks a user reaches through CalDAV: the objects of every task collection in their calendar
 * home, by the record id in the object's name (`{id}.ics` for records made over REST).
 */
async function caldavTasks(u: TestUser): Promise<Map<string, string>> {
  const dv = dav(t, u);
  const listing = await dv('PROPFIND', home(u), undefined, { depth: '1' });
  const collections = [...listing.body.matchAll(/<D:href>([^<]+-tasks\/)<\/D:href>/g)].map((m) => m[1]);
  const out = new Map<string, string>();
  for (const c of collections) {
    const members = await dv('PROPFIND', c, undefined, { depth: '1' });
    for (const [, href, id] of members.body.matchAll(/<D:href>([^<]+\/([0-9a-f-]{36})\.ics)<\/D:href>/g)) out.set(id, href);
  }
  return out;
}

/** Runs one sequence; returns a description of the first disagreement, or null. */
async function runSequence(steps: Step[]): Promise<string | null> {
  const users: TestUser[] = [await t.user('m0'), await t.user('m1'), await t.user('m2')];
  const as = (u: number) => t.as(users[u]);
  const m: Model = { contexts: new Map(), tasks: new Map(), shares: new Map(), removals: [] };
  const ctxIds: string[] = []; // every context ever made, in order (deleted ones stay, as probes)
  const taskIds: string[] = [];
  const live = (ids: string[], map: Map<string, unknown>) => ids.filter((id) => map.has(id));
  const pickFrom = (ids: string[], i: number | null) => (i === null || ids.length === 0 ? null : ids[i % ids.length]);
  let pick = pickFrom;
  // A fixed start: each user has a tree with a task in it, and a task in no context.
  for (let u = 0; u < 3; u++) {
    const c = (await as(u).post('/contexts', { name: `root${u}` })).body.data.id;
    ctxIds.push(c);
    m.contexts.set(c, { owner: u, parent: null });
    for (const context of [c, null]) {
      const id = (await as(u).post('/tasks', { title: `start${u}`, context_id: context })).body.data.id;
      taskIds.push(id);
      m.tasks.set(id, { owner: u, context });
    }
  }

  for (const [n, s] of steps.entries()) {
    let expected: number;
    let status: number;
    let apply: (res: { body: any }) => void = () => {};
    const ctxs = live(ctxIds, m.contexts);
    const tasks = live(taskIds, m.tasks);
    const seenCtxs = ctxs.filter((id) => contextPerm(m, s.by, id) !== 'none');
    const seenTasks = tasks.filter((id) => taskPerm(m, s.by, id) !== 'none');
    pick = (ids, i) => (i !== null && i < 100 ? (pickFrom(ids === tasks ? seenTasks : seenCtxs, i) ?? pickFrom(ids, i)) : pickFrom(ids, i));
    switch (s.op) {
      case 'context': {
        const parent = pick(ctxs, s.parent);
        const p = parent ? contextPerm(m, s.by, parent) : 'owner';
        expected = p === 'none' ? 404 : RANK[p] < RANK.write ? 403 : parent && level(m, parent) >= 3 ? 422 : 201;
        status = (
          await as(s.by)
            .post('/contexts', { name: `c${n}`, ...(parent ? { parent_context_id: parent } : {}) })
            .then((r) => {
              apply = () => {
                ctxIds.push(r.body.data.id);
                m.contexts.set(r.body.data.id, { owner: s.by, parent });
              };
              return r;
            })
        ).status;
        break;
      }
      case 'task': {
        const context = pick(ctxs, s.context);
        const p = context ? contextPerm(m, s.by, context) : 'owner';
        expected = p === 'none' ? 404 : RANK[p] < RANK.write ? 403 : 201;
        const res = await as(s.by).post('/tasks', { title: `t${n}`, ...(context ? { context_id: context } : {}) });
        status = res.status;
        apply = () => {
          taskIds.push(res.body.data.id);
          m.tasks.set(res.body.data.id, { owner: s.by, context });
        };
        break;
      }
      case 'share': {
        const context = pick(ctxs, s.context);
        if (!context) continue;
        const p = contextPerm(m, s.by, context);
        const c = m.contexts.get(context)!;
        const existed = m.shares.has(`${context}:${s.to}`);
        expected = p === 'none' ? 404 : RANK[p] < RANK.admin ? 403 : s.to === s.by || (s.to === c.owner && c.parent === null) ? 422 : existed ? 200 : 201;
        status = (await as(s.by).post(`/contexts/${context}/share`, { user_email: users[s.to].email, permission: s.perm })).status;
        apply = () => m.shares.set(`${context}:${s.to}`, s.perm);
        break;
      }
      case 'unshare': {
        const context = pick(ctxs, s.context);
        if (!context) continue;
        const p = contextPerm(m, s.by, context);
        const self = s.who === s.by;
        expected = p === 'none' ? 404 : !self && RANK[p] < RANK.admin ? 403 : m.shares.has(`${context}:${s.who}`) ? 204 : 404;
        status = (await as(s.by).delete(`/contexts/${context}/collaborators/${users[s.who].id}`)).status;
        apply = () => {
          m.shares.delete(`${context}:${s.who}`);
          m.removals.push({ user: s.who, context });
        };
        break;
      }
      case 'move_task': {
        const task = pick(tasks, s.task);
        if (!task) continue;
        const target = pick(ctxs, s.context);
        const p = taskPerm(m, s.by, task);
        const from = m.tasks.get(task)!.context;
        const tp = target ? contextPerm(m, s.by, target) : 'owner';
        expected =
          p === 'none'
            ? 404
            : RANK[p] < RANK.write
              ? 403
              : target === from
                ? 200
                : RANK[p] < RANK.admin
                  ? 403
                  : tp === 'none'
                    ? 404
                    : RANK[tp] < RANK.write
                      ? 403
                      : 200;
        status = (await as(s.by).patch(`/tasks/${task}`, { context_id: target })).status;
        apply = () => {
          m.tasks.get(task)!.context = target;
        };
        break;
      }
      case 'move_context': {
        const context = pick(ctxs, s.context);
        if (!context) continue;
        const target = pick(ctxs, s.parent);
        const c = m.contexts.get(context)!;
        const p = contextPerm(m, s.by, context);
        const tp = target ? contextPerm(m, s.by, target) : 'owner';
        expected =
          p === 'none'
            ? 404
            : RANK[p] < RANK.write
              ? 403
              : target === c.parent
                ? 200
                : p !== 'owner'
                  ? 403
                  : tp === 'none'
                    ? 404
                    : tp !== 'owner'
                      ? 403
                      : target && subtree(m, context).includes(target)
                        ? 422
                        : (target ? level(m, target) : 0) + height(m, context) > 3
                          ? 422
                          : 200;
        status = (await as(s.by).patch(`/contexts/${context}`, { parent_context_id: target })).status;
        apply = () => {
          c.parent = target;
        };
        break;
      }
      case 'delete_task': {
        const task = pick(tasks, s.task);
        if (!task) continue;
        const p = taskPerm(m, s.by, task);
        expected = p === 'none' ? 404 : RANK[p] < RANK.admin ? 403 : 204;
        status = (await as(s.by).delete(`/tasks/${task}`)).status;
        apply = () => {
          m.tasks.delete(task);
        };
        break;
      }
      case 'cascade': {
        const context = pick(ctxs, s.context);
        if (!context) continue;
        const p = contextPerm(m, s.by, context);
        const below = subtree(m, context);
        const inside = [...m.tasks].filter(([, x]) => x.context && below.includes(x.context)).map(([id]) => id);
        const all = below.every((c) => RANK[contextPerm(m, s.by, c)] >= RANK.admin) && inside.every((id) => RANK[taskPerm(m, s.by, id)] >= RANK.admin);
        expected = p === 'none' ? 404 : RANK[p] < RANK.admin || !all ? 403 : 204;
        status = (await as(s.by).delete(`/contexts/${context}?cascade=true`)).status;
        apply = () => {
          for (const id of inside) m.tasks.delete(id);
          for (const c of below) m.contexts.delete(c);
          for (const key of [...m.shares.keys()]) if (below.includes(key.split(':')[0])) m.shares.delete(key);
        };
        break;
      }
    }
    tally[`${s.op} ${status}`] = (tally[`${s.op} ${status}`] ?? 0) + 1;
    if (status !== expected) return `step ${n} ${JSON.stringify(s)}: expected ${expected}, got ${status}`;
    if (status < 300) apply({ body: null });
  }

  // Every user's view of every context and task equals the model's.
  for (let u = 0; u < 3; u++) {
    for (const id of ctxIds) {
      const want = m.contexts.has(id) && contextPerm(m, u, id) !== 'none' ? 200 : 404;
      const got = (await as(u).get(`/contexts/${id}`)).status;
      if (got !== want) return `user ${u} GET context ${ctxIds.indexOf(id)}: expected ${want}, got ${got}`;
    }
    for (const id of taskIds) {
      const want = m.tasks.has(id) && taskPerm(m, u, id) !== 'none' ? 200 : 404;
      const got = (await as(u).get(`/tasks/${id}`)).status;
      if (got !== want) return `user ${u} GET task ${taskIds.indexOf(id)}: expected ${want}, got ${got}`;
    }
    const listed = new Set<string>([
      ...(await as(u).get('/tasks?limit=100')).body.data.map((x: { id: string }) => x.id),
      ...(await as(u).get('/contexts?limit=100')).body.data.map((x: { id: string }) => x.id),
    ]);
    const visible = [
      ...[...m.tasks.keys()].filter((id) => taskPerm(m, u, id) !== 'none'),
      ...[...m.contexts.keys()].filter((id) => contextPerm(m, u, id) !== 'none'),
    ];
    if (listed.size !== visible.length || visible.some((id) => !listed.has(id))) return `user ${u}: lists disagree with the model`;

    // No door has rules of its own: CalDAV shows exactly the tasks the model does, and takes a write
    // (the object put back as it is) exactly where the model allows one.
    const overDav = await caldavTasks(users[u]);
    const seen = [...m.tasks.keys()].filter((id) => taskPerm(m, u, id) !== 'none');
    if (overDav.size !== seen.length || seen.some((id) => !overDav.has(id))) return `user ${u}: CalDAV shows other tasks than the model`;
    const byRank = [...overDav].sort(([a], [b]) => RANK[taskPerm(m, u, a)] - RANK[taskPerm(m, u, b)]);
    for (const [id, href] of [...byRank.slice(0, 2), ...byRank.slice(2).slice(-1)]) {
      const got = await dav(t, users[u])('GET', href);
      const put = await dav(t, users[u])('PUT', href, got.body, { 'if-match': String(got.headers.etag) });
      const want = RANK[taskPerm(m, u, id)] >= RANK.write ? 204 : 403;
      tally[`caldav put ${put.status}`] = (tally[`caldav put ${put.status}`] ?? 0) + 1;
      if (put.status !== want) return `user ${u} CalDAV PUT task ${taskIds.indexOf(id)}: expected ${want}, got ${put.status}`;
    }
  }

  // Removed from a tree and holding nothing in it now (no share, not its owner): nothing in it answers.
  for (const { user: u, context } of m.removals) {
    if (!m.contexts.has(context)) continue;
    const root = rootOf(m, context);
    const tree = subtree(m, root);
    const holds = m.contexts.get(root)!.owner === u || tree.some((c) => m.shares.has(`${c}:${u}`));
    if (holds) continue;
    const inTree = [...m.tasks].filter(([, x]) => x.context && tree.includes(x.context)).map(([id]) => `/tasks/${id}`);
    for (const path of [...tree.map((c) => `/contexts/${c}`), ...inTree]) {
      const got = (await as(u).get(path)).status;
      if (got !== 404) return `former collaborator ${u} reached ${path} (${got})`;
    }
  }
  return null;
}

describe('access model (D9 + D9a), property-based', () => {
  it("every answer and every user's view agree with the reference model", async () => {
    const seed = Number(process.env.ACCESS_MODEL_SEED ?? 140914);
    const numRuns = Number(process.env.ACCESS_MODEL_RUNS ?? 24);
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 4, maxLength: 30 }), async (steps) => {
        const problem = await runSequence(steps);
        expect(problem).toBeNull();
      }),
      { seed, numRuns, endOnFailure: false },
    );
  }, 600_000);
});
