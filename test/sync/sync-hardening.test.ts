/**
 * Issue 14, finding 3: the feed names only records the reader could see (D9a), and its cursor
 * cannot be altered (D23).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type Client, type TestApp } from '../helpers/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function drain(c: Client, cursor: string) {
  const items: Array<{ type: string; id: string; op: string }> = [];
  for (let i = 0; i < 20; i++) {
    const res = await c.get(`/sync?cursor=${cursor}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    items.push(...res.body.data);
    cursor = res.body.meta.cursor;
    if (!res.body.meta.hasMore) break;
  }
  return { items, cursor };
}

async function firstSync(c: Client) {
  let res = await c.get('/sync');
  while (res.body.meta.hasMore) res = await c.get(`/sync?cursor=${res.body.meta.cursor}`);
  return res.body.meta.cursor as string;
}

describe('access_lost names only what the reader could see', () => {
  it('after a share is removed, records made afterwards never appear, not even as ids', async () => {
    const owner = await t.user('owner');
    const friend = await t.user('friend');
    const A = t.as(owner);
    const B = t.as(friend);
    const C = (await A.post('/contexts', { name: 'shared' })).body.data.id;
    const seen = (await A.post('/tasks', { title: 'seen', context_id: C })).body.data.id;
    await A.post(`/contexts/${C}/share`, { user_email: friend.email, permission: 'read' });
    const cursor = await firstSync(B);
    expect((await A.delete(`/contexts/${C}/collaborators/${friend.id}`)).status).toBe(204);
    const later = (await A.post('/tasks', { title: 'made after', context_id: C })).body.data.id;
    const sub = (await A.post('/contexts', { name: 'sub after', parent_context_id: C })).body.data.id;
    const gone = (await A.post('/tasks', { title: 'made and deleted after', context_id: C })).body.data.id;
    await A.delete(`/tasks/${gone}`);
    const { items } = await drain(B, cursor);
    const ids = items.map((i) => i.id);
    expect(items).toContainEqual(expect.objectContaining({ id: seen, op: 'access_lost' }));
    expect(items).toContainEqual(expect.objectContaining({ id: C, op: 'access_lost' }));
    for (const never of [later, sub, gone]) expect(ids).not.toContain(never);
  });

  it('a record deleted after the reader was removed reaches them as a tombstone only if they saw it', async () => {
    const owner = await t.user('owner');
    const friend = await t.user('friend');
    const A = t.as(owner);
    const B = t.as(friend);
    const C = (await A.post('/contexts', { name: 'shared' })).body.data.id;
    const seen = (await A.post('/tasks', { title: 'seen', context_id: C })).body.data.id;
    await A.post(`/contexts/${C}/share`, { user_email: friend.email, permission: 'read' });
    const cursor = await firstSync(B);
    await A.delete(`/contexts/${C}/collaborators/${friend.id}`);
    const later = (await A.post('/tasks', { title: 'after', context_id: C })).body.data.id;
    expect((await A.delete(`/contexts/${C}?cascade=true`)).status).toBe(204);
    const { items } = await drain(B, cursor);
    expect(items.map((i) => i.id)).toContain(seen);
    expect(items.map((i) => i.id)).not.toContain(later);
  });
});

describe('signed cursors', () => {
  it('a cursor altered in any way is 400', async () => {
    const u = await t.user();
    const c = t.as(u);
    await c.post('/tasks', { title: 'x' });
    const cursor = (await c.get('/sync')).body.meta.cursor as string;
    expect((await c.get(`/sync?cursor=${cursor}`)).status).toBe(200);
    const [body, sig] = cursor.split('.');
    expect(sig).toBeTruthy();
    const parsed = JSON.parse(Buffer.from(body, 'base64url').toString());
    const rewound = Buffer.from(JSON.stringify({ ...parsed, p: [0, 0] })).toString('base64url');
    const flipped = sig.slice(0, -2) + (sig.at(-2) === 'A' ? 'B' : 'A') + sig.at(-1);
    for (const bad of [`${rewound}.${sig}`, rewound, `${body}.${flipped}`, `${body}.`, body]) {
      const res = await c.get(`/sync?cursor=${bad}`);
      expect(res.status, bad).toBe(400);
      expect(res.body.details.field).toBe('cursor');
    }
  });
});
