import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { ContextSortField } from '../../../core/contexts/context.js';
import type { Services } from '../../../services.js';
import { requireActor } from '../../../http/auth.js';
import { listBody, parseSort } from '../reply.js';
import { API_ERRORS, DataOf, errorResponses, IdParams, ListOf, Uuid } from '../../../http/schemas/common.js';
import { Context, ContextCreate, ContextListQuery, ContextUpdate, DeleteContextQuery, Share, ShareBody } from '../../../http/schemas/contexts.js';

const tags = ['Contexts'];

export async function contextRoutes(app: FastifyInstance, { contexts, shares }: Services) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.get('/contexts', {
    schema: { tags, summary: 'List the contexts you own or that are shared with you (with their sub-contexts)', querystring: ContextListQuery,
      response: { 200: ListOf(Context), ...errorResponses(...API_ERRORS) } },
  }, async (req) => {
    const q = req.query;
    const parentId = q.parent_context_id === undefined ? undefined : q.parent_context_id === 'null' ? null : q.parent_context_id.toLowerCase();
    return listBody(await contexts.list(requireActor(req), {
      parentId, sort: parseSort<ContextSortField>(q.sort), page: { limit: q.limit ?? 50, offset: q.offset ?? 0 },
    }));
  });

  r.post('/contexts', {
    schema: { tags, summary: 'Create a context (inside a parent needs write there)', body: ContextCreate,
      response: { 201: DataOf(Context), ...errorResponses(...API_ERRORS, 403, 404, 409, 422) } },
  }, async (req, reply) => reply.code(201).send({ data: await contexts.create(requireActor(req), req.body) }));

  r.get('/contexts/:id', {
    schema: { tags, summary: 'Get a context', params: IdParams, response: { 200: DataOf(Context), ...errorResponses(...API_ERRORS, 404) } },
  }, async (req) => ({ data: await contexts.get(requireActor(req), req.params.id) }));

  for (const method of ['put', 'patch'] as const) {
    r[method]('/contexts/:id', {
      schema: { tags, summary: 'Update a context (any subset of fields); moving it needs admin on it and write on the new parent',
        params: IdParams, body: ContextUpdate, response: { 200: DataOf(Context), ...errorResponses(...API_ERRORS, 403, 404, 409, 422) } },
    }, async (req) => ({ data: await contexts.update(requireActor(req), req.params.id, req.body) }));
  }

  r.delete('/contexts/:id', {
    schema: { tags, summary: 'Delete a context (owner or admin); 409 while it holds anything unless cascade=true', params: IdParams,
      querystring: DeleteContextQuery, response: { 204: Type.Null({ description: 'Deleted' }), ...errorResponses(...API_ERRORS, 403, 404, 409) } },
  }, async (req, reply) => {
    await contexts.remove(requireActor(req), req.params.id, { cascade: req.query.cascade });
    return reply.code(204).send(null);
  });

  r.post('/contexts/:id/share', {
    schema: { tags, summary: 'Share the context (and everything below it) with a user, or change their permission',
      params: IdParams, body: ShareBody,
      response: { 200: DataOf(Share), 201: DataOf(Share), ...errorResponses(...API_ERRORS, 403, 404, 409, 422) } },
  }, async (req, reply) => {
    const { share, created } = await shares.share(requireActor(req), req.params.id, req.body.user_email, req.body.permission);
    return reply.code(created ? 201 : 200).send({ data: share });
  });

  r.get('/contexts/:id/collaborators', {
    schema: { tags, summary: 'List the shares made on this context', params: IdParams,
      response: { 200: ListOf(Share), ...errorResponses(...API_ERRORS, 404) } },
  }, async (req) => {
    const items = await shares.list(requireActor(req), req.params.id);
    return listBody({ items, total: items.length, limit: items.length, offset: 0 });
  });

  r.delete('/contexts/:id/collaborators/:user_id', {
    schema: { tags, summary: 'Remove a collaborator (owner or admin), or leave the context (your own share)',
      params: Type.Object({ id: Uuid(), user_id: Uuid() }),
      response: { 204: Type.Null({ description: 'Removed' }), ...errorResponses(...API_ERRORS, 403, 404, 409) } },
  }, async (req, reply) => {
    await shares.remove(requireActor(req), req.params.id, req.params.user_id.toLowerCase());
    return reply.code(204).send(null);
  });
}
