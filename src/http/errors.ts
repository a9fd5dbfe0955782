/** Maps domain and framework errors to the REST error body (SPEC "Errors", D5, D6). */
import type { ErrorObject } from 'ajv';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DomainError, type ErrorCode } from '../core/errors.js';
import { describeValidation } from './validation.js';

const STATUS: Record<ErrorCode, number> = {
  validation_error: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  draft_conflict: 409,
  gone: 410,
  payload_too_large: 413,
  unsupported_media_type: 415,
  unprocessable_entity: 422,
  rate_limit_exceeded: 429,
  service_unavailable: 503,
};

/** The HTTP status every door answers a domain error with. */
export const statusOf = (err: DomainError): number => STATUS[err.code];

const NAME_BY_STATUS: Record<number, string> = {
  400: 'validation_error',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  406: 'not_acceptable',
  409: 'conflict',
  410: 'gone',
  411: 'length_required',
  413: 'payload_too_large',
  414: 'uri_too_long',
  415: 'unsupported_media_type',
  422: 'unprocessable_entity',
  429: 'rate_limit_exceeded',
  431: 'request_header_fields_too_large',
  500: 'internal_error',
  503: 'service_unavailable',
};

export interface ErrorPayload {
  error: string;
  message: string;
  status: number;
  correlationId: string;
  details?: { field: string; constraint: string; index?: number };
  retryAfter?: number;
  data?: unknown;
}

/** The error body for `status` on this request. */
function errorBody(request: FastifyRequest, status: number, body: Omit<ErrorPayload, 'status' | 'correlationId' | 'error'> & { error?: string }): ErrorPayload {
  return {
    error: body.error ?? NAME_BY_STATUS[status] ?? 'error',
    message: body.message,
    status,
    correlationId: String(request.id),
    ...(body.details ? { details: body.details } : {}),
    ...(body.retryAfter !== undefined ? { retryAfter: body.retryAfter } : {}),
    ...(body.data !== undefined ? { data: body.data } : {}),
  };
}

export function sendError(reply: FastifyReply, status: number, body: Omit<ErrorPayload, 'status' | 'correlationId' | 'error'> & { error?: string }) {
  return reply
    .code(status)
    .type('application/json; charset=utf-8')
    .send(errorBody(reply.request, status, body));
}

/**
 * What a thrown error becomes: status and body. Shared by the error handler and the idempotency
 * layer, which stores 4xx answers in the same transaction as the (rolled back) attempt.
 */
export function errorResponse(err: FastifyError & { validationContext?: string }, request: FastifyRequest): { status: number; body: ErrorPayload } {
  const out = (status: number, body: Parameters<typeof errorBody>[2]) => ({ status, body: errorBody(request, status, body) });
  if (err instanceof DomainError) {
    const extra = err.extra;
    return out(statusOf(err), { error: err.code, message: err.message, details: extra.details, data: extra.data, retryAfter: extra.retryAfter });
  }
  // No route matched: whatever the body parser thought of the body, the answer is "no such route"
  // (a rate limit still applies to unknown paths).
  if (request.is404 && !(err instanceof DomainError && err.code === 'rate_limit_exceeded')) {
    return out(404, { message: `No route ${request.method} ${request.url.split('?')[0].slice(0, 200)}` });
  }
  if (err.validation) {
    // A malformed id in a path cannot name a record: 404, not 400 (D3).
    if (err.validationContext === 'params') return out(404, { message: 'Not found' });
    // No body at all (or an empty or null JSON body) where one is needed: the body is missing, not mistyped.
    const d =
      err.validationContext === 'body' && (request.body === undefined || request.body === null)
        ? { field: 'body', constraint: 'required', message: 'A JSON body is required' }
        : describeValidation(err.validation as unknown as ErrorObject[], err.validationContext);
    return out(400, {
      error: 'validation_error',
      message: d.message,
      details: { field: d.field, constraint: d.constraint, ...(d.index !== undefined ? { index: d.index } : {}) },
    });
  }
  const status = typeof err.statusCode === 'number' && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 500;
  if (status === 500) return out(500, { message: 'Internal error; quote the correlation id when reporting it' });
  const limit = request.routeOptions?.bodyLimit ?? 1024 * 1024;
  const message =
    status === 413
      ? `Request body is too large (limit ${limit % 1048576 === 0 ? `${limit / 1048576} MiB` : `${limit} bytes`})`
      : status === 415
        ? 'Send bodies as application/json'
        : err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err instanceof SyntaxError
          ? 'Body is not valid JSON'
          : err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
            ? 'Body is empty; send a JSON object'
            : sanitize(err.message);
  return out(status, { message, details: status === 400 ? { field: 'body', constraint: 'json' } : undefined });
}

/**
 * No route matched: 405 with `Allow` when the path has other methods (RFC 9110), else 404. An
 * OPTIONS without a route of its own keeps its 404. Shared by every scope that sets its own
 * not-found handler (to run its hooks, as /api/v1 does for rate limits).
 */
export function answerNoRoute(request: FastifyRequest, reply: FastifyReply) {
  const path = request.url.split('?')[0].slice(0, 200);
  const allowed = request.method === 'OPTIONS' ? [] : request.server.routeMethods.allowed(request.url);
  if (allowed.length) {
    return sendError(reply.header('Allow', allowed.join(', ')), 405, {
      message: `${request.method} is not allowed on ${path}; allowed: ${allowed.join(', ')}`,
    });
  }
  return sendError(reply, 404, { message: `No route ${request.method} ${path}` });
}

export function installErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError & { validationContext?: string }, request: FastifyRequest, reply: FastifyReply) => {
    const { status, body } = errorResponse(err, request);
    // A DomainError 503 is a deliberate refusal (load shedding, D23): logging each one with its
    // stack would make a flood of them cost the server more than serving it.
    if (status >= 500 && !(err instanceof DomainError)) request.log.error({ err }, 'unhandled error');
    if (err instanceof DomainError && err.extra.retryAfter !== undefined) reply.header('Retry-After', String(err.extra.retryAfter));
    return reply.code(status).type('application/json; charset=utf-8').send(body);
  });

  app.setNotFoundHandler(answerNoRoute);
}

// Framework messages can echo input; keep them short and single-line.
const sanitize = (message: string) => message.replace(/\s+/g, ' ').slice(0, 200);
