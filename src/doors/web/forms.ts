/** URL-encoded form bodies for the pages, parsed without a dependency and scoped to the web routes. */
import type { FastifyInstance, FastifyRequest } from 'fastify';

const FORM_LIMIT = 64 * 1024;

export function acceptForms(app: FastifyInstance) {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: FORM_LIMIT }, (_req, body, done) => {
    // Object.create(null): a field named __proto__ stays a plain field.
    const fields: Record<string, string> = Object.create(null);
    for (const [k, v] of new URLSearchParams(body as string)) fields[k] = v;
    done(null, fields);
  });
}

/** A form field as a string ('' when missing or not a string), cut to `max` characters. */
export function field(req: FastifyRequest, name: string, max = 1000): string {
  const body = req.body as Record<string, unknown> | undefined;
  const value = body?.[name];
  return typeof value === 'string' ? value.slice(0, max) : '';
}
