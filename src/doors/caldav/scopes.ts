/**
 * OAuth access tokens on CalDAV (D20): the same scopes as REST (src/doors/rest/scopes.ts), read
 * the same way. A tasks collection and its objects are the tasks family, an events collection the
 * events family: reading (OPTIONS, GET, HEAD, PROPFIND, REPORT) needs `tasks:read` / `events:read`,
 * writing an object (PUT, DELETE, MOVE) `tasks:write` / `events:write`. Making, renaming or
 * deleting a collection changes a context, so MKCALENDAR, PROPPATCH and DELETE of a collection need
 * `contexts:write`. The principal and the calendar home need either read scope, and the home lists
 * only the collections the token may read. API tokens carry no scopes and keep full access. What a
 * user may see or change is still decided by the use cases; scopes only narrow what the app may ask.
 */
import type { Actor } from '../../core/actor.js';
import type { Kind } from '../../core/calendar/calendar.service.js';
import type { Scope } from '../../core/oauth/scopes.js';

const FAMILY: Record<Kind, { read: Scope; write: Scope }> = {
  task: { read: 'tasks:read', write: 'tasks:write' },
  event: { read: 'events:read', write: 'events:write' },
};

const READ_METHODS = new Set(['GET', 'HEAD', 'PROPFIND', 'REPORT', 'OPTIONS']);

/** The scopes a request needs on a collection of `kind`, or on one of its objects. */
export function scopesFor(method: string, kind: Kind, on: 'collection' | 'object'): Scope[] {
  const m = method.toUpperCase();
  if (READ_METHODS.has(m)) return [FAMILY[kind].read];
  if (on === 'collection') return ['contexts:write'];
  return [FAMILY[kind].write];
}

/** Those of `needed` the actor's token was not granted (none for API tokens). */
export function missingScopes(actor: Actor, needed: Scope[]): Scope[] {
  const granted = actor.oauth?.scopes;
  return granted ? needed.filter((s) => !granted.includes(s)) : [];
}

/** Whether the actor may see collections of this kind at all (the calendar home lists only those). */
export const mayRead = (actor: Actor, kind: Kind) => missingScopes(actor, [FAMILY[kind].read]).length === 0;

/** Principal and home: a token needs one of the read scopes. */
export const mayDiscover = (actor: Actor) => mayRead(actor, 'task') || mayRead(actor, 'event');
