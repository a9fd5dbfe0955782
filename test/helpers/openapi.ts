import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { isTimestamp } from '../../src/http/validation.js';

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

interface Doc { paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, { schema: unknown }> }> }>> }

/**
 * Checks a response against the served OpenAPI document: the status must be declared for that
 * operation and the JSON body must match its schema. Every test request goes through this.
 */
export class OpenApiChecker {
  private readonly ajv = new Ajv({ strict: false, allErrors: true });
  private readonly routes: Array<{ re: RegExp; template: string }>;
  private readonly cache = new Map<string, ValidateFunction | null>();

  constructor(private readonly doc: Doc) {
    addFormats(this.ajv);
    this.ajv.addFormat('date-time', { type: 'string', validate: (s: string) => isTimestamp(s) && s.endsWith('Z') });
    this.routes = Object.keys(doc.paths).map((template) => ({
      template,
      // A path parameter may be empty (Fastify routes /tasks/ to /tasks/:id with id ''), hence [^/]*.
      re: new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]*')}$`),
    })).sort((a, b) => (a.template.includes('{') ? 1 : 0) - (b.template.includes('{') ? 1 : 0));
  }

  /** Returns a problem description, or null when the response conforms. */
  check(method: string, url: string, status: number, contentType: string | undefined, body: string): string | null {
    const path = url.split('?')[0];
    const route = this.routes.find((r) => r.re.test(path) && this.doc.paths[r.template][method.toLowerCase()]);
    if (!route) {
      if (status === 404 || status === 405) return null; // unknown route: the not-found body is checked by tests
      return `no OpenAPI operation for ${method} ${path}`;
    }
    const op = this.doc.paths[route.template][method.toLowerCase()];
    const declared = op.responses[String(status)] ? String(status) : op.responses.default ? 'default' : null;
    if (!declared) return `${method} ${route.template} answered ${status}, which the document does not declare`;
    const key = `${method} ${route.template} ${declared}`;
    if (!this.cache.has(key)) {
      const schema = op.responses[declared].content?.['application/json']?.schema;
      this.cache.set(key, schema ? this.ajv.compile(schema as object) : null);
    }
    const validate = this.cache.get(key);
    if (!validate) return status === 204 || body === '' ? null : null;
    if (!contentType?.includes('application/json')) return `${key}: expected JSON, got ${contentType}`;
    const ok = validate(JSON.parse(body));
    return ok ? null : `${key}: ${this.ajv.errorsText(validate.errors)}\nbody: ${body.slice(0, 500)}`;
  }
}
