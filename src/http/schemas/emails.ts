import { Type } from '@sinclair/typebox';
import { Nullable, PageQuery, Query, Timestamp, Uuid } from './common.js';

const EMAIL_STATUSES = ['received', 'processed', 'failed'] as const;
const StatusEnum = Type.Unsafe<(typeof EMAIL_STATUSES)[number]>({ type: 'string', enum: [...EMAIL_STATUSES] });

export const Email = Type.Object({
  id: Uuid(),
  message_id: Nullable(Type.String({ description: 'Message-ID without angle brackets; null when the message had none' })),
  subject: Nullable(Type.String()),
  from: Nullable(Type.String({ description: 'Sender address' })),
  received_at: Timestamp(),
  status: Type.Unsafe<(typeof EMAIL_STATUSES)[number]>({ ...StatusEnum, description: 'received (stored, not processed yet), processed, or failed (see error)' }),
  size: Type.Integer({ description: 'Bytes of the raw message' }),
  task_ids: Type.Array(Uuid(), { description: 'Tasks made from this message' }),
  event_ids: Type.Array(Uuid(), { description: 'Events made or updated by this message' }),
  cancelled_event_ids: Type.Array(Uuid(), { description: 'Events this message cancelled (deleted)' }),
  error: Nullable(Type.String({ description: 'Why processing failed; null otherwise' })),
}, { title: 'Email' });

export const EmailListQuery = Query({
  ...PageQuery,
  status: Type.Optional(StatusEnum),
});
