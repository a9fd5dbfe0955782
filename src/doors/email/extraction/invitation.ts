/** iCalendar parts (text/calendar, .ics) -> events and cancellations, via ical.js. */
import ICAL from 'ical.js';
import { CONFIDENCE } from './confidence.js';
import { resolveZoneName, toIso, wallToUtcMs, zonedWallToUtcMs, type WallTime } from './timezones.js';
import type { ExtractedAttendee, ExtractedCancellation, ExtractedEvent, RsvpStatus } from './types.js';

type Component = InstanceType<typeof ICAL.Component>;
type Property = InstanceType<typeof ICAL.Property>;
type Time = InstanceType<typeof ICAL.Time>;

export interface InvitationResult {
  events: ExtractedEvent[];
  cancellations: ExtractedCancellation[];
}

export class InvalidCalendarError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'InvalidCalendarError';
  }
}

const PARTSTAT: Record<string, RsvpStatus> = {
  'NEEDS-ACTION': 'pending',
  ACCEPTED: 'accepted',
  DECLINED: 'declined',
  TENTATIVE: 'tentative',
  DELEGATED: 'pending',
};

function wallOf(t: Time): WallTime {
  return { year: t.year, month: t.month, day: t.day, hour: t.hour, minute: t.minute, second: t.second };
}

/** UTC milliseconds of a DTSTART/DTEND property, honouring TZID (file VTIMEZONE first), Z and floating. */
function instantOf(prop: Property, vcal: Component, floatingOffset: number): { ms: number; isDate: boolean } {
  const t = prop.getFirstValue() as Time;
  const w = wallOf(t);
  if (t.isDate) return { ms: Date.UTC(w.year, w.month - 1, w.day), isDate: true };
  if (t.zone && t.zone.tzid === 'UTC') return { ms: wallToUtcMs(w, 0), isDate: false };
  const tzidParam = prop.getParameter('tzid');
  const tzid = Array.isArray(tzidParam) ? tzidParam[0] : tzidParam;
  if (tzid) {
    const vtz = vcal.getAllSubcomponents('vtimezone').find((c) => String(c.getFirstPropertyValue('tzid')) === tzid);
    if (vtz) {
      const tz = new ICAL.Timezone(vtz);
      const local = new ICAL.Time({ ...w, isDate: false }, tz);
      return { ms: wallToUtcMs(w, tz.utcOffset(local) / 60), isDate: false };
    }
    const zone = resolveZoneName(tzid);
    if (zone) return { ms: zonedWallToUtcMs(w, zone), isDate: false };
  }
  return { ms: wallToUtcMs(w, floatingOffset), isDate: false };
}

function attendeesOf(vevent: Component): ExtractedAttendee[] {
  const out: ExtractedAttendee[] = [];
  for (const p of vevent.getAllProperties('attendee')) {
    const value = String(p.getFirstValue() ?? '');
    const email = value
      .replace(/^mailto:/i, '')
      .trim()
      .toLowerCase();
    if (!email.includes('@')) continue;
    const cn = p.getParameter('cn');
    const partstat = String(p.getParameter('partstat') ?? 'NEEDS-ACTION').toUpperCase();
    out.push({ email, name: cn ? String(cn) : null, rsvp_status: PARTSTAT[partstat] ?? 'pending' });
  }
  return out;
}

function text(vevent: Component, name: string): string {
  const v = vevent.getFirstPropertyValue(name);
  return v === null || v === undefined ? '' : String(v).trim();
}

function eventOf(vevent: Component, vcal: Component, floatingOffset: number, provenance: string): ExtractedEvent | null {
  const dtstart = vevent.getFirstProperty('dtstart');
  if (!dtstart) return null;
  const start = instantOf(dtstart, vcal, floatingOffset);
  let endMs: number;
  const dtend = vevent.getFirstProperty('dtend');
  const duration = vevent.getFirstPropertyValue('duration') as InstanceType<typeof ICAL.Duration> | null;
  if (dtend) endMs = instantOf(dtend, vcal, floatingOffset).ms;
  else if (duration) endMs = start.ms + duration.toSeconds() * 1000;
  else endMs = start.ms + (start.isDate ? 86400000 : 3600000);
  if (endMs <= start.ms) endMs = start.ms + (start.isDate ? 86400000 : 3600000);
  const description = text(vevent, 'description');
  const seq = Number(vevent.getFirstPropertyValue('sequence'));
  return {
    title: text(vevent, 'summary') || '(untitled invitation)',
    description: [description, provenance].filter(Boolean).join('\n\n'),
    start_time: toIso(start.ms),
    end_time: toIso(endMs),
    all_day: start.isDate,
    location: text(vevent, 'location') || null,
    attendees: attendeesOf(vevent),
    confidence: CONFIDENCE.invitation,
    ical_uid: text(vevent, 'uid') || null,
    ical_sequence: Number.isFinite(seq) ? seq : 0,
  };
}

/** Parses one calendar part. Throws InvalidCalendarError when it is not iCalendar data. */
export function readCalendarPart(content: string, floatingOffset: number, provenance: string): InvitationResult {
  let vcal: Component;
  try {
    const jcal = ICAL.parse(content.trim());
    vcal = new ICAL.Component(Array.isArray(jcal) && typeof jcal[0] === 'string' ? jcal : ((jcal as unknown[])[0] as never));
  } catch (cause) {
    throw new InvalidCalendarError(`calendar part does not parse: ${(cause as Error).message}`, { cause });
  }
  if (vcal.name !== 'vcalendar') throw new InvalidCalendarError('calendar part has no VCALENDAR');
  const method = String(vcal.getFirstPropertyValue('method') ?? '').toUpperCase();
  const result: InvitationResult = { events: [], cancellations: [] };
  const vevents = vcal.getAllSubcomponents('vevent');
  if (!vevents.length) throw new InvalidCalendarError('calendar part has no VEVENT');
  const seen = new Set<string>();
  for (const vevent of vevents) {
    const uid = text(vevent, 'uid');
    // Overrides of single occurrences (RECURRENCE-ID) are left out: one event per series.
    if (vevent.getFirstProperty('recurrence-id') && vevents.some((v) => v !== vevent && text(v, 'uid') === uid)) continue;
    if (uid && seen.has(uid)) continue;
    if (uid) seen.add(uid);
    const status = text(vevent, 'status').toUpperCase();
    if (method === 'CANCEL' || status === 'CANCELLED') {
      if (uid) {
        const seq = Number(vevent.getFirstPropertyValue('sequence'));
        result.cancellations.push({ ical_uid: uid, ical_sequence: Number.isFinite(seq) ? seq : null });
      }
      continue;
    }
    let ev: ExtractedEvent | null;
    try {
      ev = eventOf(vevent, vcal, floatingOffset, provenance);
    } catch (cause) {
      throw new InvalidCalendarError(`calendar event is unusable: ${(cause as Error).message}`, { cause });
    }
    if (ev) result.events.push(ev);
  }
  return result;
}
