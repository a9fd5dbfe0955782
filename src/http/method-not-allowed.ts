/**
 * 405 `method_not_allowed` for a known path asked with a method it does not have, with `Allow`
 * naming the methods it has (RFC 9110 §15.5.6); unknown paths stay 404. Fastify routes by method
 * first and sends both cases to the not-found handler, so a second router holding every route's
 * path under its methods, filled as routes are registered, tells the two apart there. CalDAV
 * answers its own methods (D17) and is left out.
 */
import FindMyWay, { type HTTPMethod } from 'find-my-way';
import type { FastifyInstance } from 'fastify';
import { isBlankKey } from '../core/ids.js';

const OWN_METHOD_HANDLING = /^\/(caldav|\.well-known\/caldav)(\/|$)/;

declare module 'fastify' {
  interface FastifyInstance {
    /** The methods each known path has, for the not-found handlers (405 vs 404). */
    routeMethods: MethodsByPath;
  }
}

interface MethodsByPath {
  /** The methods a path has, sorted; empty when no route has the path. */
  allowed(url: string): string[];
}

/** Records every route registered from now on (call before the doors are mounted), as `app.routeMethods`. */
export function trackRouteMethods(app: FastifyInstance, opts: { maxParamLength: number }): void {
  const router = FindMyWay({ maxParamLength: opts.maxParamLength });
  const methods = new Set<HTTPMethod>();
  const seen = new Set<string>();
  const noop = () => {};
  app.addHook('onRoute', (route) => {
    if (OWN_METHOD_HANDLING.test(route.url)) return;
    // The CORS preflight answers OPTIONS on every path under its prefix: it makes no path known.
    if ([route.method].flat().includes('OPTIONS') && route.url.endsWith('*')) return;
    for (const method of [route.method].flat().map((m) => m.toUpperCase() as HTTPMethod)) {
      const key = `${method} ${route.url}`;
      if (seen.has(key)) continue;
      seen.add(key);
      methods.add(method);
      router.on(method, route.url, noop);
    }
  });
  // A blank key (`/tasks/`, `/tasks/%20`) names nothing whatever the method (D23): such a match does not count.
  const names = (found: { params: Record<string, string | undefined> } | null) =>
    found !== null && Object.entries(found.params).every(([name, value]) => name === '*' || !isBlankKey(value ?? ''));
  const tracked: MethodsByPath = {
    allowed(url) {
      const path = url.split('?')[0];
      if (OWN_METHOD_HANDLING.test(path)) return [];
      return [...methods].filter((m) => names(router.find(m, path))).sort();
    },
  };
  app.decorate('routeMethods', tracked);
}
