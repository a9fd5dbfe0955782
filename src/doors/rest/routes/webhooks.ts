import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Services } from '../../../services.js';
import { requireActor } from '../../../http/auth.js';
import { listBody } from '../reply.js';
import { API_ERRORS, DataOf, errorResponses, ListOf, PageQuery, Query } from '../../../http/schemas/common.js';
import {
  CreatedWebhook,
  LogParams,
  LogQuery,
  QueuedEvent,
  Webhook,
  WebhookCreate,
  WebhookLogEntry,
  WebhookParams,
  WebhookTest,
  WebhookUpdate,
} from '../../../http/schemas/webhooks.js';

const tags = ['Webhooks'];

export async function webhookRoutes(app: FastifyInstance, { webhooks }: Services) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.post(
    '/webhooks',
    {
      schema: {
        operationId: 'createWebhook',
        tags,
        summary: 'Register a webhook (the URL must answer a challenge first)',
        body: WebhookCreate,
        description:
          'The service POSTs {type: "webhook.verification", challenge} to the URL and expects 200 with {challenge} within 5 s, ' +
          'without redirects; otherwise 422 and nothing is registered. The secret is returned in this response only.',
        response: { 201: DataOf(CreatedWebhook), ...errorResponses(...API_ERRORS, 409, 422) },
      },
    },
    async (req, reply) => reply.code(201).send({ data: await webhooks.create(requireActor(req), req.body) }),
  );

  r.get(
    '/webhooks',
    {
      schema: {
        operationId: 'listWebhooks',
        tags,
        summary: 'List your webhooks',
        description: 'Newest first; secrets are never shown again after creation.',
        querystring: Query({ ...PageQuery }),
        response: { 200: ListOf(Webhook), ...errorResponses(...API_ERRORS) },
      },
    },
    async (req) => listBody(await webhooks.list(requireActor(req), { limit: req.query.limit ?? 50, offset: req.query.offset ?? 0 })),
  );

  r.get(
    '/webhooks/:id',
    {
      schema: {
        operationId: 'getWebhook',
        tags,
        summary: 'Get a webhook',
        description: 'Its URL, event kinds, status (active or disabled) and consecutive failures; never the secret.',
        params: WebhookParams,
        response: { 200: DataOf(Webhook), ...errorResponses(...API_ERRORS, 404) },
      },
    },
    async (req) => ({ data: await webhooks.get(requireActor(req), req.params.id) }),
  );

  r.put(
    '/webhooks/:id',
    {
      schema: {
        operationId: 'updateWebhook',
        tags,
        summary: 'Change the kinds and/or URL (a new URL is verified again); re-enables a disabled webhook',
        description: 'A changed URL must answer the verification challenge (as on registration) or nothing changes (422). Any PUT sets status back to active.',
        params: WebhookParams,
        body: WebhookUpdate,
        response: { 200: DataOf(Webhook), ...errorResponses(...API_ERRORS, 404, 409, 422) },
      },
    },
    async (req) => ({ data: await webhooks.update(requireActor(req), req.params.id, req.body) }),
  );

  r.delete(
    '/webhooks/:id',
    {
      schema: {
        operationId: 'deleteWebhook',
        tags,
        summary: 'Delete a webhook (pending deliveries are dropped)',
        description: 'Deliveries not yet sent are dropped; the logs go with it.',
        params: WebhookParams,
        response: { 204: Type.Null({ description: 'Deleted' }), ...errorResponses(...API_ERRORS, 404) },
      },
    },
    async (req, reply) => {
      await webhooks.remove(requireActor(req), req.params.id);
      return reply.code(204).send(null);
    },
  );

  r.post(
    '/webhooks/:id/test',
    {
      schema: {
        operationId: 'testWebhook',
        tags,
        summary: 'Queue a sample event of a kind (data {test: true}), signed, sent and logged like any other',
        description:
          'The event is delivered by the workers like a real one; the answer (200, as every success that creates no resource, SPEC) says it is queued, and its attempts appear in the logs.',
        params: WebhookParams,
        body: WebhookTest,
        response: { 200: DataOf(QueuedEvent), ...errorResponses(...API_ERRORS, 404, 409, 422) },
      },
    },
    async (req) => ({ data: await webhooks.test(requireActor(req), req.params.id, req.body.event_type) }),
  );

  r.get(
    '/webhooks/:id/logs',
    {
      schema: {
        operationId: 'listWebhookLogs',
        tags,
        summary: 'Delivery attempts, newest first',
        description: "One entry per attempt with the spec's fields: event id and type, when, status code, response time, attempts so far and the last error.",
        params: WebhookParams,
        querystring: LogQuery,
        response: { 200: ListOf(WebhookLogEntry), ...errorResponses(...API_ERRORS, 404) },
      },
    },
    async (req) => listBody(await webhooks.logs(requireActor(req), req.params.id, { limit: req.query.limit ?? 50, offset: req.query.offset ?? 0 })),
  );

  r.post(
    '/webhooks/:id/logs/:log_id/redeliver',
    {
      schema: {
        operationId: 'redeliverWebhookEvent',
        tags,
        summary: 'Send a logged event again (same id and body, fresh retry schedule)',
        description: 'Receivers deduplicate on the event id, which stays the same. Answers 200 with the queued event, as the test route does.',
        params: LogParams,
        response: { 200: DataOf(QueuedEvent), ...errorResponses(...API_ERRORS, 404, 409, 422) },
      },
    },
    async (req) => ({ data: await webhooks.redeliver(requireActor(req), req.params.id, req.params.log_id) }),
  );
}
