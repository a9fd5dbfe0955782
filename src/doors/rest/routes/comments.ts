import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { CommentsService, ParentType } from '../../../core/comments/comments.service.js';
import { requireActor } from '../../../http/auth.js';
import { listBody } from '../reply.js';
import { API_ERRORS, DataOf, errorResponses, ListOf, PageQuery, Query, Uuid } from '../../../http/schemas/common.js';
import { Comment, CommentBody } from '../../../http/schemas/tasks.js';

/** Comment routes under /tasks/{id} and /events/{id}: the same operations for both parents. */
export function registerCommentRoutes(app: FastifyInstance, type: ParentType, comments: CommentsService) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const base = type === 'task' ? '/tasks/:id/comments' : '/events/:id/comments';
  const tags = [type === 'task' ? 'Tasks' : 'Events'];
  const Params = Type.Object({ id: Uuid() });
  const OneParams = Type.Object({ id: Uuid(), comment_id: Uuid() });

  r.post(base, {
    schema: { tags, summary: `Comment on a ${type}`, params: Params, body: CommentBody,
      response: { 201: DataOf(Comment), ...errorResponses(...API_ERRORS, 403, 404) } },
  }, async (req, reply) => reply.code(201).send({ data: await comments.create(requireActor(req), type, req.params.id, req.body.message) }));

  r.get(base, {
    schema: { tags, summary: `List comments of a ${type}, oldest first`, params: Params, querystring: Query({ ...PageQuery }),
      response: { 200: ListOf(Comment), ...errorResponses(...API_ERRORS, 404) } },
  }, async (req) => listBody(await comments.list(requireActor(req), type, req.params.id, { limit: req.query.limit ?? 50, offset: req.query.offset ?? 0 })));

  for (const method of ['put', 'patch'] as const) {
    r[method](`${base}/:comment_id`, {
      schema: { tags, summary: 'Edit your own comment', params: OneParams, body: CommentBody,
        response: { 200: DataOf(Comment), ...errorResponses(...API_ERRORS, 403, 404) } },
    }, async (req) => ({ data: await comments.update(requireActor(req), type, req.params.id, req.params.comment_id, req.body.message) }));
  }

  r.delete(`${base}/:comment_id`, {
    schema: { tags, summary: 'Delete your own comment (record owners and admins may delete any)', params: OneParams,
      response: { 204: Type.Null({ description: 'Deleted' }), ...errorResponses(...API_ERRORS, 403, 404) } },
  }, async (req, reply) => {
    await comments.remove(requireActor(req), type, req.params.id, req.params.comment_id);
    return reply.code(204).send(null);
  });
}
