import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { EventSortField } from '../../../core/events/events.store.js';
import type { Services } from '../../../services.js';
import { requireActor } from '../../../http/auth.js';
import { listBody, parseSort } from '../reply.js';
import { API_ERRORS, DataOf, errorResponses, IdParams, ListOf } from '../../../http/schemas/common.js';
import { Attendee, AttendeeBody, AttendeeParams, Event, EventCreate, EventListQuery, EventUpdate, RsvpBody } from '../../../http/schemas/events.js';
import { DraftAction, History } from '../../../http/schemas/tasks.js';
import { registerCommentRoutes } from './comments.js';

const tags = ['Events'];
const utc = (v: string | undefined) => (v ? new Date(v).toISOString() : undefined);

export async function eventRoutes(app: FastifyInstance, { events, attendees, comments }: Services) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.get('/events', {
    schema: { tags, summary: 'List the events you can see (owned, shared, or attended)', querystring: EventListQuery,
      response: { 200: ListOf(Event), ...errorResponses(...API_ERRORS) } },
  }, async (req) => {
    const q = req.query;
    return listBody(await events.list(requireActor(req), {
      filter: {
        contextId: q.context_id, from: utc(q.from), to: utc(q.to), published: q.published, source: q.source,
        sourceEmailId: q.source_email_id, updatedAfter: utc(q.updated_after),
      },
      sort: parseSort<EventSortField>(q.sort),
      page: { limit: q.limit ?? 50, offset: q.offset ?? 0 },
      includeDraftStatus: q.include_draft_status,
    }));
  });

  r.post('/events', {
    schema: { tags, summary: 'Create an event (published, version 1.0)', body: EventCreate,
      response: { 201: DataOf(Event), ...errorResponses(...API_ERRORS, 403, 404, 409, 422) } },
  }, async (req, reply) => reply.code(201).send({ data: await events.create(requireActor(req), req.body) }));

  r.get('/events/:id', {
    schema: { tags, summary: 'Get an event (attendees may read it)', params: IdParams,
      querystring: Type.Object({ include_draft_status: Type.Optional(Type.Boolean()) }),
      response: { 200: DataOf(Event), ...errorResponses(...API_ERRORS, 404) } },
  }, async (req) => ({ data: await events.get(requireActor(req), req.params.id, { includeDraftStatus: req.query.include_draft_status }) }));

  for (const method of ['put', 'patch'] as const) {
    r[method]('/events/:id', {
      schema: { tags, summary: method === 'put' ? 'Update an event (any subset of fields; a draft unless publish is true)' : 'Update an event (same as PUT)',
        params: IdParams, body: EventUpdate, response: { 200: DataOf(Event), ...errorResponses(...API_ERRORS, 403, 404, 409, 422) } },
    }, async (req) => {
      const { publish, ...fields } = req.body;
      return { data: await events.update(requireActor(req), req.params.id, fields, { publish }) };
    });
  }

  r.delete('/events/:id', {
    schema: { tags, summary: 'Delete an event (owner or admin)', params: IdParams,
      response: { 204: Type.Null({ description: 'Deleted' }), ...errorResponses(...API_ERRORS, 403, 404, 409) } },
  }, async (req, reply) => {
    await events.remove(requireActor(req), req.params.id);
    return reply.code(204).send(null);
  });

  r.post('/events/:id/draft', {
    schema: { tags, summary: 'Accept (publish) or discard the open draft', params: IdParams, body: DraftAction,
      response: { 200: DataOf(Event), ...errorResponses(...API_ERRORS, 403, 404, 409, 422) } },
  }, async (req) => ({ data: await events.draftAction(requireActor(req), req.params.id, req.body.action) }));

  r.get('/events/:id/history', {
    schema: { tags, summary: 'Version history', params: IdParams, response: { 200: DataOf(History), ...errorResponses(...API_ERRORS, 404) } },
  }, async (req) => ({ data: await events.history(requireActor(req), req.params.id) }));

  r.post('/events/:id/attendees', {
    schema: { tags, summary: 'Add an attendee by email (a registered user gains read access to this event)', params: IdParams, body: AttendeeBody,
      response: { 200: DataOf(Attendee), 201: DataOf(Attendee), ...errorResponses(...API_ERRORS, 403, 404, 409) } },
  }, async (req, reply) => {
    const { attendee, created } = await attendees.add(requireActor(req), req.params.id, req.body.user_email, req.body.rsvp_status);
    return reply.code(created ? 201 : 200).send({ data: attendee });
  });

  r.get('/events/:id/attendees', {
    schema: { tags, summary: 'List attendees', params: IdParams, response: { 200: ListOf(Attendee), ...errorResponses(...API_ERRORS, 404) } },
  }, async (req) => {
    const items = await attendees.list(requireActor(req), req.params.id);
    return listBody({ items, total: items.length, limit: items.length, offset: 0 });
  });

  r.patch('/events/:id/attendees/:user_id', {
    schema: { tags, summary: 'Change an RSVP (the attendee themself, or a writer)', params: AttendeeParams, body: RsvpBody,
      response: { 200: DataOf(Attendee), ...errorResponses(...API_ERRORS, 403, 404, 409) } },
  }, async (req) => ({ data: await attendees.setRsvp(requireActor(req), req.params.id, req.params.user_id, req.body.rsvp_status) }));

  r.delete('/events/:id/attendees/:user_id', {
    schema: { tags, summary: 'Remove an attendee (a writer, or the attendee themself)', params: AttendeeParams,
      response: { 204: Type.Null({ description: 'Removed' }), ...errorResponses(...API_ERRORS, 403, 404, 409) } },
  }, async (req, reply) => {
    await attendees.remove(requireActor(req), req.params.id, req.params.user_id);
    return reply.code(204).send(null);
  });

  registerCommentRoutes(app, 'event', comments);
}
