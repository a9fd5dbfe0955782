/**
 * Wall-clock times in IANA zones to UTC instants, for every door that reads a zone name (CalDAV's
 * TZIDs, an emailed invitation's). One formatter per zone, kept: building one costs far more than
 * using it, and a deployment meets few zones.
 */

const formats = new Map<string, Intl.DateTimeFormat | null>();

function formatFor(zone: string): Intl.DateTimeFormat | null {
  let format = formats.get(zone);
  if (format === undefined) {
    try {
      format = new Intl.DateTimeFormat('en-US', {
        timeZone: zone,
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        second: 'numeric',
      });
    } catch {
      format = null;
    }
    formats.set(zone, format);
  }
  return format;
}

export const isIanaZone = (zone: string) => formatFor(zone) !== null;

/** Offset (ms east of UTC) of the zone at a UTC instant. */
function offsetAt(format: Intl.DateTimeFormat, utcMs: number): number {
  const parts = Object.fromEntries(format.formatToParts(new Date(utcMs)).map((p) => [p.type, p.value]));
  const d = new Date(0);
  d.setUTCFullYear(Number(parts.year), Number(parts.month) - 1, Number(parts.day));
  d.setUTCHours(Number(parts.hour), Number(parts.minute), Number(parts.second), 0);
  return d.getTime() - Math.floor(utcMs / 1000) * 1000;
}

/**
 * The UTC instant of a wall-clock time (given as if it were UTC milliseconds) in an IANA zone, or
 * null for a zone this runtime does not know. Two passes: the offset at the first guess settles it
 * except inside a DST change.
 */
export function zonedWallToUtc(wallMs: number, zone: string): number | null {
  const format = formatFor(zone);
  if (!format) return null;
  const guess = wallMs - offsetAt(format, wallMs);
  return wallMs - offsetAt(format, guess);
}

/** The calendar fields of an instant read in UTC (or of a wall clock carried as UTC milliseconds). */
export function utcFields(ms: number): { year: number; month: number; day: number; hour: number; minute: number; second: number } {
  const d = new Date(ms);
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
    second: d.getUTCSeconds(),
  };
}
