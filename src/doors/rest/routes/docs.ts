import type { FastifyInstance } from 'fastify';

interface Operation { summary?: string; tags?: string[]; parameters?: Array<{ name: string; in: string; required?: boolean; schema?: { type?: string }; description?: string }>; requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> }; responses?: Record<string, unknown> }

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The OpenAPI document (D14) and a plain reference page rendered from it. */
export async function docsRoutes(app: FastifyInstance) {
  app.get('/docs/openapi.json', {
    schema: { tags: ['Docs'], summary: 'This OpenAPI 3.0 document', response: { 200: { description: 'OpenAPI document', type: 'object', additionalProperties: true } } },
  }, async (_req, reply) => reply.type('application/json; charset=utf-8').send(JSON.stringify(app.swagger())));
  app.get('/docs', {
    schema: { tags: ['Docs'], summary: 'Human-readable API reference', response: { 200: { description: 'HTML page', content: { 'text/html': { schema: { type: 'string' } } } } } },
  }, async (_req, reply) => {
    const doc = app.swagger() as { info: { title: string; version: string; description?: string }; paths: Record<string, Record<string, Operation>> };
    const byTag = new Map<string, string[]>();
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        const tag = op.tags?.[0] ?? 'Other';
        const params = (op.parameters ?? []).map((p) =>
          `<li><code>${escapeHtml(p.name)}</code> <small>${p.in}${p.required ? ', required' : ''}${p.schema?.type ? `, ${escapeHtml(String(p.schema.type))}` : ''}</small>${p.description ? ` — ${escapeHtml(p.description)}` : ''}</li>`).join('');
        const body = op.requestBody?.content?.['application/json']?.schema?.properties;
        const fields = body ? Object.keys(body).map((f) => `<code>${escapeHtml(f)}</code>`).join(', ') : '';
        const statuses = Object.keys(op.responses ?? {}).join(', ');
        const html = `<section><h3><span class="m ${method}">${method.toUpperCase()}</span> <code>${escapeHtml(path)}</code></h3>
<p>${escapeHtml(op.summary ?? '')}</p>${params ? `<p>Parameters</p><ul>${params}</ul>` : ''}${fields ? `<p>Body fields: ${fields}</p>` : ''}<p><small>Responses: ${statuses}</small></p></section>`;
        byTag.set(tag, [...(byTag.get(tag) ?? []), html]);
      }
    }
    const sections = [...byTag].map(([tag, ops]) => `<h2 id="${escapeHtml(tag)}">${escapeHtml(tag)}</h2>${ops.join('')}`).join('');
    const nav = [...byTag.keys()].map((t) => `<a href="#${escapeHtml(t)}">${escapeHtml(t)}</a>`).join(' · ');
    reply.header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'");
    reply.type('text/html; charset=utf-8');
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(doc.info.title)} API reference</title><style>
:root{color-scheme:light dark;font-family:system-ui,sans-serif;line-height:1.45}body{max-width:60rem;margin:auto;padding:1rem}
section{border-top:1px solid #8884;padding:.25rem 0}.m{font:600 .8rem monospace;padding:.1rem .4rem;border-radius:.25rem;background:#8883}
code{font-size:.95em}</style></head><body><h1>${escapeHtml(doc.info.title)} <small>${escapeHtml(doc.info.version)}</small></h1>
<p>${escapeHtml(doc.info.description ?? '')}</p><p>Machine-readable: <a href="/api/v1/docs/openapi.json">openapi.json</a></p><nav>${nav}</nav>${sections}</body></html>`;
  });
}
