/**
 * The access policy (SPEC "Access control rules", DECISIONS D9) as one table: what each action
 * needs. Who holds which permission on a record is worked out by access.store.ts; every door and
 * use case asks `authorize`, so the rules live here and nowhere else.
 *
 * A caller without any permission gets 404 (a stranger never learns a record exists); a caller who
 * can see the record but lacks the needed permission gets 403.
 */
import { forbidden, notFound } from '../errors.js';

export type Permission = 'none' | 'read' | 'write' | 'admin' | 'owner';

const RANK: Record<Permission, number> = { none: 0, read: 1, write: 2, admin: 3, owner: 4 };

export type Action =
  | 'read'
  | 'update'
  | 'comment'
  | 'assign'
  | 'manage_attendees'
  | 'create_inside'
  | 'delete'
  | 'share'
  | 'remove_collaborator'
  | 'delete_context';

export const REQUIRED: Record<Action, Permission> = {
  read: 'read',
  update: 'write',
  comment: 'write',
  assign: 'write',
  manage_attendees: 'write',
  create_inside: 'write',
  delete: 'admin',
  share: 'admin',
  remove_collaborator: 'admin',
  delete_context: 'admin',
};

export const atLeast = (held: Permission, needed: Permission) => RANK[held] >= RANK[needed];

export const strongest = (a: Permission, b: Permission): Permission => (RANK[a] >= RANK[b] ? a : b);

export function can(held: Permission, action: Action): boolean {
  return atLeast(held, REQUIRED[action]);
}

/** Throws not_found for callers who cannot see the record, forbidden for those who can but may not act. */
export function authorize(held: Permission, action: Action, what: string): void {
  if (held === 'none') throw notFound(what);
  if (!can(held, action)) throw forbidden(`You may not ${action.replace(/_/g, ' ')} this ${what.toLowerCase()}`);
}
