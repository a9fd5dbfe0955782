/**
 * Sync-collection for a collaborator removed from a calendar and shared in again (audit 9, A4): what
 * was made and deleted (or made and moved away) while they were out is not named in the report, not
 * even as a removed href (D9a); what they held and was deleted meanwhile is (RFC 6578 3.5.2).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestUser } from '../helpers/app.js';
import { made } from '../helpers/factories.js';
import { dav, home, responses, syncBody, syncTokenOf } from './helpers.js';

let t: TestApp;
let owner: TestUser;
let collab: TestUser;
beforeAll(async () => {
  t = await startTestApp();
  owner = await t.user('owner');
  collab = await t.user('collab');
});
afterAll(() => t?.close());

describe('a collaborator out of the tree and back', () => {
  it('hears of the task they held and was deleted, never of those made while they were out', async () => {
    const A = t.as(owner);
    const W = await made(A.post('/contexts', { name: 'shared' }));
    const P = await made(A.post('/contexts', { name: 'private' }));
    expect((await A.post(`/contexts/${W}/share`, { user_email: collab.email, permission: 'write' })).status).toBe(201);
    const held = await made(A.post('/tasks', { title: 'held', context_id: W }));
    const collection = `${home(collab)}${W}-tasks/`;
    const dv = dav(t, collab);
    const first = await dv('REPORT', collection, syncBody(''), { depth: '1' });
    expect(responses(first.body).map((r) => r.href.split('/').pop())).toEqual([`${held}.ics`]);
    const token = syncTokenOf(first.body)!;

    expect((await A.delete(`/contexts/${W}/collaborators/${collab.id}`)).status).toBe(204);
    const madeAndDeleted = await made(A.post('/tasks', { title: 'made while out', context_id: W }));
    expect((await A.delete(`/tasks/${madeAndDeleted}`)).status).toBe(204);
    const madeAndMoved = await made(A.post('/tasks', { title: 'made while out, moved away', context_id: W }));
    expect((await A.patch(`/tasks/${madeAndMoved}`, { context_id: P })).status).toBe(200);
    expect((await A.delete(`/tasks/${held}`)).status).toBe(204);
    expect((await A.post(`/contexts/${W}/share`, { user_email: collab.email, permission: 'write' })).status).toBe(201);

    const later = await dv('REPORT', collection, syncBody(token), { depth: '1' });
    expect(later.status).toBe(207);
    expect(later.body).not.toContain(madeAndDeleted);
    expect(later.body).not.toContain(madeAndMoved);
    expect(responses(later.body).map((r) => [r.href.split('/').pop(), r.status.includes('404')])).toEqual([[`${held}.ics`, true]]);
  });
});
