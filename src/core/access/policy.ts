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
 * - `owner`: the record's owner, or the owner of its context or of any ancestor context.
 * Several sources combine to the strongest one.
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
  /** Taking a task or event out of its context (to another or to none); into one needs create_inside there. */
  move_out: 'write',
  delete: 'admin',
  share: 'admin',
  remove_collaborator: 'admin',
  move_context: 'admin',
  delete_context: 'admin',
} as const satisfies Record<string, Permission>;

export type Action = keyof typeof REQUIRED;

/**
 * Actions a caller may also take on their own entry with only read access: leaving a context
 * (removing their own share), answering an invitation (their own RSVP), dropping their own
 * attendance or assignment.
 */
const SELF_SERVICE: ReadonlySet<Action> = new Set<Action>(['remove_collaborator', 'change_rsvp', 'remove_attendee', 'remove_assignee']);

export const atLeast = (held: Permission, needed: Permission) => RANK[held] >= RANK[needed];

export const strongest = (a: Permission, b: Permission): Permission => (RANK[a] >= RANK[b] ? a : b);

function can(held: Permission, action: Action, opts: { self?: boolean } = {}): boolean {
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
  if (!can(held, action, opts)) throw forbidden(`You may not ${action.replace(/_/g, ' ')} on this ${what.toLowerCase()}`);
}
