/**
 * Record factories for tests: each makes one record through the HTTP API (so every rule and
 * change-log row applies, as for a real client), checks it was accepted, and returns it. Overrides
 * replace the defaults field by field.
 */
import { expect } from 'vitest';
import type { Res, TestApp, TestUser } from './app.js';

export type Permission = 'read' | 'write' | 'admin';

async function accepted<T = any>(res: Res, what: string): Promise<T> {
  expect([200, 201, 204], `${what}: ${JSON.stringify(res.body)}`).toContain(res.status);
  return res.body?.data as T;
}

/** The id of what a request made: the test fails unless it answered 201. */
export async function made(p: Promise<Res>): Promise<string> {
  const res = await p;
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.id;
}

export async function createContext(
  t: TestApp,
  owner: TestUser,
  name = 'context',
  parentId: string | null = null,
  extra: Record<string, unknown> = {},
): Promise<string> {
  return (await accepted(await t.as(owner).post('/contexts', { name, parent_context_id: parentId, ...extra }), 'create context')).id;
}

export async function createTask(t: TestApp, owner: TestUser, overrides: Record<string, unknown> = {}) {
  return accepted(await t.as(owner).post('/tasks', { title: 'task', ...overrides }), 'create task');
}

export async function createEvent(t: TestApp, owner: TestUser, overrides: Record<string, unknown> = {}) {
  return accepted(
    await t.as(owner).post('/events', {
      title: 'event',
      start_time: '2026-05-04T09:00:00Z',
      end_time: '2026-05-04T10:00:00Z',
      ...overrides,
    }),
    'create event',
  );
}

export async function share(t: TestApp, owner: TestUser, contextId: string, user: TestUser, permission: Permission) {
  await accepted(await t.as(owner).post(`/contexts/${contextId}/share`, { user_email: user.email, permission }), 'share');
}

export async function unshare(t: TestApp, owner: TestUser, contextId: string, user: TestUser) {
  await accepted(await t.as(owner).delete(`/contexts/${contextId}/collaborators/${user.id}`), 'unshare');
}

/** Re-parents a context (a move of a whole subtree). */
export async function moveContext(t: TestApp, owner: TestUser, contextId: string, parentId: string | null) {
  await accepted(await t.as(owner).patch(`/contexts/${contextId}`, { parent_context_id: parentId }), 'move context');
}
