import { randomUUID } from 'node:crypto';
import { invalid } from './errors.js';

export const newId = (): string => randomUUID();

/** Canonical timestamp form (DECISIONS D3): UTC, milliseconds, Z. */
export const nowIso = (): string => new Date().toISOString();

/**
 * The instants a timestamp may name (D23): 0001-01-01T00:00:00Z to 9999-12-31T23:59:59.999Z, after
 * its offset is applied. Beyond them ISO 8601 needs expanded years (`+010000-...`), which the
 * document's `date-time` format, string ordering and iCalendar all reject.
 */
const MIN_INSTANT_MS = Date.parse('0001-01-01T00:00:00.000Z');
const MAX_INSTANT_MS = Date.parse('9999-12-31T23:59:59.999Z');

/**
 * ISO 8601 date-times with an offset (D3), in the extended (`2026-12-01T10:00:00+05:30`) or the
 * basic format (`20261201T100000Z`): seconds and a fraction optional, the offset `Z`, `±hh`,
 * `±hhmm` or `±hh:mm`. `T` and `Z` in either case.
 */
const EXTENDED = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?(Z|[+-]\d{2}(?::?\d{2})?)$/i;
const BASIC = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(?:(\d{2})(?:[.,](\d{1,9}))?)?(Z|[+-]\d{2}(?:\d{2})?)$/i;

/**
 * Milliseconds of an ISO 8601 timestamp with an offset, or null when it is not one or names an
 * impossible time: 30 February, hour 24, second 60, an offset of 24 hours or more. Fractions past
 * milliseconds are cut, as Date.parse does.
 */
export function timestampMs(value: string): number | null {
  const m = EXTENDED.exec(value) ?? BASIC.exec(value);
  if (!m) return null;
  const [year, month, day, hour, minute] = [m[1], m[2], m[3], m[4], m[5]].map(Number);
  const second = Number(m[6] ?? 0);
  const millis = Number((m[7] ?? '').padEnd(3, '0').slice(0, 3));
  if (!isRealDay(year, month, day) || hour > 23 || minute > 59 || second > 59) return null;
  const zone = m[8].toUpperCase();
  let offset = 0;
  if (zone !== 'Z') {
    const hours = Number(zone.slice(1, 3));
    const minutes = zone.length > 3 ? Number(zone.slice(-2)) : 0;
    if (hours > 23 || minutes > 59) return null;
    offset = (zone[0] === '-' ? -1 : 1) * (hours * 60 + minutes) * 60_000;
  }
  // setUTCFullYear, not Date.UTC: Date.UTC reads years 0..99 as 1900..1999.
  const at = new Date(0);
  at.setUTCFullYear(year, month - 1, day);
  at.setUTCHours(hour, minute, second, millis);
  return at.getTime() - offset;
}

/** Milliseconds of an instant: a Date, a number, or a timestamp as above (NaN when it is none). */
function instantOf(value: string | Date | number): number {
  if (value instanceof Date) return value.getTime();
  if (typeof value === 'number') return value;
  return timestampMs(value) ?? Number.NaN;
}

/** A day of the proleptic Gregorian calendar ISO 8601 and iCalendar use: no 30 February, no 29 February 2027. */
export function isRealDay(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return day <= (month === 2 ? (leap ? 29 : 28) : [4, 6, 9, 11].includes(month) ? 30 : 31);
}

export const inInstantRange = (value: string | Date | number): boolean => {
  const ms = instantOf(value);
  return Number.isFinite(ms) && ms >= MIN_INSTANT_MS && ms <= MAX_INSTANT_MS;
};

/**
 * The canonical form of a timestamp every door hands to the core (REST, CalDAV, email): 400
 * `validation_error` naming `field` when it is not a timestamp or lies outside the range above.
 */
export function toIso(value: string | Date | number, field = 'timestamp'): string {
  const ms = instantOf(value);
  if (!Number.isFinite(ms)) throw invalid(field, 'format', `${field} must be an ISO 8601 timestamp with an offset`);
  if (ms < MIN_INSTANT_MS || ms > MAX_INSTANT_MS) {
    throw invalid(field, 'range', `${field} must lie between 0001-01-01T00:00:00Z and 9999-12-31T23:59:59.999Z once its offset is applied`);
  }
  return new Date(ms).toISOString();
}

/** Orders two timestamps by the instants they name, never by their text. */
export const compareInstants = (a: string, b: string): number => instantOf(a) - instantOf(b);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;
export const isUuid = (value: string): boolean => UUID.test(value);

/** A key taken from a path (an id, an email): blank or whitespace-only names nothing (404, D23). */
export const isBlankKey = (value: string): boolean => value.trim() === '';
