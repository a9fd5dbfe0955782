import { Type } from '@sinclair/typebox';
import { Nullable, PageQuery, Query, Timestamp, Uuid } from './common.js';

const EMAIL_STATUSES = ['received', 'processed', 'failed'] as const;
const FAILURE_REASONS = ['extraction_timeout', 'extraction_error', 'unreadable_part', 'rejected_item'] as const;
const StatusEnum = Type.Unsafe<(typeof EMAIL_STATUSES)[number]>({ type: 'string', enum: [...EMAIL_STATUSES] });

export const Email = Type.Object(
  {
    id: Uuid(),
    message_id: Nullable(Type.String({ description: 'Message-ID without angle brackets; null when the message had none' })),
    subject: Nullable(Type.String()),
    from: Nullable(Type.String({ description: 'Sender address' })),
    received_at: Timestamp(),
    status: Type.Unsafe<(typeof EMAIL_STATUSES)[number]>({
      ...StatusEnum,
      description: 'received (stored, not processed yet), processed, or failed (see error)',
    }),
    size: Type.Integer({ description: 'Bytes of the raw message' }),
    task_ids: Type.Array(Uuid(), { description: 'Tasks made from this message' }),
    event_ids: Type.Array(Uuid(), { description: 'Events made or updated by this message' }),
    cancelled_event_ids: Type.Array(Uuid(), { description: 'Events this message cancelled (deleted)' }),
    error: Nullable(Type.String({ description: 'Why processing failed; null otherwise' })),
    // null is listed in the enum too: OpenAPI 3.0 validators check `enum` before `nullable`.
    failure_reason: Type.Unsafe<(typeof FAILURE_REASONS)[number] | null>({
      type: 'string',
      nullable: true,
      enum: [...FAILURE_REASONS, null],
      description:
        'Why processing failed, for machines: extraction_timeout (reading the message took longer than INTAKE_BUDGET_MS; nothing was made), extraction_error (the reader stopped), unreadable_part (e.g. a calendar part that does not parse), rejected_item (an item broke a rule); null otherwise',
    }),
    items_dropped: Type.Integer({
      minimum: 0,
      description: 'Items the message held beyond INTAKE_MAX_ITEMS, which were not made (the most confident are kept)',
    }),
  },
  {
    $id: 'Email',
    title: 'Email',
    examples: [
      {
        id: '6d8f0b2c-4e6a-4c8e-9f1a-3b5d7f9a1c2e',
        message_id: 'CAF=abc123@mail.example.com',
        subject: 'Lunch with Sam on Friday at noon',
        from: 'sam@example.com',
        received_at: '2026-11-26T07:45:00.000Z',
        status: 'processed',
        size: 2048,
        task_ids: [],
        event_ids: ['0e7d3b9a-6c2f-4a1e-b5d8-3f9c1a7e5b20'],
        cancelled_event_ids: [],
        error: null,
        failure_reason: null,
        items_dropped: 0,
      },
    ],
  },
);

export const EmailListQuery = Query({
  ...PageQuery,
  status: Type.Optional(StatusEnum),
});
