import { createHash } from 'node:crypto';
import type { Db } from '../../db/database.js';
import { unitOfWork } from '../../db/unit-of-work.js';
import { DomainError } from '../errors.js';
import * as store from './login-throttle.store.js';

export interface ThrottleOptions {
  /** Failed attempts allowed per client and email within one window. */
  maxFailures: number;
  windowMs: number;
}

export const DEFAULT_THROTTLE: ThrottleOptions = { maxFailures: 5, windowMs: 15 * 60_000 };

/**
 * Sign-in throttling per (client address, email). Every attempt is counted before the password is
 * checked, and a successful sign-in clears the count, so what remains is the failures in the
 * window plus attempts still in flight: a burst of parallel guesses cannot slip past the limit.
 * The email is part of the key so one noisy address behind a shared NAT cannot lock out others.
 */
export function createLoginThrottle(db: Db, options: ThrottleOptions = DEFAULT_THROTTLE) {
  const uow = unitOfWork(db);
  const keyOf = (client: string, email: string) => createHash('sha256').update(`${client}\n${email.trim().toLowerCase()}`).digest('base64url');

  return {
    /** Counts the attempt; throws 429 (with `retryAfter` seconds) when the limit is already used up. */
    async begin(client: string, email: string): Promise<string> {
      const key = keyOf(client, email);
      const now = Date.now();
      const state = await uow.write((tx) => store.countAttempt(tx, key, now, options.windowMs));
      if (state.failures > options.maxFailures) {
        const retryAfter = Math.max(1, Math.ceil((Number(state.window_start) + options.windowMs - now) / 1000));
        throw new DomainError('rate_limit_exceeded', 'Too many sign-in attempts; try again later', { retryAfter });
      }
      return key;
    },

    async succeeded(key: string) {
      await uow.write((tx) => store.clearAttempts(tx, key));
      await uow.write((tx) => store.deleteExpired(tx, Date.now() - options.windowMs));
    },
  };
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
