/**
 * POST /intake/email (D16): the raw message as the body, for inbound-mail providers and local MTA
 * pipes. Outside /api/v1: it is authenticated by the server-wide INTAKE_SECRET, not a user token.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { DomainError } from '../../core/errors.js';
import { DataOf, errorResponses, Query, Ref, Uuid } from '../../http/schemas/common.js';
import { Event } from '../../http/schemas/events.js';
import { Task } from '../../http/schemas/tasks.js';
import type { IntakePipeline } from './intake-pipeline.js';

export interface HttpIntakeOptions {
  pipeline: IntakePipeline;
  secret: string | null;
  maxBytes: number;
}

const IntakeResult = DataOf(
  Type.Object(
    {
      email_id: Uuid('The stored message (GET /api/v1/emails/{id})'),
      tasks: Type.Array(Ref(Task)),
      events: Type.Array(Ref(Event)),
    },
    { title: 'IntakeResult' },
  ),
);

const digest = (s: string) => createHash('sha256').update(s).digest();

export async function httpIntakeRoutes(app: FastifyInstance, { pipeline, secret, maxBytes }: HttpIntakeOptions) {
  const expected = secret ? digest(secret) : null;

  // Only raw messages here: the JSON and text parsers of the rest of the API do not apply.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('message/rfc822', { parseAs: 'buffer', bodyLimit: maxBytes }, (_req, body, done) => done(null, body));
  app.addContentTypeParser('*', (_req, _payload, done) =>
    done(new DomainError('unsupported_media_type', 'Send the raw message with Content-Type: message/rfc822'), undefined),
  );

  app.addHook('onRequest', async (req: FastifyRequest, reply) => {
    if (!expected) throw new DomainError('service_unavailable', 'Email intake over HTTP is off on this server (INTAKE_SECRET is not set)');
    const m = /^Bearer\s+(\S{1,1024})\s*$/i.exec(req.headers.authorization ?? '');
    if (!m || !timingSafeEqual(digest(m[1]), expected)) {
      reply.header('WWW-Authenticate', 'Bearer');
      throw new DomainError('unauthorized', 'Authorization must be "Bearer <INTAKE_SECRET>"');
    }
  });

  app.withTypeProvider<TypeBoxTypeProvider>().post(
    '/intake/email',
    {
      bodyLimit: maxBytes,
      schema: {
        operationId: 'deliverEmail',
        tags: ['Email intake'],
        summary: 'Deliver one raw RFC 5322 message (Content-Type: message/rfc822) to an intake address',
        description:
          'Answers 201 with what the message made, 200 with the first result when this Message-ID was already received for the user. A message that takes longer than INTAKE_BUDGET_MS to read is stored as failed (failure_reason extraction_timeout) and answers 422 with details.constraint "extraction_timeout"; at most INTAKE_MAX_ITEMS items are made (GET /api/v1/emails/{id} says how many were dropped). 503 when the intake is busy. See docs/api.md "Email intake".',
        security: [{ intakeSecret: [] }],
        // No `type`: the parsed body is a Buffer; this only documents the request body in OpenAPI.
        body: { content: { 'message/rfc822': { schema: { description: 'The raw RFC 5322 message, at most INTAKE_MAX_BYTES', format: 'binary' } } } },
        querystring: Query({
          to: Type.Optional(Type.String({ minLength: 3, maxLength: 320, description: 'Intake address; else Delivered-To, X-Original-To, To, Cc' })),
        }),
        response: { 200: IntakeResult, 201: IntakeResult, ...errorResponses(400, 401, 413, 415, 422, 500, 503) },
      },
    },
    async (req, reply) => {
      const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      const outcome = await pipeline.deliverHttp(raw, req.query.to);
      if (outcome.status === 'failed') {
        const constraint = outcome.failureReason === 'extraction_timeout' ? 'extraction_timeout' : 'unprocessable_message';
        throw new DomainError('unprocessable_entity', `The message was stored but nothing was made from it: ${outcome.error}`, {
          details: { field: 'body', constraint },
          data: { email_id: outcome.emailId },
        });
      }
      return reply.code(outcome.repeat ? 200 : 201).send({ data: { email_id: outcome.emailId, tasks: outcome.tasks, events: outcome.events } });
    },
  );
}
