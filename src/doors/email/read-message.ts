/** Bytes -> what the intake use case takes: headers, recipients and the extracted items. */
import { DomainError, invalid, unprocessable } from '../../core/errors.js';
import type { MessageFacts, ReadMessage } from '../../core/intake/intake.js';
import { EmailParseError, extract, parseEmail, type ParsedMessage } from './extraction/index.js';

export interface ReadResult {
  /** Intake addresses the message names, best first (Delivered-To, X-Original-To, To, Cc). */
  recipients: string[];
  read: ReadMessage;
}

/**
 * Throws 400 for bytes that are not a message (or malformed MIME) and 422 for a message with
 * nothing to read (no subject, no text, no calendar part): neither is stored (D16).
 */
export async function parseMessage(raw: Buffer): Promise<ParsedMessage> {
  if (raw.length === 0) throw invalid('body', 'empty', 'The body is empty; send the raw RFC 5322 message');
  let parsed: ParsedMessage;
  try {
    parsed = await parseEmail(raw);
  } catch (err) {
    if (err instanceof EmailParseError) {
      throw new DomainError('validation_error', `The body is not a usable RFC 5322 message: ${err.message}`, {
        details: { field: 'body', constraint: 'rfc5322' },
        cause: err,
      });
    }
    throw err;
  }
  if (!parsed.hasContent) throw unprocessable('body', 'no_content', 'The message has no subject, no text and no calendar part');
  return parsed;
}

export const factsOf = (parsed: ParsedMessage): MessageFacts => ({ messageId: parsed.messageId, subject: parsed.subject, from: parsed.from });

export const readItems = (parsed: ParsedMessage): ReadMessage => ({ facts: factsOf(parsed), items: extract(parsed) });

/**
 * The whole read in the calling thread. The service reads mail through the extraction pool
 * (extraction-pool.ts); this is for callers without one (the admin CLI) and for the pool's worker.
 */
export async function readMessage(raw: Buffer): Promise<ReadResult> {
  const parsed = await parseMessage(raw);
  return { recipients: recipientCandidates(parsed), read: readItems(parsed) };
}

/** The reader the intake use case calls to reprocess a stored message. */
export const messageReader = async (raw: Buffer): Promise<ReadMessage> => (await readMessage(raw)).read;

/** Where a message was delivered, best first (D16): Delivered-To, X-Original-To, To, Cc. */
export function recipientCandidates(parsed: ParsedMessage): string[] {
  return [...new Set([...parsed.deliveredTo, ...parsed.to, ...parsed.cc].map((a) => a.trim().toLowerCase()).filter(Boolean))];
}
