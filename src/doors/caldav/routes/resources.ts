/**
 * Calendar object resources: GET/HEAD, PUT (create or replace, with If-Match/If-None-Match),
 * DELETE and MOVE. Record writes go through the tasks and events use cases (access, lifecycle,
 * change log as for REST) and publish directly (D8); the client's text is kept in the same commit.
 */
import type { Collection } from '../../../core/calendar/calendar.service.js';
import { notFound } from '../../../core/errors.js';
import { attendeesOf, eventFieldsOf } from '../ical/event-map.js';
import { BadCalendar, readObject, type CalendarObjectText } from '../ical/parse.js';
import { taskFieldsOf } from '../ical/task-map.js';
import { davError, objectByName, ownUser, resolveCollection, type Dav } from '../dav.js';
import { objectRow } from '../objects.js';
import { objectHref, parsePath } from '../paths.js';
import { contentType } from '../props.js';
import { NS } from '../xml.js';

async function target(dav: Dav) {
  if (dav.path.type !== 'object') throw notFound('Resource');
  ownUser(dav, dav.path.userId);
  const c = await resolveCollection(dav, dav.path.segment);
  if (c.attending && dav.req.method !== 'GET' && dav.req.method !== 'HEAD') throw readOnlyAttending();
  const existing = await objectByName(dav.opts.calendar, c, dav.path.name);
  return { c, name: dav.path.name, segment: dav.path.segment, existing };
}

/** An attendee may read the event (D9); changing it, or their answer, goes through REST or the organiser's invitation. */
const readOnlyAttending = () => davError(403, NS.DAV, 'need-privileges', 'Events you only attend are read-only here');

const precondition = () => davError(412, null, null, 'The resource changed (ETag mismatch); fetch it again');
const destinationTaken = () => davError(412, null, null, 'The destination exists; MOVE does not overwrite here');

/** The ETag of a resource whose record changed since its text was written: matches no tag a client holds. */
const STALE_ETAG = '"stale"';

/** If-Match / If-None-Match against the current ETag (null: the resource does not exist). */
function checkConditions(dav: Dav, etag: string | null) {
  const ifMatch = dav.req.headers['if-match'];
  const ifNoneMatch = dav.req.headers['if-none-match'];
  const list = (h: string) => h.split(',').map((s) => s.trim().replace(/^W\//, ''));
  if (typeof ifMatch === 'string') {
    if (etag === null) throw precondition();
    if (ifMatch.trim() !== '*' && !list(ifMatch).includes(etag)) throw precondition();
  }
  if (typeof ifNoneMatch === 'string' && etag !== null) {
    if (ifNoneMatch.trim() === '*' || list(ifNoneMatch).includes(etag)) {
      if (dav.req.method === 'GET' || dav.req.method === 'HEAD') throw davError(304, null, null, '');
      throw precondition();
    }
  }
}

export async function getObject(dav: Dav) {
  const { c, existing } = await target(dav);
  if (!existing) throw notFound('Resource');
  checkConditions(dav, existing.etag);
  dav.reply.header('ETag', existing.etag).header('Content-Type', contentType(c.kind)).header('Last-Modified', new Date(existing.updated_at).toUTCString());
  return dav.reply.code(200).send(dav.req.method === 'HEAD' ? undefined : existing.ical);
}

function bodyText(dav: Dav): string {
  const text = dav.body ?? '';
  if (!text.trim()) throw new BadCalendar('The body must be one VCALENDAR', 'valid-calendar-data');
  if (text.includes('\u0000')) throw new BadCalendar('The body holds a NUL character', 'valid-calendar-data');
  return text;
}

/** The record fields a calendar object maps to (D17). */
function fieldsOf(c: Collection, parsed: CalendarObjectText) {
  if (c.kind === 'task') return taskFieldsOf(parsed.main, parsed.vcal);
  const fields = eventFieldsOf(parsed.main, parsed.vcal);
  if (!fields) throw new BadCalendar('A VEVENT needs DTSTART', 'valid-calendar-object-resource');
  const sequence = Number(parsed.main.getFirstPropertyValue('sequence') ?? 0);
  return { ...fields, ical_uid: parsed.uid, ical_sequence: Number.isSafeInteger(sequence) ? sequence : 0 };
}

/**
 * The ATTENDEE lines of a replaced event, applied through the attendees use case: new addresses
 * are added, changed PARTSTATs become RSVPs, and addresses the client's previous text listed but
 * this one drops are removed. Attendees added elsewhere (REST) and never written into the text
 * are left alone.
 */
async function applyAttendees(dav: Dav, eventId: string, before: string | null, parsed: CalendarObjectText) {
  if (!parsed.hasMaster) return;
  const wanted = attendeesOf(parsed.main);
  let previous: string[] = [];
  if (before) {
    try {
      previous = attendeesOf(readObject(before, 'event').main).map((a) => a.email);
    } catch {
      previous = [];
    }
  }
  const { attendees } = dav.opts.services;
  const current = new Map((await attendees.list(dav.actor, eventId)).map((a) => [a.email, a.rsvp_status]));
  for (const a of wanted) {
    if (current.get(a.email) !== a.rsvp_status) await attendees.add(dav.actor, eventId, a.email, a.rsvp_status);
  }
  const keep = new Set(wanted.map((a) => a.email));
  for (const email of previous) if (!keep.has(email) && current.has(email)) await attendees.remove(dav.actor, eventId, email);
}

export async function putObject(dav: Dav) {
  const text = bodyText(dav);
  const { c, name, existing } = await target(dav);
  const parsed = readObject(text, c.kind);
  checkConditions(dav, existing?.etag ?? null);
  const fields = fieldsOf(c, parsed);
  const { tasks, events } = dav.opts.services;
  const actor = dav.actor;
  const saved = await dav.opts.calendar.writeWithObject(async () => {
    // Checked again where they hold until commit: a parallel PUT, or a REST edit, may have come first.
    const now = await dav.opts.calendar.lockResource(c, name, parsed.uid, actor.userId);
    checkConditions(dav, now.object ? (now.stale ? STALE_ETAG : now.object.etag) : null);
    if ((now.object?.record_id ?? null) !== (existing?.record_id ?? null)) {
      throw davError(409, null, null, 'Another request wrote this resource at the same moment; send the PUT again');
    }
    const other = now.sameUid.find((o) => o.name !== name);
    if (other) throw davError(403, NS.CALDAV, 'no-uid-conflict', `UID ${parsed.uid} is already used by ${other.name} in this collection`);
    // A UID the caller already keeps in another collection moves there (a move by PUT, D17): the
    // record keeps its history. Read under the lock: another device's move of it has finished.
    const elsewhere = existing ? null : await dav.opts.calendar.objectByUid(actor, c.kind, parsed.uid);
    let recordId = existing?.record_id ?? elsewhere?.record_id ?? null;
    let before = existing?.ical ?? elsewhere?.ical ?? null;
    let id: string;
    let version: number;
    // The second half of a move by DELETE + PUT: the record the caller deleted comes back here (trash.ts).
    const restored = recordId ? null : await dav.opts.calendar.restore(actor, c.kind, parsed.uid, c.contextId);
    if (restored) {
      recordId = restored.recordId;
      before = restored.ical;
    }
    if (recordId) {
      const move = existing ? {} : { context_id: c.contextId };
      const rec =
        c.kind === 'task'
          ? await tasks.update(actor, recordId, { ...fields, ...move }, { publish: true })
          : await events.update(actor, recordId, { ...fields, ...move }, { publish: true });
      if (c.kind === 'event') await applyAttendees(dav, recordId, before, parsed);
      id = rec.id;
      version = rec.version_major;
    } else {
      const rec =
        c.kind === 'task'
          ? await tasks.create(actor, { ...(fields as ReturnType<typeof taskFieldsOf>), context_id: c.contextId })
          : await events.create(
              actor,
              { ...(fields as NonNullable<ReturnType<typeof eventFieldsOf>>), context_id: c.contextId },
              undefined,
              parsed.hasMaster ? attendeesOf(parsed.main) : [],
            );
      id = rec.id;
      version = rec.version_major;
    }
    const object = objectRow(c.kind, id, name, parsed, text, version);
    return { object, result: object };
  });
  dav.reply.header('ETag', saved.etag);
  if (!existing) dav.reply.header('Location', objectHref(actor.userId, (dav.path as { segment: string }).segment, name));
  return dav.reply.code(existing ? 204 : 201).send();
}

export async function deleteObject(dav: Dav) {
  const { c, existing } = await target(dav);
  if (!existing) throw notFound('Resource');
  checkConditions(dav, existing.etag);
  const { tasks, events } = dav.opts.services;
  // Kept for a while: the same user's PUT of this UID in another collection is a move (D17).
  await dav.opts.calendar.removeRestorable(dav.actor, c.kind, existing.record_id, existing.uid, () =>
    c.kind === 'task' ? tasks.remove(dav.actor, existing.record_id) : events.remove(dav.actor, existing.record_id),
  );
  return dav.reply.code(204).send();
}

/** MOVE to another collection of the same kind (D9a through the use case): same record, same history. */
export async function moveObject(dav: Dav) {
  const { c, existing } = await target(dav);
  if (!existing) throw notFound('Resource');
  checkConditions(dav, existing.etag);
  const destination = String(dav.req.headers.destination ?? '');
  let destPath: ReturnType<typeof parsePath> | null;
  try {
    destPath = parsePath(destination.startsWith('/') ? destination : new URL(destination).pathname);
  } catch {
    destPath = null;
  }
  if (destPath?.type !== 'object' || destPath.userId !== dav.actor.userId)
    throw davError(400, null, null, 'Destination must be a calendar object URL of this server');
  const to = await resolveCollection(dav, destPath.segment);
  if (to.attending) throw readOnlyAttending();
  if (to.kind !== c.kind) throw davError(403, NS.CALDAV, 'supported-calendar-component', 'The destination holds the other kind of component');
  const occupied = await objectByName(dav.opts.calendar, to, destPath.name);
  if (occupied && occupied.record_id !== existing.record_id) throw destinationTaken();
  const parsed = readObject(existing.ical, c.kind);
  const { tasks, events } = dav.opts.services;
  const saved = await dav.opts.calendar.writeWithObject(async () => {
    // Under the locks of both names and the UID: a parallel MOVE or PUT of it has finished.
    const from = await dav.opts.calendar.lockResource(c, existing.name, existing.uid, dav.actor.userId);
    if (from.object?.record_id !== existing.record_id) throw notFound('Resource');
    const into = await dav.opts.calendar.lockResource(to, destPath.name, existing.uid, dav.actor.userId);
    if (into.object && into.object.record_id !== existing.record_id) throw destinationTaken();
    const rec =
      c.kind === 'task'
        ? await tasks.update(dav.actor, existing.record_id, { context_id: to.contextId }, { publish: true })
        : await events.update(dav.actor, existing.record_id, { context_id: to.contextId }, { publish: true });
    const object = objectRow(c.kind, rec.id, destPath.name, parsed, existing.ical, rec.version_major);
    return { object, result: object };
  });
  return dav.reply
    .code(occupied ? 204 : 201)
    .header('ETag', saved.etag)
    .send();
}
