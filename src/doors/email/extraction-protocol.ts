/** Messages between the extraction pool and its worker threads (structured-clone safe). */
import type { ErrorCode, ErrorDetails } from '../../core/errors.js';
import type { MessageFacts, ReadMessage } from '../../core/intake/intake.js';

export interface ToWorker {
  id: number;
  raw: Uint8Array;
  maxItems: number;
}

export type FromWorker =
  | { type: 'ready' }
  | { id: number; type: 'parsed'; facts: MessageFacts; recipients: string[] }
  | { id: number; type: 'done'; recipients: string[]; read: ReadMessage }
  /** A DomainError (400 not a message, 422 nothing to read): rebuilt on the other side. */
  | { id: number; type: 'rejected'; code: ErrorCode; message: string; details: ErrorDetails | null }
  | { id: number; type: 'failed'; message: string };
