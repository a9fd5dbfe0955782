import { toIso } from '../../../core/ids.js';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { TaskSortField } from '../../../core/tasks/tasks.store.js';
import type { Services } from '../../../services.js';
import { requireActor } from '../../../http/auth.js';
import { listBody, pageOf, parseSort } from '../reply.js';
import { API_ERRORS, Body, DataOf, errorResponses, IdParams, ListOf, ListOfItems, Ref, Uuid, PageQuery, Query } from '../../../http/schemas/common.js';
import {
  Assignee,
  AssignBody,
  DraftAction,
  Task,
  TaskBatchCreate,
  TaskCreate,
  TaskHistory,
  TaskListQuery,
  TaskSearchQuery,
  TaskUpdate,
} from '../../../http/schemas/tasks.js';
import { registerCommentRoutes } from './comments.js';

const tags = ['Tasks'];

export async function taskRoutes(app: FastifyInstance, { tasks, assignees, comments }: Services) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.get(
    '/tasks',
    {
      schema: {
        operationId: 'listTasks',
        tags,
        summary: 'List the tasks you can see',
        description: 'Tasks you own, in contexts shared with you, or assigned to you, paged and sorted (D11). Filters combine with AND.',
        querystring: TaskListQuery,
        response: { 200: ListOf(Task), ...errorResponses(...API_ERRORS) },
      },
    },
    async (req) => {
      const q = req.query;
      return listBody(
        await tasks.list(requireActor(req), {
          filter: {
            contextId: q.context_id,
            statuses: q.status,
            published: q.published,
            source: q.source,
            sourceEmailId: q.source_email_id,
            updatedAfter: q.updated_after ? toIso(q.updated_after, 'updated_after') : undefined,
          },
          sort: parseSort<TaskSortField>(q.sort),
          page: { limit: q.limit ?? 50, offset: q.offset ?? 0 },
          includeDraftStatus: q.include_draft_status,
        }),
      );
    },
  );

  r.get(
    '/tasks/search',
    {
      schema: {
        operationId: 'searchTasks',
        description: 'Every word of q must match a word prefix in the title or description (English stemming); title hits rank first. Only tasks you can see.',
        tags,
        summary: 'Full-text search over title and description, best matches first',
        querystring: TaskSearchQuery,
        response: { 200: ListOf(Task), ...errorResponses(...API_ERRORS) },
      },
    },
    async (req) => listBody(await tasks.search(requireActor(req), req.query.q, { limit: req.query.limit ?? 50, offset: req.query.offset ?? 0 })),
  );

  r.post(
    '/tasks',
    {
      schema: {
        operationId: 'createTask',
        tags,
        summary: 'Create a task (published, version 1.0)',
        description: 'In a context you need write there (read-only: 403; invisible: 404). Read-only fields in the body are ignored (D3).',
        body: Ref(TaskCreate),
        response: { 201: DataOf(Task, 'The new task; its URL is in Location'), ...errorResponses(...API_ERRORS, 403, 404, 409, 422) },
      },
    },
    async (req, reply) => reply.code(201).send({ data: await tasks.create(requireActor(req), req.body) }),
  );

  r.post(
    '/tasks/batch',
    {
      schema: {
        operationId: 'createTaskBatch',
        tags,
        summary: 'Create 1..100 tasks at once, all or none',
        description:
          'One transaction: either every task is created (201, `data` in the order given) or none is. The error names ' +
          'the first failing item in `details.index` (and `details.field`, e.g. tasks.57.title). Idempotency-Key applies to the ' +
          'whole batch; the request counts once against the rate limit. The 1 MiB body limit applies.',
        body: Ref(TaskBatchCreate),
        response: { 201: ListOfItems(Task, 'The new tasks, in the order of the request'), ...errorResponses(...API_ERRORS, 403, 404, 409, 422) },
      },
    },
    async (req, reply) => reply.code(201).send({ data: await tasks.createMany(requireActor(req), req.body.tasks) }),
  );

  r.get(
    '/tasks/:id',
    {
      schema: {
        operationId: 'getTask',
        description: 'Strangers and malformed ids get 404. include_draft_status=true adds has_unpublished_changes.',
        tags,
        summary: 'Get a task',
        params: IdParams,
        querystring: Type.Object({ include_draft_status: Type.Optional(Type.Boolean()) }),
        response: { 200: DataOf(Task), ...errorResponses(...API_ERRORS, 404) },
      },
    },
    async (req) => ({ data: await tasks.get(requireActor(req), req.params.id, { includeDraftStatus: req.query.include_draft_status }) }),
  );

  for (const method of ['put', 'patch'] as const) {
    r[method](
      '/tasks/:id',
      {
        schema: {
          operationId: method === 'put' ? 'updateTask' : 'patchTask',
          tags,
          summary: method === 'put' ? 'Update a task (any subset of fields; a draft unless publish is true)' : 'Update a task (same as PUT)',
          description: 'Edits make a draft (minor + 1) unless publish is true or the task becomes completed; moving to another context applies at once (D8).',
          params: IdParams,
          body: Ref(TaskUpdate),
          response: { 200: DataOf(Task), ...errorResponses(...API_ERRORS, 403, 404, 409, 422) },
        },
      },
      async (req) => {
        const { publish, ...fields } = req.body;
        return { data: await tasks.update(requireActor(req), req.params.id, fields, { publish }) };
      },
    );
  }

  r.delete(
    '/tasks/:id',
    {
      schema: {
        operationId: 'deleteTask',
        description: 'Deletes the task with its comments, assignees and versions; sync clients receive a delete tombstone.',
        tags,
        summary: 'Delete a task (owner or admin)',
        params: IdParams,
        response: { 204: Type.Null({ description: 'Deleted' }), ...errorResponses(...API_ERRORS, 403, 404, 409) },
      },
    },
    async (req, reply) => {
      await tasks.remove(requireActor(req), req.params.id);
      return reply.code(204).send(null);
    },
  );

  r.post(
    '/tasks/:id/complete',
    {
      schema: {
        operationId: 'completeTask',
        description:
          'Sets status completed and completed_at and publishes at once (major + 1), even with a draft open (the draft stays, and accepting it later is 409 draft_conflict).',
        tags,
        summary: 'Complete a task, published at once (no-op when already completed)',
        params: IdParams,
        // SPEC: the request is "none". No body or `{}` is fine; a field in it is a typo (D3: 400).
        body: Body({}, { description: 'Optional; takes no fields' }),
        'x-optional-body': true,
        response: { 200: DataOf(Task), ...errorResponses(...API_ERRORS, 403, 404, 409, 422) },
      },
      preValidation: async (req) => {
        if (req.body === undefined) req.body = {};
      },
    },
    async (req) => ({ data: await tasks.complete(requireActor(req), req.params.id) }),
  );

  r.post(
    '/tasks/:id/draft',
    {
      schema: {
        operationId: 'resolveTaskDraft',
        description: 'accept publishes the draft as version major + 1; discard restores the published values. Without a draft: 422 no_draft.',
        tags,
        summary: 'Accept (publish) or discard the open draft',
        params: IdParams,
        body: Ref(DraftAction),
        response: { 200: DataOf(Task), ...errorResponses(...API_ERRORS, 403, 404, 409, 422) },
      },
    },
    async (req) => ({ data: await tasks.draftAction(requireActor(req), req.params.id, req.body.action) }),
  );

  r.get(
    '/tasks/:id/history',
    {
      schema: {
        operationId: 'getTaskHistory',
        description: 'The current version, the latest publication with a snapshot of its fields, and every published version.',
        tags,
        summary: 'Version history',
        params: IdParams,
        response: { 200: DataOf(TaskHistory), ...errorResponses(...API_ERRORS, 404) },
      },
    },
    async (req) => ({ data: await tasks.history(requireActor(req), req.params.id) }),
  );

  r.post(
    '/tasks/:id/assign',
    {
      schema: {
        operationId: 'assignTask',
        description:
          'Needs write on the task; the user must already see it (else 422). Assigning grants nothing. 201 for a new assignment, 200 when already assigned.',
        tags,
        summary: 'Assign a registered user who can see the task',
        params: IdParams,
        body: AssignBody,
        response: {
          200: DataOf(Assignee, 'Already assigned: the existing assignment'),
          201: DataOf(Assignee, 'The new assignment'),
          ...errorResponses(...API_ERRORS, 403, 404, 409, 422),
        },
      },
    },
    async (req, reply) => {
      const { assignment, created } = await assignees.assign(requireActor(req), req.params.id, req.body.user_email);
      return reply.code(created ? 201 : 200).send({ data: assignment });
    },
  );

  r.get(
    '/tasks/:id/assignees',
    {
      schema: {
        operationId: 'listTaskAssignees',
        description: 'Everyone assigned to the task, with who assigned them and when.',
        tags,
        summary: 'List assignees',
        params: IdParams,
        querystring: Query({ ...PageQuery }),
        response: { 200: ListOf(Assignee), ...errorResponses(...API_ERRORS, 404) },
      },
    },
    async (req) => {
      return listBody(pageOf(await assignees.list(requireActor(req), req.params.id), req.query));
    },
  );

  r.delete(
    '/tasks/:id/assignees/:user_id',
    {
      schema: {
        operationId: 'removeTaskAssignee',
        description: 'Writers remove anyone; an assignee may remove themselves.',
        tags,
        summary: 'Remove an assignee (writers, or the assignee themselves)',
        params: Type.Object({ id: Uuid(), user_id: Uuid() }),
        response: { 204: Type.Null({ description: 'Removed' }), ...errorResponses(...API_ERRORS, 403, 404, 409) },
      },
    },
    async (req, reply) => {
      await assignees.remove(requireActor(req), req.params.id, req.params.user_id);
      return reply.code(204).send(null);
    },
  );

  registerCommentRoutes(app, 'task', comments);
}
