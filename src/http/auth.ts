/** How REST callers prove who they are: bearer JWTs on /api/v1, a session cookie or bearer on /account (D1). */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AccountsService } from '../core/accounts/accounts.service.js';
import type { Actor } from '../core/actor.js';
import { DomainError } from '../core/errors.js';

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor | null;
    /** The request as already counted in its user's rate-limit window by the bearer check, if it was. */
    rateLimitHit: { windowStart: number; count: number } | null;
  }
}

export const SESSION_COOKIE = 'agendum_session';

function bearerOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const m = /^Bearer\s+([A-Za-z0-9\-_.~+/=]{1,4096})\s*$/i.exec(header);
  if (!m) throw new DomainError('unauthorized', 'Authorization must be "Bearer <token>"');
  return m[1];
}

/** The signed-in actor; throws 401 when there is none. */
export function requireActor(request: FastifyRequest): Actor {
  if (!request.actor) throw new DomainError('unauthorized', 'Missing or invalid token');
  return request.actor;
}

/**
 * Sets `request.actor` when the request carries a valid bearer token and leaves it null otherwise,
 * without answering: the rate limiter needs to know early whether to count the user or the IP.
 */
export function identifyBearer(accounts: AccountsService, counting?: { windowS: number }) {
  return async (request: FastifyRequest) => {
    try {
      const token = bearerOf(request);
      if (!token) return;
      // Every route behind this hook checks OAuth scopes (scopes.ts).
      if (!counting) {
        request.actor = await accounts.authenticateToken(token, { acceptOAuth: true });
        return;
      }
      // Counters that are rows (PostgreSQL): the user's window is counted in the token's round trip.
      const windowStart = Math.floor(Date.now() / 1000 / counting.windowS) * counting.windowS;
      const { actor, hits } = await accounts.authenticateTokenCounting(token, windowStart, { acceptOAuth: true });
      request.actor = actor;
      if (hits !== null) request.rateLimitHit = { windowStart, count: hits };
    } catch (err) {
      if (!(err instanceof DomainError)) throw err;
    }
  };
}

export function bearerAuth(accounts: AccountsService) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.actor) return; // already identified by identifyBearer
    reply.header('WWW-Authenticate', 'Bearer');
    const token = bearerOf(request);
    if (!token) throw new DomainError('unauthorized', 'Missing bearer token');
    request.actor = await accounts.authenticateToken(token, { acceptOAuth: true });
    reply.removeHeader('WWW-Authenticate');
  };
}

/** Requests signed in by the session cookie (not a bearer token): their writes get the CSRF rules. */
const cookieAuthenticated = new WeakSet<FastifyRequest>();

/**
 * Session cookie or bearer token. Cookie-authenticated writes are guarded against CSRF: an Origin
 * header, when present, must be this server (here), and the body must be JSON
 * (`jsonOnlyForCookieWrites`, once the body is parsed): a cross-site form cannot send that without
 * a CORS preflight we never grant.
 */
export function sessionOrBearerAuth(accounts: AccountsService) {
  return async (request: FastifyRequest) => {
    const token = bearerOf(request);
    if (token) {
      request.actor = await accounts.authenticateToken(token, { acceptOAuth: true });
      // No OAuth scope covers the account itself (tokens, password, intake address).
      if (request.actor.oauth) throw new DomainError('forbidden', 'OAuth access tokens cannot manage the account; use an API token or the account pages');
      return;
    }
    const session = request.cookies?.[SESSION_COOKIE];
    if (!session) throw new DomainError('unauthorized', 'Sign in or send a bearer token');
    if (request.method !== 'GET' && request.method !== 'HEAD') checkSameOrigin(request);
    request.actor = await accounts.authenticateSession(session);
    cookieAuthenticated.add(request);
  };
}

/**
 * D23: a cookie-authenticated POST, PUT or PATCH must say `application/json`, body or not (a
 * cross-site form says `text/plain` or a form type; a body-less one says nothing only from
 * same-site script, which cannot be told apart here, so it must say JSON too): 415 otherwise.
 * Runs after parsing: in onRequest the body is not there yet, which is why the old check never fired.
 */
export async function jsonOnlyForCookieWrites(request: FastifyRequest) {
  if (!cookieAuthenticated.has(request) || !['POST', 'PUT', 'PATCH'].includes(request.method)) return;
  const type = (request.headers['content-type'] ?? '').toLowerCase();
  if (!/^application\/json\s*(;|$)/.test(type)) {
    throw new DomainError('unsupported_media_type', 'Requests signed in by the session cookie must send Content-Type: application/json');
  }
}

export function checkSameOrigin(request: FastifyRequest) {
  const origin = request.headers.origin;
  if (origin && origin !== 'null') {
    let host: string;
    try {
      host = new URL(origin).host;
    } catch {
      throw new DomainError('forbidden', 'Cross-site request refused');
    }
    if (host !== request.headers.host) throw new DomainError('forbidden', 'Cross-site request refused');
  } else if (origin === 'null') {
    throw new DomainError('forbidden', 'Cross-site request refused');
  }
  const type = request.headers['content-type'];
  if (request.body !== undefined && !(type ?? '').toLowerCase().startsWith('application/json')) {
    throw new DomainError('forbidden', 'Cross-site request refused: send JSON');
  }
}
