import { Ajv, type ErrorObject } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';
import { inInstantRange, timestampMs } from '../core/ids.js';
import { COMPONENT_SCHEMAS } from './openapi/components.js';

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

// ISO 8601 with a required offset, extended or basic format (D3: no offset is a 400), naming a real
// time (no 30 February) inside the range every door shares (D23).
export function isTimestamp(value: string): boolean {
  const ms = timestampMs(value);
  return ms !== null && inInstantRange(ms);
}

/**
 * RFC 9562: a UUID's hex digits are case-insensitive on input. Every field a schema declares as a
 * UUID (path, query, body) is read as its lower-case form, the one stored and shown, so no route or
 * use case has to compare case. Only those fields: a title that looks like a UUID stays as written.
 */
const LOWER_UUID = 'x-lower-uuid';
const UUID_SHAPE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A copy of a schema with the lower-casing keyword beside every `format: uuid` (Ajv ignores TypeBox's symbol keys). */
function markUuids(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(markUuids);
  if (!schema || typeof schema !== 'object') return schema;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) out[key] = markUuids(value);
  if (out.format === 'uuid') out[LOWER_UUID] = true;
  return out;
}

function lowerUuid(
  _on: boolean,
  data: unknown,
  _schema?: unknown,
  cxt?: { parentData: Record<string | number, unknown>; parentDataProperty: string | number },
): boolean {
  if (typeof data === 'string' && cxt?.parentData && UUID_SHAPE.test(data)) {
    cxt.parentData[cxt.parentDataProperty] = data.toLowerCase();
  }
  return true;
}

function makeAjv(coerce: boolean): Ajv {
  const ajv = new Ajv({
    strict: false,
    allErrors: false,
    coerceTypes: coerce ? 'array' : false,
    useDefaults: coerce,
    removeAdditional: false,
  });
  addFormats(ajv);
  ajv.addFormat('date-time', { type: 'string', validate: isTimestamp });
  ajv.addKeyword({ keyword: LOWER_UUID, modifying: true, schemaType: 'boolean', validate: lowerUuid });
  // Request schemas point at the named components (`$ref: "TaskCreate"`), so both validators know them.
  for (const schema of COMPONENT_SCHEMAS) ajv.addSchema(markUuids(schema) as object);
  return ajv;
}

// Bodies are strict JSON (a string "5" is not a number); query strings and paths are text, so they coerce.
const bodyAjv = makeAjv(false);
const textAjv = makeAjv(true);

// Routes share schema objects (IdParams, ...); one marked copy each keeps Ajv's per-object cache working.
const marked = new WeakMap<object, object>();
function markedOnce(schema: object): object {
  let copy = marked.get(schema);
  if (!copy) {
    copy = markUuids(schema) as object;
    marked.set(schema, copy);
  }
  return copy;
}

export const validatorCompiler: FastifySchemaCompiler<unknown> = ({ schema, httpPart }) =>
  (httpPart === 'body' ? bodyAjv : textAjv).compile(markedOnce(schema as object)) as ReturnType<FastifySchemaCompiler<unknown>>;

// `?updated_after=...T10:00:00+01:00` typed as is: form decoding reads the `+` as a space.
const PLUS_HINT = ' (in a URL a + reads as a space: send it as %2B, or use Z)';

/** The first offending field and rule of an Ajv error, as D5's `details`. */
export function describeValidation(errors: ErrorObject[], context?: string): { field: string; constraint: string; message: string; index?: number } {
  const e = errors[0];
  if (!e) return { field: context ?? 'body', constraint: 'invalid', message: 'Invalid request' };
  const path = e.instancePath.replace(/^\//, '').replace(/\//g, '.');
  const params = e.params as Record<string, string>;
  let field = path;
  let constraint: string = e.keyword;
  if (e.keyword === 'required') field = path ? `${path}.${params.missingProperty}` : params.missingProperty;
  if (e.keyword === 'additionalProperties') {
    field = path ? `${path}.${params.additionalProperty}` : params.additionalProperty;
    constraint = 'unknown_field';
  }
  if (!field) field = context === 'body' ? 'body' : (context ?? 'request');
  // A query parameter read as a list (`status=pending,bogus`) is one field to the client: `status`, not `status.1`.
  if (context === 'querystring') field = field.replace(/\.\d+$/, '');
  const what =
    constraint === 'unknown_field'
      ? 'is not a known field'
      : constraint === 'required'
        ? 'is required'
        : e.keyword === 'format'
          ? `must be a valid ${params.format === 'date-time' ? `ISO 8601 timestamp with an offset${context === 'querystring' ? PLUS_HINT : ''}` : params.format}`
          : (e.message ?? 'is invalid');
  // A body holding a list (POST /tasks/batch): name the failing item's position too (details.index).
  const item = context === 'body' ? /^[^.]+\.(\d+)(\.|$)/.exec(field) : null;
  return { field, constraint, message: `${field} ${what}`, ...(item ? { index: Number(item[1]) } : {}) };
}
