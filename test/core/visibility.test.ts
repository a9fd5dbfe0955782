/**
 * Both list plans of core/access/visibility.store.ts (global order, per branch) give exactly the
 * pages a plain "filter everything, then sort" would, for every sort, filter and offset.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Condition } from '../../src/core/access/visibility.store.js';
import { pageVisible } from '../../src/core/access/visible-pages.store.js';
import { listVisibleTasks } from '../../src/core/tasks/tasks.store.js';
import { startTestApp, type TestApp, type TestUser } from '../helpers/app.js';
import { createContext, createEvent, createTask, share } from '../helpers/factories.js';

let t: TestApp;
let viewer: TestUser;
const visible = new Map<string, { id: string; created_at: string; title: string; start_time?: string; status?: number }>();

beforeAll(async () => {
  t = await startTestApp();
  const owner = await t.user();
  viewer = await t.user();
  const stranger = await t.user();
  const o = t.as(owner);
  const shared = await createContext(t, owner, 'shared');
  const child = await createContext(t, owner, 'child', shared);
  const hidden = await createContext(t, owner, 'hidden');
  await share(t, owner, shared, viewer, 'write');
  const titles = ['delta', 'alpha', 'echo', 'bravo', 'charlie', 'alpha'];
  for (let i = 0; i < 18; i++) {
    const where = [shared, child, hidden, null][i % 4];
    const author = i % 5 === 0 ? t.as(viewer) : o;
    const res = await author.post('/events', {
      title: titles[i % titles.length],
      context_id: where === hidden && author !== o ? null : where,
      start_time: new Date(Date.UTC(2026, 0, 1 + ((i * 7) % 18))).toISOString(),
      end_time: new Date(Date.UTC(2026, 0, 2 + ((i * 7) % 18))).toISOString(),
    });
    const task = await author.post('/tasks', {
      title: titles[i % titles.length],
      context_id: res.body.data.context_id,
      status: i % 3 ? 'pending' : 'in_progress',
    });
    const sees = author !== o || res.body.data.context_id === shared || res.body.data.context_id === child;
    if (sees) visible.set(task.body.data.id, task.body.data);
    if (i === 7) await o.post(`/events/${res.body.data.id}/attendees`, { user_email: viewer.email });
  }
  await t.as(stranger).post('/tasks', { title: 'not yours' });
});
afterAll(async () => {
  await t.close();
});

describe('visibility plans', () => {
  it('give the same task pages as a plain filter-then-sort, for every offset and sort', async () => {
    const db = t.app.database.db;
    const all = [...visible.values()];
    const reference = (field: 'created_at' | 'title', desc: boolean) =>
      [...all]
        .sort((a, b) => {
          const c = a[field] < b[field] ? -1 : a[field] > b[field] ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
          return desc ? -c : c;
        })
        .map((r) => r.id);
    for (const [field, desc] of [
      ['created_at', true],
      ['created_at', false],
      ['title', false],
      ['title', true],
    ] as const) {
      const expected = reference(field, desc);
      for (const offset of [0, 3, 10, 30]) {
        for (const plan of ['global', 'branches'] as const) {
          const page = await pageVisible<{ id: string }>(db, viewer.id, 'tasks', [], [{ field, desc }], { limit: 4, offset }, { plan });
          expect(page.total).toBe(all.length);
          expect(
            page.rows.map((r) => r.id),
            `${field} ${desc} ${offset} ${plan}`,
          ).toEqual(expected.slice(offset, offset + 4));
        }
      }
    }
    const unpinned = await listVisibleTasks(db, viewer.id, {}, [{ field: 'created_at', desc: true }], { limit: 100, offset: 0 });
    expect(unpinned.rows.map((r) => r.id)).toEqual(reference('created_at', true));
  });

  it("unpinned lists (the plan chosen from the counts, then from the caller's last plan) give the pinned plans' pages and totals", async () => {
    const db = t.app.database.db;
    const nobody = await t.user();
    for (const filter of [null, [['status', '=', 0]] as Condition[]]) {
      for (const sort of [[{ field: 'created_at', desc: true }], [{ field: 'title', desc: false }]]) {
        for (const offset of [0, 3, 10, 30]) {
          const pinned = await pageVisible<{ id: string }>(db, viewer.id, 'tasks', filter, sort, { limit: 4, offset }, { plan: 'branches' });
          // The first call leaves a plan hint, the second follows it.
          for (const round of [1, 2]) {
            const page = await pageVisible<{ id: string }>(db, viewer.id, 'tasks', filter, sort, { limit: 4, offset });
            const label = `${JSON.stringify(filter)} ${sort[0].field} offset ${offset} round ${round}`;
            expect(page.total, label).toBe(pinned.total);
            expect(
              page.rows.map((r) => r.id),
              label,
            ).toEqual(pinned.rows.map((r) => r.id));
          }
        }
        if (!filter) expect((await pageVisible(db, viewer.id, 'tasks', filter, sort, { limit: 4, offset: 0 })).total).toBe(visible.size);
        for (const offset of [0, 5]) {
          for (let round = 0; round < 2; round++)
            expect(await pageVisible(db, nobody.id, 'tasks', filter, sort, { limit: 4, offset })).toEqual({ rows: [], total: 0 });
        }
      }
    }
  });

  it('a caller who sees only their own records outside contexts gets the same pages read straight off their index', async () => {
    const db = t.app.database.db;
    const loner = await t.user();
    for (let i = 0; i < 7; i++) await createTask(t, loner, { title: ['kilo', 'alpha', 'lima', 'bravo'][i % 4] });
    const events = [];
    for (let i = 0; i < 3; i++) events.push(await createEvent(t, loner, { title: `e${i}` }));
    for (const table of ['tasks', 'events'] as const) {
      for (const sort of [[{ field: 'created_at', desc: true }], [{ field: 'created_at', desc: false }], [{ field: 'title', desc: false }]]) {
        for (const offset of [0, 2, 6, 9]) {
          const pinned = await pageVisible<{ id: string }>(db, loner.id, table, null, sort, { limit: 3, offset }, { plan: 'branches' });
          const page = await pageVisible<{ id: string }>(db, loner.id, table, null, sort, { limit: 3, offset });
          expect(page.total).toBe(table === 'tasks' ? 7 : 3);
          expect(
            page.rows.map((r) => r.id),
            `${table} ${sort[0].field} ${sort[0].desc} ${offset}`,
          ).toEqual(pinned.rows.map((r) => r.id));
        }
      }
    }
    expect(events).toHaveLength(3);
  });

  it('agree on filtered event pages including attended events', async () => {
    const db = t.app.database.db;
    const filter: Condition[] = [
      ['start_time', '<', '2026-01-12T00:00:00.000Z'],
      ['end_time', '>', '2026-01-03T00:00:00.000Z'],
    ];
    const pages = await Promise.all(
      (['global', 'branches'] as const).map((plan) =>
        pageVisible<{ id: string }>(db, viewer.id, 'events', filter, [{ field: 'start_time', desc: false }], { limit: 100, offset: 0 }, { plan }),
      ),
    );
    expect(pages[0].rows.map((r) => r.id)).toEqual(pages[1].rows.map((r) => r.id));
    expect(pages[0].total).toBe(pages[0].rows.length);
    const api = await t.as(viewer).get('/events?from=2026-01-03T00:00:00Z&to=2026-01-12T00:00:00Z&limit=100');
    expect(api.body.data.map((e: any) => e.id)).toEqual(pages[0].rows.map((r) => r.id));
  });
});

describe('record counts', () => {
  it('unfiltered totals (from record_counts) match live counts through creates, moves and deletes', async () => {
    const db = t.app.database.db;
    const owner = await t.user();
    const friend = await t.user();
    const o = t.as(owner);
    const a = await createContext(t, owner, 'a');
    const b = await createContext(t, owner, 'b', a);
    await share(t, owner, a, friend, 'write');
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) ids.push((await createTask(t, i % 2 ? friend : owner, { title: `t${i}`, context_id: [a, b, null][i % 3] })).id);
    await createEvent(t, friend, { title: 'e', context_id: b });
    await o.patch(`/tasks/${ids[0]}`, { context_id: b });
    await o.patch(`/tasks/${ids[2]}`, { context_id: null });
    await o.delete(`/tasks/${ids[3]}`);
    const check = async () => {
      for (const user of [owner, friend, viewer]) {
        for (const table of ['tasks', 'events'] as const) {
          const counted = await pageVisible(db, user.id, table, null, [{ field: 'created_at', desc: true }], { limit: 1, offset: 0 });
          const live = await pageVisible(db, user.id, table, [], [{ field: 'created_at', desc: true }], { limit: 1, offset: 0 });
          expect(counted.total, `${table}`).toBe(live.total);
        }
      }
    };
    await check();
    await o.delete(`/contexts/${a}/collaborators/${friend.id}`);
    await check();
    await o.delete(`/contexts/${a}?cascade=true`);
    await check();
  });
});
