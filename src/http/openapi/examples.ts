/**
 * Builds an example value from a schema of the document: a named component's own example, else
 * one made from the required properties. Every operation's body and answers then show one (D21),
 * also for routes added later, and the examples stay valid as the schemas change.
 */
/** The parts of a JSON Schema (OpenAPI 3.0 flavour) that the document tooling reads. */
export interface Schema {
  $ref?: string;
  $id?: string;
  type?: string;
  format?: string;
  enum?: unknown[];
  example?: unknown;
  default?: unknown;
  minimum?: number;
  required?: string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  allOf?: Schema[];
  oneOf?: Schema[];
  anyOf?: Schema[];
  readOnly?: boolean;
  [keyword: string]: unknown;
}

const SAMPLE_UUID = '3b241101-e2bb-4255-8caf-4136c566a962';
const SAMPLE_TIME = '2026-11-25T21:00:00.000Z';

export function exampleOf(schema: Schema | undefined, components: Record<string, Schema>, depth = 0): unknown {
  if (!schema || depth > 10) return undefined;
  if (schema.$ref) {
    const target = components[String(schema.$ref).split('/').pop()!];
    return target?.example ?? exampleOf(target, components, depth + 1);
  }
  if (schema.example !== undefined) return schema.example;
  const first = schema.allOf?.[0] ?? schema.oneOf?.[0] ?? schema.anyOf?.[0];
  if (first) return exampleOf(first, components, depth + 1);
  if (Array.isArray(schema.enum)) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  switch (schema.type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      const required = new Set<string>(schema.required ?? []);
      for (const [key, prop] of Object.entries(schema.properties ?? {})) {
        if (!required.has(key)) continue;
        const value = exampleOf(prop, components, depth + 1);
        if (value !== undefined) out[key] = value;
      }
      return out;
    }
    case 'array': {
      const item = exampleOf(schema.items, components, depth + 1);
      return item === undefined ? [] : [item];
    }
    case 'string':
      return schema.format === 'uuid' ? SAMPLE_UUID : schema.format === 'date-time' ? SAMPLE_TIME : schema.format === 'binary' ? undefined : 'text';
    case 'integer':
    case 'number':
      return schema.minimum ?? 0;
    case 'boolean':
      return true;
    default:
      return undefined;
  }
}
