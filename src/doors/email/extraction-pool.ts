/**
 * Reads messages off the request thread (D22): a pool of worker threads, sized to the cores, each
 * parsing and extracting one message at a time. A message gets INTAKE_BUDGET_MS of a worker's
 * time; past it the worker is terminated (a fresh one takes its place) and the message comes back
 * as `extraction_timeout`, with whatever headers were read, so it is stored failed and makes nothing.
 */
import { Worker } from 'node:worker_threads';
import { DomainError } from '../../core/errors.js';
import type { FailureReason, MessageFacts, ReadMessage } from '../../core/intake/intake.js';
import type { FromWorker, ToWorker } from './extraction-protocol.js';
import type { ReadResult } from './read-message.js';
import { headerMessageId } from './header-message-id.js';

export interface ExtractionPoolOptions {
  size: number;
  budgetMs: number;
  maxItems: number;
}

export interface ExtractionPool {
  /** Parses and reads one message; throws the DomainError of a body that is not a message (400) or has nothing to read (422). */
  read(raw: Buffer): Promise<ReadResult>;
  /** Workers started so far (they start on demand, up to `size`), for tests and the benchmark. */
  readonly workers: number;
  close(): Promise<void>;
}

interface Job {
  id: number;
  raw: Buffer;
  facts: MessageFacts | null;
  recipients: string[];
  resolve(result: ReadResult): void;
  reject(err: unknown): void;
}

interface Slot {
  worker: Worker;
  ready: boolean;
  job: Job | null;
  timer: NodeJS.Timeout | null;
}

/** Waiting messages per worker before new ones are turned away (503 / SMTP 451) instead of queueing without end. */
const QUEUE_PER_WORKER = 64;

const here = import.meta.url;

/**
 * From source (tests, `npm run dev`) the worker is TypeScript and needs the tsx loader; from the
 * build (`npm start`) the compiled worker sits next to this file.
 */
function startWorker(): Worker {
  if (here.endsWith('.ts')) {
    return new Worker(new URL('./worker-from-source.mjs', here), { workerData: { entry: new URL('./extraction-worker.ts', here).href } });
  }
  return new Worker(new URL('./extraction-worker.js', here));
}

const noItems = () => ({ tasks: [], events: [], cancellations: [], errors: [] });

export function createExtractionPool({ size, budgetMs, maxItems }: ExtractionPoolOptions): ExtractionPool {
  const slots: Slot[] = [];
  const queue: Job[] = [];
  let nextId = 1;
  let closed = false;

  function failed(job: Job, reason: FailureReason, message: string): ReadResult {
    const read: ReadMessage = {
      facts: job.facts ?? { messageId: headerMessageId(job.raw), subject: '', from: null },
      items: noItems(),
      failure: { reason, message },
    };
    return { recipients: job.recipients, read };
  }

  function finish(slot: Slot) {
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
    slot.job = null;
  }

  /** Takes a worker out of the pool for good (over budget, crashed, or the pool is closing). */
  function retire(slot: Slot) {
    finish(slot);
    const i = slots.indexOf(slot);
    if (i >= 0) slots.splice(i, 1);
    void slot.worker.terminate();
  }

  function spawn() {
    const slot: Slot = { worker: startWorker(), ready: false, job: null, timer: null };
    slot.worker.unref();
    slots.push(slot);
    slot.worker.on('message', (message: FromWorker) => onMessage(slot, message));
    slot.worker.on('error', (err) => onExit(slot, err));
    slot.worker.on('exit', () => onExit(slot, null));
  }

  function onMessage(slot: Slot, message: FromWorker) {
    if (message.type === 'ready') {
      slot.ready = true;
      dispatch();
      return;
    }
    const job = slot.job;
    if (!job || job.id !== message.id) return;
    if (message.type === 'parsed') {
      job.facts = message.facts;
      job.recipients = message.recipients;
      return;
    }
    finish(slot);
    if (message.type === 'done') job.resolve({ recipients: message.recipients, read: message.read });
    else if (message.type === 'rejected') job.reject(new DomainError(message.code, message.message, message.details ? { details: message.details } : {}));
    else job.resolve(failed(job, 'extraction_error', `The message could not be read: ${message.message}`));
    dispatch();
  }

  function onExit(slot: Slot, err: Error | null) {
    if (!slots.includes(slot)) return;
    const job = slot.job;
    const wasReady = slot.ready;
    retire(slot);
    if (job) job.resolve(failed(job, 'extraction_error', `The message reader stopped: ${err?.message ?? 'the worker exited'}`));
    if (!wasReady && !closed) {
      // A worker that cannot even start (a broken build): fail what waits rather than respawn forever.
      for (const waiting of queue.splice(0)) waiting.reject(err ?? new Error('The extraction worker exited before it was ready'));
      return;
    }
    dispatch();
  }

  function dispatch() {
    if (closed) return;
    for (const slot of slots) {
      if (!queue.length) return;
      if (!slot.ready || slot.job) continue;
      const job = queue.shift()!;
      slot.job = job;
      slot.timer = setTimeout(() => {
        retire(slot);
        job.resolve(failed(job, 'extraction_timeout', `Reading the message took longer than ${budgetMs} ms (INTAKE_BUDGET_MS); nothing was made from it`));
        dispatch();
      }, budgetMs);
      // The body may be a view on a much larger buffer (a socket read): cloning would copy all of it.
      // A copy of just the message is handed over instead (transferred, not cloned).
      const bytes = new Uint8Array(job.raw.byteLength);
      bytes.set(job.raw);
      const message: ToWorker = { id: job.id, raw: bytes, maxItems };
      slot.worker.postMessage(message, [bytes.buffer]);
    }
    // Start another worker for what still waits; it takes a job once it is ready.
    let starting = slots.filter((s) => !s.ready).length;
    while (queue.length > starting && slots.length < size) {
      spawn();
      starting++;
    }
  }

  return {
    read(raw: Buffer): Promise<ReadResult> {
      if (closed) return Promise.reject(new DomainError('service_unavailable', 'The email intake is shutting down'));
      if (queue.length >= size * QUEUE_PER_WORKER) {
        return Promise.reject(new DomainError('service_unavailable', 'The email intake is busy; try again shortly', { retryAfter: 5 }));
      }
      return new Promise<ReadResult>((resolve, reject) => {
        queue.push({ id: nextId++, raw, facts: null, recipients: [], resolve, reject });
        dispatch();
      });
    },
    get workers() {
      return slots.length;
    },
    async close() {
      closed = true;
      const stopping = new DomainError('service_unavailable', 'The email intake is shutting down');
      for (const job of queue.splice(0)) job.reject(stopping);
      for (const slot of [...slots]) {
        const job = slot.job;
        retire(slot);
        job?.reject(stopping);
      }
    },
  };
}
