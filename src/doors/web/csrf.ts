/**
 * CSRF protection for the account pages. Every form carries a hidden `_csrf` field holding an HMAC
 * of a secret cookie the browser already has: the session cookie once signed in, or a pre-session
 * cookie (`agendum_csrf`) on the sign-in and sign-up forms, so login CSRF is covered too. A page
 * on another site can neither read those cookies nor compute the HMAC. The Origin header, when the
 * browser sends one, must also name this server.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from '../../http/auth.js';
import { cookieOptions } from './session.js';

export const CSRF_FIELD = '_csrf';
const PRE_SESSION_COOKIE = 'agendum_csrf';

export class CsrfError extends Error {}

export function createCsrf(secret: Uint8Array) {
  const key = createHmac('sha256', secret).update('agendum web csrf v1').digest();
  const sign = (scope: string, value: string) => createHmac('sha256', key).update(`${scope}:${value}`).digest('base64url');

  const candidates = (req: FastifyRequest) => {
    const out: string[] = [];
    const session = req.cookies[SESSION_COOKIE];
    const pre = req.cookies[PRE_SESSION_COOKIE];
    if (session) out.push(sign('session', session));
    if (pre) out.push(sign('pre', pre));
    return out;
  };

  return {
    /** The token for forms on a page for a signed-in user. */
    forSession: (sessionSecret: string) => sign('session', sessionSecret),

    /** The token for forms shown before sign-in; sets the pre-session cookie when missing. */
    forVisitor(req: FastifyRequest, reply: FastifyReply) {
      let pre = req.cookies[PRE_SESSION_COOKIE];
      if (!pre || !/^[A-Za-z0-9_-]{43}$/.test(pre)) {
        pre = randomBytes(32).toString('base64url');
        reply.setCookie(PRE_SESSION_COOKIE, pre, cookieOptions(req));
      }
      return sign('pre', pre);
    },

    /** Throws CsrfError unless the form's token is the one bound to this session (signed-in forms). */
    verifyForSession(req: FastifyRequest, sessionSecret: string) {
      const body = req.body as Record<string, unknown> | undefined;
      const given = typeof body?.[CSRF_FIELD] === 'string' ? Buffer.from(body[CSRF_FIELD] as string) : null;
      const expected = Buffer.from(sign('session', sessionSecret));
      if (!given || given.length !== expected.length || !timingSafeEqual(given, expected)) throw new CsrfError('token not bound to this session');
    },

    /** Throws CsrfError unless the request is a same-origin post with a valid token. */
    verify(req: FastifyRequest) {
      const origin = req.headers.origin;
      if (origin !== undefined && !sameHost(origin, req.headers.host)) throw new CsrfError('cross-origin');
      if (req.headers['sec-fetch-site'] === 'cross-site') throw new CsrfError('cross-site');
      const body = req.body as Record<string, unknown> | undefined;
      const given = typeof body?.[CSRF_FIELD] === 'string' ? Buffer.from(body[CSRF_FIELD] as string) : null;
      if (!given) throw new CsrfError('missing token');
      const ok = candidates(req).some((c) => {
        const expected = Buffer.from(c);
        return expected.length === given.length && timingSafeEqual(expected, given);
      });
      if (!ok) throw new CsrfError('bad token');
    },
  };
}

export type Csrf = ReturnType<typeof createCsrf>;

function sameHost(origin: string, host: string | undefined): boolean {
  if (origin === 'null' || !host) return false;
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}
