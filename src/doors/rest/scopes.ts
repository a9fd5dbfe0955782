/**
 * Which OAuth scopes (D20) each /api/v1 route needs, in one place. A route belongs to the family
 * named by its first path segment, so comments, assignees and attendees follow their parent
 * (`/tasks/:id/comments` is tasks); reads (GET, HEAD) need the family's read scopes, every other
 * method its write scopes. A route in no family fails at start, so no route goes unguarded.
 * Tokens without scopes (API tokens, sessions) keep full access.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Scope } from '../../core/oauth/scopes.js';
import { sendError } from '../../http/errors.js';
import { errorResponses } from '../../http/schemas/common.js';

const FAMILIES: Record<string, { read: Scope[]; write: Scope[] }> = {
  tasks: { read: ['tasks:read'], write: ['tasks:write'] },
  events: { read: ['events:read'], write: ['events:write'] },
  contexts: { read: ['contexts:read'], write: ['contexts:write'] },
  webhooks: { read: ['webhooks'], write: ['webhooks'] },
  // A received email is read for the tasks and events it made, and reprocessing makes more.
  emails: { read: ['tasks:read', 'events:read'], write: ['tasks:write', 'events:write'] },
  // The feed carries every kind of record.
  sync: { read: ['tasks:read', 'events:read', 'contexts:read'], write: ['tasks:write', 'events:write', 'contexts:write'] },
};

const READ_METHODS = new Set(['GET', 'HEAD']);

/** The scopes an OAuth token needs for `method` on `url` (with or without the /api/v1 prefix). */
function scopesFor(method: string, url: string): Scope[] {
  const family = url.replace(/^\/api\/v1/, '').split('/')[1] ?? '';
  const entry = Object.hasOwn(FAMILIES, family) ? FAMILIES[family] : undefined;
  if (!entry) throw new Error(`No OAuth scope is declared for ${method} ${url}: add its family to src/doors/rest/scopes.ts`);
  return READ_METHODS.has(method.toUpperCase()) ? entry.read : entry.write;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    scopes?: Scope[];
  }
}

/**
 * Declares each route's scopes (in its config and as its OpenAPI security requirement) and
 * refuses OAuth tokens without them: 403 `insufficient_scope` naming the scopes, in the body and
 * in WWW-Authenticate (RFC 6750 3.1). Register after the bearer check.
 */
export function requireScopes(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const scopes = scopesFor(methods[0], route.url);
    route.config = { ...route.config, scopes } as typeof route.config;
    const schema = (route.schema ?? {}) as { response?: Record<string, unknown> };
    const response = schema.response && !('403' in schema.response) ? { ...schema.response, ...errorResponses(403) } : schema.response;
    route.schema = { ...route.schema, response, security: [{ bearerAuth: [] }, { oauth2: scopes }] } as typeof route.schema;
  });
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const granted = request.actor?.oauth?.scopes;
    if (!granted) return;
    const needed = request.routeOptions.config.scopes ?? [];
    const missing = needed.filter((s) => !granted.includes(s));
    if (!missing.length) return;
    reply.header('WWW-Authenticate', `Bearer error="insufficient_scope", scope="${needed.join(' ')}"`);
    return sendError(reply, 403, {
      error: 'insufficient_scope',
      message: `This token was not granted the scope${missing.length > 1 ? 's' : ''} ${missing.join(', ')} that ${request.method} ${request.routeOptions.url?.replace(/^\/api\/v1/, '')} needs`,
      data: { required_scopes: needed, missing_scopes: missing },
    });
  });
}
