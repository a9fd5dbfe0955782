/**
 * A comment is named by its id or by its created_at (SPEC Comment table: "also serves as the
 * comment identifier"; D3; audit 6, B17), with the same access rules either way.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestUser } from '../helpers/app.js';
import { createContext, createEvent, createTask, share } from '../helpers/factories.js';

let t: TestApp;
let owner: TestUser;
let writer: TestUser;
let stranger: TestUser;
let contextId: string;
beforeAll(async () => {
  t = await startTestApp();
  [owner, writer, stranger] = await Promise.all([t.user('owner'), t.user('writer'), t.user('stranger')]);
  contextId = await createContext(t, owner, 'shared');
  await share(t, owner, contextId, writer, 'write');
});
afterAll(async () => {
  await t.close();
});

describe.each(['tasks', 'events'] as const)('comments on %s by created_at', (kind) => {
  const parent = async () => (kind === 'tasks' ? createTask(t, owner, { context_id: contextId }) : createEvent(t, owner, { context_id: contextId }));
  const comment = async (user: TestUser, id: string, message: string) => {
    const res = await t.as(user).post(`/${kind}/${id}/comments`, { message });
    expect(res.status).toBe(201);
    return res.body.data;
  };

  it('PUT and DELETE take the created_at as shown, URL-encoded, or with another offset', async () => {
    const rec = await parent();
    const c = await comment(owner, rec.id, 'first');
    const as = t.as(owner);
    const put = await as.put(`/${kind}/${rec.id}/comments/${c.created_at}`, { message: 'edited by time' });
    expect(put.status).toBe(200);
    expect(put.body.data).toMatchObject({ id: c.id, message: 'edited by time', created_at: c.created_at });
    const encoded = await as.patch(`/${kind}/${rec.id}/comments/${encodeURIComponent(c.created_at)}`, { message: 'encoded' });
    expect(encoded.body.data).toMatchObject({ id: c.id, message: 'encoded' });
    // The same instant written with an offset.
    const ms = Date.parse(c.created_at);
    const shifted = new Date(ms + 2 * 3600_000).toISOString().replace('Z', '+02:00');
    const viaOffset = await as.put(`/${kind}/${rec.id}/comments/${encodeURIComponent(shifted)}`, { message: 'offset' });
    expect(viaOffset.body.data).toMatchObject({ id: c.id, message: 'offset' });
    // By id still works.
    expect((await as.put(`/${kind}/${rec.id}/comments/${c.id}`, { message: 'by id' })).body.data.message).toBe('by id');

    expect((await as.delete(`/${kind}/${rec.id}/comments/${encodeURIComponent(c.created_at)}`)).status).toBe(204);
    expect((await as.get(`/${kind}/${rec.id}/comments`)).body.data).toEqual([]);
    expect((await as.delete(`/${kind}/${rec.id}/comments/${c.created_at}`)).status).toBe(404);
  });

  it('same access rules as by id: strangers 404, others 403, unknown instants and garbage 404', async () => {
    const rec = await parent();
    const c = await comment(owner, rec.id, 'owner says');
    expect((await t.as(stranger).put(`/${kind}/${rec.id}/comments/${c.created_at}`, { message: 'x' })).status).toBe(404);
    expect((await t.as(stranger).delete(`/${kind}/${rec.id}/comments/${c.created_at}`)).status).toBe(404);
    const notAuthor = await t.as(writer).put(`/${kind}/${rec.id}/comments/${c.created_at}`, { message: 'x' });
    expect(notAuthor.status).toBe(403);
    expect((await t.as(writer).delete(`/${kind}/${rec.id}/comments/${c.created_at}`)).status).toBe(403);
    expect((await t.as(owner).put(`/${kind}/${rec.id}/comments/2001-01-01T00:00:00.000Z`, { message: 'x' })).status).toBe(404);
    for (const bad of ['2026-02-30T10:00:00Z', '2026-11-26T18:11:42', 'yesterday', '10000-01-01T00:00:00Z']) {
      expect((await t.as(owner).put(`/${kind}/${rec.id}/comments/${encodeURIComponent(bad)}`, { message: 'x' })).status).toBe(404);
    }
  });

  it('comments sharing an instant: the caller own first, then the lowest id', async () => {
    const rec = await parent();
    const mine = await comment(writer, rec.id, 'writer');
    const theirs = await comment(owner, rec.id, 'owner one');
    const theirs2 = await comment(owner, rec.id, 'owner two');
    // Made in the same millisecond (a fixture: the clock rarely obliges).
    const at = mine.created_at;
    await t.app.database.db.updateTable('comments').set({ created_at: at }).where('id', 'in', [theirs.id, theirs2.id]).execute();

    const w = await t.as(writer).put(`/${kind}/${rec.id}/comments/${at}`, { message: 'writer edit' });
    expect(w.status).toBe(200);
    expect(w.body.data.id).toBe(mine.id);
    const o = await t.as(owner).put(`/${kind}/${rec.id}/comments/${at}`, { message: 'owner edit' });
    expect(o.body.data.id).toBe([theirs.id, theirs2.id].sort()[0]);
  });
});

describe.each(['tasks', 'events'] as const)('a comment on %s sent back as GET shows it (D3, SPEC access rule 3)', (kind) => {
  const parent = async () => (kind === 'tasks' ? createTask(t, owner, { context_id: contextId }) : createEvent(t, owner, { context_id: contextId }));

  it('read-only fields are ignored; user_id may name the caller, never another user', async () => {
    const rec = await parent();
    const as = t.as(writer);
    const echoed = await as.post(`/${kind}/${rec.id}/comments`, {
      message: 'with echoes',
      user_id: writer.id,
      id: '11111111-1111-4111-8111-111111111111',
      task_id: rec.id,
      event_id: rec.id,
      created_at: '2020-01-01T00:00:00Z',
      updated_at: '2020-01-01T00:00:00Z',
    });
    expect(echoed.status).toBe(201);
    expect(echoed.body.data.id).not.toBe('11111111-1111-4111-8111-111111111111');
    expect(echoed.body.data.created_at).not.toBe('2020-01-01T00:00:00.000Z');
    expect(echoed.body.data.user_id).toBe(writer.id);

    const other = await as.post(`/${kind}/${rec.id}/comments`, { message: 'as the owner', user_id: owner.id });
    expect(other.status).toBe(403);

    // A GET's comment, message changed, PUT back as it is.
    const shown = (await as.get(`/${kind}/${rec.id}/comments`)).body.data.find((c: { id: string }) => c.id === echoed.body.data.id);
    const put = await as.put(`/${kind}/${rec.id}/comments/${shown.id}`, { ...shown, message: 'edited' });
    expect(put.status).toBe(200);
    expect(put.body.data).toMatchObject({ id: shown.id, user_id: writer.id, message: 'edited', created_at: shown.created_at });
    expect((await as.put(`/${kind}/${rec.id}/comments/${shown.id}`, { ...shown, user_id: owner.id })).status).toBe(403);

    const listed = (await as.get(`/${kind}/${rec.id}/comments`)).body.data.map((c: { message: string }) => c.message);
    expect(listed).toEqual(['edited']);
  });

  it('a stranger naming any user_id learns nothing: 404', async () => {
    const rec = await parent();
    const res = await t.as(stranger).post(`/${kind}/${rec.id}/comments`, { message: 'hi', user_id: owner.id });
    expect(res.status).toBe(404);
  });
});
