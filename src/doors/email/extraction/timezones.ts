/** Wall-clock time <-> UTC helpers for IANA zones, Windows zone names and fixed offsets. */
import { isIanaZone, utcFields, zonedWallToUtc } from '../../../core/zones.js';

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

/** IANA zone for a TZID (IANA already, a Windows name, or a "/mozilla.org/..." style prefix). */
export function resolveZoneName(tzid: string): string | null {
  const clean = tzid.replace(/^"|"$/g, '').trim();
  const tail = clean.replace(/^\/[^/]+\/[^/]+\//, '');
  for (const c of [clean, tail]) if (c.includes('/') && isIanaZone(c)) return c;
  return WINDOWS_ZONES[clean.toLowerCase()] ?? null;
}

export function wallToUtcMs(w: WallTime, offsetMinutes: number): number {
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - offsetMinutes * 60000;
}

/** UTC instant of a wall-clock time in an IANA zone. */
export function zonedWallToUtcMs(w: WallTime, zone: string): number {
  const naive = wallToUtcMs(w, 0);
  // Zones reach here through resolveZoneName, which accepts only zones the runtime knows.
  return zonedWallToUtc(naive, zone) ?? naive;
}

export function toIso(ms: number): string {
  return new Date(ms).toISOString();
}

/** Wall-clock parts of a UTC instant seen at a fixed offset. */
export function utcToWall(ms: number, offsetMinutes: number): WallTime {
  return utcFields(ms + offsetMinutes * 60000);
}
