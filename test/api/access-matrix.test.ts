/**
 * The access policy as a table (SPEC "Access control rules", D9), checked through the REST API.
 * The same tables are in docs/access.md; change both together.
 *
 * World, rebuilt for every role so destructive operations cannot disturb the next row:
 *   R (owned by ancestor_owner) > C (owned by context_owner) > the record (owned by record_owner).
 *   Shares on C: admin_collab admin, write_collab write, read_collab read (plus one spare read
 *   collaborator to remove). Share on R: parent_collab write. record_owner and assignee had a share
 *   on C while the record was made and assigned; both shares are gone again (so ownership and
 *   assignment are all they hold). attendee is a registered attendee of the event.
 *
 * Cells: an HTTP status, `yes`/`no` for "the record appears in the list", `-` for not applicable.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type Client, type TestApp, type TestUser } from '../helpers/app.js';

const OPS = ['read', 'list', 'update', 'delete', 'comment', 'create_inside', 'share', 'remove_collaborator', 'delete_context', 'assign', 'add_attendee', 'change_rsvp'] as const;
type Op = (typeof OPS)[number];
const ROLES = ['record_owner', 'context_owner', 'ancestor_owner', 'admin_collab', 'write_collab', 'read_collab', 'parent_collab', 'attendee', 'assignee', 'stranger'] as const;
type Role = (typeof ROLES)[number];

function table(text: string): Map<Role, Record<Op, string>> {
  const [head, ...lines] = text.trim().split('\n').map((l) => l.split('|').map((c) => c.trim()));
  expect(head.slice(1)).toEqual([...OPS]);
  return new Map(lines.map((cells) => [cells[0] as Role, Object.fromEntries(OPS.map((op, i) => [op, cells[i + 1]])) as Record<Op, string>]));
}

const TASKS = table(`
role           | read | list | update | delete | comment | create_inside | share | remove_collaborator | delete_context | assign | add_attendee | change_rsvp
record_owner   | 200  | yes  | 200    | 204    | 201     | 404           | 404   | 404                 | 404            | 201    | -            | -
context_owner  | 200  | yes  | 200    | 204    | 201     | 201           | 201   | 204                 | 204            | 201    | -            | -
ancestor_owner | 200  | yes  | 200    | 204    | 201     | 201           | 201   | 204                 | 204            | 201    | -            | -
admin_collab   | 200  | yes  | 200    | 204    | 201     | 201           | 201   | 204                 | 204            | 201    | -            | -
write_collab   | 200  | yes  | 200    | 403    | 201     | 201           | 403   | 403                 | 403            | 201    | -            | -
read_collab    | 200  | yes  | 403    | 403    | 403     | 403           | 403   | 403                 | 403            | 403    | -            | -
parent_collab  | 200  | yes  | 200    | 403    | 201     | 201           | 403   | 403                 | 403            | 201    | -            | -
assignee       | 404  | no   | 404    | 404    | 404     | 404           | 404   | 404                 | 404            | 404    | -            | -
stranger       | 404  | no   | 404    | 404    | 404     | 404           | 404   | 404                 | 404            | 404    | -            | -
`);

const EVENTS = table(`
role           | read | list | update | delete | comment | create_inside | share | remove_collaborator | delete_context | assign | add_attendee | change_rsvp
record_owner   | 200  | yes  | 200    | 204    | 201     | 404           | 404   | 404                 | 404            | -      | 201          | 200
context_owner  | 200  | yes  | 200    | 204    | 201     | 201           | 201   | 204                 | 204            | -      | 201          | 200
ancestor_owner | 200  | yes  | 200    | 204    | 201     | 201           | 201   | 204                 | 204            | -      | 201          | 200
admin_collab   | 200  | yes  | 200    | 204    | 201     | 201           | 201   | 204                 | 204            | -      | 201          | 200
write_collab   | 200  | yes  | 200    | 403    | 201     | 201           | 403   | 403                 | 403            | -      | 201          | 200
read_collab    | 200  | yes  | 403    | 403    | 403     | 403           | 403   | 403                 | 403            | -      | 403          | 403
parent_collab  | 200  | yes  | 200    | 403    | 201     | 201           | 403   | 403                 | 403            | -      | 201          | 200
attendee       | 200  | yes  | 403    | 403    | 403     | 404           | 404   | 404                 | 404            | -      | 403          | 200
stranger       | 404  | no   | 404    | 404    | 404     | 404           | 404   | 404                 | 404            | -      | 404          | 404
`);

// For contexts the record is C itself: "update" renames it, "create_inside" makes a sub-context.
const CONTEXTS = table(`
role           | read | list | update | delete | comment | create_inside | share | remove_collaborator | delete_context | assign | add_attendee | change_rsvp
record_owner   | 404  | no   | 404    | -      | -       | 404           | 404   | 404                 | 404            | -      | -            | -
context_owner  | 200  | yes  | 200    | -      | -       | 201           | 201   | 204                 | 204            | -      | -            | -
ancestor_owner | 200  | yes  | 200    | -      | -       | 201           | 201   | 204                 | 204            | -      | -            | -
admin_collab   | 200  | yes  | 200    | -      | -       | 201           | 201   | 204                 | 204            | -      | -            | -
write_collab   | 200  | yes  | 200    | -      | -       | 201           | 403   | 403                 | 403            | -      | -            | -
read_collab    | 200  | yes  | 403    | -      | -       | 403           | 403   | 403                 | 403            | -      | -            | -
parent_collab  | 200  | yes  | 200    | -      | -       | 201           | 403   | 403                 | 403            | -      | -            | -
stranger       | 404  | no   | 404    | -      | -       | 404           | 404   | 404                 | 404            | -      | -            | -
`);

type Kind = 'task' | 'event' | 'context';
let t: TestApp;
let users: Record<Role | 'spare' | 'target', TestUser>;

beforeAll(async () => {
  t = await startTestApp();
  const all = [...ROLES, 'spare', 'target'] as const;
  users = Object.fromEntries(await Promise.all(all.map(async (r) => [r, await t.user(r.replace('_', '-'))]))) as typeof users;
});
afterAll(async () => { await t?.close(); });

const as = (role: Role | 'spare' | 'target'): Client => t.as(users[role]);

async function ok<T = any>(p: Promise<{ status: number; body: T }>, status: number): Promise<T> {
  const res = await p;
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  return res.body;
}

/** Builds the world described at the top; returns the ids the operations act on. */
async function buildWorld(kind: Kind) {
  const R = (await ok(as('ancestor_owner').post('/contexts', { name: 'R' }), 201)).data.id;
  await ok(as('ancestor_owner').post(`/contexts/${R}/share`, { user_email: users.context_owner.email, permission: 'write' }), 201);
  const C = (await ok(as('context_owner').post('/contexts', { name: 'C', parent_context_id: R }), 201)).data.id;
  await ok(as('ancestor_owner').delete(`/contexts/${R}/collaborators/${users.context_owner.id}`), 204);
  await ok(as('ancestor_owner').post(`/contexts/${R}/share`, { user_email: users.parent_collab.email, permission: 'write' }), 201);
  for (const [role, permission] of [['admin_collab', 'admin'], ['write_collab', 'write'], ['read_collab', 'read'], ['spare', 'read'], ['record_owner', 'write'], ['assignee', 'read']] as const) {
    await ok(as('context_owner').post(`/contexts/${C}/share`, { user_email: users[role].email, permission }), 201);
  }
  let record = C;
  if (kind === 'task') {
    record = (await ok(as('record_owner').post('/tasks', { title: 'T', context_id: C }), 201)).data.id;
    await ok(as('record_owner').post(`/tasks/${record}/assign`, { user_email: users.assignee.email }), 201);
  } else if (kind === 'event') {
    record = (await ok(as('record_owner').post('/events', { title: 'E', context_id: C, start_time: '2026-03-01T10:00:00Z', end_time: '2026-03-01T11:00:00Z' }), 201)).data.id;
    await ok(as('record_owner').post(`/events/${record}/attendees`, { user_email: users.attendee.email }), 201);
  } else {
    await ok(as('record_owner').post('/tasks', { title: 'T', context_id: C }), 201);
  }
  await ok(as('context_owner').delete(`/contexts/${C}/collaborators/${users.record_owner.id}`), 204);
  await ok(as('context_owner').delete(`/contexts/${C}/collaborators/${users.assignee.id}`), 204);
  return { R, C, record };
}

const base = (kind: Kind) => (kind === 'task' ? '/tasks' : kind === 'event' ? '/events' : '/contexts');

/** Runs every applicable operation as `role`, in an order where earlier ones cannot change later answers. */
async function observe(kind: Kind, role: Role, expected: Record<Op, string>) {
  const { C, record } = await buildWorld(kind);
  const c = as(role);
  const path = `${base(kind)}/${record}`;
  const run: Record<Op, () => Promise<string>> = {
    read: async () => String((await c.get(path)).status),
    list: async () => {
      const res = await c.get(kind === 'context' ? '/contexts?limit=100' : `${base(kind)}?limit=100`);
      expect(res.status).toBe(200);
      return res.body.data.some((r: { id: string }) => r.id === record) ? 'yes' : 'no';
    },
    update: async () => String((await c.patch(path, kind === 'context' ? { name: 'renamed' } : { title: 'renamed' })).status),
    comment: async () => String((await c.post(`${path}/comments`, { message: 'hello' })).status),
    create_inside: async () => String((await (kind === 'context'
      ? c.post('/contexts', { name: 'inner', parent_context_id: C })
      : kind === 'event'
        ? c.post('/events', { title: 'inner', context_id: C, start_time: '2026-03-02T10:00:00Z', end_time: '2026-03-02T11:00:00Z' })
        : c.post('/tasks', { title: 'inner', context_id: C }))).status),
    assign: async () => String((await c.post(`${path}/assign`, { user_email: users.read_collab.email })).status),
    add_attendee: async () => String((await c.post(`${path}/attendees`, { user_email: `guest-${Math.random().toString(36).slice(2)}@example.org` })).status),
    change_rsvp: async () => String((await c.patch(`${path}/attendees/${users.attendee.id}`, { rsvp_status: 'accepted' })).status),
    share: async () => String((await c.post(`/contexts/${C}/share`, { user_email: users.target.email, permission: 'read' })).status),
    remove_collaborator: async () => String((await c.delete(`/contexts/${C}/collaborators/${users.spare.id}`)).status),
    delete: async () => String((await c.delete(path)).status),
    delete_context: async () => String((await c.delete(`/contexts/${C}?cascade=true`)).status),
  };
  const seen = {} as Record<Op, string>;
  const order: Op[] = ['read', 'list', 'update', 'comment', 'create_inside', 'assign', 'add_attendee', 'change_rsvp', 'share', 'remove_collaborator', 'delete', 'delete_context'];
  for (const op of order) seen[op] = expected[op] === '-' ? '-' : await run[op]();
  return Object.fromEntries(OPS.map((op) => [op, seen[op]]));
}

for (const [kind, matrix] of [['task', TASKS], ['event', EVENTS], ['context', CONTEXTS]] as const) {
  describe(`access matrix: ${kind}s`, () => {
    for (const [role, expected] of matrix) {
      it(`${role}`, async () => {
        expect(await observe(kind, role, expected)).toEqual(expected);
      });
    }
  });
}
