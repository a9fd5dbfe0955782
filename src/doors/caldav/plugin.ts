/**
 * The CalDAV door (D17) as one Fastify plugin: `/.well-known/caldav`, `/` (PROPFIND and OPTIONS
 * only) and everything under `/caldav/`. It parses DAV and iCalendar, calls the same use cases as
 * REST with a `caldav` actor, and maps domain errors to DAV statuses and preconditions.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isUtf8 } from 'node:buffer';
import type { CalendarService } from '../../core/calendar/calendar.service.js';
import { DomainError } from '../../core/errors.js';
import { statusOf } from '../../http/errors.js';
import type { Services } from '../../services.js';
import { authenticate, challenge } from './auth.js';
import { DavError, sendDavError, type Dav } from './dav.js';
import { BadCalendar } from './ical/parse.js';
import { parsePath } from './paths.js';
import { deleteCollection, mkcalendar, proppatch } from './routes/collections.js';
import { propfind } from './routes/propfind.js';
import { report } from './routes/reports.js';
import { deleteObject, getObject, moveObject, putObject } from './routes/resources.js';
import { mayDiscover } from './scopes.js';
import { BadXml, NS } from './xml.js';

/** A calendar object may be this large (advertised as max-resource-size). */
const MAX_RESOURCE_BYTES = 1024 * 1024;
/** An XML request body (a multiget of thousands of hrefs) may be this large. */
const MAX_XML_BYTES = 8 * 1024 * 1024;

const DAV_METHODS = ['PROPFIND', 'PROPPATCH', 'REPORT', 'MKCALENDAR', 'MKCOL', 'MOVE', 'COPY'];
const ALLOW = 'OPTIONS, GET, HEAD, PUT, DELETE, PROPFIND, PROPPATCH, REPORT, MKCALENDAR, MOVE';

export interface CaldavOptions {
  services: Services;
  calendar: CalendarService;
}

function asText(limit: number) {
  return (_req: FastifyRequest, body: Buffer, done: (err: Error | null, value?: string) => void) => {
    if (body.length > limit) return done(new DavError(413, null, `The body is larger than ${limit} bytes`));
    if (!isUtf8(body)) return done(new DavError(400, null, 'The body is not valid UTF-8'));
    done(null, body.toString('utf8'));
  };
}

function mapError(err: unknown, req: FastifyRequest, reply: FastifyReply) {
  if (err instanceof DavError) {
    if (err.status === 304) return reply.code(304).send();
    return sendDavError(reply, err);
  }
  if (err instanceof BadXml) return sendDavError(reply, new DavError(400, null, `The body is not well-formed XML: ${err.message}`.slice(0, 300)));
  if (err instanceof BadCalendar) return sendDavError(reply, new DavError(err.status, { ns: NS.CALDAV, name: err.precondition }, err.message));
  if (err instanceof DomainError) {
    // The API's statuses, but for the few CalDAV words otherwise: a rule broken by a write is a
    // 409 conflict to a DAV client, and an expired sync token is RFC 6578's 403 valid-sync-token.
    const status = ({ unprocessable_entity: 409, gone: 403 } as Partial<Record<string, number>>)[err.code] ?? statusOf(err);
    if (status === 401) return challenge(reply);
    if (err.extra.retryAfter !== undefined) reply.header('Retry-After', String(err.extra.retryAfter));
    const precondition =
      status === 403 && err.code === 'forbidden'
        ? { ns: NS.DAV, name: 'need-privileges' }
        : err.code === 'validation_error'
          ? { ns: NS.CALDAV, name: 'valid-calendar-data' }
          : null;
    return sendDavError(reply, new DavError(status, precondition, err.message));
  }
  const fe = err as FastifyError;
  if (fe.statusCode === 413 || fe.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return sendDavError(reply, new DavError(413, null, 'The body is too large'));
  if (fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500) return sendDavError(reply, new DavError(fe.statusCode, null, 'Bad request'));
  req.log.error({ err }, 'caldav request failed');
  return sendDavError(reply, new DavError(500, null, 'Internal error'));
}

export async function caldavDoor(app: FastifyInstance, opts: CaldavOptions) {
  for (const m of DAV_METHODS) if (!app.supportedMethods.includes(m)) app.addHttpMethod(m, { hasBody: true });
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(['text/calendar'], { parseAs: 'buffer', bodyLimit: MAX_RESOURCE_BYTES }, asText(MAX_RESOURCE_BYTES));
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: MAX_XML_BYTES }, asText(MAX_XML_BYTES));
  app.setErrorHandler((err, req, reply) => mapError(err, req, reply));

  const handle = async (req: FastifyRequest, reply: FastifyReply) => {
    reply.header('DAV', '1, 3, calendar-access');
    const path = parsePath(req.url);
    if (req.method === 'OPTIONS') return reply.code(200).header('Allow', ALLOW).header('Content-Length', '0').send();
    if (!path) return sendDavError(reply, new DavError(404, null, 'Not found'));
    // D17: other methods on /.well-known/caldav redirect to /caldav/, credentials or not (RFC 6764:
    // a client probing discovery first follows the redirect, then meets the challenge there).
    const isWellKnown = req.url.split('?')[0].startsWith('/.well-known/');
    if (isWellKnown && req.method !== 'PROPFIND') return reply.code(301).header('Location', '/caldav/').send();
    const actor = await authenticate(opts.services.accounts, req);
    if (!actor) return challenge(reply);
    if (!mayDiscover(actor)) {
      reply.header('WWW-Authenticate', 'Bearer error="insufficient_scope", scope="tasks:read events:read"');
      throw new DavError(403, { ns: NS.DAV, name: 'need-privileges' }, 'CalDAV needs a token granted tasks:read or events:read');
    }
    const dav: Dav = {
      req,
      reply,
      actor,
      path,
      opts,
      body: typeof req.body === 'string' ? req.body : undefined,
      props: { actor, calendar: opts.calendar, maxResourceSize: MAX_RESOURCE_BYTES },
    };
    const isObject = path.type === 'object';
    switch (req.method) {
      case 'PROPFIND':
        return propfind(dav);
      case 'REPORT':
        return report(dav);
      case 'GET':
      case 'HEAD':
        if (isObject) return getObject(dav);
        return reply.code(200).header('Content-Type', 'text/plain; charset=utf-8').send('Agendum CalDAV: point your calendar app at this server.\n');
      case 'PUT':
        if (!isObject) throw new DavError(405, null, 'PUT takes a calendar object URL');
        return putObject(dav);
      case 'DELETE':
        return isObject ? deleteObject(dav) : deleteCollection(dav);
      case 'MOVE':
        if (!isObject) throw new DavError(403, null, 'Collections are not moved over CalDAV');
        return moveObject(dav);
      case 'MKCALENDAR':
      case 'MKCOL':
        return mkcalendar(dav);
      case 'PROPPATCH':
        return proppatch(dav);
      default:
        return reply.code(405).header('Allow', ALLOW).send();
    }
  };

  const methods = ['GET', 'HEAD', 'PUT', 'DELETE', 'OPTIONS', ...DAV_METHODS];
  // Not part of the REST API's OpenAPI document: docs/caldav.md describes this door.
  const schema = { hide: true };
  app.route({ method: ['PROPFIND', 'OPTIONS'], url: '/', schema, handler: handle });
  for (const url of ['/.well-known/caldav', '/caldav', '/caldav/*']) app.route({ method: methods, url, schema, handler: handle });
}
