import { invalid } from '../../../core/errors.js';
import { compareInstants, toIso } from '../../../core/ids.js';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { EventSortField } from '../../../core/events/events.store.js';
import type { Services } from '../../../services.js';
import { requireActor } from '../../../http/auth.js';
import { listBody, pageOf, parseSort } from '../reply.js';
import { API_ERRORS, DataOf, errorResponses, IdParams, ListOf, Ref, PageQuery, Query } from '../../../http/schemas/common.js';
import {
  Attendee,
  AttendeeBody,
  AttendeeParams,
  Event,
  EventCreate,
  EventHistory,
  EventListQuery,
  EventUpdate,
  RsvpBody,
} from '../../../http/schemas/events.js';
import { DraftAction } from '../../../http/schemas/tasks.js';
import { registerCommentRoutes } from './comments.js';

const tags = ['Events'];
const utc = (v: string | undefined, field: string) => (v ? toIso(v, field) : undefined);

export async function eventRoutes(app: FastifyInstance, { events, attendees, comments }: Services) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.get(
    '/events',
    {
      schema: {
        operationId: 'listEvents',
        tags,
        summary: 'List the events you can see (owned, shared, or attended)',
        description: 'from/to select events overlapping the range; with either, the default order is start_time (D11).',
        querystring: EventListQuery,
        response: { 200: ListOf(Event), ...errorResponses(...API_ERRORS) },
      },
    },
    async (req) => {
      const q = req.query;
      const from = utc(q.from, 'from');
      const to = utc(q.to, 'to');
      // A window that ends before it starts is a mistake, not an empty answer (as Google Calendar's timeMin/timeMax).
      if (from && to && compareInstants(to, from) < 0) throw invalid('to', 'range', 'to must not be before from');
      return listBody(
        await events.list(requireActor(req), {
          filter: {
            contextId: q.context_id,
            from,
            to,
            published: q.published,
            source: q.source,
            sourceEmailId: q.source_email_id,
            updatedAfter: utc(q.updated_after, 'updated_after'),
          },
          sort: parseSort<EventSortField>(q.sort),
          page: { limit: q.limit ?? 50, offset: q.offset ?? 0 },
          includeDraftStatus: q.include_draft_status,
        }),
      );
    },
  );

  r.post(
    '/events',
    {
      schema: {
        operationId: 'createEvent',
        tags,
        summary: 'Create an event (published, version 1.0)',
        description: 'end_time must not be before start_time (422); all-day events hold whole UTC days (D4).',
        body: Ref(EventCreate),
        response: { 201: DataOf(Event, 'The new event; its URL is in Location'), ...errorResponses(...API_ERRORS, 403, 404, 409, 422) },
      },
    },
    async (req, reply) => reply.code(201).send({ data: await events.create(requireActor(req), req.body) }),
  );

  r.get(
    '/events/:id',
    {
      schema: {
        operationId: 'getEvent',
        description: 'Owners, collaborators of its context and registered attendees may read it; others get 404.',
        tags,
        summary: 'Get an event (attendees may read it)',
        params: IdParams,
        querystring: Type.Object({ include_draft_status: Type.Optional(Type.Boolean()) }),
        response: { 200: DataOf(Event), ...errorResponses(...API_ERRORS, 404) },
      },
    },
    async (req) => ({ data: await events.get(requireActor(req), req.params.id, { includeDraftStatus: req.query.include_draft_status }) }),
  );

  for (const method of ['put', 'patch'] as const) {
    r[method](
      '/events/:id',
      {
        schema: {
          operationId: method === 'put' ? 'updateEvent' : 'patchEvent',
          tags,
          summary: method === 'put' ? 'Update an event (any subset of fields; a draft unless publish is true)' : 'Update an event (same as PUT)',
          description:
            'Edits make a draft (minor + 1) unless publish is true; moving to another context applies at once (D8). end_time before start_time is 422.',
          params: IdParams,
          body: Ref(EventUpdate),
          response: { 200: DataOf(Event), ...errorResponses(...API_ERRORS, 403, 404, 409, 422) },
        },
      },
      async (req) => {
        const { publish, ...fields } = req.body;
        return { data: await events.update(requireActor(req), req.params.id, fields, { publish }) };
      },
    );
  }

  r.delete(
    '/events/:id',
    {
      schema: {
        operationId: 'deleteEvent',
        description: 'Deletes the event with its attendees, comments and versions.',
        tags,
        summary: 'Delete an event (owner or admin)',
        params: IdParams,
        response: { 204: Type.Null({ description: 'Deleted' }), ...errorResponses(...API_ERRORS, 403, 404, 409) },
      },
    },
    async (req, reply) => {
      await events.remove(requireActor(req), req.params.id);
      return reply.code(204).send(null);
    },
  );

  r.post(
    '/events/:id/draft',
    {
      schema: {
        operationId: 'resolveEventDraft',
        description: 'accept publishes the draft as version major + 1; discard restores the published values. Without a draft: 422 no_draft.',
        tags,
        summary: 'Accept (publish) or discard the open draft',
        params: IdParams,
        body: Ref(DraftAction),
        response: { 200: DataOf(Event), ...errorResponses(...API_ERRORS, 403, 404, 409, 422) },
      },
    },
    async (req) => ({ data: await events.draftAction(requireActor(req), req.params.id, req.body.action) }),
  );

  r.get(
    '/events/:id/history',
    {
      schema: {
        operationId: 'getEventHistory',
        description: 'The current version, the latest publication with a snapshot of its fields, and every published version.',
        tags,
        summary: 'Version history',
        params: IdParams,
        response: { 200: DataOf(EventHistory), ...errorResponses(...API_ERRORS, 404) },
      },
    },
    async (req) => ({ data: await events.history(requireActor(req), req.params.id) }),
  );

  r.post(
    '/events/:id/attendees',
    {
      schema: {
        operationId: 'addEventAttendee',
        description: 'Any email address; a registered user with that email may then read this event (not its context). 201 when added, 200 when already there.',
        tags,
        summary: 'Add an attendee by email (a registered user gains read access to this event)',
        params: IdParams,
        body: AttendeeBody,
        response: {
          200: DataOf(Attendee, 'Already an attendee: the existing entry'),
          201: DataOf(Attendee, 'The new attendee'),
          ...errorResponses(...API_ERRORS, 403, 404, 409),
        },
      },
    },
    async (req, reply) => {
      const { attendee, created } = await attendees.add(requireActor(req), req.params.id, req.body.user_email, req.body.rsvp_status);
      return reply.code(created ? 201 : 200).send({ data: attendee });
    },
  );

  r.get(
    '/events/:id/attendees',
    {
      schema: {
        operationId: 'listEventAttendees',
        description: 'Every attendee with their RSVP status.',
        tags,
        summary: 'List attendees',
        params: IdParams,
        querystring: Query({ ...PageQuery }),
        response: { 200: ListOf(Attendee), ...errorResponses(...API_ERRORS, 404) },
      },
    },
    async (req) => {
      return listBody(pageOf(await attendees.list(requireActor(req), req.params.id), req.query));
    },
  );

  r.patch(
    '/events/:id/attendees/:user_id',
    {
      schema: {
        operationId: 'setEventAttendeeRsvp',
        description: "The attendee may set their own RSVP; writers may set anyone's.",
        tags,
        summary: 'Change an RSVP (the attendee themself, or a writer)',
        params: AttendeeParams,
        body: RsvpBody,
        response: { 200: DataOf(Attendee), ...errorResponses(...API_ERRORS, 403, 404, 409) },
      },
    },
    async (req) => ({ data: await attendees.setRsvp(requireActor(req), req.params.id, req.params.user_id, req.body.rsvp_status) }),
  );

  r.delete(
    '/events/:id/attendees/:user_id',
    {
      schema: {
        operationId: 'removeEventAttendee',
        description: 'A writer removes anyone; an attendee may remove themself.',
        tags,
        summary: 'Remove an attendee (a writer, or the attendee themself)',
        params: AttendeeParams,
        response: { 204: Type.Null({ description: 'Removed' }), ...errorResponses(...API_ERRORS, 403, 404, 409) },
      },
    },
    async (req, reply) => {
      await attendees.remove(requireActor(req), req.params.id, req.params.user_id);
      return reply.code(204).send(null);
    },
  );

  registerCommentRoutes(app, 'event', comments);
}
