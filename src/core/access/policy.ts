/**
 * The access policy (SPEC "Access control rules", DECISIONS D9) as one table: what each action
 * needs. Who holds which permission on a record is worked out by access.store.ts; every door and
 * use case asks `authorize`, so the rules live here and nowhere else. docs/access.md states the same
 * rules as a role x operation matrix, and test/api/access-matrix.test.ts checks that matrix.
 *
 * Held permissions, weakest first:
 * - `none`: a stranger. Every action answers 404, so nobody learns a record exists.
 * - `read`: a read collaborator (on the record's context or an ancestor), or a registered attendee
 *   of an event (that event only).
 * - `write`, `admin`: collaborators with that permission on the context or an ancestor.
 * - `owner`: the owner of the tree (its top-level context) the record or context lies in, or the
 *   record's own owner while it is in no context or they can still reach its context (D9a).
 * Several sources combine to the strongest one.
 *
 * D9a: a chain of allowed steps never gives more than its steps. Moving a record out of a context
 * is a delete there (`move_out`), moving it in is a create (`create_inside`); moving a context
 * changes who inherits what below it, so only the tree's owner does it, and only into trees they own
 * (`move_context`, `move_context_into`); a cascade needs delete rights on everything it removes
 * (`authorizeCascade`).
 *
 * A caller who can see the record but lacks the needed permission gets 403.
 */
import { forbidden, notFound } from '../errors.js';

export type Permission = 'none' | 'read' | 'write' | 'admin' | 'owner';

const RANK: Record<Permission, number> = { none: 0, read: 1, write: 2, admin: 3, owner: 4 };

/** What each action needs on the record it acts on (for create_inside: on the target context). */
const REQUIRED = {
  read: 'read',
  list: 'read',
  update: 'write',
  comment: 'write',
  assign: 'write',
  remove_assignee: 'write',
  manage_attendees: 'write',
  remove_attendee: 'write',
  change_rsvp: 'write',
  create_inside: 'write',
  delete: 'admin',
  move_out: 'admin',
  share: 'admin',
  remove_collaborator: 'admin',
  move_context: 'owner',
  move_context_into: 'owner',
  delete_context: 'admin',
} as const satisfies Record<string, Permission>;

export type Action = keyof typeof REQUIRED;

/** How a refusal names each action: "You may not <phrase> this task". */
const PHRASE: Record<Action, string> = {
  read: 'read',
  list: 'list',
  update: 'change',
  comment: 'comment on',
  assign: 'assign people to',
  remove_assignee: 'remove assignees from',
  manage_attendees: 'manage the attendees of',
  remove_attendee: 'remove attendees from',
  change_rsvp: 'answer for another attendee of',
  create_inside: 'create records in',
  delete: 'delete',
  move_out: 'move records out of',
  share: 'share',
  remove_collaborator: 'remove collaborators from',
  move_context: 'move',
  move_context_into: 'move contexts into',
  delete_context: 'delete',
};

/**
 * Actions a caller may also take on their own entry with only read access: leaving a context
 * (removing their own share), answering an invitation (their own RSVP), dropping their own
 * attendance or assignment.
 */
const SELF_SERVICE: ReadonlySet<Action> = new Set<Action>(['remove_collaborator', 'change_rsvp', 'remove_attendee', 'remove_assignee']);

export const atLeast = (held: Permission, needed: Permission) => RANK[held] >= RANK[needed];

export const strongest = (a: Permission, b: Permission): Permission => (RANK[a] >= RANK[b] ? a : b);

export function can(held: Permission, action: Action, opts: { self?: boolean } = {}): boolean {
  if (held === 'none') return false;
  if (opts.self && SELF_SERVICE.has(action)) return true;
  return atLeast(held, REQUIRED[action]);
}

/**
 * Throws not_found for callers who cannot see the record, forbidden for those who can but may not
 * act. `self` marks an action on the caller's own share, attendance or assignment.
 */
export function authorize(held: Permission, action: Action, what: string, opts: { self?: boolean } = {}): void {
  if (held === 'none') throw notFound(what);
  if (!can(held, action, opts)) throw forbidden(`You may not ${PHRASE[action]} this ${what.toLowerCase()}`);
}

/**
 * A cascade delete removes every context and record below the one named (D9a): each needs delete
 * rights, or nothing is removed. Rights only grow going down a tree, so this fails only where
 * data made under older rules disagrees; checked anyway, since that is what the rule says.
 */
export function authorizeCascade(contexts: Permission[], records: Permission[]): void {
  if (contexts.some((p) => !can(p, 'delete_context')) || records.some((p) => !can(p, 'delete'))) {
    throw forbidden('You may not delete everything this cascade would remove');
  }
}
