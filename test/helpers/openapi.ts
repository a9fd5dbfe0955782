import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { isTimestamp } from '../../src/http/validation.js';

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

interface Response {
  $ref?: string;
  content?: Record<string, { schema: unknown }>;
}
interface Doc {
  paths: Record<string, Record<string, { responses: Record<string, Response> }>>;
  components?: { schemas?: Record<string, unknown>; responses?: Record<string, Response> };
}

/**
 * Checks a response against the served OpenAPI document: the status must be declared for that
 * operation and the JSON body must match its schema. Every test request goes through this.
 */
export class OpenApiChecker {
  private readonly ajv = new Ajv({ strict: false, allErrors: true });
  private readonly routes: Array<{ re: RegExp; template: string }>;
  private readonly cache = new Map<string, ValidateFunction | null>();

  /** From the document's JSON text (for callers that fetch it themselves). */
  static fromText(text: string): OpenApiChecker {
    return new OpenApiChecker(JSON.parse(text) as Doc);
  }

  constructor(private readonly doc: Doc) {
    addFormats(this.ajv);
    this.ajv.addFormat('date-time', { type: 'string', validate: (s: string) => isTimestamp(s) && s.endsWith('Z') });
    this.routes = Object.keys(doc.paths)
      .map((template) => ({
        template,
        // A path parameter may be empty (Fastify routes /tasks/ to /tasks/:id with id ''), hence [^/]*.
        re: new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]*')}$`),
      }))
      .sort((a, b) => (a.template.includes('{') ? 1 : 0) - (b.template.includes('{') ? 1 : 0));
  }

  /** Returns a problem description, or null when the response conforms. */
  check(method: string, url: string, status: number, contentType: string | undefined, body: string): string | null {
    const path = url.split('?')[0];
    const route = this.routes.find((r) => r.re.test(path) && this.doc.paths[r.template][method.toLowerCase()]);
    if (!route) {
      // Unknown route: not found or not allowed, or refused before any routing (a malformed query
      // string, a body or URL too large, headers too large); the bodies are checked by tests.
      if ([400, 404, 405, 413, 414, 415, 431].includes(status)) return null;
      return `no OpenAPI operation for ${method} ${path}`;
    }
    const op = this.doc.paths[route.template][method.toLowerCase()];
    const declared = op.responses[String(status)] ? String(status) : op.responses.default ? 'default' : null;
    if (!declared) return `${method} ${route.template} answered ${status}, which the document does not declare`;
    const key = `${method} ${route.template} ${declared}`;
    if (!this.cache.has(key)) {
      let response = op.responses[declared];
      if (response.$ref) response = this.doc.components?.responses?.[response.$ref.split('/').pop()!] ?? {};
      const schema = response.content?.['application/json']?.schema;
      // The schema's $refs point into the document (#/components/schemas/...), so it is compiled
      // with the document's components beside it.
      this.cache.set(key, schema ? this.ajv.compile({ ...(schema as object), components: { schemas: this.doc.components?.schemas ?? {} } }) : null);
    }
    const validate = this.cache.get(key);
    if (!validate) return status === 204 || body === '' ? null : null;
    if (!contentType?.includes('application/json')) return `${key}: expected JSON, got ${contentType}`;
    const ok = validate(JSON.parse(body));
    return ok ? null : `${key}: ${this.ajv.errorsText(validate.errors)}\nbody: ${body.slice(0, 500)}`;
  }
}
