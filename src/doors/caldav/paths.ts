/** The door's URL space (D17) and the hrefs it answers with: absolute paths, one percent-encoding. */
export const ROOT = '/caldav';
/** The read-only collection of events the user only attends (D9: an attendee may read the event). */
export const ATTENDING_SEGMENT = 'attending-events';

export type DavPath =
  | { type: 'root' }
  | { type: 'principals' }
  | { type: 'principal'; userId: string }
  | { type: 'calendars' }
  | { type: 'home'; userId: string }
  | { type: 'collection'; userId: string; segment: string }
  | { type: 'object'; userId: string; segment: string; name: string };

/** Percent-encodes a path segment, leaving the characters RFC 3986 allows there as they are. */
export const encodeSegment = (s: string) => encodeURIComponent(s).replace(/%(40|3A|2B|2C|3B|3D|21|24|26|27|28|29|2A)/g, (m) => decodeURIComponent(m));

export const principalHref = (userId: string) => `${ROOT}/principals/${encodeSegment(userId)}/`;
export const homeHref = (userId: string) => `${ROOT}/calendars/${encodeSegment(userId)}/`;
export const collectionHref = (userId: string, segment: string) => `${homeHref(userId)}${encodeSegment(segment)}/`;
export const objectHref = (userId: string, segment: string, name: string) => `${collectionHref(userId, segment)}${encodeSegment(name)}`;

/** Reads a request path (query string removed); null when it is not one of the door's. */
export function parsePath(url: string): DavPath | null {
  const path = url.split('?')[0];
  if (path === '/' || path === '/.well-known/caldav' || path === '/.well-known/caldav/') return { type: 'root' };
  if (path !== ROOT && !path.startsWith(`${ROOT}/`)) return null;
  let parts: string[];
  try {
    parts = path
      .slice(ROOT.length)
      .split('/')
      .filter((p, i, all) => p !== '' || (i > 0 && i < all.length - 1))
      .map(decodeURIComponent);
  } catch {
    return null;
  }
  if (parts.some((p) => !p.trim() || p === '.' || p === '..' || p.length > 255)) return null;
  if (parts.length === 0) return { type: 'root' };
  const [area, userId, segment, name, ...rest] = parts;
  if (rest.length) return null;
  if (area === 'principals') {
    if (!userId) return { type: 'principals' };
    return segment ? null : { type: 'principal', userId };
  }
  if (area !== 'calendars') return null;
  if (!userId) return { type: 'calendars' };
  if (!segment) return { type: 'home', userId };
  if (!name) return { type: 'collection', userId, segment };
  return { type: 'object', userId, segment, name };
}
