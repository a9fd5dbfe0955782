import { Type, type TSchema } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { CommentsService, ParentType } from '../../../core/comments/comments.service.js';
import { requireActor } from '../../../http/auth.js';
import { listBody } from '../reply.js';
import { API_ERRORS, DataOf, errorResponses, ListOf, PageQuery, Query, Ref, Timestamp, Uuid } from '../../../http/schemas/common.js';
import { CommentBody, EventComment, TaskComment } from '../../../http/schemas/tasks.js';

/** Comment routes under /tasks/{id} and /events/{id}: the same operations for both parents. */
export function registerCommentRoutes(app: FastifyInstance, type: ParentType, comments: CommentsService) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const base = type === 'task' ? '/tasks/:id/comments' : '/events/:id/comments';
  const tags = [type === 'task' ? 'Tasks' : 'Events'];
  const Noun = type === 'task' ? 'Task' : 'Event';
  // Typed loosely for the handlers (the core's Comment has both parent ids optional); the document has the exact shape.
  const Comment: TSchema = type === 'task' ? TaskComment : EventComment;
  const Params = Type.Object({ id: Uuid() });
  // SPEC: created_at "also serves as the comment identifier"; D3 adds an id. Either names a comment.
  const OneParams = Type.Object({
    id: Uuid(),
    comment_id: Type.Union([Uuid(), Timestamp()], {
      description:
        "The comment's id, or its created_at timestamp (as shown, e.g. 2026-11-26T18:11:42.483Z, URL-encoded or not; any offset names the same instant). When several comments on the record share that instant, the caller's own comes first, then the lowest id.",
    }),
  });

  r.post(
    base,
    {
      schema: {
        operationId: `create${Noun}Comment`,
        tags,
        summary: `Comment on ${type === 'task' ? 'a task' : 'an event'}`,
        description: `Anyone who can read the ${type} may comment.`,
        params: Params,
        body: Ref(CommentBody),
        response: { 201: DataOf(Comment), ...errorResponses(...API_ERRORS, 403, 404) },
      },
    },
    async (req, reply) => reply.code(201).send({ data: await comments.create(requireActor(req), type, req.params.id, req.body) }),
  );

  r.get(
    base,
    {
      schema: {
        operationId: `list${Noun}Comments`,
        tags,
        summary: `List comments of ${type === 'task' ? 'a task' : 'an event'}, oldest first`,
        description: 'Paged like every list (limit, offset).',
        params: Params,
        querystring: Query({ ...PageQuery }),
        response: { 200: ListOf(Comment), ...errorResponses(...API_ERRORS, 404) },
      },
    },
    async (req) => listBody(await comments.list(requireActor(req), type, req.params.id, { limit: req.query.limit ?? 50, offset: req.query.offset ?? 0 })),
  );

  for (const method of ['put', 'patch'] as const) {
    r[method](
      `${base}/:comment_id`,
      {
        schema: {
          operationId: `${method === 'put' ? 'update' : 'patch'}${Noun}Comment`,
          tags,
          summary: 'Edit your own comment',
          description: method === 'put' ? 'Replaces the message; only its author may.' : 'Same as PUT.',
          params: OneParams,
          body: Ref(CommentBody),
          response: { 200: DataOf(Comment), ...errorResponses(...API_ERRORS, 403, 404) },
        },
      },
      async (req) => ({ data: await comments.update(requireActor(req), type, req.params.id, req.params.comment_id, req.body) }),
    );
  }

  r.delete(
    `${base}/:comment_id`,
    {
      schema: {
        operationId: `delete${Noun}Comment`,
        tags,
        summary: 'Delete your own comment (record owners and admins may delete any)',
        description: 'Whoever may delete the record may delete any of its comments, so shared contexts can be moderated.',
        params: OneParams,
        response: { 204: Type.Null({ description: 'Deleted' }), ...errorResponses(...API_ERRORS, 403, 404) },
      },
    },
    async (req, reply) => {
      await comments.remove(requireActor(req), type, req.params.id, req.params.comment_id);
      return reply.code(204).send(null);
    },
  );
}
