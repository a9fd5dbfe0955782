import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { ContextSortField } from '../../../core/contexts/context.js';
import type { Services } from '../../../services.js';
import { requireActor } from '../../../http/auth.js';
import { listBody, pageOf, parseSort } from '../reply.js';
import { API_ERRORS, DataOf, errorResponses, IdParams, ListOf, Ref, Uuid, PageQuery, Query } from '../../../http/schemas/common.js';
import { Context, ContextCreate, ContextListQuery, ContextUpdate, DeleteContextQuery, Share, ShareBody } from '../../../http/schemas/contexts.js';

const tags = ['Contexts'];

export async function contextRoutes(app: FastifyInstance, { contexts, shares }: Services) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.get(
    '/contexts',
    {
      schema: {
        operationId: 'listContexts',
        description:
          'Owned contexts, contexts shared with you and every context below those. parent_context_id filters to direct children (the word null: top level).',
        tags,
        summary: 'List the contexts you own or that are shared with you (with their sub-contexts)',
        querystring: ContextListQuery,
        response: { 200: ListOf(Context), ...errorResponses(...API_ERRORS) },
      },
    },
    async (req) => {
      const q = req.query;
      const parentId = q.parent_context_id === undefined ? undefined : q.parent_context_id === 'null' ? null : q.parent_context_id.toLowerCase();
      return listBody(
        await contexts.list(requireActor(req), {
          parentId,
          sort: parseSort<ContextSortField>(q.sort),
          page: { limit: q.limit ?? 50, offset: q.offset ?? 0 },
        }),
      );
    },
  );

  r.post(
    '/contexts',
    {
      schema: {
        operationId: 'createContext',
        tags,
        summary: 'Create a context (inside a parent needs write there)',
        description: 'Contexts nest at most 3 levels (422 max_depth).',
        body: Ref(ContextCreate),
        response: { 201: DataOf(Context, 'The new context; its URL is in Location'), ...errorResponses(...API_ERRORS, 403, 404, 409, 422) },
      },
    },
    async (req, reply) => reply.code(201).send({ data: await contexts.create(requireActor(req), req.body) }),
  );

  r.get(
    '/contexts/:id',
    {
      schema: {
        operationId: 'getContext',
        description: 'Any context you can see, shared ones included.',
        tags,
        summary: 'Get a context',
        params: IdParams,
        response: { 200: DataOf(Context), ...errorResponses(...API_ERRORS, 404) },
      },
    },
    async (req) => ({ data: await contexts.get(requireActor(req), req.params.id) }),
  );

  for (const method of ['put', 'patch'] as const) {
    r[method](
      '/contexts/:id',
      {
        schema: {
          operationId: method === 'put' ? 'updateContext' : 'patchContext',
          tags,
          summary: 'Update a context (any subset of fields); moving it needs admin on it and write on the new parent',
          description: 'Moving (parent_context_id) keeps the 3-level limit (422 max_depth) and never goes into its own subtree (422 cycle).',
          params: IdParams,
          body: Ref(ContextUpdate),
          response: { 200: DataOf(Context), ...errorResponses(...API_ERRORS, 403, 404, 409, 422) },
        },
      },
      async (req) => ({ data: await contexts.update(requireActor(req), req.params.id, req.body) }),
    );
  }

  r.delete(
    '/contexts/:id',
    {
      schema: {
        operationId: 'deleteContext',
        description: 'Without cascade, 409 conflict while it holds tasks, events or sub-contexts; with cascade=true the whole subtree goes.',
        tags,
        summary: 'Delete a context (owner or admin); 409 while it holds anything unless cascade=true',
        params: IdParams,
        querystring: DeleteContextQuery,
        response: { 204: Type.Null({ description: 'Deleted' }), ...errorResponses(...API_ERRORS, 403, 404, 409) },
      },
    },
    async (req, reply) => {
      await contexts.remove(requireActor(req), req.params.id, { cascade: req.query.cascade });
      return reply.code(204).send(null);
    },
  );

  r.post(
    '/contexts/:id/share',
    {
      schema: {
        operationId: 'shareContext',
        description: 'Needs admin on the context. The permission (read, write, admin) covers everything below it. 201 for a new share, 200 when changed.',
        tags,
        summary: 'Share the context (and everything below it) with a user, or change their permission',
        params: IdParams,
        body: ShareBody,
        response: { 200: DataOf(Share, 'The changed share'), 201: DataOf(Share, 'The new share'), ...errorResponses(...API_ERRORS, 403, 404, 409, 422) },
      },
    },
    async (req, reply) => {
      const { share, created } = await shares.share(requireActor(req), req.params.id, req.body.user_email, req.body.permission);
      return reply.code(created ? 201 : 200).send({ data: share });
    },
  );

  r.get(
    '/contexts/:id/collaborators',
    {
      schema: {
        operationId: 'listContextCollaborators',
        description: 'The shares made on this context itself (not those inherited from a parent).',
        tags,
        summary: 'List the shares made on this context',
        params: IdParams,
        querystring: Query({ ...PageQuery }),
        response: { 200: ListOf(Share), ...errorResponses(...API_ERRORS, 404) },
      },
    },
    async (req) => {
      return listBody(pageOf(await shares.list(requireActor(req), req.params.id), req.query));
    },
  );

  r.delete(
    '/contexts/:id/collaborators/:user_id',
    {
      schema: {
        operationId: 'removeContextCollaborator',
        description: 'Access ends at once for the context and everything below it.',
        tags,
        summary: 'Remove a collaborator (owner or admin), or leave the context (your own share)',
        params: Type.Object({ id: Uuid(), user_id: Uuid() }),
        response: { 204: Type.Null({ description: 'Removed' }), ...errorResponses(...API_ERRORS, 403, 404, 409) },
      },
    },
    async (req, reply) => {
      await shares.remove(requireActor(req), req.params.id, req.params.user_id.toLowerCase());
      return reply.code(204).send(null);
    },
  );
}
