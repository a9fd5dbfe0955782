import type { FastifyReply, FastifyRequest } from 'fastify';

// The serialised body of a create starts with the new record's id (`id` is the first property of
// every record schema), so the URL is read off the text: this also covers idempotent replays,
// which send the stored text.
const CREATED_ID = /^\{"data":\{"id":"([0-9a-f-]{36})"/;

/** 201 answers to a POST that made one record carry its URL in Location. */
export async function locationOfCreated(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  if (reply.statusCode !== 201 || request.method !== 'POST' || typeof payload !== 'string' || reply.hasHeader('location')) return payload;
  const m = CREATED_ID.exec(payload);
  if (m) reply.header('Location', `${request.url.split('?')[0].replace(/\/+$/, '')}/${m[1]}`);
  return payload;
}
