import type { FastifyReply, FastifyRequest } from 'fastify';
import { isBlankKey } from '../core/ids.js';
import { sendError } from './errors.js';

/**
 * A path key that is blank or only whitespace (`/events/{id}/attendees/%20%20`) names nothing: 404
 * before any schema or use case sees it (D23), the same answer as any unknown key.
 */
export async function blankPathKeys(req: FastifyRequest, reply: FastifyReply) {
  const params = req.params as Record<string, unknown> | undefined;
  if (!params) return;
  for (const value of Object.values(params)) {
    if (typeof value === 'string' && isBlankKey(value)) return sendError(reply, 404, { message: 'Not found' });
  }
}
