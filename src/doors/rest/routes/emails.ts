import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Services } from '../../../services.js';
import { requireActor } from '../../../http/auth.js';
import { listBody } from '../reply.js';
import { API_ERRORS, DataOf, errorResponses, IdParams, ListOf } from '../../../http/schemas/common.js';
import { Email, EmailListQuery } from '../../../http/schemas/emails.js';

const tags = ['Emails'];

/** The caller's received messages (D16): what each made, and the raw message. Owner only; others get 404. */
export async function emailRoutes(app: FastifyInstance, { intake }: Services) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.get(
    '/emails',
    {
      schema: {
        operationId: 'listEmails',
        description: 'Only your own messages; filter by processing status.',
        tags,
        summary: 'Messages you forwarded to your intake address, newest first',
        querystring: EmailListQuery,
        response: { 200: ListOf(Email), ...errorResponses(...API_ERRORS) },
      },
    },
    async (req) =>
      listBody(await intake.list(requireActor(req), { status: req.query.status }, { limit: req.query.limit ?? 50, offset: req.query.offset ?? 0 })),
  );

  r.get(
    '/emails/:id',
    {
      schema: {
        operationId: 'getEmail',
        description: 'Only the owner sees a message; others get 404.',
        tags,
        summary: 'One received message and the ids of the items it made',
        params: IdParams,
        response: { 200: DataOf(Email), ...errorResponses(...API_ERRORS, 404) },
      },
    },
    async (req) => ({ data: await intake.get(requireActor(req), req.params.id) }),
  );

  r.get(
    '/emails/:id/raw',
    {
      schema: {
        operationId: 'getEmailRaw',
        tags,
        summary: 'Download the raw message as received (message/rfc822)',
        params: IdParams,
        description: 'The message bytes as received; errors are JSON error bodies like everywhere else.',
        response: {
          200: { description: 'The raw RFC 5322 message', content: { 'message/rfc822': { schema: Type.String({ format: 'binary' }) } } },
          ...errorResponses(...API_ERRORS, 404),
        },
      },
    },
    async (req, reply) => {
      const raw = await intake.raw(requireActor(req), req.params.id);
      return reply
        .type('message/rfc822')
        .header('Content-Disposition', `attachment; filename="${req.params.id}.eml"`)
        .send(raw as unknown as string); // bytes: the schema's string/binary
    },
  );

  r.post(
    '/emails/:id/reprocess',
    {
      schema: {
        operationId: 'reprocessEmail',
        tags,
        summary: 'Read the stored message again and make what is new (items it already made are not repeated)',
        params: IdParams,
        description:
          'Reads in the extraction pool under the same limits as a delivery (D22): past INTAKE_BUDGET_MS the email is marked failed with failure_reason extraction_timeout, and at most INTAKE_MAX_ITEMS items count (items_dropped). Counts against the rate limit like every request (429). 503 when the intake is busy.',
        response: { 200: DataOf(Email), ...errorResponses(...API_ERRORS, 404, 422) },
      },
    },
    async (req) => ({ data: (await intake.reprocess(requireActor(req), req.params.id)).email }),
  );
}
