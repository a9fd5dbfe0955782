/** The pages' stylesheet, script and icon, with a content hash in their URLs so they can be cached for good. */
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { icon } from './assets/icon.js';
import { script } from './assets/script.js';
import { styles } from './assets/styles.js';

interface Asset {
  path: string;
  type: string;
  body: string;
  version: string;
}

const asset = (path: string, type: string, body: string): Asset => ({
  path,
  type,
  body,
  version: createHash('sha256').update(body).digest('hex').slice(0, 10),
});

const ASSETS = {
  css: asset('/static/app.css', 'text/css; charset=utf-8', styles),
  js: asset('/static/app.js', 'text/javascript; charset=utf-8', script),
  icon: asset('/static/icon.svg', 'image/svg+xml', icon),
};

/** The URL to put in a page: path plus the content version. */
export const assetUrl = (name: keyof typeof ASSETS) => `${ASSETS[name].path}?v=${ASSETS[name].version}`;

export async function staticRoutes(app: FastifyInstance) {
  for (const a of Object.values(ASSETS)) {
    app.get(a.path, async (req, reply) => {
      const versioned = (req.query as Record<string, unknown>).v === a.version;
      reply.header('Cache-Control', versioned ? 'public, max-age=31536000, immutable' : 'public, max-age=300');
      return reply.type(a.type).send(a.body);
    });
  }
}
