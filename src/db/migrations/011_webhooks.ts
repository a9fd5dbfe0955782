import { sql, type Kysely } from 'kysely';
import { isPostgres } from './dialect.js';

/**
 * Webhooks (DECISIONS D18):
 * - `webhooks`: one subscription of a user (url, kinds as a JSON array, the signing secret);
 * - `webhook_deliveries`: one row per event and webhook, written by the dispatcher in the
 *   transaction that advances its position in the change log; `seq` keeps the log's order, so
 *   a record's events go out in commit order. A pending row is claimed by moving
 *   `next_attempt_at` past a lease, so a worker that dies mid-send gives it back by itself;
 * - `webhook_attempts`: the log of every attempt (GET /webhooks/{id}/logs).
 * The dispatcher's position is a row of `change_log_state` (name `webhooks`), like the pruned mark.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const pg = isPostgres(db);
  await db.schema
    .createTable('webhooks')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('events', 'text', (c) => c.notNull())
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('consecutive_failures', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('webhooks_user').on('webhooks').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('webhooks_status').on('webhooks').column('status').execute();

  await db.schema
    .createTable('webhook_deliveries')
    .addColumn('seq', pg ? 'bigserial' : 'integer', (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('webhook_id', 'text', (c) => c.notNull().references('webhooks.id').onDelete('cascade'))
    .addColumn('event_id', 'text', (c) => c.notNull())
    .addColumn('event_type', 'text', (c) => c.notNull())
    .addColumn('record_key', 'text', (c) => c.notNull())
    .addColumn('subject_type', 'text')
    .addColumn('subject_id', 'text')
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (c) => c.notNull())
    .addColumn('lease_token', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    .execute();
  // Claiming walks pending rows oldest first and stops at its limit (delivered history is not in
  // this index); the per-record order check looks up earlier pending rows of the same record.
  await db.schema.createIndex('webhook_deliveries_pending').on('webhook_deliveries').columns(['seq']).where(sql<boolean>`state = 'pending'`).execute();
  await db.schema
    .createIndex('webhook_deliveries_record')
    .on('webhook_deliveries')
    .columns(['webhook_id', 'record_key', 'seq'])
    .where(sql<boolean>`state = 'pending'`)
    .execute();
  await db.schema.createIndex('webhook_deliveries_event').on('webhook_deliveries').columns(['webhook_id', 'event_id']).execute();

  await db.schema
    .createTable('webhook_attempts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('webhook_id', 'text', (c) => c.notNull().references('webhooks.id').onDelete('cascade'))
    .addColumn('delivery_seq', 'bigint', (c) => c.notNull())
    .addColumn('event_id', 'text', (c) => c.notNull())
    .addColumn('event_type', 'text', (c) => c.notNull())
    .addColumn('attempt', 'integer', (c) => c.notNull())
    .addColumn('delivered_at', 'text', (c) => c.notNull())
    .addColumn('status_code', 'integer')
    .addColumn('response_time_ms', 'integer', (c) => c.notNull())
    .addColumn('success', 'integer', (c) => c.notNull())
    .addColumn('error', 'text')
    .execute();
  await db.schema.createIndex('webhook_attempts_webhook').on('webhook_attempts').columns(['webhook_id', 'delivered_at']).execute();
  // Hourly pruning of the log and of finished deliveries past their retention.
  await db.schema.createIndex('webhook_attempts_delivered').on('webhook_attempts').column('delivered_at').execute();
  await db.schema
    .createIndex('webhook_deliveries_finished')
    .on('webhook_deliveries')
    .column('finished_at')
    .where(sql<boolean>`finished_at IS NOT NULL`)
    .execute();

  await db.insertInto('change_log_state').values({ name: 'webhooks', txid: 0, seq: 0 }).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.deleteFrom('change_log_state').where('name', '=', 'webhooks').execute();
  await db.schema.dropTable('webhook_attempts').execute();
  await db.schema.dropTable('webhook_deliveries').execute();
  await db.schema.dropTable('webhooks').execute();
}
