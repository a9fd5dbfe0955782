/**
 * The OpenAPI document as a product (D14, D21): @fastify/swagger builds it from the route schemas
 * (the same TypeBox schemas that validate), and `finishDocument` adds what is the same for every
 * operation, so routes added later get it without doing anything: the shared error answers, the
 * response headers, comma-list parameter styles and an example for every answer and body.
 */
import { oauth2SecurityScheme } from '../oauth2-scheme.js';
import type { SwaggerOptions } from '@fastify/swagger';
import { SESSION_COOKIE } from '../auth.js';
import { errorDescription } from '../schemas/common.js';
import { exampleOf, type Schema } from './examples.js';
import { API_TAGS } from './rules.js';

type Json = Record<string, unknown>;

interface Media {
  schema?: Schema;
  example?: unknown;
}
interface Response {
  $ref?: string;
  description?: string;
  headers?: Record<string, unknown>;
  content?: Record<string, Media>;
}
interface Operation {
  operationId?: string;
  parameters?: Array<{ schema?: Schema; style?: string; explode?: boolean; in?: string; name?: string }>;
  requestBody?: { required?: boolean; content?: Record<string, Media> };
  responses: Record<string, Response>;
  'x-optional-body'?: boolean;
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
}

const header = (description: string, schema: Json, required = false) => ({ description, required, schema });

const HEADERS: Record<string, Json> = {
  'X-Correlation-Id': header(
    "Identifies this request in logs: the client's own X-Correlation-Id when sane (1..128 visible ASCII), else a new UUID (D6)",
    { type: 'string' },
    true,
  ),
  'X-RateLimit-Limit': header('Requests allowed per window (D13); on /api/v1 answers', { type: 'integer' }),
  'X-RateLimit-Remaining': header('Requests left in the current window', { type: 'integer' }),
  'X-RateLimit-Reset': header('When the window ends, in epoch seconds', { type: 'integer' }),
  'Retry-After': header('Seconds to wait before trying again', { type: 'integer' }),
  'Idempotent-Replayed': header('Present (true) when the answer is the stored answer of an earlier request with the same Idempotency-Key (D12)', {
    type: 'string',
    enum: ['true'],
  }),
  Location: header('The URL of the record just made', { type: 'string' }),
  'Set-Cookie': header(`The HttpOnly session cookie ${SESSION_COOKIE} (set on sign-in, cleared on sign-out)`, { type: 'string' }),
  'Content-Disposition': header('attachment; filename="<id>.eml"', { type: 'string' }),
  ETag: header("A weak tag of this answer's body; send it back in If-None-Match to get 304 while nothing changed", { type: 'string' }),
};

const refHeader = (name: string) => ({ $ref: `#/components/headers/${name}` });
const RATE_HEADERS = ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset'];

/** Shared error answers, one per status, each with its body example. */
const ERROR_RESPONSES: Record<string, { name: string; error: string; message: string; details?: Json; extra?: Json; headers?: string[] }> = {
  400: { name: 'BadRequest', error: 'validation_error', message: 'title is required', details: { field: 'title', constraint: 'required' } },
  401: { name: 'Unauthorized', error: 'unauthorized', message: 'Missing or invalid token' },
  403: { name: 'Forbidden', error: 'forbidden', message: 'You may read this context but not change it' },
  404: { name: 'NotFound', error: 'not_found', message: 'Task not found' },
  409: { name: 'Conflict', error: 'conflict', message: 'A request with this Idempotency-Key is still being processed; retry later' },
  410: { name: 'Gone', error: 'gone', message: 'This cursor is older than the change log; sync again without a cursor' },
  413: { name: 'PayloadTooLarge', error: 'payload_too_large', message: 'Request body is too large (limit 1 MiB)' },
  414: { name: 'UriTooLong', error: 'uri_too_long', message: 'URL is longer than 8192 characters' },
  415: { name: 'UnsupportedMediaType', error: 'unsupported_media_type', message: 'Send bodies as application/json' },
  422: {
    name: 'UnprocessableEntity',
    error: 'unprocessable_entity',
    message: 'A task cannot move from completed to pending (completed is final)',
    details: { field: 'status', constraint: 'transition' },
  },
  429: {
    name: 'TooManyRequests',
    error: 'rate_limit_exceeded',
    message: 'Rate limit of 100 requests per 60 s exceeded; retry in 12 s',
    extra: { retryAfter: 12 },
    headers: ['Retry-After'],
  },
  431: { name: 'RequestHeaderFieldsTooLarge', error: 'request_header_fields_too_large', message: 'Request headers are too large (limit 64 KiB in all)' },
  500: { name: 'InternalError', error: 'internal_error', message: 'Internal error; quote the correlation id when reporting it' },
  503: {
    name: 'ServiceUnavailable',
    error: 'service_unavailable',
    message: 'The email intake is busy; try again shortly',
    extra: { retryAfter: 5 },
    headers: ['Retry-After'],
  },
};

function errorResponseComponents(): Record<string, Json> {
  const notModified = {
    description: 'Not modified: the answer would be the one tagged in If-None-Match (no body)',
    headers: Object.fromEntries(['X-Correlation-Id', 'ETag', ...RATE_HEADERS].map((h) => [h, refHeader(h)])),
  };
  return {
    NotModified: notModified,
    ...Object.fromEntries(
      Object.entries(ERROR_RESPONSES).map(([status, e]) => [
        e.name,
        {
          description: errorDescription(Number(status)),
          headers: Object.fromEntries(['X-Correlation-Id', ...RATE_HEADERS, ...(e.headers ?? [])].map((h) => [h, refHeader(h)])),
          content: {
            'application/json': {
              schema: { $ref: '#/components/schemas/Error' },
              example: {
                error: e.error,
                message: e.message,
                status: Number(status),
                correlationId: '5f0c6b1e-8d4a-4c1e-9a57-2f6d3b8e9c10',
                ...(e.details ? { details: e.details } : {}),
                ...(e.extra ?? {}),
              },
            },
          },
        },
      ]),
    ),
  };
}

export function swaggerOptions(publicUrl: string): SwaggerOptions {
  return {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Agendum',
        version: '1.0.0',
        description:
          'Tasks, calendar events and shared contexts. Authenticate with `Authorization: Bearer <token>` ' +
          '(make a token with POST /account/tokens). Behaviour and decisions: docs/api.md.',
      },
      servers: [{ url: '/' }],
      tags: API_TAGS,
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'An API token from POST /account/tokens' },
          sessionCookie: {
            type: 'apiKey',
            in: 'cookie',
            name: SESSION_COOKIE,
            description: 'The session cookie set by POST /auth/login (/account routes only)',
          },
          intakeSecret: { type: 'http', scheme: 'bearer', description: 'The server-wide INTAKE_SECRET (POST /intake/email only)' },
          oauth2: oauth2SecurityScheme(publicUrl),
        },
        headers: HEADERS,
        responses: errorResponseComponents(),
      } as Json,
    },
    // Named schemas (an $id) become components.schemas/<$id>, referenced from routes.
    refResolver: { buildLocalReference: (json: Json, _base: unknown, _fragment: unknown, i: number) => (typeof json.$id === 'string' ? json.$id : `def-${i}`) },
    transformObject: ({ openapiObject }: { openapiObject: unknown }) => finishDocument(openapiObject as Document) as never,
  } as SwaggerOptions;
}

const WRITE = new Set(['post', 'put', 'patch']);

const IF_NONE_MATCH = {
  in: 'header',
  name: 'If-None-Match',
  required: false,
  schema: { type: 'string' },
  description: 'The ETag of an earlier answer: 304 without a body while it is still the answer',
};

/** Headers particular to a few operations, by operationId and status. */
const OPERATION_HEADERS: Record<string, Record<string, string[]>> = {
  login: { 200: ['Set-Cookie'] },
  logout: { 204: ['Set-Cookie'] },
  getEmailRaw: { 200: ['Content-Disposition'] },
};

/** What every operation gets from the guarantees layer, added to the built document. */
function finishDocument(doc: Document): Document {
  const schemas = doc.components.schemas;
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      const api = path.startsWith('/api/v1/');
      for (const p of op.parameters ?? []) {
        // Lists of enum values travel comma-separated: status=pending,completed.
        if (p.schema?.['x-comma-list']) {
          delete p.schema['x-comma-list'];
          p.style = 'form';
          p.explode = false;
        }
      }
      // GETs under /api/v1 answering JSON are tagged and answer 304 to a matching If-None-Match.
      const conditional = api && method === 'get' && !!op.responses['200']?.content?.['application/json'];
      if (conditional) {
        op.parameters = [...(op.parameters ?? []), IF_NONE_MATCH];
        op.responses['304'] = { $ref: '#/components/responses/NotModified' };
      }
      // A route that reads a body but needs none (POST /tasks/{id}/complete) says so; @fastify/swagger
      // marks every declared body required.
      if (op['x-optional-body']) {
        delete op['x-optional-body'];
        if (op.requestBody) op.requestBody.required = false;
      }
      const body = op.requestBody?.content?.['application/json'];
      if (body && body.example === undefined) body.example = exampleOf(body.schema, schemas);
      for (const [status, response] of Object.entries(op.responses)) {
        if (response.$ref) continue;
        const shared = ERROR_RESPONSES[status];
        const json = response.content?.['application/json'];
        if (shared && json?.schema?.$ref === '#/components/schemas/Error' && response.description === errorDescription(Number(status))) {
          op.responses[status] = { $ref: `#/components/responses/${shared.name}` };
          continue;
        }
        const names = ['X-Correlation-Id'];
        if (api) names.push(...RATE_HEADERS);
        if (api && WRITE.has(method) && Number(status) < 500) names.push('Idempotent-Replayed');
        if (status === '201' && api && method === 'post' && createsOneWithId(json?.schema, schemas)) names.push('Location');
        if (status === '429' || status === '503') names.push('Retry-After');
        if (status === '200' && conditional) names.push('ETag');
        names.push(...(OPERATION_HEADERS[op.operationId ?? '']?.[status] ?? []));
        response.headers = { ...(response.headers ?? {}), ...Object.fromEntries(names.map((h) => [h, refHeader(h)])) };
        if (json?.schema) {
          stripRefSiblings(json.schema);
          if (json.example === undefined) json.example = exampleOf(json.schema, schemas);
        }
      }
    }
  }
  return doc;
}

/** `{data: {$ref: X}}` where X has an `id`: the answer of a create, which also sends Location. */
function createsOneWithId(schema: Schema | undefined, schemas: Record<string, Schema>): boolean {
  const ref = schema?.properties?.data?.$ref;
  return !!ref && !!schemas[ref.split('/').pop()!]?.properties?.id;
}

/** A `$ref` stands alone in OpenAPI 3.0; descriptions beside it are dropped by readers and flagged by linters. */
function stripRefSiblings(schema: Schema) {
  if (schema.$ref) for (const key of Object.keys(schema)) if (key !== '$ref') delete schema[key];
}
