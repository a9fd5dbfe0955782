/**
 * Delivery attempts (D18): claiming due rows, the access check at delivery time, the outcome of
 * each attempt (logged with the spec's fields), retries on the schedule, and disabling a webhook
 * after too many events in a row failed on every attempt.
 */
import type { Db } from '../../db/database.js';
import { unitOfWork } from '../../db/unit-of-work.js';
import { visibleIds } from '../access/visibility.store.js';
import { newId, nowIso } from '../ids.js';
import type { SendResult, WebhookClient } from './client.js';
import * as store from './webhooks.store.js';

/** After this many consecutive events failed on every attempt, a webhook is disabled (D18). */
const MAX_CONSECUTIVE_FAILURES = 20;
/** Longer than one attempt (5 s) with room for a slow database: a worker that dies mid-send gives the row back after this. */
const LEASE_MS = 30_000;

export interface Claimed {
  delivery: store.DeliveryRow;
  hook: store.WebhookRow;
  token: string;
}

export interface DeliveryOptions {
  client: WebhookClient;
  /** Seconds to wait before each retry; its length is the number of retries. */
  retrySchedule: number[];
}

const at = (ms: number) => new Date(ms).toISOString();

/** What became of an attempt; `lost`: another worker had taken the row over, this outcome was dropped. */
export type Outcome = 'delivered' | 'retry' | 'failed' | 'skipped' | 'lost';

export function createDeliveries(db: Db, opts: DeliveryOptions) {
  const uow = unitOfWork(db);
  type Result = SendResult | { skipped: string };

  /**
   * Outcomes of finished attempts, many per transaction (group commit): each delivery's new state,
   * the attempt log rows in one insert, and the webhooks' failure counts.
   */
  async function settleBatch(items: Array<{ c: Claimed; result: Result }>): Promise<Outcome[]> {
    return uow.write(async (tx) => {
      const now = Date.now();
      const outcomes: Outcome[] = [];
      const attempts: store.AttemptRow[] = [];
      const perHook = new Map<string, Outcome[]>();
      for (const { c, result } of items) {
        const attempt = c.delivery.attempts + 1;
        const skipped = 'skipped' in result;
        const ok = !skipped && result.status !== null && result.status >= 200 && result.status < 300;
        let outcome: Outcome;
        if (skipped) outcome = 'skipped';
        else if (ok) outcome = 'delivered';
        else outcome = attempt <= opts.retrySchedule.length ? 'retry' : 'failed';
        const patch =
          outcome === 'retry'
            ? { attempts: attempt, next_attempt_at: at(now + opts.retrySchedule[attempt - 1] * 1000) }
            : { attempts: skipped ? c.delivery.attempts : attempt, state: outcome as 'delivered' | 'failed' | 'skipped', finished_at: at(now) };
        // Another worker took the row over (this one outlived its lease): its attempt is the one that counts.
        if (!(await store.settle(tx, c.delivery.seq, c.token, patch))) {
          outcomes.push('lost');
          continue;
        }
        outcomes.push(outcome);
        (perHook.get(c.hook.id) ?? perHook.set(c.hook.id, []).get(c.hook.id)!).push(outcome);
        attempts.push({
          id: newId(),
          webhook_id: c.hook.id,
          delivery_seq: c.delivery.seq,
          event_id: c.delivery.event_id,
          event_type: c.delivery.event_type,
          attempt: skipped ? c.delivery.attempts : attempt,
          delivered_at: at(now),
          status_code: skipped ? null : result.status,
          response_time_ms: skipped ? 0 : Math.round(result.ms),
          success: ok ? 1 : 0,
          error: skipped ? result.skipped : ok ? null : result.error,
        });
      }
      await store.insertAttempts(tx, attempts);
      // Counted in the database (not read-then-written): other processes settle concurrently. In
      // batch order, a delivered event resets the run of failures and later failures count again.
      for (const [hookId, list] of perHook) {
        const lastOk = list.lastIndexOf('delivered');
        if (lastOk >= 0) await store.resetFailures(tx, hookId);
        const failed = list.slice(lastOk + 1).filter((o) => o === 'failed').length;
        if (failed) await store.countFailures(tx, hookId, failed, MAX_CONSECUTIVE_FAILURES, at(now));
      }
      return outcomes;
    });
  }

  const waiting: Array<{ c: Claimed; result: Result; done: (o: Outcome) => void; fail: (e: unknown) => void }> = [];
  let flushing = false;
  async function flush() {
    if (flushing) return;
    flushing = true;
    try {
      while (waiting.length) {
        const batch = waiting.splice(0, 200);
        try {
          const outcomes = await settleBatch(batch);
          for (const [i, b] of batch.entries()) b.done(outcomes[i]);
        } catch (err) {
          // Their leases run out and they are attempted again.
          for (const b of batch) b.fail(err);
        }
      }
    } finally {
      flushing = false;
    }
  }
  const settle = (c: Claimed, result: Result) =>
    new Promise<Outcome>((done, fail) => {
      waiting.push({ c, result, done, fail });
      void flush();
    });

  /**
   * Which claimed deliveries their webhook's owner may still see the record of, right before the
   * attempt: one visibility query per owner and record type for the whole batch. Deletions carry
   * no record. A record deleted since counts as seen when the owner could see it up to its deletion
   * (the log's deletion row says who could): its *.deleted follows, and no access was taken away.
   */
  async function stillVisible(claimed: Claimed[]): Promise<Set<Claimed>> {
    const ok = new Set<Claimed>();
    const groups = new Map<string, Claimed[]>();
    for (const c of claimed) {
      if (!c.delivery.subject_type || !c.delivery.subject_id) ok.add(c);
      else {
        const key = `${c.hook.user_id}|${c.delivery.subject_type}`;
        (groups.get(key) ?? groups.set(key, []).get(key)!).push(c);
      }
    }
    for (const list of groups.values()) {
      const { user_id: userId } = list[0].hook;
      const type = list[0].delivery.subject_type!;
      const seen = await uow.read((q) =>
        visibleIds(
          q,
          userId,
          type,
          list.map((c) => c.delivery.subject_id!),
        ),
      );
      for (const c of list) {
        if (seen.has(c.delivery.subject_id!) || (await uow.read((q) => store.deletedWhileVisible(q, type, c.delivery.subject_id!, userId)))) ok.add(c);
      }
    }
    return ok;
  }

  return {
    /** Takes up to `limit` due deliveries for this worker (SKIP LOCKED on PostgreSQL). */
    async claim(limit: number): Promise<Claimed[]> {
      if (limit <= 0) return [];
      return uow.write(async (tx) => {
        const rows = await store.dueDeliveries(tx, nowIso(), limit);
        if (!rows.length) return [];
        const token = newId();
        await store.lease(
          tx,
          rows.map((r) => r.seq),
          at(Date.now() + LEASE_MS),
          token,
        );
        const hooks = new Map<string, store.WebhookRow>();
        for (const r of rows) if (!hooks.has(r.webhook_id)) hooks.set(r.webhook_id, (await store.getWebhookById(tx, r.webhook_id))!);
        return rows.map((delivery) => ({ delivery, hook: hooks.get(delivery.webhook_id)!, token }));
      });
    },

    /** Attempts of claimed deliveries, each re-checking access first; resolves when all are settled. */
    attemptAll(claimed: Claimed[], each: (c: Claimed, outcome: Promise<Outcome>) => void): Promise<void> {
      const appIds = [...new Set(claimed.filter((c) => c.hook.oauth_grant_id).map((c) => c.hook.id))];
      const ended = uow.read((q) => store.endedAppWebhooks(q, appIds, Math.floor(Date.now() / 1000)));
      return Promise.all([stillVisible(claimed), ended]).then(([visible, endedApps]) => {
        for (const c of claimed) {
          each(
            c,
            endedApps.has(c.hook.id)
              ? settle(c, { skipped: 'not sent: the app that registered this webhook lost its access' })
              : visible.has(c)
                ? opts.client.send({ url: c.hook.url, secret: c.hook.secret }, { id: c.delivery.event_id, body: c.delivery.body }).then((r) => settle(c, r))
                : settle(c, { skipped: 'not sent: the webhook owner can no longer see this record' }),
          );
        }
      });
    },
  };
}

export type Deliveries = ReturnType<typeof createDeliveries>;
