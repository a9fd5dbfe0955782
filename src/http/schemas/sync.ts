import { Type } from '@sinclair/typebox';
import { Query } from './common.js';
import { Context } from './contexts.js';
import { Event } from './events.js';
import { Task } from './tasks.js';

export const SyncQuery = Query({
  cursor: Type.Optional(Type.String({ minLength: 1, maxLength: 2000,
    description: 'Opaque cursor from the previous page (meta.cursor). Omit on the first sync to receive everything visible now.' })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: 100, description: 'Most items per page, 1..1000' })),
});

// Typed loosely for handlers (the core hands out plain records); the document still lists each shape.
const SyncRecord = Type.Unsafe<object>(Type.Union([Task, Event, Context], {
  description: 'Only with op=upsert: the record exactly as GET shows it to the caller (a task, event or context, by type)',
}));

const SyncItem = Type.Object({
  type: Type.Unsafe<'task' | 'event' | 'context'>({ type: 'string', enum: ['task', 'event', 'context'] }),
  id: Type.String({ format: 'uuid' }),
  op: Type.Unsafe<'upsert' | 'delete' | 'access_lost'>({ type: 'string', enum: ['upsert', 'delete', 'access_lost'],
    description: 'upsert: store `record`; delete: the record was deleted; access_lost: you can no longer see it. Drop it from your copy for both.' }),
  version: Type.Unsafe<string | null>({ type: 'string', nullable: true,
    description: 'Tasks and events: "<major>.<minor>" of the record (the last one for delete); null for contexts and access_lost' }),
  record: Type.Optional(SyncRecord),
}, { title: 'SyncItem' });

export const SyncPage = Type.Object({
  data: Type.Array(SyncItem),
  meta: Type.Object({
    cursor: Type.String({ description: 'Pass as ?cursor= next time; store it only after applying data' }),
    hasMore: Type.Boolean({ description: 'True: ask again at once with the cursor; false: caught up, poll later' }),
  }),
}, { title: 'SyncPage' });
