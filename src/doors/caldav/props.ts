/**
 * DAV properties of each kind of resource (RFC 4918, 4791, 5397, 6578, and the CalendarServer and
 * Apple extensions clients ask for). A requested property the resource lacks is reported under a
 * 404 propstat, never dropped (unless the client asked for a minimal answer).
 */
import { can } from '../../core/access/policy.js';
import type { Actor } from '../../core/actor.js';
import type { CalendarObject, CalendarService, Collection, ObjectSummary } from '../../core/calendar/calendar.service.js';
import type { DavResponse, Propstat, XmlNode, XmlValue } from './multistatus.js';
import { ATTENDING_SEGMENT, collectionHref, homeHref, objectHref, principalHref, ROOT } from './paths.js';
import { NS, qkey, type PropRequest, type QName } from './xml.js';

export type Resource =
  | { type: 'root' }
  | { type: 'principals' }
  | { type: 'principal' }
  | { type: 'home' }
  | { type: 'collection'; c: Collection; segment: string }
  | { type: 'object'; c: Collection; segment: string; o: ObjectSummary | CalendarObject };

export interface PropContext {
  actor: Actor;
  calendar: CalendarService;
  maxResourceSize: number;
}

type Getter = (r: Resource, ctx: PropContext) => XmlValue | undefined | Promise<XmlValue | undefined>;

const D = (name: string, value?: XmlValue): XmlNode => ({ ns: NS.DAV, name, value });
const C = (name: string, value?: XmlValue, attrs?: Record<string, string>): XmlNode => ({ ns: NS.CALDAV, name, value, attrs });
const href = (h: string) => [D('href', h)];

const KIND_LABEL = { task: 'Tasks', event: 'Events' } as const;
const COMPONENT = { task: 'VTODO', event: 'VEVENT' } as const;

export function segmentOf(c: Collection): string {
  const plural = c.kind === 'task' ? 'tasks' : 'events';
  if (c.attending) return ATTENDING_SEGMENT;
  if (!c.contextId) return `personal-${plural}`;
  if (c.slug) return c.slug.kind === c.kind ? c.slug.slug : `${c.slug.slug}-${plural}`;
  return `${c.contextId}-${plural}`;
}

const displayNameOf = (c: Collection) => `${c.context?.name ?? (c.attending ? 'Attending' : 'Personal')} — ${KIND_LABEL[c.kind]}`;

/**
 * What the caller may do in a collection, as DAV privileges, asked of the access policy with their
 * permission on the context (D9): a read share gives a read-only set.
 */
function privileges(c: Collection | null): XmlNode[] {
  const names = ['read', 'read-current-user-privilege-set'];
  if (c && can(c.permission, 'create_inside') && can(c.permission, 'update')) names.push('write', 'write-properties', 'write-content', 'bind');
  // Removing members needs the right to delete records there.
  if (c && can(c.permission, 'delete')) names.push('unbind');
  return names.map((n) => D('privilege', [D(n)]));
}

const REPORTS = {
  home: [] as XmlNode[],
  collection: [C('calendar-multiget'), C('calendar-query'), D('sync-collection')],
};
const reportSet = (items: XmlNode[]) => items.map((n) => D('supported-report', [D('report', [n])]));

export const contentType = (kind: 'task' | 'event') => `text/calendar; charset=utf-8; component=${COMPONENT[kind].toLowerCase()}`;
export const syncTokenUri = (token: string) => `http://agendum.invalid/ns/sync/${token}`;

const isCollection = (r: Resource): r is Extract<Resource, { type: 'collection' }> => r.type === 'collection';
const isObject = (r: Resource): r is Extract<Resource, { type: 'object' }> => r.type === 'object';
const collectionOf = (r: Resource) => (isCollection(r) || isObject(r) ? r.c : null);

const GETTERS: Record<string, Getter> = {
  [qkey({ ns: NS.DAV, name: 'resourcetype' })]: (r) => {
    if (isObject(r)) return [];
    if (isCollection(r)) return [D('collection'), C('calendar')];
    if (r.type === 'principal') return [D('collection'), D('principal')];
    return [D('collection')];
  },
  [qkey({ ns: NS.DAV, name: 'displayname' })]: (r, ctx) => {
    if (isCollection(r)) return displayNameOf(r.c);
    if (r.type === 'principal') return ctx.actor.email;
    if (r.type === 'home') return 'Agendum';
    if (r.type === 'root') return 'Agendum';
    return undefined;
  },
  [qkey({ ns: NS.DAV, name: 'current-user-principal' })]: (_r, ctx) => href(principalHref(ctx.actor.userId)),
  [qkey({ ns: NS.DAV, name: 'principal-URL' })]: (r, ctx) => (r.type === 'object' ? undefined : href(principalHref(ctx.actor.userId))),
  [qkey({ ns: NS.DAV, name: 'principal-collection-set' })]: (r) => (r.type === 'object' ? undefined : href(`${ROOT}/principals/`)),
  [qkey({ ns: NS.CALDAV, name: 'calendar-home-set' })]: (r, ctx) =>
    r.type === 'principal' || r.type === 'root' ? href(homeHref(ctx.actor.userId)) : undefined,
  [qkey({ ns: NS.CALDAV, name: 'calendar-user-address-set' })]: (r, ctx) => (r.type === 'principal' ? href(`mailto:${ctx.actor.email}`) : undefined),
  [qkey({ ns: NS.CS, name: 'email-address-set' })]: (r, ctx) =>
    r.type === 'principal' ? [{ ns: NS.CS, name: 'email-address', value: ctx.actor.email }] : undefined,
  [qkey({ ns: NS.DAV, name: 'group-membership' })]: (r) => (r.type === 'principal' ? [] : undefined),
  [qkey({ ns: NS.DAV, name: 'owner' })]: (r, ctx) => {
    const c = collectionOf(r);
    if (c) return href(principalHref(c.ownerId));
    return r.type === 'home' || r.type === 'principal' ? href(principalHref(ctx.actor.userId)) : undefined;
  },
  [qkey({ ns: NS.DAV, name: 'current-user-privilege-set' })]: (r) => {
    // In the calendar home the caller may make collections (MKCALENDAR makes a context).
    if (r.type === 'home') return ['read', 'read-current-user-privilege-set', 'bind'].map((n) => D('privilege', [D(n)]));
    return privileges(collectionOf(r));
  },
  [qkey({ ns: NS.DAV, name: 'supported-report-set' })]: (r) => {
    if (isCollection(r)) return reportSet(REPORTS.collection);
    if (r.type === 'home' || r.type === 'principal') return reportSet(REPORTS.home);
    return undefined;
  },
  [qkey({ ns: NS.CALDAV, name: 'supported-calendar-component-set' })]: (r) => (isCollection(r) ? [C('comp', null, { name: COMPONENT[r.c.kind] })] : undefined),
  [qkey({ ns: NS.CALDAV, name: 'supported-calendar-data' })]: (r) =>
    isCollection(r) ? [C('calendar-data', null, { 'content-type': 'text/calendar', version: '2.0' })] : undefined,
  [qkey({ ns: NS.CALDAV, name: 'max-resource-size' })]: (r, ctx) => (isCollection(r) ? String(ctx.maxResourceSize) : undefined),
  [qkey({ ns: NS.CALDAV, name: 'calendar-description' })]: (r) => (isCollection(r) ? (r.c.context?.description ?? '') : undefined),
  [qkey({ ns: NS.APPLE, name: 'calendar-color' })]: (r) => (isCollection(r) && r.c.context?.color ? r.c.context.color.toUpperCase() : undefined),
  [qkey({ ns: NS.CS, name: 'getctag' })]: async (r, ctx) => (isCollection(r) ? syncTokenUri(await ctx.calendar.token(r.c)) : undefined),
  [qkey({ ns: NS.DAV, name: 'sync-token' })]: async (r, ctx) => (isCollection(r) ? syncTokenUri(await ctx.calendar.token(r.c)) : undefined),
  [qkey({ ns: NS.DAV, name: 'getetag' })]: (r) => (isObject(r) ? r.o.etag : undefined),
  [qkey({ ns: NS.DAV, name: 'getcontenttype' })]: (r) => (isObject(r) ? contentType(r.c.kind) : undefined),
  [qkey({ ns: NS.DAV, name: 'getlastmodified' })]: (r) => (isObject(r) ? new Date(r.o.updated_at).toUTCString() : undefined),
  [qkey({ ns: NS.DAV, name: 'getcontentlength' })]: (r) => (isObject(r) && 'ical' in r.o ? String(Buffer.byteLength(r.o.ical)) : undefined),
  [qkey({ ns: NS.CALDAV, name: 'calendar-data' })]: (r) => (isObject(r) && 'ical' in r.o ? r.o.ical : undefined),
};

/** allprop (RFC 4918 9.1): the live properties worth listing, without the expensive or private ones. */
const ALLPROP: QName[] = [
  { ns: NS.DAV, name: 'resourcetype' },
  { ns: NS.DAV, name: 'displayname' },
  { ns: NS.DAV, name: 'getetag' },
  { ns: NS.DAV, name: 'getcontenttype' },
  { ns: NS.DAV, name: 'getlastmodified' },
  { ns: NS.DAV, name: 'getcontentlength' },
];

const allNames = (): QName[] =>
  Object.keys(GETTERS).map((k) => {
    const m = /^\{(.*)\}(.*)$/.exec(k)!;
    return { ns: m[1], name: m[2] };
  });

async function propstats(r: Resource, req: PropRequest, ctx: PropContext, minimal: boolean): Promise<Propstat[]> {
  const wanted = req.type === 'prop' ? req.props : req.type === 'allprop' ? ALLPROP : allNames();
  const found: Propstat = { status: 200, props: [] };
  const missing: Propstat = { status: 404, props: [] };
  for (const q of wanted) {
    const getter = GETTERS[qkey(q)];
    const value = getter ? await getter(r, ctx) : undefined;
    if (value === undefined) missing.props.push({ q });
    else found.props.push({ q, value: req.type === 'propname' ? null : value });
  }
  const out: Propstat[] = [];
  if (found.props.length) out.push(found);
  // allprop lists only what exists; a minimal answer (Brief, Prefer) leaves out the 404 block.
  if (missing.props.length && req.type === 'prop' && !minimal) out.push(missing);
  if (!out.length) out.push({ status: 200, props: [] });
  return out;
}

const hrefOf = (r: Resource, actor: Actor): string => {
  switch (r.type) {
    case 'root':
      return `${ROOT}/`;
    case 'principals':
      return `${ROOT}/principals/`;
    case 'principal':
      return principalHref(actor.userId);
    case 'home':
      return homeHref(actor.userId);
    case 'collection':
      return collectionHref(actor.userId, r.segment);
    case 'object':
      return objectHref(actor.userId, r.segment, r.o.name);
  }
};

export async function responseFor(r: Resource, req: PropRequest, ctx: PropContext, minimal: boolean, hrefOverride?: string): Promise<DavResponse> {
  return { href: hrefOverride ?? hrefOf(r, ctx.actor), propstats: await propstats(r, req, ctx, minimal) };
}
