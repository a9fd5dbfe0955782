/** What every DAV handler gets, and the small answers they share. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Actor } from '../../core/actor.js';
import type { CalendarObject, CalendarService, Collection } from '../../core/calendar/calendar.service.js';
import { notFound } from '../../core/errors.js';
import { isUuid } from '../../core/ids.js';
import type { Services } from '../../services.js';
import { BadCalendar } from './ical/parse.js';
import { refreshedObject } from './objects.js';
import { errorBody, multistatus, type DavResponse, type XmlNode } from './multistatus.js';
import { ATTENDING_SEGMENT, type DavPath } from './paths.js';
import { missingScopes, scopesFor } from './scopes.js';
import type { PropContext } from './props.js';
import { NS } from './xml.js';

export interface DavOptions {
  services: Services;
  calendar: CalendarService;
}

export interface Dav {
  req: FastifyRequest;
  reply: FastifyReply;
  actor: Actor;
  path: DavPath;
  opts: DavOptions;
  body: string | undefined;
  props: PropContext;
}

const XML_TYPE = 'application/xml; charset=utf-8';

/** A DAV failure with its status and, when there is one, the precondition element to name. */
export class DavError extends Error {
  constructor(
    readonly status: number,
    readonly precondition: { ns: string; name: string } | null,
    message: string,
  ) {
    super(message);
  }
}

export const davError = (status: number, ns: string | null, name: string | null, message: string) =>
  new DavError(status, ns && name ? { ns, name } : null, message);

export function sendMultistatus(dav: Dav, responses: DavResponse[], extraTop: XmlNode[] = []) {
  return dav.reply.code(207).header('Content-Type', XML_TYPE).send(multistatus(responses, extraTop));
}

export function sendDavError(reply: FastifyReply, err: DavError) {
  reply.code(err.status);
  if (!err.precondition) return reply.header('Content-Type', 'text/plain; charset=utf-8').send(err.message);
  return reply.header('Content-Type', XML_TYPE).send(errorBody(err.precondition.ns, err.precondition.name, err.message));
}

/** `Brief: t` or `Prefer: return=minimal`: leave out the 404 propstats. */
export function wantsMinimal(req: FastifyRequest): boolean {
  const brief = String(req.headers.brief ?? '')
    .trim()
    .toLowerCase();
  const prefer = String(req.headers.prefer ?? '').toLowerCase();
  return brief === 't' || /(^|[,;\s])return=minimal\b/.test(prefer);
}

/** Depth 0, 1, or infinity (refused: 403 propfind-finite-depth). A missing header reads as 0. */
export function depthOf(req: FastifyRequest): 0 | 1 {
  const raw = String(req.headers.depth ?? '0')
    .trim()
    .toLowerCase();
  if (raw === '0') return 0;
  if (raw === '1') return 1;
  if (raw === 'infinity') throw davError(403, NS.DAV, 'propfind-finite-depth', 'Depth: infinity is not supported; use 0 or 1');
  throw davError(400, null, null, 'Depth must be 0, 1 or infinity');
}

/** Only the caller's own principal and calendar home exist for them; others are 404. */
export function ownUser(dav: Dav, userId: string) {
  if (userId !== dav.actor.userId) throw notFound('Resource');
}

/**
 * An OAuth token without the scopes a request needs (scopes.ts): 403, naming them as RFC 6750 does
 * in WWW-Authenticate, with DAV's need-privileges precondition.
 */
export function requireScopes(dav: Dav, needed: ReturnType<typeof scopesFor>) {
  const missing = missingScopes(dav.actor, needed);
  if (!missing.length) return;
  dav.reply.header('WWW-Authenticate', `Bearer error="insufficient_scope", scope="${needed.join(' ')}"`);
  throw davError(403, NS.DAV, 'need-privileges', `This token was not granted the scope ${missing.join(', ')} that ${dav.req.method} here needs`);
}

/** The collection a URL segment names (D17), once the caller's token has the scopes for the request on it. */
export async function resolveCollection(dav: Dav, segment: string): Promise<Collection> {
  const c = await findCollection(dav, segment);
  requireScopes(dav, scopesFor(dav.req.method, c.kind, dav.path.type === 'object' ? 'object' : 'collection'));
  return c;
}

/** personal-*, {context_id}-tasks|events, or a MKCALENDAR slug. */
async function findCollection(dav: Dav, segment: string): Promise<Collection> {
  const { calendar } = dav.opts;
  const m = /^(.*)-(tasks|events)$/.exec(segment);
  const kindOf = (s: string) => (s === 'tasks' ? 'task' : 'event');
  if (m && m[1] === 'personal') return calendar.collection(dav.actor, null, kindOf(m[2]));
  if (segment === ATTENDING_SEGMENT) return calendar.attending(dav.actor);
  const slug = await calendar.contextForSlug(dav.actor, segment);
  if (slug) return calendar.collection(dav.actor, slug.contextId, slug.kind);
  if (m) {
    if (isUuid(m[1])) return calendar.collection(dav.actor, m[1].toLowerCase(), kindOf(m[2]));
    const base = await calendar.contextForSlug(dav.actor, m[1]);
    if (base) return calendar.collection(dav.actor, base.contextId, kindOf(m[2]));
  }
  throw notFound('Collection');
}

/**
 * Brings the collection's stored objects up to the records' published versions: records made or
 * changed through REST get their text (re)written here, patching only the mapped properties. One
 * indexed query when nothing is stale.
 */
export async function ensureFresh(calendar: CalendarService, c: Collection, ids?: string[]): Promise<void> {
  for (let round = 0; round < 1000; round++) {
    const { items, mark } = await calendar.stale(c, ids);
    // A record that cannot be written as iCalendar is left out of the collection, never the
    // collection failed for it (D17: one object never breaks a report).
    const objects = items.flatMap(({ record, object }) => {
      try {
        return [refreshedObject(record, object)];
      } catch (err) {
        if (!(err instanceof BadCalendar)) throw err;
        return [];
      }
    });
    if (objects.length) await calendar.refreshObjects(objects);
    if (items.length < 500) {
      if (mark) await calendar.markFresh(c, mark);
      return;
    }
  }
}

/** One resource of a collection by name, its text brought up to its record's published version first. */
export async function objectByName(calendar: CalendarService, c: Collection, name: string): Promise<CalendarObject | null> {
  const [before] = await calendar.objects(c, { names: [name] });
  const id = before?.record_id ?? recordIdOfName(name);
  if (!id) return null;
  await ensureFresh(calendar, c, [id]);
  const [after] = (await calendar.objects(c, { names: [name], withText: true })) as CalendarObject[];
  return after ?? null;
}

/** The record a resource name stands for when it is the `{record_id}.ics` of a record made elsewhere. */
const recordIdOfName = (name: string): string | null => {
  const m = /^(.*)\.ics$/.exec(name);
  return m && isUuid(m[1]) ? m[1].toLowerCase() : null;
};
