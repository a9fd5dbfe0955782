/**
 * Which redirect URIs an app may register. https anywhere; plain http only on this machine
 * (loopback), where nothing between the browser and the app can read the code; no fragments
 * (RFC 6749 3.1.2); at most 10, each at most 2,000 characters.
 */
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);
const MAX_REDIRECT_URIS = 10;

export type RedirectCheck = { ok: true; uris: string[] } | { ok: false; message: string };

export function checkRedirectUris(lines: string[]): RedirectCheck {
  const uris = [...new Set(lines.map((l) => l.trim()).filter(Boolean))];
  if (!uris.length) return { ok: false, message: 'Add at least one redirect URI.' };
  if (uris.length > MAX_REDIRECT_URIS) return { ok: false, message: `At most ${MAX_REDIRECT_URIS} redirect URIs.` };
  for (const uri of uris) {
    if (uri.length > 2000) return { ok: false, message: 'A redirect URI may be at most 2,000 characters long.' };
    let url: URL;
    try {
      url = new URL(uri);
    } catch {
      return { ok: false, message: `“${uri.slice(0, 100)}” is not an absolute URL.` };
    }
    if (uri.includes('#')) return { ok: false, message: `“${uri.slice(0, 100)}” has a fragment (#); redirect URIs may not.` };
    if (url.username || url.password) return { ok: false, message: `“${uri.slice(0, 100)}” has a user name or password in it.` };
    if (url.protocol === 'https:') continue;
    if (url.protocol === 'http:' && LOOPBACK.has(url.hostname)) continue;
    return { ok: false, message: `“${uri.slice(0, 100)}” must use https (plain http only for localhost, 127.0.0.1 or [::1]).` };
  }
  return { ok: true, uris };
}
