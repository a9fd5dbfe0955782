import { sql } from 'kysely';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database.js';
import { sendError } from './errors.js';

/** Liveness and readiness (D15): no token, no rate limit. */
export async function healthRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const Status = Type.Object({ status: Type.String() });
  app.get('/healthz', { schema: { tags: ['Health'], summary: 'The process runs', response: { 200: Status } } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { tags: ['Health'], summary: 'The database answers', response: { 200: Status } } }, async (_req, reply) => {
    try {
      await sql`select 1`.execute(db);
      return { status: 'ok' };
    } catch {
      return sendError(reply, 503, { error: 'service_unavailable', message: 'Database unavailable' });
    }
  });
}
