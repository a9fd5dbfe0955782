import { sql } from 'kysely';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database.js';
import { sendError } from './errors.js';
import { errorResponses } from './schemas/common.js';

/** Liveness and readiness (D15): no token, no rate limit. */
export async function healthRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const Status = Type.Object({ status: Type.Unsafe<'ok'>({ type: 'string', enum: ['ok'] }) }, { description: 'Up', examples: [{ status: 'ok' }] });
  app.get(
    '/healthz',
    {
      schema: {
        operationId: 'checkLiveness',
        description: '200 while the process runs; no token, no rate limit (D15).',
        tags: ['Health'],
        summary: 'The process runs',
        security: [],
        response: { 200: Status, ...errorResponses(400, 414, 431) },
      },
    },
    async () => ({ status: 'ok' }),
  );
  app.get(
    '/readyz',
    {
      schema: {
        operationId: 'checkReadiness',
        description: '200 when the database answers a query, 503 service_unavailable otherwise; no token, no rate limit (D15).',
        tags: ['Health'],
        summary: 'The database answers',
        security: [],
        response: { 200: Status, ...errorResponses(400, 414, 431, 503) },
      },
    },
    async (_req, reply) => {
      try {
        await sql`select 1`.execute(db);
        return { status: 'ok' };
      } catch {
        return sendError(reply, 503, { error: 'service_unavailable', message: 'Database unavailable' });
      }
    },
  );
}
