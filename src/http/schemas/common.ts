/**
 * Schema building blocks. These TypeBox schemas are the one source for request validation,
 * response serialisation and the OpenAPI document (D14), so they stay within OpenAPI 3.0
 * (`nullable: true` rather than `type: [..., "null"]`).
 */
import { Type, type ObjectOptions, type Static, type TSchema, type TObject, type TProperties } from '@sinclair/typebox';

/**
 * D4: 1..500 characters *after trimming*, which the core checks. The schema only bounds the raw
 * text, with room for surrounding whitespace (500 characters plus spaces is accepted).
 */
export const Title = (what = 'title') =>
  Type.String({ minLength: 1, maxLength: 2000, description: `1..500 characters once surrounding whitespace is trimmed (the ${what} is stored trimmed)` });

export const Nullable = <T extends TSchema>(schema: T) => Type.Unsafe<T['static'] | null>({ ...schema, nullable: true });

export const Uuid = (description?: string) => Type.String({ format: 'uuid', ...(description ? { description } : {}) });

/** ISO 8601 with an offset on input; always UTC with milliseconds and Z on output (D3). */
export const Timestamp = (description?: string) => Type.String({ format: 'date-time', ...(description ? { description } : {}) });

/** Every `error` name the service sends (D6), plus the framework-level ones for malformed requests. */
export const ERROR_NAMES = [
  'validation_error',
  'unauthorized',
  'forbidden',
  'not_found',
  'method_not_allowed',
  'not_acceptable',
  'conflict',
  'draft_conflict',
  'insufficient_scope',
  'gone',
  'length_required',
  'payload_too_large',
  'uri_too_long',
  'unsupported_media_type',
  'unprocessable_entity',
  'rate_limit_exceeded',
  'request_header_fields_too_large',
  'internal_error',
  'service_unavailable',
] as const;

/**
 * Every `details.constraint` value: the schema keywords a 400 can name, then the rules of the use
 * cases and input limits. A new constraint must be added here, or the OpenAPI check in every test
 * rejects the answer that uses it.
 */
export const CONSTRAINTS = [
  // JSON Schema keywords (400 validation_error); unknown_field is additionalProperties.
  'required',
  'unknown_field',
  'type',
  'enum',
  'const',
  'format',
  'pattern',
  'minLength',
  'maxLength',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minItems',
  'maxItems',
  'uniqueItems',
  'minProperties',
  'maxProperties',
  'oneOf',
  'anyOf',
  'not',
  'invalid',
  // Input limits (400).
  'json',
  'utf8',
  'nul',
  'depth',
  'forbidden_key',
  'encoding',
  'range',
  // Rules of the use cases (422 unless noted).
  'transition',
  'after_start',
  'max_depth',
  'cycle',
  'no_access',
  'no_draft',
  'owner',
  'self',
  'mismatch',
  'reused',
  // Email intake.
  'empty',
  'no_content',
  'rfc5322',
  'unknown_recipient',
  'unprocessable_message',
  'extraction_timeout',
  // Accounts, OAuth apps and webhooks.
  'max_tokens',
  'length',
  'public',
  'disabled',
  'limit',
  'verification',
  'scope',
  // A batch item refused for a reason without a field of its own (403, 404, 409 on item `details.index`).
  'forbidden',
  'not_found',
  'conflict',
] as const;

export const ErrorBody = Type.Object(
  {
    error: Type.Unsafe<(typeof ERROR_NAMES)[number]>({ type: 'string', enum: [...ERROR_NAMES], description: 'Stable error name (D6)' }),
    message: Type.String({ description: 'For people; may change between versions' }),
    status: Type.Integer({ description: 'Equal to the HTTP status' }),
    correlationId: Type.String({ description: 'Also sent as the X-Correlation-Id header; quote it when reporting a problem' }),
    details: Type.Optional(
      Type.Object({
        field: Type.String({ description: 'The first offending field, e.g. title, tasks.57.title, Idempotency-Key' }),
        constraint: Type.Unsafe<(typeof CONSTRAINTS)[number]>({ type: 'string', enum: [...CONSTRAINTS], description: 'The rule it broke' }),
        index: Type.Optional(Type.Integer({ minimum: 0, description: 'Batch requests: the position of the first failing item' })),
      }),
    ),
    retryAfter: Type.Optional(Type.Integer({ description: 'Seconds to wait (429; 503 when the service can tell), as the Retry-After header' })),
    data: Type.Optional(Type.Object({}, { additionalProperties: true, description: 'Extra facts for some errors, e.g. the current record on draft_conflict' })),
  },
  {
    $id: 'Error',
    title: 'Error',
    description: 'The body of every error answer (D6)',
    examples: [
      {
        error: 'validation_error',
        message: 'title is required',
        status: 400,
        correlationId: '5f0c6b1e-8d4a-4c1e-9a57-2f6d3b8e9c10',
        details: { field: 'title', constraint: 'required' },
      },
    ],
  },
);

export const Pagination = Type.Object(
  {
    limit: Type.Integer({ description: 'Page size used' }),
    offset: Type.Integer({ description: 'Items skipped' }),
    total: Type.Integer({ description: 'All matches, across pages' }),
    hasMore: Type.Boolean({ description: 'True when offset + page length < total' }),
  },
  { $id: 'Pagination', title: 'Pagination', examples: [{ limit: 50, offset: 0, total: 1, hasMore: false }] },
);

/** A reference to a named component (a schema with `$id`), typed as the schema it names. */
export const Ref = <T extends TSchema>(schema: T, options: { description?: string } = {}) => {
  if (!schema.$id) throw new Error('Ref() needs a schema with an $id (a named component)');
  return Type.Unsafe<Static<T>>(Type.Ref(schema.$id, options));
};

const nameOf = (schema: TSchema) => schema.$id ?? schema.title ?? 'record';

/** `{data: <item>}`; the answer describes itself from the item's component name. */
export const DataOf = <T extends TSchema>(item: T, description?: string) =>
  Type.Object({ data: item.$id ? Ref(item) : item }, { description: description ?? `The ${nameOf(item)} in \`data\`` });

/** `{data: [<item>...]}` without paging: the answer of a batch. */
export const ListOfItems = <T extends TSchema>(item: T, description: string) => Type.Object({ data: Type.Array(item.$id ? Ref(item) : item) }, { description });

export const ListOf = <T extends TSchema>(item: T, description?: string) =>
  Type.Object(
    { data: Type.Array(item.$id ? Ref(item) : item), meta: Type.Object({ pagination: Ref(Pagination) }) },
    { description: description ?? `A page of ${nameOf(item)} records in \`data\`, with \`meta.pagination\`` },
  );

export const PageQuery = {
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 50, description: 'Page size, 1..100' })),
  offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000_000, default: 0 })),
};

/** A query object: extra parameters are ignored (D11), so no additionalProperties: false. */
export const Query = <P extends TProperties>(props: P) => Type.Object(props);

/** A request body: unknown fields are a 400 (D3). */
export const Body = <P extends TProperties>(props: P, options: ObjectOptions = {}) => Type.Object(props, { additionalProperties: false, ...options });

/**
 * A query parameter that lists values of an enum, sent comma-separated (`status=pending,completed`,
 * OpenAPI style form, explode false); repeating the parameter works too. The route splits it with
 * `splitCommaLists` before validation, so each item is checked against the enum.
 */
export const CommaList = <V extends string>(values: readonly V[], options: { maxItems: number; description: string }) =>
  Type.Array(Type.Unsafe<V>({ type: 'string', enum: [...values] }), { minItems: 1, ...options, 'x-comma-list': true });

/** `created_at` and `-created_at` for each sort field. */
export const sortKeys = <F extends string>(fields: readonly F[]) => fields.flatMap((f) => [f, `-${f}`] as Array<F | `-${F}`>);

export const IdParams = Type.Object({ id: Uuid() });

/** Every error status a route may answer; all share the error body. */
export const errorResponses = (...statuses: number[]) => Object.fromEntries(statuses.map((s) => [s, Ref(ErrorBody, { description: errorDescription(s) })]));

export function errorDescription(status: number): string {
  return (
    (
      {
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
      } as Record<number, string>
    )[status] ?? 'Error'
  );
}

/** The statuses every authenticated /api/v1 route can answer regardless of its own logic. */
export const API_ERRORS = [400, 401, 413, 414, 415, 429, 431, 500, 503] as const;

/** What every write (POST, PUT, PATCH) can also answer: an Idempotency-Key in flight (409) or reused for another request (422). */
export const WRITE_ERRORS = [409, 422] as const;

export type { TObject };
