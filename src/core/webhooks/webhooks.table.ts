/** Row types of the webhook tables (migration 011), beside the module that uses them. */
import type { Generated } from 'kysely';

export interface WebhooksTable {
  id: string;
  user_id: string;
  url: string;
  /** JSON array of event kinds. */
  events: string;
  secret: string;
  status: 'active' | 'disabled';
  /** Events in a row that failed on every attempt; at the limit the webhook is disabled. */
  consecutive_failures: number;
  created_at: string;
  updated_at: string;
}

export type DeliveryState = 'pending' | 'delivered' | 'failed' | 'skipped';

export interface WebhookDeliveriesTable {
  seq: Generated<number>;
  webhook_id: string;
  event_id: string;
  event_type: string;
  /** Deliveries with the same key go out one after another, in `seq` order (a record's events). */
  record_key: string;
  /** The record whose visibility to the webhook's owner is checked before each attempt. */
  subject_type: 'task' | 'event' | 'context' | null;
  subject_id: string | null;
  /** The exact JSON bytes sent and signed. */
  body: string;
  state: DeliveryState;
  attempts: number;
  /** When the next attempt is due; while a worker holds the row, when its lease runs out. */
  next_attempt_at: string;
  lease_token: string | null;
  created_at: string;
  finished_at: string | null;
}

export interface WebhookAttemptsTable {
  id: string;
  webhook_id: string;
  delivery_seq: number;
  event_id: string;
  event_type: string;
  attempt: number;
  delivered_at: string;
  status_code: number | null;
  response_time_ms: number;
  success: number;
  error: string | null;
}

// A type alias (not an interface) so it fits Kysely's `withTables` constraint.
export type WebhookTables = {
  webhooks: WebhooksTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_attempts: WebhookAttemptsTable;
};
