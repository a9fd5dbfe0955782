/**
 * The webhook workers of one process (D18): a dispatcher loop turning new change-log rows into
 * delivery rows, and a pump sending due deliveries, `concurrency` at a time. Every process runs
 * both; on PostgreSQL the dispatcher's position lock and SKIP LOCKED claims let any number of
 * processes share the work. All state is in the database, so a process killed at any point leaves
 * nothing that a restart (or a sibling) does not pick up.
 */
import type { Deliveries } from '../core/webhooks/deliveries.js';
import type { Dispatcher } from '../core/webhooks/dispatcher.js';

export interface WorkerLog {
  warn(obj: object, msg: string): void;
}

export interface WebhookWorkers {
  /** Stops looking for work and waits for attempts in flight (at most one timeout). */
  stop(): Promise<void>;
}

export function startWebhookWorkers(opts: {
  dispatcher: Dispatcher;
  deliveries: Deliveries;
  pollMs: number;
  concurrency: number;
  log: WorkerLog;
}): WebhookWorkers {
  const { dispatcher, deliveries, pollMs, concurrency, log } = opts;
  let stopping = false;
  const inFlight = new Set<Promise<unknown>>();
  let wakeDispatcher: (() => void) | null = null;

  const nap = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        wakeDispatcher = null;
        resolve();
      }, ms);
      wakeDispatcher = () => {
        clearTimeout(timer);
        wakeDispatcher = null;
        resolve();
      };
    });

  let pumping = false;
  async function pump() {
    if (pumping || stopping) return;
    pumping = true;
    try {
      // Claims in batches (a quarter of the slots at least) rather than one row per finished attempt.
      const batch = Math.max(1, Math.floor(concurrency / 4));
      while (!stopping && concurrency - inFlight.size >= (inFlight.size ? batch : 1)) {
        const claimed = await deliveries.claim(concurrency - inFlight.size);
        if (!claimed.length) break;
        // Placeholders hold the slots while the batch's access check runs.
        const holding = claimed.map(() => {
          const p = Promise.resolve();
          inFlight.add(p);
          return p;
        });
        try {
          await deliveries.attemptAll(claimed, (c, outcome) => {
            const run: Promise<unknown> = outcome
              .catch((err) =>
                log.warn(
                  { err, webhook: c.hook.id, event: c.delivery.event_id },
                  'webhook attempt could not be recorded; its lease will run out and it is retried',
                ),
              )
              .finally(() => {
                inFlight.delete(run);
                void pump();
              });
            inFlight.add(run);
          });
        } finally {
          for (const p of holding) inFlight.delete(p);
        }
      }
    } catch (err) {
      log.warn({ err }, 'claiming webhook deliveries failed; will retry');
    } finally {
      pumping = false;
    }
  }

  const dispatching = (async () => {
    while (!stopping) {
      let more = false;
      try {
        const step = await dispatcher.dispatchOnce();
        more = step.more;
        if (step.written) void pump();
      } catch (err) {
        log.warn({ err }, 'webhook dispatch failed; will retry');
      }
      if (!more && !stopping) await nap(pollMs);
    }
  })();

  const timer = setInterval(() => void pump(), pollMs);
  timer.unref();

  return {
    async stop() {
      stopping = true;
      clearInterval(timer);
      wakeDispatcher?.();
      await dispatching;
      while (pumping) await new Promise((r) => setTimeout(r, 5));
      await Promise.all([...inFlight]);
    },
  };
}
