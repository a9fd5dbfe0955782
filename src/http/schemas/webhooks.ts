import { Type } from '@sinclair/typebox';
import { EVENT_KINDS, type EventKind } from '../../core/webhooks/event-kinds.js';
import { Body, PageQuery, Query, Timestamp, Uuid } from './common.js';

const Kind = Type.Unsafe<EventKind>({ type: 'string', enum: [...EVENT_KINDS] });
const Kinds = Type.Array(Kind, { minItems: 1, maxItems: EVENT_KINDS.length, uniqueItems: true, description: 'Event kinds to receive' });
const Url = Type.String({ minLength: 1, maxLength: 2048, description: 'http(s) URL that receives POSTs; verified by a challenge when set (docs/webhooks.md)' });

export const Webhook = Type.Object(
  {
    id: Uuid(),
    url: Type.String(),
    events: Type.Array(Kind),
    status: Type.Unsafe<'active' | 'disabled'>({
      type: 'string',
      enum: ['active', 'disabled'],
      description: 'disabled after 20 consecutive events failed on every attempt; any PUT re-enables',
    }),
    consecutive_failures: Type.Integer({ description: 'Events in a row that failed on every attempt' }),
    created_at: Timestamp(),
    updated_at: Timestamp(),
  },
  { title: 'Webhook' },
);

export const CreatedWebhook = Type.Object(
  {
    ...Webhook.properties,
    secret: Type.String({ description: 'The signing secret: shown in this response only, never again' }),
  },
  { title: 'CreatedWebhook' },
);

export const WebhookCreate = Body({
  url: Url,
  events: Kinds,
  secret: Type.Optional(
    Type.String({
      minLength: 16,
      maxLength: 256,
      description: 'Signing secret (16..256 characters); omitted: the service makes one (whsec_ + base64) and returns it once',
    }),
  ),
});

export const WebhookUpdate = Body({ url: Type.Optional(Url), events: Type.Optional(Kinds) });

export const WebhookTest = Body({ event_type: Kind });

export const WebhookParams = Type.Object({ id: Uuid() });
export const LogParams = Type.Object({ id: Uuid(), log_id: Uuid() });
export const LogQuery = Query({ ...PageQuery });

export const QueuedEvent = Type.Object(
  {
    event_id: Uuid("The delivery body's id (and webhook-id header)"),
    event_type: Kind,
    status: Type.Unsafe<'queued'>({ type: 'string', enum: ['queued'] }),
  },
  { title: 'QueuedWebhookEvent' },
);

export const WebhookLogEntry = Type.Object(
  {
    id: Uuid('This attempt (use it to redeliver)'),
    event_id: Uuid(),
    event_type: Kind,
    delivered_at: Timestamp('When the attempt was made'),
    status_code: Type.Unsafe<number | null>({ type: 'integer', nullable: true, description: 'null when no HTTP answer came' }),
    response_time_ms: Type.Integer(),
    attempts: Type.Integer({ description: 'Which attempt of this event this was (1 = first)' }),
    success: Type.Boolean(),
    last_error: Type.Optional(Type.String({ description: 'Why the attempt failed or was not sent' })),
  },
  { title: 'WebhookLogEntry' },
);
