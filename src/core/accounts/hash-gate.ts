/**
 * Bounded concurrency for password hashing (D23). One scrypt hash takes ~50 ms of a core and
 * 32 MiB; sign-ups and sign-ins with new emails each cost one, so a burst of them used to queue on
 * libuv's four threads and stall every other request for tens of seconds on a 2-core machine. At
 * most `concurrency` hashes run at once; up to `queue` more wait their turn; beyond that the caller
 * gets 503 at once, having cost nothing.
 */
import { DomainError } from '../errors.js';
import { allowScryptThreads } from './scrypt-threads.js';

export interface HashGateOptions {
  concurrency: number;
  queue: number;
}

export const DEFAULT_HASH_GATE: HashGateOptions = { concurrency: 2, queue: 16 };

export function createHashGate({ concurrency, queue }: HashGateOptions) {
  allowScryptThreads(concurrency);
  let running = 0;
  const waiting: Array<() => void> = [];

  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else running--;
  };

  return {
    async run<T>(work: () => Promise<T>): Promise<T> {
      if (running >= concurrency) {
        if (waiting.length >= queue) {
          throw new DomainError('service_unavailable', 'Too many sign-ins and sign-ups at once; try again in a few seconds', { retryAfter: 2 });
        }
        // The slot passes straight from the finishing hash to this one, so `running` stays put.
        await new Promise<void>((resolve) => waiting.push(resolve));
      } else {
        running++;
      }
      try {
        return await work();
      } finally {
        release();
      }
    },
    get load() {
      return { running, waiting: waiting.length };
    },
    /** True when a new hash would be refused: callers may refuse before doing any other work. */
    get full() {
      return running >= concurrency && waiting.length >= queue;
    },
  };
}

export type HashGate = ReturnType<typeof createHashGate>;
