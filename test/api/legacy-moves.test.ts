/**
 * docs/access.md, "Records and trees made under the older rules": the query it gives an operator
 * lists the context moves D9a no longer allows (an admin collaborator moving the owner's context
 * under their own tree, as finding 1 of issue 14 did), and no legitimate move; the fix it gives
 * (the new tree owner moves the context to the top) hands the context back to its owner.
 *
 * The older move is written as the code before D9a wrote it: the row's new parent and the same
 * change-log entry (`contextUpdated` by the admin). The query is read from the document itself,
 * so the two cannot drift apart.
 */
import fs from 'node:fs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contextUpdated } from '../../src/core/changes/change.js';
import { recordChanges } from '../../src/core/changes/change-log.js';
import { unitOfWork } from '../../src/db/unit-of-work.js';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { createContext, share } from '../helpers/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

function documentedQuery(): string {
  const doc = fs.readFileSync(new URL('../../docs/access.md', import.meta.url), 'utf8');
  const m = /```sql\n(WITH RECURSIVE up[\s\S]*?)```/.exec(doc);
  if (!m) throw new Error('docs/access.md has no moves query');
  return m[1];
}

describe('moves made under the rules before D9a (docs/access.md)', () => {
  it('are listed by the documented query, legitimate moves are not, and the documented fix hands the context back', async () => {
    const owner = await t.user();
    const admin = await t.user();
    const writer = await t.user();
    const db = t.app.database.db;

    // The owner's top-level context, shared with an admin, who has a tree of their own.
    const taken = await createContext(t, owner, 'taken');
    await share(t, owner, taken, admin, 'admin');
    const adminsTree = await createContext(t, admin, 'admin tree');
    // Legitimate moves: the owner moves their own context; the owner, as tree owner, moves a
    // context a collaborator made inside the owner's tree.
    const home = await createContext(t, owner, 'home');
    const mine = await createContext(t, owner, 'mine');
    expect((await t.as(owner).patch(`/contexts/${mine}`, { parent_context_id: home })).status).toBe(200);
    await share(t, owner, home, writer, 'write');
    // Made in a parent the writer made too: its old parent is the writer's, its tree the owner's.
    const writersParent = await createContext(t, writer, 'writer parent', home);
    const writers = await createContext(t, writer, 'writer made', writersParent);
    const elsewhere = await createContext(t, owner, 'elsewhere', home);
    expect((await t.as(owner).patch(`/contexts/${writers}`, { parent_context_id: elsewhere })).status).toBe(200);

    // The older admin's move, as the code before D9a made it.
    await unitOfWork(db).write(async (tx) => {
      const before = await tx.selectFrom('contexts').selectAll().where('id', '=', taken).executeTakeFirstOrThrow();
      const after = { ...before, parent_context_id: adminsTree };
      await tx.updateTable('contexts').set({ parent_context_id: adminsTree }).where('id', '=', taken).execute();
      await recordChanges(tx, { userId: admin.id, email: admin.email, via: 'rest' }, [contextUpdated(before, after, ['parent_context_id'])]);
    });
    // Under D9a the tree is the admin's now: the owner has lost the context, revocation included.
    expect((await t.as(owner).get(`/contexts/${taken}`)).status).toBe(404);
    expect((await t.as(owner).delete(`/contexts/${taken}/collaborators/${admin.id}`)).status).toBe(404);

    const { rows } = await sql.raw<{ id: string; owner: string; moved_by: string; old_parent: string | null }>(documentedQuery()).execute(db);
    expect(rows.map((r) => [r.id, r.owner, r.moved_by, r.old_parent])).toEqual([[taken, owner.id, admin.id, null]]);

    // The documented fix: the new tree owner moves it to the top; it is the owner's again.
    expect((await t.as(admin).patch(`/contexts/${taken}`, { parent_context_id: null })).status).toBe(200);
    expect((await t.as(owner).get(`/contexts/${taken}`)).status).toBe(200);
    expect((await t.as(owner).delete(`/contexts/${taken}/collaborators/${admin.id}`)).status).toBe(204);
    expect((await t.as(admin).get(`/contexts/${taken}`)).status).toBe(404);
    expect((await sql.raw(documentedQuery()).execute(db)).rows).toEqual([]);
  });
});
