/**
 * REPORT (RFC 4791 7.8/7.9, RFC 6578): calendar-multiget, calendar-query and sync-collection, all
 * answered from the indexed columns of the stored objects; only recurring candidates of a
 * time-range query are expanded.
 */
import type { Element } from '@xmldom/xmldom';
import type { CalendarObject, Collection, ObjectSummary } from '../../../core/calendar/calendar.service.js';
import { DomainError } from '../../../core/errors.js';
import type { TaskStatus } from '../../../core/tasks/task.js';
import { overlaps } from '../ical/occurrences.js';
import { davError, ensureFresh, ownUser, resolveCollection, sendMultistatus, wantsMinimal, type Dav } from '../dav.js';
import type { DavResponse } from '../multistatus.js';
import { collectionHref, encodeSegment } from '../paths.js';
import { responseFor, syncTokenUri } from '../props.js';
import { BadXml, child, children, is, NS, parseXml, propRequestOf, qkey, textOf, type PropRequest } from '../xml.js';

const COMPONENT = { task: 'VTODO', event: 'VEVENT' } as const;
const TASK_STATUS_TEXT: Record<TaskStatus, string> = { pending: 'NEEDS-ACTION', in_progress: 'IN-PROCESS', completed: 'COMPLETED', canceled: 'CANCELLED' };

const needsText = (req: PropRequest) =>
  req.type === 'prop' && req.props.some((q) => qkey(q) === `{${NS.CALDAV}}calendar-data` || qkey(q) === `{${NS.DAV}}getcontentlength`);

export async function report(dav: Dav) {
  const root = parseXml(dav.body);
  if (!root) throw new BadXml('REPORT needs a body');
  if (dav.path.type !== 'collection') {
    throw davError(403, NS.DAV, 'supported-report', 'Reports are answered on calendar collections');
  }
  ownUser(dav, dav.path.userId);
  const c = await resolveCollection(dav, dav.path.segment);
  const segment = dav.path.segment;
  if (is(root, NS.CALDAV, 'calendar-multiget')) return multiget(dav, c, segment, root);
  if (is(root, NS.CALDAV, 'calendar-query')) return query(dav, c, segment, root);
  if (is(root, NS.DAV, 'sync-collection')) return sync(dav, c, segment, root);
  throw davError(403, NS.DAV, 'supported-report', `The report ${root.localName} is not supported here`);
}

async function answer(dav: Dav, c: Collection, segment: string, objects: Array<ObjectSummary | CalendarObject>, req: PropRequest) {
  const minimal = wantsMinimal(dav.req);
  const out: DavResponse[] = [];
  for (const o of objects) out.push(await responseFor({ type: 'object', c, segment, o }, req, dav.props, minimal));
  return out;
}

async function multiget(dav: Dav, c: Collection, segment: string, root: Element) {
  const req = propRequestOf(root);
  await ensureFresh(dav.opts.calendar, c);
  const base = collectionHref(dav.actor.userId, segment);
  const hrefs = children(root, NS.DAV, 'href').map(textOf);
  const names = new Map<string, string>();
  for (const h of hrefs) {
    let path = h;
    try {
      path = h.startsWith('/') ? h : new URL(h).pathname;
    } catch {
      /* kept as given: it will not match */
    }
    let name: string | null = null;
    const rawBase = decodeURIComponent(base);
    try {
      const decoded = decodeURIComponent(path);
      if (decoded.startsWith(rawBase) && !decoded.slice(rawBase.length).includes('/')) name = decoded.slice(rawBase.length);
    } catch {
      /* a malformed escape never names a member */
    }
    if (name) names.set(h, name);
  }
  const found = new Map<string, ObjectSummary | CalendarObject>();
  const list = [...new Set(names.values())];
  for (let i = 0; i < list.length; i += 500) {
    for (const o of await dav.opts.calendar.objects(c, { names: list.slice(i, i + 500), withText: needsText(req) })) found.set(o.name, o);
  }
  const out: DavResponse[] = [];
  const minimal = wantsMinimal(dav.req);
  for (const h of hrefs) {
    const o = found.get(names.get(h) ?? '');
    if (o) out.push(await responseFor({ type: 'object', c, segment, o }, req, dav.props, minimal));
    else out.push({ href: h, status: 404 });
  }
  return sendMultistatus(dav, out);
}

/** An iCalendar UTC date-time (20260101T000000Z) as epoch ms. */
function utcOf(value: string | null): number | null {
  if (!value) return null;
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value.trim());
  if (!m) throw davError(400, NS.CALDAV, 'valid-filter', `time-range values must be UTC date-times, not ${value.slice(0, 40)}`);
  const d = new Date(0);
  d.setUTCFullYear(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  d.setUTCHours(Number(m[4]), Number(m[5]), Number(m[6]), 0);
  return d.getTime();
}

/** Task statuses a text-match on STATUS (substring, case-insensitive by default) selects. */
function statusMatch(el: Element): TaskStatus[] {
  const tm = child(el, NS.CALDAV, 'text-match');
  const all = Object.keys(TASK_STATUS_TEXT) as TaskStatus[];
  if (child(el, NS.CALDAV, 'is-not-defined')) return [];
  if (!tm) return all;
  const needle = textOf(tm).toUpperCase();
  const negate = tm.getAttribute('negate-condition') === 'yes';
  return all.filter((s) => TASK_STATUS_TEXT[s].includes(needle) !== negate);
}

async function query(dav: Dav, c: Collection, segment: string, root: Element) {
  const req = propRequestOf(root);
  const filter = child(root, NS.CALDAV, 'filter');
  const vcal = filter ? child(filter, NS.CALDAV, 'comp-filter') : null;
  if (!vcal || (vcal.getAttribute('name') ?? '').toUpperCase() !== 'VCALENDAR') {
    throw davError(403, NS.CALDAV, 'valid-filter', 'calendar-query needs <C:filter><C:comp-filter name="VCALENDAR">');
  }
  await ensureFresh(dav.opts.calendar, c);
  const inner = children(vcal, NS.CALDAV, 'comp-filter');
  let window: { start: string | null; end: string | null } | undefined;
  let range: { start: number; end: number } | null = null;
  let uid: string | undefined;
  let statuses: TaskStatus[] | null = null;
  let completedUndefined = false;
  for (const comp of inner) {
    if ((comp.getAttribute('name') ?? '').toUpperCase() !== COMPONENT[c.kind] || child(comp, NS.CALDAV, 'is-not-defined')) {
      // A filter on the other component (or its absence) selects nothing in this collection.
      if (inner.length === 1) return sendMultistatus(dav, []);
      continue;
    }
    const tr = child(comp, NS.CALDAV, 'time-range');
    if (tr) {
      const start = utcOf(tr.getAttribute('start'));
      const end = utcOf(tr.getAttribute('end'));
      range = { start: start ?? -Infinity, end: end ?? Infinity };
      window = { start: start === null ? null : new Date(start).toISOString(), end: end === null ? null : new Date(end).toISOString() };
    }
    for (const pf of children(comp, NS.CALDAV, 'prop-filter')) {
      const name = (pf.getAttribute('name') ?? '').toUpperCase();
      if (name === 'UID') {
        const tm = child(pf, NS.CALDAV, 'text-match');
        if (tm && tm.getAttribute('negate-condition') !== 'yes') uid = textOf(tm);
      } else if (name === 'STATUS' && c.kind === 'task') {
        statuses = statusMatch(pf);
      } else if (name === 'COMPLETED' && c.kind === 'task' && child(pf, NS.CALDAV, 'is-not-defined')) {
        completedUndefined = true;
      }
      // Other property filters are not applied: the answer is a superset, which clients filter again.
    }
  }
  if (completedUndefined) statuses = (statuses ?? ['pending', 'in_progress', 'canceled', 'completed']).filter((s) => s !== 'completed');
  const recurring = range !== null;
  const objects = await dav.opts.calendar.objects(c, { window, uid, taskStatuses: statuses ?? undefined, withText: needsText(req) || recurring });
  const kept = objects.filter((o) => {
    if (!range || !o.recurrence) return true;
    return overlaps(c.kind, (o as CalendarObject).ical, range.start, range.end) === true;
  });
  return sendMultistatus(dav, await answer(dav, c, segment, kept, req));
}

async function sync(dav: Dav, c: Collection, segment: string, root: Element) {
  const req = propRequestOf(root);
  const raw = textOf(child(root, NS.DAV, 'sync-token'));
  const level = textOf(child(root, NS.DAV, 'sync-level'));
  if (level && level !== '1') throw davError(403, NS.DAV, 'sync-traversal-supported', 'Only sync-level 1 is supported');
  const prefix = syncTokenUri('');
  if (raw && !raw.startsWith(prefix)) throw davError(403, NS.DAV, 'valid-sync-token', 'Unknown sync token');
  await ensureFresh(dav.opts.calendar, c);
  let result: Awaited<ReturnType<typeof dav.opts.calendar.sync>>;
  try {
    result = await dav.opts.calendar.sync(c, raw.slice(prefix.length));
  } catch (err) {
    if (err instanceof DomainError && err.code === 'gone') throw davError(403, NS.DAV, 'valid-sync-token', err.message);
    throw err;
  }
  let changed: Array<ObjectSummary | CalendarObject> = result.changed;
  if (needsText(req) && changed.length) {
    const names = changed.map((o) => o.name);
    changed = [];
    for (let i = 0; i < names.length; i += 500) changed.push(...(await dav.opts.calendar.objects(c, { names: names.slice(i, i + 500), withText: true })));
  }
  const out = await answer(dav, c, segment, changed, req);
  const base = collectionHref(dav.actor.userId, segment);
  for (const name of result.removed) out.push({ href: `${base}${encodeSegment(name)}`, status: 404 });
  return sendMultistatus(dav, out, [{ ns: NS.DAV, name: 'sync-token', value: syncTokenUri(result.token) }]);
}
