/** SQL of webhooks: subscriptions, the dispatcher's position and log reads, deliveries, attempts. */
import { sql, type Generated, type Insertable, type Kysely, type Selectable, type Updateable } from 'kysely';
import { dialectOf, type Executor } from '../../db/database.js';
import type { ChangesTable, Database } from '../../db/schema.js';
import type { Position } from '../changes/cursor.js';
import type { Horizon } from '../changes/sync.store.js';

// Row types of the webhook tables (migration 011), beside the SQL that uses them.
interface WebhooksTable {
  id: string;
  user_id: string;
  url: string;
  /** JSON array of event kinds. */
  events: string;
  secret: string;
  status: 'active' | 'disabled';
  /** Events in a row that failed on every attempt; at the limit the webhook is disabled. */
  consecutive_failures: number;
  /** Set when an OAuth app registered it (migration 018): it lives only as long as that grant. */
  oauth_grant_id: string | null;
  created_at: string;
  updated_at: string;
}

type DeliveryState = 'pending' | 'delivered' | 'failed' | 'skipped';

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

interface WebhookAttemptsTable {
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

export type WebhookRow = WebhooksTable;
export type DeliveryRow = Selectable<WebhookDeliveriesTable>;
export type AttemptRow = WebhookAttemptsTable;
export type ChangeRow = Selectable<ChangesTable>;

const w = (db: Executor) => db.withTables<WebhookTables>() as unknown as Kysely<Database & WebhookTables>;
const postgres = (db: Executor) => dialectOf(db) === 'postgres';

export const insertWebhook = async (db: Executor, row: WebhookRow) => {
  await w(db).insertInto('webhooks').values(row).execute();
};

export async function countWebhooks(db: Executor, userId: string): Promise<number> {
  const row = await w(db)
    .selectFrom('webhooks')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export const getWebhook = (db: Executor, userId: string, id: string) =>
  w(db).selectFrom('webhooks').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();

/** The user's webhooks; with `grantId`, only those that OAuth grant registered. */
export async function listWebhooks(db: Executor, userId: string, page: { limit: number; offset: number }, grantId?: string) {
  let base = w(db).selectFrom('webhooks').where('user_id', '=', userId);
  if (grantId !== undefined) base = base.where('oauth_grant_id', '=', grantId);
  const [rows, count] = await Promise.all([
    base.selectAll().orderBy('created_at').orderBy('id').limit(page.limit).offset(page.offset).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export const updateWebhook = async (db: Executor, id: string, patch: Partial<WebhookRow>) => {
  await w(db).updateTable('webhooks').set(patch).where('id', '=', id).execute();
};

export const deleteWebhook = async (db: Executor, id: string) => {
  await w(db).deleteFrom('webhooks').where('id', '=', id).execute();
};

/** An app's webhook whose grant has ended: the grant is gone or expired, or the app was deleted. */
const grantEnded = (nowS: number) =>
  sql<boolean>`webhooks.oauth_grant_id IS NOT NULL AND NOT EXISTS (
    SELECT 1 FROM oauth_state g JOIN oauth_apps a ON a.id = g.client_id
    WHERE g.model = 'Grant' AND g.id = webhooks.oauth_grant_id AND (g.expires_at IS NULL OR g.expires_at > ${nowS}))`;

/** Which of these webhooks belong to an app that lost its access. */
export async function endedAppWebhooks(db: Executor, ids: string[], nowS: number): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const rows = await w(db).selectFrom('webhooks').select('id').where('id', 'in', ids).where(grantEnded(nowS)).execute();
  return new Set(rows.map((r) => r.id));
}

export const activeWebhooks = (db: Executor) => w(db).selectFrom('webhooks').selectAll().where('status', '=', 'active').execute();

/**
 * Key of the advisory lock that lets one dispatcher at a time run. The two-integer form: PostgreSQL
 * keeps it apart from the one-bigint keys other locks here use (migrations, idempotency keys).
 */
const DISPATCH_LOCK = [0x57_65_62_68, 1] as const; // "Webh"

/**
 * The dispatcher's position, for the one process dispatching right now: on PostgreSQL a
 * transaction-level advisory lock, tried without waiting (null: another process is at it). Not a
 * row lock: that would give every idle poll a transaction id, which the sync feed's horizon would
 * then have to wait behind.
 */
export async function claimPosition(db: Executor): Promise<Position | null> {
  if (postgres(db)) {
    const { rows } = await sql<{ ok: boolean }>`SELECT pg_try_advisory_xact_lock(${DISPATCH_LOCK[0]}::int, ${DISPATCH_LOCK[1]}::int) AS ok`.execute(db);
    if (!rows[0]?.ok) return null;
  }
  const row = await db.selectFrom('change_log_state').select(['txid', 'seq']).where('name', '=', 'webhooks').executeTakeFirst();
  return { txid: Number(row?.txid ?? 0), seq: Number(row?.seq ?? 0) };
}

export const savePosition = async (db: Executor, p: Position) => {
  await db.updateTable('change_log_state').set({ txid: p.txid, seq: p.seq }).where('name', '=', 'webhooks').execute();
};

/** Log rows after `after` that the horizon lets a reader hand out (the feed's never-skip rule), in log order. */
export async function changesAfter(db: Executor, after: Position, horizon: Horizon, limit: number): Promise<ChangeRow[]> {
  let q = db.selectFrom('changes').selectAll().where(sql<boolean>`(txid, seq) > (${after.txid}, ${after.seq})`);
  q = horizon.kind === 'xmin' ? q.where('txid', '<', horizon.xmin) : q.where('seq', '<=', horizon.maxSeq);
  return q.orderBy('txid').orderBy('seq').limit(limit).execute();
}

export async function insertDeliveries(db: Executor, rows: Insertable<WebhookDeliveriesTable>[]) {
  for (let i = 0; i < rows.length; i += 200)
    await w(db)
      .insertInto('webhook_deliveries')
      .values(rows.slice(i, i + 200))
      .execute();
}

/**
 * Due pending deliveries of active webhooks that no earlier pending delivery of the same record
 * precedes, locked on PostgreSQL with SKIP LOCKED so concurrent workers take different rows.
 */
export async function dueDeliveries(db: Executor, now: string, limit: number): Promise<DeliveryRow[]> {
  const lock = postgres(db) ? sql`FOR UPDATE OF d SKIP LOCKED` : sql``;
  // Oldest first by seq (an index of pending rows only), so the scan stops after `limit` matches
  // instead of checking and sorting every due row. With 2,000 pending: SQLite 10 ms per claim sorted
  // by due time, 0.4 ms this way; PostgreSQL 35 ms with the webhook check as a join (hash join, then
  // sort), 0.1 ms with it as EXISTS (the plan walks the index and stops).
  const { rows } = await sql<DeliveryRow>`
    SELECT d.* FROM webhook_deliveries d
    WHERE d.state = 'pending' AND d.next_attempt_at <= ${now}
      AND EXISTS (SELECT 1 FROM webhooks wh WHERE wh.id = d.webhook_id AND wh.status = 'active')
      AND NOT EXISTS (SELECT 1 FROM webhook_deliveries e
        WHERE e.webhook_id = d.webhook_id AND e.record_key = d.record_key AND e.state = 'pending' AND e.seq < d.seq)
    ORDER BY d.seq
    LIMIT ${limit} ${lock}`.execute(db);
  return rows.map((r) => ({ ...r, seq: Number(r.seq) }));
}

/** Takes rows for one worker: their next attempt moves past the lease, so nobody else picks them up meanwhile. */
export async function lease(db: Executor, seqs: number[], until: string, token: string) {
  if (!seqs.length) return;
  await w(db).updateTable('webhook_deliveries').set({ next_attempt_at: until, lease_token: token }).where('seq', 'in', seqs).execute();
}

/** Applies an attempt's outcome only if the worker still holds the lease (a late worker changes nothing). */
export async function settle(db: Executor, seq: number, token: string, patch: Updateable<WebhookDeliveriesTable>): Promise<boolean> {
  const res = await w(db)
    .updateTable('webhook_deliveries')
    .set({ ...patch, lease_token: null })
    .where('seq', '=', seq)
    .where('lease_token', '=', token)
    .where('state', '=', 'pending')
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function insertAttempts(db: Executor, rows: AttemptRow[]) {
  for (let i = 0; i < rows.length; i += 200)
    await w(db)
      .insertInto('webhook_attempts')
      .values(rows.slice(i, i + 200))
      .execute();
}

export const getWebhookById = (db: Executor, id: string) => w(db).selectFrom('webhooks').selectAll().where('id', '=', id).executeTakeFirst();

export const listAttempts = (db: Executor, webhookId: string, page: { limit: number; offset: number }) =>
  w(db)
    .selectFrom('webhook_attempts')
    .selectAll()
    .where('webhook_id', '=', webhookId)
    .orderBy('delivered_at', 'desc')
    .orderBy('attempt', 'desc')
    .orderBy('id')
    .limit(page.limit)
    .offset(page.offset)
    .execute();

export async function countAttempts(db: Executor, webhookId: string): Promise<number> {
  const row = await w(db)
    .selectFrom('webhook_attempts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('webhook_id', '=', webhookId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export const getAttempt = (db: Executor, webhookId: string, id: string) =>
  w(db).selectFrom('webhook_attempts').selectAll().where('webhook_id', '=', webhookId).where('id', '=', id).executeTakeFirst();

export async function getDelivery(db: Executor, seq: number): Promise<DeliveryRow | undefined> {
  const row = await w(db).selectFrom('webhook_deliveries').selectAll().where('seq', '=', seq).executeTakeFirst();
  return row ? { ...row, seq: Number(row.seq) } : undefined;
}

/** Current emails of users, for payloads (actor, assignee, collaborator). */
export async function emailsOf(db: Executor, ids: string[]): Promise<Map<string, string>> {
  const unique = [...new Set(ids.filter(Boolean))];
  if (!unique.length) return new Map();
  const rows = await db.selectFrom('users').select(['id', 'email']).where('id', 'in', unique).execute();
  return new Map(rows.map((r) => [r.id, r.email]));
}

/** The record is gone, and its deletion's row names the user among those who could see it just before. */
export async function deletedWhileVisible(db: Executor, type: string, id: string, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('changes')
    .select(['owner_id', 'audience'])
    .where('record_type', '=', type)
    .where('record_id', '=', id)
    .where('op', '=', 'delete')
    .orderBy('seq', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!row) return false;
  if (row.owner_id === userId) return true;
  try {
    return (JSON.parse(row.audience ?? '[]') as string[]).includes(userId);
  } catch {
    return false;
  }
}

export const resetFailures = async (db: Executor, id: string) => {
  await w(db).updateTable('webhooks').set({ consecutive_failures: 0 }).where('id', '=', id).where('consecutive_failures', '<>', 0).execute();
};

/** `n` more events failed on every attempt; at `limit` in a row the webhook is disabled. */
export async function countFailures(db: Executor, id: string, n: number, limit: number, at: string) {
  await w(db)
    .updateTable('webhooks')
    .set((eb) => ({ consecutive_failures: eb('consecutive_failures', '+', n) }))
    .where('id', '=', id)
    .execute();
  await w(db)
    .updateTable('webhooks')
    .set({ status: 'disabled', updated_at: at })
    .where('id', '=', id)
    .where('status', '=', 'active')
    .where('consecutive_failures', '>=', limit)
    .execute();
}

/** Removes attempt log rows and finished deliveries from before `cutoff`; returns how many rows. */
export async function pruneBefore(db: Executor, cutoff: string): Promise<number> {
  const a = await w(db).deleteFrom('webhook_attempts').where('delivered_at', '<', cutoff).executeTakeFirst();
  const d = await w(db).deleteFrom('webhook_deliveries').where('finished_at', 'is not', null).where('finished_at', '<', cutoff).executeTakeFirst();
  return Number(a.numDeletedRows) + Number(d.numDeletedRows);
}
