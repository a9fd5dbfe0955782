import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Services } from '../../../services.js';
import { requireActor } from '../../../http/auth.js';
import { API_ERRORS, errorResponses, Ref } from '../../../http/schemas/common.js';
import { SyncPage, SyncQuery } from '../../../http/schemas/sync.js';

export async function syncRoutes(app: FastifyInstance, { sync }: Services) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  r.get(
    '/sync',
    {
      schema: {
        operationId: 'getSyncFeed',
        tags: ['Sync'],
        summary: 'Everything you can see, then every change to it, in commit order (docs/sync.md)',
        description:
          'Without cursor: the records visible now, paged, then a cursor into the change log. With cursor: the changes since, ' +
          'as upserts (the record as GET shows it), delete tombstones and access_lost. A malformed cursor is 400; a cursor older ' +
          'than the change log keeps (SYNC_RETENTION_DAYS) is 410 gone: start over without a cursor.',
        querystring: SyncQuery,
        response: { 200: Ref(SyncPage, { description: 'One page of the feed' }), ...errorResponses(...API_ERRORS, 410) },
      },
    },
    async (req) => {
      const page = await sync.feed(requireActor(req), { cursor: req.query.cursor, limit: req.query.limit ?? 100 });
      return { data: page.items, meta: { cursor: page.cursor, hasMore: page.hasMore } };
    },
  );
}
