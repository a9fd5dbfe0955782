import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { TaskStatus } from '../../../core/tasks/task.js';
import type { TaskSortField } from '../../../core/tasks/tasks.store.js';
import type { Services } from '../../../services.js';
import { requireActor } from '../../../http/auth.js';
import { listBody, parseSort } from '../reply.js';
import { API_ERRORS, DataOf, errorResponses, IdParams, ListOf, Uuid } from '../../../http/schemas/common.js';
import { Assignee, AssignBody, DraftAction, History, Task, TaskCreate, TaskListQuery, TaskSearchQuery, TaskUpdate } from '../../../http/schemas/tasks.js';
import { registerCommentRoutes } from './comments.js';

const tags = ['Tasks'];

export async function taskRoutes(app: FastifyInstance, { tasks, assignees, comments }: Services) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.get('/tasks', {
    schema: { tags, summary: 'List the tasks you can see', querystring: TaskListQuery,
      response: { 200: ListOf(Task), ...errorResponses(...API_ERRORS) } },
  }, async (req) => {
    const q = req.query;
    return listBody(await tasks.list(requireActor(req), {
      filter: {
        contextId: q.context_id, statuses: q.status?.split(',') as TaskStatus[] | undefined, published: q.published, source: q.source,
        sourceEmailId: q.source_email_id, updatedAfter: q.updated_after ? new Date(q.updated_after).toISOString() : undefined,
      },
      sort: parseSort<TaskSortField>(q.sort),
      page: { limit: q.limit ?? 50, offset: q.offset ?? 0 },
      includeDraftStatus: q.include_draft_status,
    }));
  });

  r.get('/tasks/search', {
    schema: { tags, summary: 'Full-text search over title and description, best matches first', querystring: TaskSearchQuery,
      response: { 200: ListOf(Task), ...errorResponses(...API_ERRORS) } },
  }, async (req) => listBody(await tasks.search(requireActor(req), req.query.q, { limit: req.query.limit ?? 50, offset: req.query.offset ?? 0 })));

  r.post('/tasks', {
    schema: { tags, summary: 'Create a task (published, version 1.0)', body: TaskCreate,
      response: { 201: DataOf(Task), ...errorResponses(...API_ERRORS, 403, 404, 409, 422) } },
  }, async (req, reply) => reply.code(201).send({ data: await tasks.create(requireActor(req), req.body) }));

  r.get('/tasks/:id', {
    schema: { tags, summary: 'Get a task', params: IdParams,
      querystring: Type.Object({ include_draft_status: Type.Optional(Type.Boolean()) }),
      response: { 200: DataOf(Task), ...errorResponses(...API_ERRORS, 404) } },
  }, async (req) => ({ data: await tasks.get(requireActor(req), req.params.id, { includeDraftStatus: req.query.include_draft_status }) }));

  for (const method of ['put', 'patch'] as const) {
    r[method]('/tasks/:id', {
      schema: { tags, summary: method === 'put' ? 'Update a task (any subset of fields; a draft unless publish is true)' : 'Update a task (same as PUT)',
        params: IdParams, body: TaskUpdate,
        response: { 200: DataOf(Task), ...errorResponses(...API_ERRORS, 403, 404, 409, 422) } },
    }, async (req) => {
      const { publish, ...fields } = req.body;
      return { data: await tasks.update(requireActor(req), req.params.id, fields, { publish }) };
    });
  }

  r.delete('/tasks/:id', {
    schema: { tags, summary: 'Delete a task (owner or admin)', params: IdParams,
      response: { 204: Type.Null({ description: 'Deleted' }), ...errorResponses(...API_ERRORS, 403, 404, 409) } },
  }, async (req, reply) => {
    await tasks.remove(requireActor(req), req.params.id);
    return reply.code(204).send(null);
  });

  r.post('/tasks/:id/complete', {
    schema: { tags, summary: 'Complete a task, published at once (no-op when already completed)', params: IdParams,
      response: { 200: DataOf(Task), ...errorResponses(...API_ERRORS, 403, 404, 409, 422) } },
  }, async (req) => ({ data: await tasks.complete(requireActor(req), req.params.id) }));

  r.post('/tasks/:id/draft', {
    schema: { tags, summary: 'Accept (publish) or discard the open draft', params: IdParams, body: DraftAction,
      response: { 200: DataOf(Task), ...errorResponses(...API_ERRORS, 403, 404, 409, 422) } },
  }, async (req) => ({ data: await tasks.draftAction(requireActor(req), req.params.id, req.body.action) }));

  r.get('/tasks/:id/history', {
    schema: { tags, summary: 'Version history', params: IdParams,
      response: { 200: DataOf(History), ...errorResponses(...API_ERRORS, 404) } },
  }, async (req) => ({ data: await tasks.history(requireActor(req), req.params.id) }));

  r.post('/tasks/:id/assign', {
    schema: { tags, summary: 'Assign a registered user who can see the task', params: IdParams, body: AssignBody,
      response: { 200: DataOf(Assignee), 201: DataOf(Assignee), ...errorResponses(...API_ERRORS, 403, 404, 409, 422) } },
  }, async (req, reply) => {
    const { assignment, created } = await assignees.assign(requireActor(req), req.params.id, req.body.user_email);
    return reply.code(created ? 201 : 200).send({ data: assignment });
  });

  r.get('/tasks/:id/assignees', {
    schema: { tags, summary: 'List assignees', params: IdParams,
      response: { 200: ListOf(Assignee), ...errorResponses(...API_ERRORS, 404) } },
  }, async (req) => {
    const items = await assignees.list(requireActor(req), req.params.id);
    return listBody({ items, total: items.length, limit: items.length, offset: 0 });
  });

  r.delete('/tasks/:id/assignees/:user_id', {
    schema: { tags, summary: 'Remove an assignee (writers, or the assignee themselves)',
      params: Type.Object({ id: Uuid(), user_id: Uuid() }),
      response: { 204: Type.Null({ description: 'Removed' }), ...errorResponses(...API_ERRORS, 403, 404, 409) } },
  }, async (req, reply) => {
    await assignees.remove(requireActor(req), req.params.id, req.params.user_id);
    return reply.code(204).send(null);
  });

  registerCommentRoutes(app, 'task', comments);
}
