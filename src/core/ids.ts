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

/** Milliseconds of an ISO 8601 timestamp with an offset (`+hhmm` allowed as well as `+hh:mm`), or NaN. */
function instantOf(value: string | Date | number): number {
  if (value instanceof Date) return value.getTime();
  if (typeof value === 'number') return value;
  return Date.parse(value.replace(/([+-]\d{2})(\d{2})$/, '$1:$2'));
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
