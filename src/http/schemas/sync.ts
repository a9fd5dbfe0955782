import { Type, type TSchema } from '@sinclair/typebox';
import { Query, Ref } from './common.js';
import { Context } from './contexts.js';
import { Event } from './events.js';
import { Task } from './tasks.js';

export const SyncQuery = Query({
  cursor: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 2000,
      description: 'Opaque cursor from the previous page (meta.cursor). Omit on the first sync to receive everything visible now.',
    }),
  ),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: 100, description: 'Most items per page, 1..1000' })),
});

const Op = Type.Unsafe<'upsert' | 'delete' | 'access_lost'>({
  type: 'string',
  enum: ['upsert', 'delete', 'access_lost'],
  description: 'upsert: store `record`; delete: the record was deleted; access_lost: you can no longer see it. Drop it from your copy for both.',
});

/** One item kind of the feed: `type` names the record kind, so clients narrow `record` on it. */
const itemOf = <T extends TSchema>(type: string, record: T, versioned: boolean) =>
  Type.Object(
    {
      type: Type.Unsafe<string>({ type: 'string', enum: [type] }),
      id: Type.String({ format: 'uuid' }),
      op: Op,
      version: Type.Unsafe<string | null>({
        type: 'string',
        nullable: true,
        description: versioned ? '"<major>.<minor>" of the record (the last one for delete); null for access_lost' : 'Always null: contexts have no versions',
      }),
      record: Type.Optional(Ref(record, { description: 'Only with op=upsert: the record exactly as GET shows it to the caller' })),
    },
    { $id: `${record.$id}SyncItem`, title: `${record.$id}SyncItem` },
  );

export const TaskSyncItem = itemOf('task', Task, true);
export const EventSyncItem = itemOf('event', Event, true);
export const ContextSyncItem = itemOf('context', Context, false);

/**
 * A change in the feed, discriminated on `type`. Typed loosely for handlers (the core hands out
 * plain records); the document and generated clients see the three shapes.
 */
export const SyncItem = Type.Unsafe<object>({
  $id: 'SyncItem',
  title: 'SyncItem',
  oneOf: [Type.Ref('TaskSyncItem'), Type.Ref('EventSyncItem'), Type.Ref('ContextSyncItem')],
  discriminator: {
    propertyName: 'type',
    mapping: {
      task: '#/components/schemas/TaskSyncItem',
      event: '#/components/schemas/EventSyncItem',
      context: '#/components/schemas/ContextSyncItem',
    },
  },
  examples: [{ type: 'task', id: '3b241101-e2bb-4255-8caf-4136c566a962', op: 'delete', version: '2.1' }],
});

export const SyncPage = Type.Object(
  {
    data: Type.Array(Type.Unsafe<object>(Type.Ref('SyncItem'))),
    meta: Type.Object({
      cursor: Type.String({ description: 'Pass as ?cursor= next time; store it only after applying data' }),
      hasMore: Type.Boolean({ description: 'True: ask again at once with the cursor; false: caught up, poll later' }),
    }),
  },
  { $id: 'SyncPage', title: 'SyncPage', description: 'One page of the feed' },
);
