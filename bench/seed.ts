/**
 * Bench data: one viewer who sees `records` tasks and as many events through shares, spread over
 * `contexts` contexts owned by someone else (shared at the top of small trees, so most of the
 * access is inherited), plus a stranger's records the viewer must not see. Rows are written in
 * batches straight through Kysely: the point is the read path, not the write path.
 */
import { randomUUID } from 'node:crypto';
import type { Db } from '../src/db/database.js';

export interface SeedOptions {
  ownerId: string;
  viewerId: string;
  strangerId: string;
  contexts: number;
  records: number;
  /** Each shared root has this many contexts in its tree (root + children). */
  treeSize?: number;
  /** Spread of created_at and start_time, from this instant onwards. */
  from?: Date;
  days?: number;
}

const iso = (ms: number) => new Date(ms).toISOString();

async function insertBatches(db: Db, table: 'tasks' | 'events' | 'contexts' | 'context_shares', rows: object[], size = 500) {
  for (let i = 0; i < rows.length; i += size)
    await db
      .insertInto(table)
      .values(rows.slice(i, i + size) as any)
      .execute();
}

export async function seedVisibility(db: Db, o: SeedOptions) {
  return db.transaction().execute((tx) => seed(tx, o));
}

async function seed(db: Db, o: SeedOptions) {
  const treeSize = o.treeSize ?? 10;
  const start = (o.from ?? new Date('2026-01-01T00:00:00Z')).getTime();
  const spanMs = (o.days ?? 365) * 86_400_000;
  const now = iso(start);
  const contexts: Array<Record<string, unknown>> = [];
  const shares: Array<Record<string, unknown>> = [];
  let root = '';
  for (let i = 0; i < o.contexts; i++) {
    const id = randomUUID();
    const isRoot = i % treeSize === 0;
    if (isRoot) {
      root = id;
      shares.push({ context_id: id, user_id: o.viewerId, permission: i % 3 === 0 ? 'write' : 'read', shared_at: now, shared_by: o.ownerId });
    }
    contexts.push({
      id,
      user_id: o.ownerId,
      parent_context_id: isRoot ? null : root,
      name: `Context ${i}`,
      description: null,
      color: null,
      created_at: now,
      updated_at: now,
    });
  }
  await insertBatches(db, 'contexts', contexts);
  await insertBatches(db, 'context_shares', shares);

  const versioned = {
    version_major: 1,
    version_minor: 0,
    is_published: 1,
    draft: null,
    source: null,
    source_email_id: null,
    extracted_at: null,
    extraction_confidence: null,
  };
  const make = (n: number, userId: string, contextOf: (i: number) => string | null) => {
    const tasks: object[] = [];
    const events: object[] = [];
    for (let i = 0; i < n; i++) {
      const t = start + Math.floor((i / n) * spanMs) + (i % 997);
      const at = iso(t);
      const contextId = contextOf(i);
      tasks.push({
        id: randomUUID(),
        user_id: userId,
        context_id: contextId,
        title: `Task ${i}`,
        description: null,
        status: i % 4,
        priority: i % 4,
        due_date: i % 5 ? iso(t + 86_400_000) : null,
        estimated_minutes: null,
        completed_at: null,
        created_at: at,
        updated_at: at,
        ...versioned,
      });
      const startTime = start + Math.floor((((i * 7919) % n) / n) * spanMs);
      events.push({
        id: randomUUID(),
        user_id: userId,
        context_id: contextId,
        title: `Event ${i}`,
        description: null,
        start_time: iso(startTime),
        end_time: iso(startTime + 3_600_000),
        location: null,
        all_day: 0,
        ical_uid: null,
        ical_sequence: null,
        created_at: at,
        updated_at: at,
        ...versioned,
      });
    }
    return { tasks, events };
  };
  const visible = make(o.records, o.ownerId, (i) => contexts[i % contexts.length].id as string);
  await insertBatches(db, 'tasks', visible.tasks);
  await insertBatches(db, 'events', visible.events);
  const noise = make(Math.floor(o.records / 5), o.strangerId, () => null);
  await insertBatches(db, 'tasks', noise.tasks);
  await insertBatches(db, 'events', noise.events);
  return { contextIds: contexts.map((c) => c.id as string) };
}
