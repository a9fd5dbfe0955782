/**
 * Helpers of the sync tests: a client that keeps a local copy by replaying GET /sync, the truth
 * through the list endpoints, and short forms of the context and share routes.
 */
import { expect } from 'vitest';
import type { TestApp, TestUser } from '../helpers/app.js';

export class ReplayClient {
  readonly records = new Map<string, any>();
  cursor: string | undefined;
  readonly seen = { upsert: 0, delete: 0, access_lost: 0 };
  /** Last version applied per record, to check that no record ever goes back in time. */
  private readonly lastUpdated = new Map<string, string>();
  /** Deleted records never come back (ids are never reused). */
  private readonly deleted = new Set<string>();

  constructor(
    private readonly t: TestApp,
    readonly user: TestUser,
    private readonly limit = 100,
  ) {}

  /** Pages until hasMore is false, applying every item in order. */
  async sync(): Promise<number> {
    let pages = 0;
    for (;;) {
      const before = this.seenTotal();
      if (await this.page()) return ++pages;
      pages++;
      // An empty page with hasMore: changes wait behind an older transaction still running.
      if (this.seenTotal() === before) await new Promise((r) => setTimeout(r, 20));
    }
  }

  private seenTotal() {
    return this.seen.upsert + this.seen.delete + this.seen.access_lost;
  }

  /** One page; true when caught up (hasMore false). */
  async page(): Promise<boolean> {
    {
      const res = await this.t.as(this.user).get(`/sync?limit=${this.limit}${this.cursor ? `&cursor=${this.cursor}` : ''}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      for (const item of res.body.data) this.apply(item);
      this.cursor = res.body.meta.cursor;
      return !res.body.meta.hasMore;
    }
  }

  apply(item: { type: string; id: string; op: string; record?: any }) {
    const key = `${item.type}:${item.id}`;
    this.seen[item.op as keyof ReplayClient['seen']]++;
    if (item.op === 'upsert') {
      expect(this.deleted.has(key), `${key} upserted after its deletion`).toBe(false);
      const before = this.lastUpdated.get(key);
      if (before !== undefined) expect(item.record.updated_at >= before, `${key} went back in time`).toBe(true);
      this.lastUpdated.set(key, item.record.updated_at);
      this.records.set(key, item.record);
    } else {
      if (item.op === 'delete') this.deleted.add(key);
      this.records.delete(key);
    }
  }

  /** The local copy of one type, id -> record. */
  of(type: string): Map<string, any> {
    return new Map([...this.records].filter(([k]) => k.startsWith(`${type}:`)).map(([k, v]) => [k.slice(type.length + 1), v]));
  }
}

/**
 * Reads the feed from `cursor` until hasMore is false and returns every item and the last cursor.
 * On PostgreSQL, changes committed behind an older running transaction (any on the cluster) come a
 * moment later, with hasMore true meanwhile, so tests read to the end rather than one page.
 */
export async function drain(t: TestApp, user: TestUser, cursor: string | undefined, limit = 100) {
  const items: any[] = [];
  let pages = 0;
  for (;;) {
    const res = await t.as(user).get(`/sync?limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
    expect(res.status).toBe(200);
    expect(res.body.data.length).toBeLessThanOrEqual(limit);
    items.push(...res.body.data);
    cursor = res.body.meta.cursor as string;
    pages++;
    if (!res.body.meta.hasMore) return { items, cursor, pages };
    if (!res.body.data.length) await new Promise((r) => setTimeout(r, 20));
  }
}

/** Every record of one type the user can GET, through the list endpoint. */
export async function listAll(t: TestApp, user: TestUser, path: '/tasks' | '/events' | '/contexts'): Promise<Map<string, any>> {
  const out = new Map<string, any>();
  for (let offset = 0; ; offset += 100) {
    const res = await t.as(user).get(`${path}?limit=100&offset=${offset}`);
    expect(res.status).toBe(200);
    for (const record of res.body.data) out.set(record.id, record);
    if (!res.body.meta.pagination.hasMore) return out;
  }
}

export const tasksOf = (t: TestApp, user: TestUser) => listAll(t, user, '/tasks');
