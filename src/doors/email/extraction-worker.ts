/**
 * One worker thread of the extraction pool (D22): parses and reads the messages it is handed, one
 * at a time. It answers in two steps, so a message whose reading runs out of time can still be
 * stored under its own Message-ID, subject and sender: first the headers, then the items.
 */
import { parentPort } from 'node:worker_threads';
import { capItems } from '../../core/intake/item-cap.js';
import { DomainError } from '../../core/errors.js';
import { factsOf, parseMessage, readItems, recipientCandidates } from './read-message.js';
import type { FromWorker, ToWorker } from './extraction-protocol.js';
import { warmUp } from './extraction/index.js';

const port = parentPort;
if (!port) throw new Error('extraction-worker.ts runs as a worker thread of the extraction pool');

const send = (message: FromWorker) => port.postMessage(message);

port.on('message', async ({ id, raw, maxItems }: ToWorker) => {
  try {
    const parsed = await parseMessage(Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength));
    const recipients = recipientCandidates(parsed);
    send({ id, type: 'parsed', facts: factsOf(parsed), recipients });
    const read = readItems(parsed);
    // Capped here too, so a message with thousands of items does not copy them all back.
    send({ id, type: 'done', recipients, read: { ...read, items: capItems(read.items, maxItems) } });
  } catch (err) {
    if (err instanceof DomainError) {
      send({ id, type: 'rejected', code: err.code, message: err.message, details: err.extra.details ?? null });
    } else {
      send({ id, type: 'failed', message: err instanceof Error ? err.message : String(err) });
    }
  }
});

// The first message is not charged for building the parsers' tables.
await warmUp().catch(() => undefined);
send({ type: 'ready' });
