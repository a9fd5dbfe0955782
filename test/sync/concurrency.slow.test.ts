/**
 * PostgreSQL commits transactions in another order than they took their change-log sequence
 * numbers. Writers here take their transaction id early, sleep at random inside their transactions
 * (so later ones commit first, some roll back), while a reader pages the feed all along. Once the
 * writers stop and the reader catches up, its copy must equal what GET returns: nothing skipped,
 * no record going back in time, nothing deleted coming back.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unitOfWork } from '../../src/db/unit-of-work.js';
import type { Actor } from '../../src/core/actor.js';
import { startTestApp, type TestApp, type TestUser } from '../helpers/app.js';
import { testDialect } from '../helpers/database.js';
import { createContext, share } from '../helpers/factories.js';
import { ReplayClient, tasksOf } from './replay-client.js';

const ROUNDS = 20;
const WRITERS = 4;
const OPS_PER_WRITER = 8;

let t: TestApp;
beforeAll(async () => {
  if (testDialect() === 'postgres') t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

const actorOf = (u: TestUser): Actor => ({ userId: u.id, email: u.email, via: 'rest' });
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.skipIf(testDialect() !== 'postgres')('feed under concurrent writers (PostgreSQL)', () => {
  it(`never skips a change (${ROUNDS} rounds)`, { timeout: 240_000 }, async () => {
    const db = t.app.database.db;
    const { tasks } = t.app.services;
    let heldBack = 0;
    let rolledBack = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const owner = await t.user('owner');
      const reader = await t.user('reader');
      const shared = await createContext(t, owner, 'shared');
      await share(t, owner, shared, reader, 'write');
      const client = new ReplayClient(t, reader, 4);
      await client.sync();
      const ids: string[] = [];

      /** One transaction: take a transaction id, sleep, write through the use case, sleep, commit. */
      const step = async (who: TestUser) => {
        const roll = Math.random();
        try {
          await unitOfWork(db).write(async (tx) => {
            await sql`SELECT pg_current_xact_id(), pg_sleep(${Math.random() * 0.03})`.execute(tx);
            if (roll < 0.45 || ids.length < 3) {
              const made = await tasks.create(actorOf(who), { title: `r${round}`, context_id: Math.random() < 0.8 ? shared : undefined });
              ids.push(made.id);
            } else if (roll < 0.85) {
              const id = ids[Math.floor(Math.random() * ids.length)];
              await tasks.update(actorOf(who), id, { title: `edit ${Math.random()}` }, { publish: Math.random() < 0.5 });
            } else {
              const id = ids[Math.floor(Math.random() * ids.length)];
              await tasks.remove(actorOf(owner), id);
            }
            await sql`SELECT pg_sleep(${Math.random() * 0.03})`.execute(tx);
            if (Math.random() < 0.1) throw new Error('rollback on purpose');
          });
        } catch {
          rolledBack++; // also a task deleted meanwhile (404) or a lost race: nothing committed
        }
      };

      let writing = true;
      const writers = Array.from({ length: WRITERS }, async (_, w) => {
        for (let i = 0; i < OPS_PER_WRITER; i++) await step(w % 2 ? reader : owner);
      });
      const readerLoop = (async () => {
        while (writing) {
          const before = client.records.size;
          await client.page();
          if (client.records.size === before) heldBack++;
          await pause(Math.random() * 10);
        }
      })();
      await Promise.all(writers);
      writing = false;
      await readerLoop;
      await client.sync();

      const truth = await tasksOf(t, reader);
      const copy = client.of('task');
      expect([...copy.keys()].sort(), `round ${round}`).toEqual([...truth.keys()].sort());
      for (const [id, task] of truth) expect(copy.get(id), `round ${round}, task ${id}`).toEqual(task);
    }
    console.log(
      `concurrency: ${ROUNDS} rounds passed (${WRITERS} writers x ${OPS_PER_WRITER} transactions each; ${rolledBack} rolled back; ${heldBack} reader pages without new records)`,
    );
  });
});
