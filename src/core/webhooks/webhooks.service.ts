/**
 * Webhook use cases (D18): registration with a synchronous challenge, listing, changes (a new URL
 * is verified again; any PUT re-enables), removal, test events, the attempt log and redelivery.
 * A webhook belongs to one user; anyone else gets 404.
 */
import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/database.js';
import { unitOfWork } from '../../db/unit-of-work.js';
import { findUserById } from '../accounts/users.store.js';
import type { Actor } from '../actor.js';
import { DomainError, invalid, notFound, unprocessable } from '../errors.js';
import { newId, nowIso } from '../ids.js';
import type { Page, PageRequest } from '../lists.js';
import type { WebhookClient } from './client.js';
import { isEventKind, type EventKind } from './event-kinds.js';
import { envelope } from './payloads.js';
import * as store from './webhooks.store.js';

/** More than anyone needs, few enough that one change cannot fan out without bound. */
const MAX_WEBHOOKS_PER_USER = 25;
/** How long the attempt log (and the finished deliveries redelivery reads) is kept. */
const LOG_RETENTION_DAYS = 30;

export interface Webhook {
  id: string;
  url: string;
  events: EventKind[];
  status: 'active' | 'disabled';
  consecutive_failures: number;
  created_at: string;
  updated_at: string;
}

export interface WebhookLogEntry {
  id: string;
  event_id: string;
  event_type: EventKind;
  delivered_at: string;
  status_code: number | null;
  response_time_ms: number;
  attempts: number;
  success: boolean;
  last_error?: string;
}

export interface QueuedEvent {
  event_id: string;
  event_type: EventKind;
  status: 'queued';
}

const toWebhook = (row: store.WebhookRow): Webhook => ({
  id: row.id,
  url: row.url,
  events: JSON.parse(row.events) as EventKind[],
  status: row.status,
  consecutive_failures: row.consecutive_failures,
  created_at: row.created_at,
  updated_at: row.updated_at,
});

const toLogEntry = (row: store.AttemptRow): WebhookLogEntry => ({
  id: row.id,
  event_id: row.event_id,
  event_type: row.event_type as EventKind,
  delivered_at: row.delivered_at,
  status_code: row.status_code,
  response_time_ms: row.response_time_ms,
  attempts: row.attempt,
  success: row.success === 1,
  ...(row.error ? { last_error: row.error } : {}),
});

function checkUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw invalid('url', 'format', 'url must be an absolute http or https URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw invalid('url', 'format', 'url must use http or https');
  if (url.username || url.password) throw invalid('url', 'format', 'url must not carry a user name or password');
  return url.toString();
}

function checkEvents(events: string[]): EventKind[] {
  const unique = [...new Set(events)];
  if (!unique.length) throw invalid('events', 'minItems', 'events must name at least one event kind');
  const bad = unique.find((k) => !isEventKind(k));
  if (bad) throw invalid('events', 'enum', `unknown event kind ${JSON.stringify(bad).slice(0, 80)}`);
  return unique as EventKind[];
}

/** What an OAuth app's grant must hold to be sent a kind: the read scope of the kind's records. */
const READ_SCOPE = { task: 'tasks:read', event: 'events:read', context: 'contexts:read' } as const;

/**
 * A webhook sends records, so an app may only subscribe to the kinds whose records its grant may
 * read: the `webhooks` scope alone manages webhooks, it does not open the user's data (D20).
 */
function checkGrantReads(actor: Actor, events: EventKind[]) {
  if (!actor.oauth) return;
  const granted = actor.oauth.scopes;
  const missing = [...new Set(events.map((k) => READ_SCOPE[k.split('.')[0] as keyof typeof READ_SCOPE]))].filter((s) => !granted.includes(s));
  if (missing.length) {
    throw new DomainError('forbidden', `An app's webhook sends records: this token was not granted ${missing.join(', ')}, which these event kinds need`, {
      details: { field: 'events', constraint: 'scope' },
    });
  }
}

export function createWebhooksService(db: Db, opts: { client: WebhookClient }) {
  const uow = unitOfWork(db);
  /**
   * The registration handshake: POST {type: "webhook.verification", challenge}, signed like any
   * delivery, answered with 200 and {challenge} within 5 s, no redirects (D18).
   */
  async function verify(url: string, secret: string): Promise<void> {
    const challenge = randomBytes(24).toString('base64url');
    const id = `verify_${newId()}`;
    const body = JSON.stringify({ type: 'webhook.verification', challenge });
    const res = await opts.client.send({ url, secret }, { id, body });
    const fail = (why: string) => unprocessable('url', 'verification', `The URL did not pass verification: ${why}`);
    if (res.status === null) throw fail(res.error ?? 'no response');
    if (res.status !== 200) throw fail(`it answered ${res.status}, expected 200`);
    let answer: unknown;
    try {
      answer = JSON.parse(res.body);
    } catch {
      throw fail('the answer is not JSON {"challenge": ...}');
    }
    if (!answer || typeof answer !== 'object' || (answer as { challenge?: unknown }).challenge !== challenge) {
      throw fail('the answer did not echo the challenge');
    }
  }

  /** The caller's webhook; an OAuth app reaches only those its own grant registered. */
  async function own(actor: Actor, id: string) {
    const row = await uow.read((q) => store.getWebhook(q, actor.userId, id));
    if (!row || (actor.oauth && row.oauth_grant_id !== actor.oauth.grantId)) throw notFound('Webhook');
    return row;
  }

  async function queue(
    row: store.WebhookRow,
    fields: { event_id: string; event_type: string; body: string; subject_type: store.DeliveryRow['subject_type']; subject_id: string | null },
  ) {
    if (row.status !== 'active') throw unprocessable('status', 'disabled', 'This webhook is disabled; PUT /webhooks/{id} re-enables it');
    const at = nowIso();
    await uow.write((tx) =>
      store.insertDeliveries(tx, [
        {
          webhook_id: row.id,
          ...fields,
          record_key: `manual:${newId()}`,
          state: 'pending',
          attempts: 0,
          next_attempt_at: at,
          lease_token: null,
          created_at: at,
          finished_at: null,
        },
      ]),
    );
    return { event_id: fields.event_id, event_type: fields.event_type as EventKind, status: 'queued' as const };
  }

  return {
    /** Registers after the handshake; the secret is returned here and never again. */
    async create(actor: Actor, input: { url: string; events: string[]; secret?: string }): Promise<Webhook & { secret: string }> {
      const url = checkUrl(input.url);
      const events = checkEvents(input.events);
      checkGrantReads(actor, events);
      const secret = input.secret ?? `whsec_${randomBytes(32).toString('base64')}`;
      const full = () => unprocessable('url', 'limit', `A user may have at most ${MAX_WEBHOOKS_PER_USER} webhooks`);
      // Checked before the handshake (no receiver is called for a refusal) and again when stored.
      if ((await uow.read((q) => store.countWebhooks(q, actor.userId))) >= MAX_WEBHOOKS_PER_USER) throw full();
      // Outside any transaction: the receiver may take up to 5 s.
      await verify(url, secret);
      const at = nowIso();
      const row: store.WebhookRow = {
        id: newId(),
        user_id: actor.userId,
        url,
        events: JSON.stringify(events),
        secret,
        status: 'active',
        consecutive_failures: 0,
        oauth_grant_id: actor.oauth?.grantId ?? null,
        created_at: at,
        updated_at: at,
      };
      await uow.write(async (tx) => {
        // The user's row locked until commit: parallel registrations each count the others' (D23).
        await findUserById(tx, actor.userId, { lock: true });
        if ((await store.countWebhooks(tx, actor.userId)) >= MAX_WEBHOOKS_PER_USER) throw full();
        await store.insertWebhook(tx, row);
      });
      return { ...toWebhook(row), secret };
    },

    async list(actor: Actor, page: PageRequest): Promise<Page<Webhook>> {
      const { rows, total } = await uow.read((q) => store.listWebhooks(q, actor.userId, page, actor.oauth?.grantId));
      return { items: rows.map(toWebhook), total, ...page };
    },

    async get(actor: Actor, id: string): Promise<Webhook> {
      return toWebhook(await own(actor, id));
    },

    /** New kinds and/or a new URL (verified again); any PUT re-enables a disabled webhook. */
    async update(actor: Actor, id: string, input: { url?: string; events?: string[] }): Promise<Webhook> {
      const row = await own(actor, id);
      const url = input.url !== undefined ? checkUrl(input.url) : row.url;
      const events = input.events !== undefined ? checkEvents(input.events) : (JSON.parse(row.events) as EventKind[]);
      checkGrantReads(actor, events);
      if (url !== row.url) await verify(url, row.secret);
      const patch = { url, events: JSON.stringify(events), status: 'active' as const, consecutive_failures: 0, updated_at: nowIso() };
      await uow.write(async (tx) => {
        if (!(await store.getWebhook(tx, actor.userId, id))) throw notFound('Webhook');
        await store.updateWebhook(tx, id, patch);
      });
      return toWebhook({ ...row, ...patch });
    },

    async remove(actor: Actor, id: string): Promise<void> {
      await own(actor, id);
      await uow.write((tx) => store.deleteWebhook(tx, id));
    },

    /** Queues a sample event of the given kind (data `{test: true}`), sent and logged like any other. */
    async test(actor: Actor, id: string, eventType: string): Promise<QueuedEvent> {
      const row = await own(actor, id);
      if (!isEventKind(eventType)) throw invalid('event_type', 'enum', 'event_type must be one of the event kinds');
      const eventId = newId();
      const at = nowIso();
      const body = envelope(
        eventId,
        eventType,
        at,
        { test: true },
        { user_id: actor.userId, email: (await uow.read((q) => store.emailsOf(q, [actor.userId]))).get(actor.userId) ?? null },
      );
      return queue(row, { event_id: eventId, event_type: eventType, body, subject_type: null, subject_id: null });
    },

    /** The attempt log, newest first. */
    async logs(actor: Actor, id: string, page: PageRequest): Promise<Page<WebhookLogEntry>> {
      await own(actor, id);
      const [rows, total] = await Promise.all([uow.read((q) => store.listAttempts(q, id, page)), uow.read((q) => store.countAttempts(q, id))]);
      return { items: rows.map(toLogEntry), total, ...page };
    },

    /** Drops log entries and finished deliveries older than the retention; run periodically by the app. */
    async prune(now: Date = new Date()): Promise<number> {
      const cutoff = new Date(now.getTime() - LOG_RETENTION_DAYS * 86_400_000).toISOString();
      return uow.write((tx) => store.pruneBefore(tx, cutoff));
    },

    /** Sends a logged event again (same id and body, so receivers can tell), with a fresh retry schedule. */
    async redeliver(actor: Actor, id: string, logId: string): Promise<QueuedEvent> {
      const row = await own(actor, id);
      const attempt = await uow.read((q) => store.getAttempt(q, id, logId));
      if (!attempt) throw notFound('Log entry');
      const delivery = await uow.read((q) => store.getDelivery(q, Number(attempt.delivery_seq)));
      if (!delivery) throw notFound('Log entry');
      return queue(row, {
        event_id: delivery.event_id,
        event_type: delivery.event_type,
        body: delivery.body,
        subject_type: delivery.subject_type,
        subject_id: delivery.subject_id,
      });
    },
  };
}
