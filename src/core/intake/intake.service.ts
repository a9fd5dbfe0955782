/**
 * The email intake use case (DECISIONS D16): keep the raw message, then turn what the door read
 * from it into tasks and events through their own use cases, in one transaction, exactly once per
 * (user, Message-ID).
 */
import { createHash } from 'node:crypto';
import type { Db } from '../../db/database.js';
import type { EmailsTable } from '../../db/schema.js';
import { unitOfWork } from '../../db/unit-of-work.js';
import type { Actor } from '../actor.js';
import { DomainError, notFound } from '../errors.js';
import { newId, nowIso } from '../ids.js';
import type { Page, PageRequest } from '../lists.js';
import { toTask, type Task } from '../tasks/task.js';
import type { TasksService } from '../tasks/tasks.service.js';
import type { Provenance } from '../versioning/versioned-record.js';
import { getTasks } from '../tasks/tasks.store.js';
import * as store from './emails.store.js';
import { applyItems, emptyResult } from './apply-items.js';
import type { EmailView, EventView, FailureReason, IntakeEvents, IntakeOutcome, MessageReader, ReadMessage, StoredResult } from './intake.js';
import { capItems } from './item-cap.js';

export interface IntakeDeps {
  tasks: TasksService;
  /** Null until events are wired: messages with events then fail with a clear error. */
  events: IntakeEvents | null;
  read: MessageReader;
  /** INTAKE_MAX_ITEMS (D22). */
  maxItems: number;
}

/** Messages without a Message-ID are keyed by their bytes, so an exact resend is still a repeat. */
const HASH_PREFIX = 'sha256:';
const dedupKey = (messageId: string | null, raw: Buffer) => messageId ?? `${HASH_PREFIX}${createHash('sha256').update(raw).digest('hex')}`;

const decodeResult = (raw: string | null): StoredResult => (raw ? (JSON.parse(raw) as StoredResult) : emptyResult());

function toEmailView(row: store.EmailMeta): EmailView {
  const result = decodeResult(row.result);
  return {
    id: row.id,
    message_id: row.message_id && !row.message_id.startsWith(HASH_PREFIX) ? row.message_id : null,
    subject: row.subject,
    from: row.from_address,
    received_at: row.received_at,
    status: row.status,
    size: row.size,
    task_ids: result.tasks.map((t) => t.id),
    event_ids: result.events.map((e) => e.id),
    cancelled_event_ids: result.cancelled_event_ids,
    error: row.error,
    failure_reason: (row.failure_reason as FailureReason | null) ?? null,
    items_dropped: Number(row.items_dropped ?? 0),
  };
}

function newRow(userId: string, key: string, raw: Buffer, read: ReadMessage, at: string): EmailsTable {
  return {
    id: newId(),
    user_id: userId,
    message_id: key,
    raw,
    size: raw.length,
    subject: read.facts.subject || null,
    from_address: read.facts.from,
    received_at: at,
    status: 'received',
    error: null,
    failure_reason: null,
    items_dropped: 0,
    result: null,
    created_at: at,
    updated_at: at,
  };
}

export function createIntakeService(db: Db, deps: IntakeDeps) {
  const uow = unitOfWork(db);

  /** The answer for a stored message; `seen` holds records this call just wrote (no need to read them back). */
  async function outcomeOf(actor: Actor, row: store.EmailMeta, repeat: boolean, seen = new Map<string, Task | EventView>()): Promise<IntakeOutcome> {
    const result = decodeResult(row.result);
    const taskIds = result.tasks.map((t) => t.id);
    const missing = taskIds.filter((id) => !seen.has(id));
    const byId = new Map<string, Task | EventView>([...seen, ...(await uow.read((q) => getTasks(q, missing))).map((r) => [r.id, toTask(r)] as const)]);
    const tasks = taskIds.flatMap((id) => (byId.has(id) ? [byId.get(id) as Task] : []));
    const eventIds = [...new Set(result.events.map((e) => e.id))];
    const unseen = eventIds.filter((id) => !seen.has(id));
    const loaded = unseen.length && deps.events ? await deps.events.getMany(actor, unseen) : [];
    for (const e of loaded) byId.set(e.id, e);
    const events = eventIds.flatMap((id) => (byId.has(id) ? [byId.get(id) as EventView] : []));
    return {
      emailId: row.id,
      status: row.status === 'failed' ? 'failed' : 'processed',
      repeat,
      error: row.error,
      failureReason: (row.failure_reason as FailureReason | null) ?? null,
      itemsDropped: Number(row.items_dropped ?? 0),
      tasks,
      events,
    };
  }

  async function markFailed(id: string, reason: FailureReason, error: string) {
    await uow.write((tx) => store.updateEmail(tx, id, { status: 'failed', failure_reason: reason, error: error.slice(0, 2000), updated_at: nowIso() }));
  }

  /**
   * Makes the items of one message in one transaction. A rule broken by any item (a domain error)
   * rolls all of it back and marks the message failed; anything else (the database went away) also
   * rolls back but leaves the message `received`, so a redelivery processes it again.
   */
  async function process(actor: Actor, emailId: string, read: ReadMessage, mode: 'first' | 'again'): Promise<IntakeOutcome> {
    if (read.failure || read.items.errors.length) {
      await markFailed(
        emailId,
        read.failure?.reason ?? 'unreadable_part',
        read.failure?.message ?? `Part of the message could not be read: ${read.items.errors.join('; ')}`,
      );
      return outcomeOf(actor, (await uow.read((q) => store.getEmail(q, emailId)))!, false);
    }
    const items = capItems(read.items, deps.maxItems);
    try {
      const seen = new Map<string, Task | EventView>();
      const { row, repeat } = await uow.write(async (tx) => {
        const locked = await store.lockEmail(tx, emailId);
        if (!locked) throw notFound('Email');
        // Another delivery of the same message got here first.
        if (mode === 'first' && locked.status !== 'received') return { row: locked, repeat: true };
        const provenance = (confidence: number): Provenance => ({ source: 'email', source_email_id: emailId, extraction_confidence: confidence });
        const result = await applyItems(actor, items, decodeResult(locked.result), { tasks: deps.tasks, events: deps.events, provenance, seen });
        const patch: Partial<EmailsTable> = {
          status: 'processed',
          error: null,
          failure_reason: null,
          items_dropped: items.dropped,
          result: JSON.stringify(result),
          updated_at: nowIso(),
        };
        if (mode === 'again') {
          Object.assign(patch, { subject: read.facts.subject || null, from_address: read.facts.from });
          // Stored under its bytes' hash (its first read never got as far as its headers): it takes
          // its Message-ID now, unless another stored message already holds it.
          const messageId = read.facts.messageId;
          if (messageId && locked.message_id?.startsWith(HASH_PREFIX) && !(await store.findEmailByMessageId(tx, locked.user_id, messageId))) {
            patch.message_id = messageId;
          }
        }
        await store.updateEmail(tx, emailId, patch);
        return { row: { ...locked, ...patch } as store.EmailMeta, repeat: false };
      });
      return outcomeOf(actor, row, repeat, seen);
    } catch (err) {
      if (!(err instanceof DomainError)) throw err;
      await markFailed(emailId, 'rejected_item', err.message);
      return outcomeOf(actor, (await uow.read((q) => store.getEmail(q, emailId)))!, false);
    }
  }

  /**
   * A message not seen before: its row and its items in one transaction (one commit per message,
   * the main cost of the intake on SQLite). If a rule broken by an item rolls that back, the message
   * is stored `failed` on its own; if anything else does, it is stored `received` (when the
   * database still answers) for a redelivery or a reprocess, and the error goes on to the door.
   */
  async function receiveNew(actor: Actor, fresh: EmailsTable, read: ReadMessage): Promise<IntakeOutcome | null> {
    const items = capItems(read.items, deps.maxItems);
    const seen = new Map<string, Task | EventView>();
    try {
      const row = await uow.write(async (tx) => {
        // The items first, then the row as it ends up (one insert, no update): the items point at the
        // row's id, which has no foreign key, and the transaction makes both visible together.
        const provenance = (confidence: number): Provenance => ({ source: 'email', source_email_id: fresh.id, extraction_confidence: confidence });
        const result = await applyItems(actor, items, emptyResult(), { tasks: deps.tasks, events: deps.events, provenance, seen });
        const done: EmailsTable = { ...fresh, status: 'processed', items_dropped: items.dropped, result: JSON.stringify(result), updated_at: nowIso() };
        await store.insertEmail(tx, done);
        const { raw: _raw, ...meta } = done;
        return meta as store.EmailMeta;
      });
      return outcomeOf(actor, row, false, seen);
    } catch (err) {
      // The same message arriving twice at once: the unique (user, message_id) index decided.
      if (await uow.read((q) => store.findEmailByMessageId(q, fresh.user_id, fresh.message_id ?? ''))) return null;
      if (err instanceof DomainError) {
        await uow.write((tx) => store.insertEmail(tx, { ...fresh, status: 'failed', failure_reason: 'rejected_item', error: err.message.slice(0, 2000) }));
        return outcomeOf(actor, (await uow.read((q) => store.getEmail(q, fresh.id)))!, false);
      }
      await uow.write((tx) => store.insertEmail(tx, fresh)).catch(() => undefined);
      throw err;
    }
  }

  return {
    /**
     * One message for one user, as read by a door. The raw bytes are stored with what is made from
     * them, or on their own (`failed`, or `received` when the database failed midway); a Message-ID
     * seen before answers the first result.
     */
    async receive(user: { id: string; email: string }, raw: Buffer, read: ReadMessage): Promise<IntakeOutcome> {
      const actor: Actor = { userId: user.id, email: user.email, via: 'email' };
      const key = dedupKey(read.facts.messageId, raw);
      let row = await uow.read((q) => store.findEmailByMessageId(q, user.id, key));
      if (row && row.status !== 'received') return outcomeOf(actor, row, true);
      if (!row && !read.failure && !read.items.errors.length) {
        const outcome = await receiveNew(actor, newRow(user.id, key, raw, read, nowIso()), read);
        if (outcome) return outcome;
        row = await uow.read((q) => store.findEmailByMessageId(q, user.id, key));
        if (row && row.status !== 'received') return outcomeOf(actor, row, true);
      }
      if (!row) {
        const fresh = newRow(user.id, key, raw, read, nowIso());
        try {
          await uow.write((tx) => store.insertEmail(tx, fresh));
          row = fresh;
        } catch (err) {
          // The same message arriving twice at once: the unique (user, message_id) index decides.
          row = await uow.read((q) => store.findEmailByMessageId(q, user.id, key));
          if (!row) throw err;
        }
      }
      return process(actor, row.id, read, 'first');
    },

    async list(actor: Actor, filter: { status?: EmailsTable['status'] }, page: PageRequest): Promise<Page<EmailView>> {
      const { rows, total } = await uow.read((q) => store.listEmails(q, actor.userId, filter, page));
      return { items: rows.map(toEmailView), total, ...page };
    },

    async get(actor: Actor, id: string): Promise<EmailView> {
      return toEmailView(await ownEmail(actor, id));
    },

    async raw(actor: Actor, id: string): Promise<Buffer> {
      await ownEmail(actor, id);
      return (await uow.read((q) => store.getRaw(q, id)))!;
    },

    /**
     * Reads the stored message again and makes what is new; items this message already made (by
     * fingerprint) are not made twice, even if they were deleted since.
     */
    async reprocess(actor: Actor, id: string): Promise<{ email: EmailView; outcome: IntakeOutcome }> {
      await ownEmail(actor, id);
      const read = await deps.read((await uow.read((q) => store.getRaw(q, id)))!);
      const outcome = await process(actor, id, read, 'again');
      return { email: toEmailView((await uow.read((q) => store.getEmail(q, id)))!), outcome };
    },
  };

  /** Emails are private to their owner: anyone else gets 404. */
  async function ownEmail(actor: Actor, id: string) {
    const row = await uow.read((q) => store.getEmail(q, id));
    if (!row || row.user_id !== actor.userId) throw notFound('Email');
    return row;
  }
}

export type IntakeService = ReturnType<typeof createIntakeService>;
