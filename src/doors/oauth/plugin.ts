/**
 * Mounts the authorization server under /oauth on the service's Fastify instance, and its RFC 8414
 * metadata at /.well-known/oauth-authorization-server. The library is a Koa application: its
 * routes get the raw Node request with the body unread (this scope parses nothing) and answer on
 * the raw response. The consent pages at /oauth/interaction/* are the web door's.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import { OAUTH_PREFIX, SESSION_COOKIE, type AuthorizationServer } from './provider.js';

export interface OAuthDoorOptions {
  server: AuthorizationServer;
  /** Hooks every route here runs first (the host's rate limit). */
  guards?: onRequestHookHandler[];
}

// The library's answers are JSON, redirects, or an error page built from the account pages' layout.
const CSP = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

export async function oauthDoor(app: FastifyInstance, { server, guards = [] }: OAuthDoorOptions) {
  const callback = server.provider.callback();
  const issuer = new URL(server.provider.issuer);

  app.addHook('onRoute', (route) => {
    route.schema = { ...route.schema, hide: true } as typeof route.schema;
  });
  for (const guard of guards) app.addHook('onRequest', guard);
  // Leave every body unread for the library, which parses its own forms and limits their size.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_req, _payload, done) => done(null));

  const forward = (req: FastifyRequest, reply: FastifyReply, path: string) => {
    reply.hijack();
    const res = reply.raw;
    for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) res.setHeader(name, value as string);
    res.setHeader('Content-Security-Policy', CSP);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Referrer-Policy', 'no-referrer');
    const raw = req.raw as typeof req.raw & { originalUrl?: string };
    // Endpoint URLs are built from the request's host and protocol: make them the issuer's, whatever
    // Host the client sent, so metadata and redirects always name the public address.
    raw.headers.host = issuer.host;
    raw.headers['x-forwarded-host'] = issuer.host;
    raw.headers['x-forwarded-proto'] = issuer.protocol.slice(0, -1);
    delete raw.headers['x-forwarded-for'];
    const query = raw.url!.includes('?') ? raw.url!.slice(raw.url!.indexOf('?')) : '';
    // Who is signed in is the service's own session's business (the consent page reads it and
    // names the account in its answer), so the library never sees a session of its own from an
    // earlier authorization: a person who signed out and in as someone else is never mistaken
    // for the earlier account.
    if ((path === '/auth' || path.startsWith('/auth/')) && raw.headers.cookie) raw.headers.cookie = withoutCookie(raw.headers.cookie, SESSION_COOKIE);
    // The library finds its mount point from the difference between these two.
    raw.originalUrl = `${OAUTH_PREFIX}${path}${query}`;
    raw.url = `${path}${query}`;
    return callback(raw, res);
  };

  app.get('/.well-known/oauth-authorization-server', (req, reply) => forward(req, reply, '/.well-known/openid-configuration'));

  app.all(`${OAUTH_PREFIX}/*`, (req, reply) => {
    const path = req.url.split('?')[0].slice(OAUTH_PREFIX.length);
    // One metadata document, at the RFC 8414 address; this server does not offer OpenID Connect.
    if (path.startsWith('/.well-known/')) {
      return reply.code(404).type('application/json').send({ error: 'not_found', error_description: 'Metadata is at /.well-known/oauth-authorization-server' });
    }
    return forward(req, reply, path);
  });
}

/** The Cookie header without `name` and its signature cookie. */
function withoutCookie(header: string, name: string): string {
  return header
    .split(';')
    .filter((part) => {
      const key = part.split('=')[0].trim();
      return key !== name && key !== `${name}.sig`;
    })
    .join(';');
}
