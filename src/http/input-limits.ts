/**
 * Limits on what a request may look like, so hostile input gets a clear 4xx with the documented
 * error body instead of a 500 or a framework-shaped answer: JSON depth, forbidden keys, invalid
 * UTF-8, NUL characters (PostgreSQL text cannot hold them), URL length and encoding, and the
 * errors Node's HTTP parser raises before Fastify sees a request.
 */
import { isUtf8 } from 'node:buffer';
import { randomUUID } from 'node:crypto';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { invalid } from '../core/errors.js';
import { errorResponse, sendError } from './errors.js';

export const BODY_LIMIT = 1024 * 1024;
const MAX_URL_LENGTH = 8 * 1024;
/**
 * Node's own limit on the request line plus headers (16 KiB by default) would answer 431 to a long
 * URL before the 414 check above could run; raised so URLs up to this size get their 414, while
 * headers past it still get 431.
 */
export const MAX_HEADER_BYTES = 64 * 1024;
const MAX_JSON_DEPTH = 32;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** Replaces Fastify's JSON parser with one that checks bytes, depth, keys and strings. */
export function installJsonParser(app: FastifyInstance) {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, raw, done) => {
    try {
      done(null, parseJson(raw as Buffer));
    } catch (err) {
      done(err as Error, undefined);
    }
  });
}

function parseJson(raw: Buffer): unknown {
  if (raw.length === 0) return undefined; // an empty body is no body; routes that need one say so
  if (!isUtf8(raw)) throw invalid('body', 'utf8', 'Body is not valid UTF-8');
  const text = raw.toString('utf8');
  checkDepth(text);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw invalid('body', 'json', 'Body is not valid JSON');
  }
  checkValues(value);
  return value;
}

/** Nesting depth counted on the text, before parsing builds anything. */
function checkDepth(text: string) {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > MAX_JSON_DEPTH) throw invalid('body', 'depth', `Body nests deeper than ${MAX_JSON_DEPTH} levels`);
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
}

/** Rejects prototype-pollution keys anywhere, NUL characters and lone surrogates in strings. */
function checkValues(root: unknown) {
  const stack: Array<{ value: unknown; path: string }> = [{ value: root, path: '' }];
  while (stack.length) {
    const { value, path } = stack.pop()!;
    if (typeof value === 'string') {
      checkString(value, path || 'body');
    } else if (Array.isArray(value)) {
      for (const [i, v] of value.entries()) stack.push({ value: v, path: `${path}[${i}]` });
    } else if (value && typeof value === 'object') {
      for (const key of Object.keys(value)) {
        const at = path ? `${path}.${key}` : key;
        if (FORBIDDEN_KEYS.has(key)) throw invalid(at, 'forbidden_key', `${key} is not allowed as a key`);
        checkString(key, at);
        stack.push({ value: (value as Record<string, unknown>)[key], path: at });
      }
    }
  }
}

function checkString(s: string, field: string) {
  if (s.includes('\u0000')) throw invalid(field, 'nul', `${field} must not contain NUL characters`);
  if (LONE_SURROGATE.test(s)) throw invalid(field, 'utf8', `${field} contains an unpaired surrogate`);
}

/**
 * What an answer given before the doors' own hooks run still needs: the common headers, and the
 * rate-limit count with its headers (D13, D23), taken by client address since no token was read.
 */
export type EarlyAnswer = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/** URL length and query encoding, checked before routing work is done; `limit` counts a refusal. */
export function urlChecks(limit: EarlyAnswer) {
  return async function checkUrl(request: FastifyRequest, reply: FastifyReply) {
    const refusal = urlRefusal(request.url);
    if (!refusal) return;
    await limit(request, reply);
    if (refusal === 'too_long') return sendError(reply, 414, { error: 'uri_too_long', message: `URL is longer than ${MAX_URL_LENGTH} characters` });
    throw refusal;
  };
}

function urlRefusal(url: string): 'too_long' | Error | null {
  if (url.length > MAX_URL_LENGTH) return 'too_long';
  const q = url.indexOf('?');
  if (q < 0) return null;
  let decoded: string;
  try {
    decoded = decodeURIComponent(url.slice(q + 1).replace(/\+/g, ' '));
  } catch {
    return invalid('query', 'encoding', 'Query string is not valid percent-encoded UTF-8');
  }
  return decoded.includes('\u0000') ? invalid('query', 'nul', 'Query string must not contain NUL characters') : null;
}

/** Errors Fastify raises while routing (bad %-encoding in the path, an over-long path parameter). */
export function frameworkErrors(early: EarlyAnswer) {
  return (err: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const answer = () =>
      err.code === 'FST_ERR_MAX_PARAM_LENGTH'
        ? sendError(reply, 404, { message: 'Not found' })
        : sendError(reply, 400, { error: 'validation_error', message: 'URL is not valid', details: { field: 'url', constraint: 'encoding' } });
    // Over the limit: answered as the error handler would (it is not called for framework errors).
    early(request, reply).then(answer, (refused: FastifyError) => {
      const { status, body } = errorResponse(refused, request);
      reply.code(status).type('application/json; charset=utf-8').send(body);
    });
  };
}

/** Node's HTTP parser rejects some requests before Fastify exists for them; answer in our error shape. */
export function clientErrorHandler(err: NodeJS.ErrnoException, socket: Socket) {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, error, message] =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'request_header_fields_too_large', `Request headers are too large (limit ${MAX_HEADER_BYTES / 1024} KiB in all)`]
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'request_timeout', 'Request took too long to arrive']
        : [400, 'validation_error', 'Malformed HTTP request'];
  const correlationId = randomUUID();
  const body = JSON.stringify({ error, message, status, correlationId });
  if (socket.writable) {
    const reason = status === 431 ? 'Request Header Fields Too Large' : status === 408 ? 'Request Timeout' : 'Bad Request';
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nX-Correlation-Id: ${correlationId}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
}
