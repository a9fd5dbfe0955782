/** Wall-clock time <-> UTC helpers for IANA zones, Windows zone names and fixed offsets. */

export interface WallTime {
  year: number;
  month: number; // 1-12
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** Common Windows zone names (as written by Exchange/Outlook) mapped to IANA zones. */
const WINDOWS_ZONES: Record<string, string> = {
  'dateline standard time': 'Etc/GMT+12',
  'hawaiian standard time': 'Pacific/Honolulu',
  'alaskan standard time': 'America/Anchorage',
  'pacific standard time': 'America/Los_Angeles',
  'mountain standard time': 'America/Denver',
  'us mountain standard time': 'America/Phoenix',
  'central standard time': 'America/Chicago',
  'central standard time (mexico)': 'America/Mexico_City',
  'eastern standard time': 'America/New_York',
  'atlantic standard time': 'America/Halifax',
  'newfoundland standard time': 'America/St_Johns',
  'e. south america standard time': 'America/Sao_Paulo',
  'argentina standard time': 'America/Argentina/Buenos_Aires',
  utc: 'UTC',
  'gmt standard time': 'Europe/London',
  'greenwich standard time': 'Atlantic/Reykjavik',
  'w. europe standard time': 'Europe/Berlin',
  'central europe standard time': 'Europe/Budapest',
  'central european standard time': 'Europe/Warsaw',
  'romance standard time': 'Europe/Paris',
  'e. europe standard time': 'Europe/Chisinau',
  'gtb standard time': 'Europe/Bucharest',
  'fle standard time': 'Europe/Kiev',
  'israel standard time': 'Asia/Jerusalem',
  'south africa standard time': 'Africa/Johannesburg',
  'russian standard time': 'Europe/Moscow',
  'arabian standard time': 'Asia/Dubai',
  'india standard time': 'Asia/Kolkata',
  'se asia standard time': 'Asia/Bangkok',
  'china standard time': 'Asia/Shanghai',
  'singapore standard time': 'Asia/Singapore',
  'tokyo standard time': 'Asia/Tokyo',
  'korea standard time': 'Asia/Seoul',
  'aus eastern standard time': 'Australia/Sydney',
  'e. australia standard time': 'Australia/Brisbane',
  'cen. australia standard time': 'Australia/Adelaide',
  'w. australia standard time': 'Australia/Perth',
  'new zealand standard time': 'Pacific/Auckland',
};

function isValidIanaZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** IANA zone for a TZID (IANA already, a Windows name, or a "/mozilla.org/..." style prefix). */
export function resolveZoneName(tzid: string): string | null {
  const clean = tzid.replace(/^"|"$/g, '').trim();
  const tail = clean.replace(/^\/[^/]+\/[^/]+\//, '');
  for (const c of [clean, tail]) if (c.includes('/') && isValidIanaZone(c)) return c;
  return WINDOWS_ZONES[clean.toLowerCase()] ?? null;
}

// Building a formatter costs far more than using one, and a message names few zones.
const zoneFormats = new Map<string, Intl.DateTimeFormat>();

/** Offset in minutes east of UTC of an IANA zone at a UTC instant. */
function zoneOffsetAt(zone: string, utcMs: number): number {
  let format = zoneFormats.get(zone);
  if (!format) {
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
    zoneFormats.set(zone, format);
  }
  const parts = format.formatToParts(new Date(utcMs));
  const get = (t: string) => Number(parts.find((p) => p.type === t)?.value ?? 0);
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour') % 24, get('minute'), get('second'));
  return Math.round((asUtc - Math.floor(utcMs / 1000) * 1000) / 60000);
}

export function wallToUtcMs(w: WallTime, offsetMinutes: number): number {
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - offsetMinutes * 60000;
}

/** UTC instant of a wall-clock time in an IANA zone. */
export function zonedWallToUtcMs(w: WallTime, zone: string): number {
  const naive = wallToUtcMs(w, 0);
  let guess = naive - zoneOffsetAt(zone, naive) * 60000;
  guess = naive - zoneOffsetAt(zone, guess) * 60000;
  return guess;
}

export function toIso(ms: number): string {
  return new Date(ms).toISOString();
}

/** Wall-clock parts of a UTC instant seen at a fixed offset. */
export function utcToWall(ms: number, offsetMinutes: number): WallTime {
  const d = new Date(ms + offsetMinutes * 60000);
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
    second: d.getUTCSeconds(),
  };
}
