/** VEVENT <-> event (D17): pure functions over ical.js components. */
import ICAL from 'ical.js';
import type { RsvpStatus } from '../../../core/events/event.js';
import { iso, propInstant, timeOf, tzidOf, zonedTimeOf, type Component } from './time.js';

export interface EventFields {
  title: string;
  description: string | null;
  location: string | null;
  start_time: string;
  end_time: string;
  all_day: boolean;
}
export interface EventValues extends EventFields {
  updated_at: string;
  /** The attendees the service holds; when given, ATTENDEE lines follow them. */
  attendees?: Array<{ email: string; rsvp_status: RsvpStatus }>;
}

const DAY = 86_400_000;
const PARTSTAT: Record<string, RsvpStatus> = { 'NEEDS-ACTION': 'pending', ACCEPTED: 'accepted', DECLINED: 'declined', TENTATIVE: 'tentative' };
const PARTSTAT_OUT: Record<RsvpStatus, string> = { pending: 'NEEDS-ACTION', accepted: 'ACCEPTED', declined: 'DECLINED', tentative: 'TENTATIVE' };
const emailOf = (p: InstanceType<typeof ICAL.Property>) =>
  String(p.getFirstValue() ?? '')
    .replace(/^mailto:/i, '')
    .trim()
    .toLowerCase();

/**
 * Makes the ATTENDEE lines say what the service holds: answers updated in place (other
 * parameters such as CN kept), new attendees added, removed ones dropped. Lines without an email
 * address are left as they are. Returns whether anything changed.
 */
function patchAttendees(c: Component, attendees: Array<{ email: string; rsvp_status: RsvpStatus }>): boolean {
  let changed = false;
  const held = new Map(attendees.map((a) => [a.email, a.rsvp_status]));
  const seen = new Set<string>();
  for (const p of c.getAllProperties('attendee')) {
    const email = emailOf(p);
    if (!/^[^@\s]+@[^@\s]+$/.test(email)) continue;
    const rsvp = held.get(email);
    if (!rsvp || seen.has(email)) {
      c.removeProperty(p);
      changed = true;
      continue;
    }
    seen.add(email);
    const now = String(p.getParameter('partstat') ?? 'NEEDS-ACTION').toUpperCase();
    if ((PARTSTAT[now] ?? 'pending') !== rsvp) {
      p.setParameter('partstat', PARTSTAT_OUT[rsvp]);
      changed = true;
    }
  }
  for (const a of attendees) {
    if (seen.has(a.email)) continue;
    const p = new ICAL.Property('attendee');
    p.setParameter('partstat', PARTSTAT_OUT[a.rsvp_status]);
    p.setValue(`mailto:${a.email}`);
    c.addProperty(p);
    changed = true;
  }
  return changed;
}

const text = (c: Component, name: string): string | null => {
  const v = c.getFirstPropertyValue(name);
  return v === null || v === undefined ? null : String(v);
};

/** Start and end instants: DTEND, else DTSTART + DURATION, else one day (all-day) or no length. */
export function spanOf(c: Component, vcal: Component | null): { start: number; end: number; allDay: boolean } | null {
  const start = propInstant(c, 'dtstart', vcal);
  if (!start) return null;
  const end = propInstant(c, 'dtend', vcal);
  if (end) return { start: start.ms, end: Math.max(end.ms, start.ms), allDay: start.isDate };
  const duration = c.getFirstPropertyValue('duration') as InstanceType<typeof ICAL.Duration> | null;
  if (duration && typeof duration === 'object' && 'toSeconds' in duration) {
    return { start: start.ms, end: start.ms + Math.max(0, duration.toSeconds()) * 1000, allDay: start.isDate };
  }
  return { start: start.ms, end: start.isDate ? start.ms + DAY : start.ms, allDay: start.isDate };
}

export function eventFieldsOf(c: Component, vcal: Component | null): EventFields | null {
  const span = spanOf(c, vcal);
  if (!span) return null;
  return {
    title: (text(c, 'summary') ?? '').trim() || 'Untitled',
    description: text(c, 'description'),
    location: text(c, 'location'),
    start_time: iso(span.start),
    end_time: iso(span.end),
    all_day: span.allDay,
  };
}

/** ATTENDEE lines with an email, and their PARTSTAT as an RSVP. */
export function attendeesOf(c: Component): Array<{ email: string; rsvp_status: RsvpStatus }> {
  const out = new Map<string, RsvpStatus>();
  for (const p of c.getAllProperties('attendee')) {
    const email = String(p.getFirstValue() ?? '')
      .replace(/^mailto:/i, '')
      .trim()
      .toLowerCase();
    if (!/^[^@\s]+@[^@\s]+$/.test(email) || email.length > 320) continue;
    out.set(email, PARTSTAT[String(p.getParameter('partstat') ?? 'NEEDS-ACTION').toUpperCase()] ?? 'pending');
  }
  return [...out].map(([email, rsvp_status]) => ({ email, rsvp_status }));
}

function setText(c: Component, name: string, value: string | null) {
  if (value === null) c.removeAllProperties(name);
  else c.updatePropertyWithValue(name, value);
}

const zoneOf = (c: Component, name: string): string | null => {
  const p = c.getFirstProperty(name);
  return p ? tzidOf(p) : null;
};

/** A DTSTART/DTEND: in its zone when it had one (and the instant exists there), else in UTC or as a DATE. */
function addTime(c: Component, name: string, isoValue: string, allDay: boolean, zone: string | null, vcal: Component | null) {
  const zoned = zone ? zonedTimeOf(isoValue, zone, vcal) : null;
  if (!zoned || !zone) {
    c.addPropertyWithValue(name, timeOf(isoValue, allDay));
    return;
  }
  c.addPropertyWithValue(name, zoned).setParameter('tzid', zone);
}

/**
 * Writes the event's values where the VEVENT says otherwise, keeping everything else; then
 * SEQUENCE + 1, LAST-MODIFIED and DTSTAMP. A start or end that did not move keeps its TZID form.
 */
export function patchVevent(c: Component, event: EventValues, vcal: Component | null): boolean {
  const now = eventFieldsOf(c, vcal);
  let changed = false;
  if (now?.title !== event.title) {
    setText(c, 'summary', event.title);
    changed = true;
  }
  if ((now?.description ?? null) !== (event.description ?? null)) {
    setText(c, 'description', event.description);
    changed = true;
  }
  if ((now?.location ?? null) !== (event.location ?? null)) {
    setText(c, 'location', event.location);
    changed = true;
  }
  if (!now || now.start_time !== event.start_time || now.end_time !== event.end_time || now.all_day !== event.all_day) {
    // A zoned start stays in its zone: a weekly 09:00 Europe/Paris series moved to 10:00 must stay
    // at 10:00 Paris after the clocks change, which a UTC DTSTART would not.
    const startZone = event.all_day ? null : zoneOf(c, 'dtstart');
    const endZone = event.all_day ? null : (zoneOf(c, 'dtend') ?? startZone);
    c.removeAllProperties('dtstart');
    c.removeAllProperties('dtend');
    c.removeAllProperties('duration');
    addTime(c, 'dtstart', event.start_time, event.all_day, startZone, vcal);
    addTime(c, 'dtend', event.end_time, event.all_day, endZone, vcal);
    changed = true;
  }
  if (event.attendees && patchAttendees(c, event.attendees)) changed = true;
  if (changed) {
    c.updatePropertyWithValue('sequence', Number(c.getFirstPropertyValue('sequence') ?? 0) + 1);
    c.updatePropertyWithValue('last-modified', timeOf(event.updated_at));
    c.updatePropertyWithValue('dtstamp', timeOf(event.updated_at));
  }
  return changed;
}

export function newVevent(id: string, event: EventValues & { created_at: string }): Component {
  const vcal = new ICAL.Component('vcalendar');
  vcal.updatePropertyWithValue('version', '2.0');
  vcal.updatePropertyWithValue('prodid', '-//Agendum//CalDAV//EN');
  const c = new ICAL.Component('vevent');
  c.updatePropertyWithValue('uid', id);
  c.updatePropertyWithValue('created', timeOf(event.created_at));
  vcal.addSubcomponent(c);
  patchVevent(c, event, vcal);
  c.updatePropertyWithValue('sequence', 0);
  return vcal;
}
