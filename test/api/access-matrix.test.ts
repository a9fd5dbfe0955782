/**
 * The access policy as a table (SPEC "Access control rules", D9, D9a), checked through the REST API.
 * The same tables are in docs/access.md; change both together.
 *
 * World, rebuilt for every role so destructive operations cannot disturb the next row:
 *   R (owned by tree_owner) > C > the record (owned by record_owner), and a second record (or, for
 *   contexts, a sub-context C2 of C) that `move_out` acts on.
 *   former_collab held a write share on R, made C (so owns it) and a task in C, then was removed.
 *   Shares on C (made by tree_owner): admin_collab admin, write_collab write, read_collab read,
 *   record_owner write (plus one spare read collaborator to remove). Share on R: parent_collab
 *   write. assignee had a read share on C while the task was assigned to it; that share is gone.
 *   attendee is a registered attendee of both events.
 *
 * move_out: PATCH the second record to `context_id: null` (contexts: C2 to the top level).
 * move_in: the role makes a record of its own in no context (contexts: a top-level context) and
 * PATCHes it into C.
 *
 * Cells: an HTTP status, `yes`/`no` for "the record appears in the list", `-` for not applicable.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type Client, type TestApp, type TestUser } from '../helpers/app.js';

const OPS = [
  'read',
  'list',
  'update',
  'delete',
  'comment',
  'create_inside',
  'share',
  'remove_collaborator',
  'delete_context',
  'assign',
  'add_attendee',
  'change_rsvp',
  'move_out',
  'move_in',
] as const;
type Op = (typeof OPS)[number];
const ROLES = [
  'record_owner',
  'former_collab',
  'tree_owner',
  'admin_collab',
  'write_collab',
  'read_collab',
  'parent_collab',
  'attendee',
  'assignee',
  'stranger',
] as const;
type Role = (typeof ROLES)[number];

function table(text: string): Map<Role, Record<Op, string>> {
  const [head, ...lines] = text
    .trim()
    .split('\n')
    .map((l) => l.split('|').map((c) => c.trim()));
  expect(head.slice(1)).toEqual([...OPS]);
  return new Map(lines.map((cells) => [cells[0] as Role, Object.fromEntries(OPS.map((op, i) => [op, cells[i + 1]])) as Record<Op, string>]));
}

const TASKS = table(`
role          | read | list | update | delete | comment | create_inside | share | remove_collaborator | delete_context | assign | add_attendee | change_rsvp | move_out | move_in
record_owner  | 200  | yes  | 200    | 204    | 201     | 201           | 403   | 403                 | 403            | 201    | -            | -           | 200      | 200
former_collab | 404  | no   | 404    | 404    | 404     | 404           | 404   | 404                 | 404            | 404    | -            | -           | 404      | 404
tree_owner    | 200  | yes  | 200    | 204    | 201     | 201           | 201   | 204                 | 204            | 201    | -            | -           | 200      | 200
admin_collab  | 200  | yes  | 200    | 204    | 201     | 201           | 201   | 204                 | 204            | 201    | -            | -           | 200      | 200
write_collab  | 200  | yes  | 200    | 403    | 201     | 201           | 403   | 403                 | 403            | 201    | -            | -           | 403      | 200
read_collab   | 200  | yes  | 403    | 403    | 403     | 403           | 403   | 403                 | 403            | 403    | -            | -           | 403      | 403
parent_collab | 200  | yes  | 200    | 403    | 201     | 201           | 403   | 403                 | 403            | 201    | -            | -           | 403      | 200
assignee      | 404  | no   | 404    | 404    | 404     | 404           | 404   | 404                 | 404            | 404    | -            | -           | 404      | 404
stranger      | 404  | no   | 404    | 404    | 404     | 404           | 404   | 404                 | 404            | 404    | -            | -           | 404      | 404
`);

const EVENTS = table(`
role          | read | list | update | delete | comment | create_inside | share | remove_collaborator | delete_context | assign | add_attendee | change_rsvp | move_out | move_in
record_owner  | 200  | yes  | 200    | 204    | 201     | 201           | 403   | 403                 | 403            | -      | 201          | 200         | 200      | 200
former_collab | 404  | no   | 404    | 404    | 404     | 404           | 404   | 404                 | 404            | -      | 404          | 404         | 404      | 404
tree_owner    | 200  | yes  | 200    | 204    | 201     | 201           | 201   | 204                 | 204            | -      | 201          | 200         | 200      | 200
admin_collab  | 200  | yes  | 200    | 204    | 201     | 201           | 201   | 204                 | 204            | -      | 201          | 200         | 200      | 200
write_collab  | 200  | yes  | 200    | 403    | 201     | 201           | 403   | 403                 | 403            | -      | 201          | 200         | 403      | 200
read_collab   | 200  | yes  | 403    | 403    | 403     | 403           | 403   | 403                 | 403            | -      | 403          | 403         | 403      | 403
parent_collab | 200  | yes  | 200    | 403    | 201     | 201           | 403   | 403                 | 403            | -      | 201          | 200         | 403      | 200
attendee      | 200  | yes  | 403    | 403    | 403     | 404           | 404   | 404                 | 404            | -      | 403          | 200         | 403      | 404
stranger      | 404  | no   | 404    | 404    | 404     | 404           | 404   | 404                 | 404            | -      | 404          | 404         | 404      | 404
`);

// For contexts the record is C itself: "update" renames it, "create_inside" makes a sub-context.
const CONTEXTS = table(`
role          | read | list | update | delete | comment | create_inside | share | remove_collaborator | delete_context | assign | add_attendee | change_rsvp | move_out | move_in
record_owner  | 200  | yes  | 200    | -      | -       | 201           | 403   | 403                 | 403            | -      | -            | -           | 403      | 403
former_collab | 404  | no   | 404    | -      | -       | 404           | 404   | 404                 | 404            | -      | -            | -           | 404      | 404
tree_owner    | 200  | yes  | 200    | -      | -       | 201           | 201   | 204                 | 204            | -      | -            | -           | 200      | 200
admin_collab  | 200  | yes  | 200    | -      | -       | 201           | 201   | 204                 | 204            | -      | -            | -           | 403      | 403
write_collab  | 200  | yes  | 200    | -      | -       | 201           | 403   | 403                 | 403            | -      | -            | -           | 403      | 403
read_collab   | 200  | yes  | 403    | -      | -       | 403           | 403   | 403                 | 403            | -      | -            | -           | 403      | 403
parent_collab | 200  | yes  | 200    | -      | -       | 201           | 403   | 403                 | 403            | -      | -            | -           | 403      | 403
stranger      | 404  | no   | 404    | -      | -       | 404           | 404   | 404                 | 404            | -      | -            | -           | 404      | 404
`);

type Kind = 'task' | 'event' | 'context';
let t: TestApp;
let users: Record<Role | 'spare' | 'target', TestUser>;

beforeAll(async () => {
  t = await startTestApp();
  const all = [...ROLES, 'spare', 'target'] as const;
  users = Object.fromEntries(await Promise.all(all.map(async (r) => [r, await t.user(r.replace('_', '-'))]))) as typeof users;
});
afterAll(async () => {
  await t?.close();
});

const as = (role: Role | 'spare' | 'target'): Client => t.as(users[role]);

async function ok<T = any>(p: Promise<{ status: number; body: T }>, status: number): Promise<T> {
  const res = await p;
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  return res.body;
}

/** Builds the world described at the top; returns the ids the operations act on. */
async function buildWorld(kind: Kind) {
  const R = (await ok(as('tree_owner').post('/contexts', { name: 'R' }), 201)).data.id;
  await ok(as('tree_owner').post(`/contexts/${R}/share`, { user_email: users.former_collab.email, permission: 'write' }), 201);
  const C = (await ok(as('former_collab').post('/contexts', { name: 'C', parent_context_id: R }), 201)).data.id;
  await ok(as('former_collab').post('/tasks', { title: 'made while shared', context_id: C }), 201);
  await ok(as('tree_owner').delete(`/contexts/${R}/collaborators/${users.former_collab.id}`), 204);
  await ok(as('tree_owner').post(`/contexts/${R}/share`, { user_email: users.parent_collab.email, permission: 'write' }), 201);
  for (const [role, permission] of [
    ['admin_collab', 'admin'],
    ['write_collab', 'write'],
    ['read_collab', 'read'],
    ['spare', 'read'],
    ['record_owner', 'write'],
    ['assignee', 'read'],
  ] as const) {
    await ok(as('tree_owner').post(`/contexts/${C}/share`, { user_email: users[role].email, permission }), 201);
  }
  let record = C;
  let second: string;
  if (kind === 'task') {
    record = (await ok(as('record_owner').post('/tasks', { title: 'T', context_id: C }), 201)).data.id;
    second = (await ok(as('record_owner').post('/tasks', { title: 'T2', context_id: C }), 201)).data.id;
    await ok(as('record_owner').post(`/tasks/${record}/assign`, { user_email: users.assignee.email }), 201);
  } else if (kind === 'event') {
    const times = { start_time: '2026-03-01T10:00:00Z', end_time: '2026-03-01T11:00:00Z' };
    record = (await ok(as('record_owner').post('/events', { title: 'E', context_id: C, ...times }), 201)).data.id;
    second = (await ok(as('record_owner').post('/events', { title: 'E2', context_id: C, ...times }), 201)).data.id;
    for (const id of [record, second]) await ok(as('record_owner').post(`/events/${id}/attendees`, { user_email: users.attendee.email }), 201);
  } else {
    await ok(as('record_owner').post('/tasks', { title: 'T', context_id: C }), 201);
    second = (await ok(as('tree_owner').post('/contexts', { name: 'C2', parent_context_id: C }), 201)).data.id;
  }
  await ok(as('tree_owner').delete(`/contexts/${C}/collaborators/${users.assignee.id}`), 204);
  return { R, C, record, second };
}

const base = (kind: Kind) => (kind === 'task' ? '/tasks' : kind === 'event' ? '/events' : '/contexts');

/** Runs every applicable operation as `role`, in an order where earlier ones cannot change later answers. */
async function observe(kind: Kind, role: Role, expected: Record<Op, string>) {
  const { C, record, second } = await buildWorld(kind);
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
    create_inside: async () =>
      String(
        (
          await (kind === 'context'
            ? c.post('/contexts', { name: 'inner', parent_context_id: C })
            : kind === 'event'
              ? c.post('/events', { title: 'inner', context_id: C, start_time: '2026-03-02T10:00:00Z', end_time: '2026-03-02T11:00:00Z' })
              : c.post('/tasks', { title: 'inner', context_id: C }))
        ).status,
      ),
    assign: async () => String((await c.post(`${path}/assign`, { user_email: users.read_collab.email })).status),
    add_attendee: async () => String((await c.post(`${path}/attendees`, { user_email: `guest-${Math.random().toString(36).slice(2)}@example.org` })).status),
    change_rsvp: async () => String((await c.patch(`${path}/attendees/${users.attendee.id}`, { rsvp_status: 'accepted' })).status),
    share: async () => String((await c.post(`/contexts/${C}/share`, { user_email: users.target.email, permission: 'read' })).status),
    remove_collaborator: async () => String((await c.delete(`/contexts/${C}/collaborators/${users.spare.id}`)).status),
    move_out: async () =>
      String(
        (await (kind === 'context' ? c.patch(`/contexts/${second}`, { parent_context_id: null }) : c.patch(`${base(kind)}/${second}`, { context_id: null })))
          .status,
      ),
    move_in: async () => {
      const own =
        kind === 'context'
          ? await c.post('/contexts', { name: 'own' })
          : kind === 'event'
            ? await c.post('/events', { title: 'own', start_time: '2026-03-03T10:00:00Z', end_time: '2026-03-03T11:00:00Z' })
            : await c.post('/tasks', { title: 'own' });
      expect(own.status).toBe(201);
      const id = own.body.data.id;
      return String(
        (await (kind === 'context' ? c.patch(`/contexts/${id}`, { parent_context_id: C }) : c.patch(`${base(kind)}/${id}`, { context_id: C }))).status,
      );
    },
    delete: async () => String((await c.delete(path)).status),
    delete_context: async () => String((await c.delete(`/contexts/${C}?cascade=true`)).status),
  };
  const seen = {} as Record<Op, string>;
  const order: Op[] = [
    'read',
    'list',
    'update',
    'comment',
    'create_inside',
    'assign',
    'add_attendee',
    'change_rsvp',
    'share',
    'remove_collaborator',
    'move_in',
    'move_out',
    'delete',
    'delete_context',
  ];
  for (const op of order) seen[op] = expected[op] === '-' ? '-' : await run[op]();
  return Object.fromEntries(OPS.map((op) => [op, seen[op]]));
}

for (const [kind, matrix] of [
  ['task', TASKS],
  ['event', EVENTS],
  ['context', CONTEXTS],
] as const) {
  describe(`access matrix: ${kind}s`, () => {
    for (const [role, expected] of matrix) {
      it(`${role}`, async () => {
        expect(await observe(kind, role, expected)).toEqual(expected);
      });
    }
  });
}
