/** iCalendar times <-> UTC instants: DATE values stay whole UTC days (never shifted), TZIDs honoured. */
import ICAL from 'ical.js';
import { utcFields, zonedWallToUtc } from '../../../core/zones.js';

export type Component = InstanceType<typeof ICAL.Component>;
export type Property = InstanceType<typeof ICAL.Property>;
export type Time = InstanceType<typeof ICAL.Time>;

/** D23: instants from year 1 to year 9999 only (Date.UTC would read years 0..99 as 1900..1999). */
export const MIN_MS = Date.parse('0001-01-01T00:00:00.000Z');
export const MAX_MS = Date.parse('9999-12-31T23:59:59.999Z');

// ical.js writes a year below 1000 without its leading zeros ("50-01-01"), which no parser (its own
// included) reads back as a DATE or DATE-TIME: D23 keeps years from 0001, so pad them to four digits.
const timeText = ICAL.Time.prototype.toString;
ICAL.Time.prototype.toString = function paddedYear(this: Time) {
  const text = timeText.call(this);
  return this.year >= 0 && this.year < 1000 ? text.replace(/^\d+/, String(this.year).padStart(4, '0')) : text;
};

const wallMs = (t: Time) => {
  const d = new Date(0);
  d.setUTCFullYear(t.year, t.month - 1, t.day);
  d.setUTCHours(t.hour, t.minute, t.second, 0);
  return d.getTime();
};

const zones = new WeakMap<Component, Map<string, InstanceType<typeof ICAL.Timezone> | null>>();

/**
 * The calendar's VTIMEZONE named `tzid`, read once per calendar object: ical.js expands a zone's
 * changes from its first DTSTART (Outlook writes 1601) up to the year asked and keeps them in the
 * Timezone object, so a fresh object per instant re-expanded four centuries each time, and a weekly
 * series expanded to its window took minutes of CPU on one PUT.
 */
function zoneIn(vcal: Component, tzid: string): InstanceType<typeof ICAL.Timezone> | null {
  let byId = zones.get(vcal);
  if (!byId) {
    byId = new Map();
    zones.set(vcal, byId);
  }
  let tz = byId.get(tzid);
  if (tz === undefined) {
    const vtz = vcal.getAllSubcomponents('vtimezone').find((c) => String(c.getFirstPropertyValue('tzid')) === tzid);
    tz = vtz ? new ICAL.Timezone(vtz) : null;
    byId.set(tzid, tz);
  }
  return tz;
}

/**
 * UTC milliseconds of a time value. `vcal` supplies VTIMEZONE definitions for TZID; a TZID with
 * none is read as an IANA name; floating times are read as UTC.
 */
export function instantMs(t: Time, tzid: string | null, vcal: Component | null): number {
  const wall = wallMs(t);
  if (t.isDate) return wall;
  if (t.zone?.tzid === 'UTC') return wall;
  if (tzid) {
    const tz = vcal ? zoneIn(vcal, tzid) : null;
    if (tz) {
      const local = new ICAL.Time({ year: t.year, month: t.month, day: t.day, hour: t.hour, minute: t.minute, second: t.second, isDate: false }, tz);
      return wall - tz.utcOffset(local) * 1000;
    }
    const zoned = zonedWallToUtc(wall, tzid);
    if (zoned !== null) return zoned;
  }
  return wall;
}

export const tzidOf = (p: Property): string | null => {
  const v = p.getParameter('tzid');
  return v ? String(Array.isArray(v) ? v[0] : v) : null;
};

/** The instant of a date or date-time property, or null when absent. */
export function propInstant(c: Component, name: string, vcal: Component | null): { ms: number; isDate: boolean } | null {
  const p = c.getFirstProperty(name);
  if (!p) return null;
  const t = p.getFirstValue() as Time | null;
  if (!t || typeof t !== 'object' || !('year' in t)) return null;
  return { ms: instantMs(t, tzidOf(p), vcal), isDate: t.isDate };
}

export const iso = (ms: number) => new Date(ms).toISOString();

/** The date and time fields of `ms` read in UTC: as UTC, or as a wall clock with no zone (`zone` unset). */
const timeAt = (ms: number, zone?: InstanceType<typeof ICAL.Timezone>): Time => {
  const fields = { ...utcFields(ms), isDate: false };
  return zone ? ICAL.Time.fromData(fields, zone) : ICAL.Time.fromData(fields);
};

/** An ICAL.Time in UTC for an ISO instant; `date` keeps only the UTC day (VALUE=DATE). */
export function timeOf(isoValue: string, date = false): Time {
  const d = new Date(isoValue);
  if (date) return ICAL.Time.fromData({ year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate(), isDate: true });
  return timeAt(d.getTime(), ICAL.Timezone.utcTimezone);
}

/**
 * The wall-clock time in zone `tzid` (a VTIMEZONE of `vcal`, else an IANA name) that is the instant
 * `isoValue`, to be written with that TZID; null inside a DST gap, where no wall time is it. Found
 * by correcting a guess with `instantMs` itself, so both directions read the zone the same way.
 */
export function zonedTimeOf(isoValue: string, tzid: string, vcal: Component | null): Time | null {
  const target = Date.parse(isoValue);
  let wall = target;
  for (let i = 0; i < 3; i++) {
    const got = instantMs(timeAt(wall), tzid, vcal);
    if (got === target) return timeAt(wall);
    wall += target - got;
  }
  return null;
}

export const isMidnightUtc = (isoValue: string) => isoValue.slice(11, 23) === '00:00:00.000';
