/**
 * The extraction pool on its own (D22): messages are read in worker threads started on demand, a
 * message over budget gets its worker terminated and replaced, and errors keep their meaning.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { DomainError } from '../../../src/core/errors.js';
import { createExtractionPool, type ExtractionPool } from '../../../src/doors/email/extraction-pool.js';
import { BIG_LINE, bigMail, plainMail } from './helpers.js';

let pool: ExtractionPool | null = null;
afterEach(async () => {
  await pool?.close();
  pool = null;
});

describe('extraction pool', () => {
  it('reads a message in a worker thread, started on first use', async () => {
    pool = createExtractionPool({ size: 2, budgetMs: 30_000, maxItems: 50 });
    expect(pool.workers).toBe(0);
    const { recipients, read } = await pool.read(plainMail({ to: 'me@intake.localhost', subject: 'Board prep' }));
    expect(recipients).toEqual(['me@intake.localhost']);
    expect(read.facts).toMatchObject({ subject: 'Board prep', from: 'marcus@example.org' });
    expect(read.items.tasks.map((t) => t.title)).toContain('Send me the updated investor deck');
    expect(read.failure).toBeUndefined();
    expect(pool.workers).toBe(1);
  });

  it('keeps the meaning of bad input: 400 for bytes that are not a message, 422 for one with nothing to read', async () => {
    pool = createExtractionPool({ size: 1, budgetMs: 30_000, maxItems: 50 });
    const notMail = await pool.read(Buffer.from('hello, this is not a message')).catch((e) => e);
    expect(notMail).toBeInstanceOf(DomainError);
    expect(notMail).toMatchObject({ code: 'validation_error', extra: { details: { field: 'body', constraint: 'rfc5322' } } });
    const empty = await pool.read(Buffer.from('From: a@example.org\r\nTo: b@example.org\r\n\r\n')).catch((e) => e);
    expect(empty).toMatchObject({ code: 'unprocessable_entity', extra: { details: { constraint: 'no_content' } } });
  });

  it('caps the items in the worker and counts the rest', async () => {
    pool = createExtractionPool({ size: 1, budgetMs: 30_000, maxItems: 5 });
    // One sentence per line, each a request with its deadline and a call with its hour: eighty items.
    const body = Array.from({ length: 40 }, (_, i) => `${BIG_LINE(i + 1)}.`).join('\n');
    const { read } = await pool.read(plainMail({ to: 'me@intake.localhost', body }));
    expect(read.items.tasks.length + read.items.events.length).toBe(5);
    expect(read.items.dropped).toBe(75);
  });

  it('over budget: the worker is terminated, the message comes back as extraction_timeout, and a fresh worker reads the next one', async () => {
    pool = createExtractionPool({ size: 1, budgetMs: 1000, maxItems: 50 });
    await pool.read(plainMail({ to: 'me@intake.localhost' }));
    // About 5 MB of requests and meetings: seconds of work, well past one second.
    const slow = await pool.read(bigMail(60_000, 'me@intake.localhost', 'Too long'));
    expect(slow.read.failure).toMatchObject({ reason: 'extraction_timeout', message: expect.stringMatching(/1000 ms/) });
    expect(slow.read.items).toMatchObject({ tasks: [], events: [], cancellations: [] });
    expect(pool.workers).toBe(0);
    const next = await pool.read(plainMail({ to: 'me@intake.localhost' }));
    expect(next.read.failure).toBeUndefined();
    expect(next.read.items.tasks.length).toBeGreaterThan(0);
    expect(pool.workers).toBe(1);
  });

  it('reads messages side by side in up to `size` workers', async () => {
    pool = createExtractionPool({ size: 2, budgetMs: 30_000, maxItems: 50 });
    const answers = await Promise.all([1, 2, 3, 4].map((i) => pool!.read(plainMail({ to: 'me@intake.localhost', subject: `n${i}` }))));
    expect(answers.map((a) => a.read.facts.subject)).toEqual(['n1', 'n2', 'n3', 'n4']);
    expect(pool.workers).toBe(2);
  });

  it('turns messages away (503) when 64 per worker are already waiting, and reads the waiting ones', async () => {
    pool = createExtractionPool({ size: 1, budgetMs: 30_000, maxItems: 50 });
    // The worker is still starting: all of these wait in the queue.
    const waiting = Array.from({ length: 64 }, (_, i) => pool!.read(plainMail({ subject: `q${i}` })));
    await expect(pool.read(plainMail())).rejects.toMatchObject({ code: 'service_unavailable', extra: { retryAfter: 5 } });
    const read = await Promise.all(waiting);
    expect(read.map((r) => r.read.facts.subject)).toEqual(Array.from({ length: 64 }, (_, i) => `q${i}`));
  });

  it('turns messages away once closed', async () => {
    pool = createExtractionPool({ size: 1, budgetMs: 30_000, maxItems: 50 });
    await pool.close();
    await expect(pool.read(plainMail())).rejects.toMatchObject({ code: 'service_unavailable' });
  });
});
