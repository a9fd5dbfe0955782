/**
 * Schema building blocks. These TypeBox schemas are the one source for request validation,
 * response serialisation and the OpenAPI document (D14), so they stay within OpenAPI 3.0
 * (`nullable: true` rather than `type: [..., "null"]`).
 */
import { Type, type TSchema, type TObject, type TProperties } from '@sinclair/typebox';

export const Nullable = <T extends TSchema>(schema: T) =>
  Type.Unsafe<T['static'] | null>({ ...schema, nullable: true });

export const Uuid = (description?: string) => Type.String({ format: 'uuid', ...(description ? { description } : {}) });

/** ISO 8601 with an offset on input; always UTC with milliseconds and Z on output (D3). */
export const Timestamp = (description?: string) =>
  Type.String({ format: 'date-time', ...(description ? { description } : {}) });

const ErrorBody = Type.Object({
  error: Type.String({ description: 'Short error name, e.g. validation_error, not_found, draft_conflict' }),
  message: Type.String(),
  status: Type.Integer({ description: 'Equal to the HTTP status' }),
  correlationId: Type.String(),
  details: Type.Optional(Type.Object({ field: Type.String(), constraint: Type.String() })),
  retryAfter: Type.Optional(Type.Integer({ description: 'Seconds to wait (429)' })),
  data: Type.Optional(Type.Object({}, { additionalProperties: true })),
}, { $id: undefined, title: 'Error' });

const Pagination = Type.Object({
  limit: Type.Integer(),
  offset: Type.Integer(),
  total: Type.Integer(),
  hasMore: Type.Boolean(),
});

export const DataOf = <T extends TSchema>(item: T) => Type.Object({ data: item });

export const ListOf = <T extends TSchema>(item: T) =>
  Type.Object({ data: Type.Array(item), meta: Type.Object({ pagination: Pagination }) });

export const PageQuery = {
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 50, description: 'Page size, 1..100' })),
  offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000_000, default: 0 })),
};

/** A query object: extra parameters are ignored (D11), so no additionalProperties: false. */
export const Query = <P extends TProperties>(props: P) => Type.Object(props);

/** A request body: unknown fields are a 400 (D3). */
export const Body = <P extends TProperties>(props: P, options: { minProperties?: number } = {}) =>
  Type.Object(props, { additionalProperties: false, ...options });

export const IdParams = Type.Object({ id: Uuid() });

/** Every error status a route may answer; all share the error body. */
export const errorResponses = (...statuses: number[]) =>
  Object.fromEntries(statuses.map((s) => [s, { ...ErrorBody, description: errorDescription(s) }]));

function errorDescription(status: number): string {
  return ({
    400: 'Invalid parameters or body (validation_error)',
    401: 'Missing or invalid token (unauthorized)',
    403: 'Visible but not permitted (forbidden)',
    404: 'Missing or not visible to the caller (not_found)',
    409: 'Conflict (conflict or draft_conflict)',
    410: 'Gone',
    413: 'Body too large (payload_too_large)',
    414: 'URL too long (uri_too_long)',
    415: 'Unsupported media type',
    422: 'Well-formed but breaks a rule (unprocessable_entity)',
    429: 'Rate limit exceeded (rate_limit_exceeded); see retryAfter and the Retry-After header',
    431: 'Request headers too large (request_header_fields_too_large)',
    500: 'Internal error',
    503: 'Temporarily unavailable',
  } as Record<number, string>)[status] ?? 'Error';
}

/** The statuses every authenticated /api/v1 route can answer regardless of its own logic. */
export const API_ERRORS = [400, 401, 413, 414, 415, 429, 431, 500, 503] as const;

/** What every write (POST, PUT, PATCH) can also answer: an Idempotency-Key in flight (409) or reused for another request (422). */
export const WRITE_ERRORS = [409, 422] as const;

export type { TObject };
