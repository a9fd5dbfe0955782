/**
 * The sync feed's opaque cursor. Clients must not look inside; it is base64url JSON, a dot, and an
 * HMAC-SHA256 of that JSON under a key derived from the service secret (D23): a cursor a client
 * altered (say, rewound to the start of the log, to read what it never saw) is 400. The JSON:
 * - `m`: `s` while the first sync is still paging through the records visible now, `l` for log mode;
 * - `p`: a log position `[txid, seq]`: every change at or before it has been handed out
 *   (in snapshot mode: where the log is read from once the snapshot pages are done);
 * - `k`: a keyset `[type, id]`: in snapshot mode the last record handed out; in log mode the last
 *   record handed out of a change that expands to many records (a share), whose row is at `p`'s
 *   successor and not yet finished;
 * - `t`: when the cursor was issued (epoch ms), for the retention rule (410 Gone).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { DomainError, invalid } from '../errors.js';

export interface Position {
  txid: number;
  seq: number;
}
export type FeedType = 'context' | 'event' | 'task';
export type Keyset = [FeedType, string];

export interface Cursor {
  mode: 'snapshot' | 'log';
  position: Position;
  keyset: Keyset | null;
  issuedAt: number;
}

const TYPES: FeedType[] = ['context', 'event', 'task'];
const isCount = (n: unknown): n is number => typeof n === 'number' && Number.isSafeInteger(n) && n >= 0;

function encodeBody(c: Cursor): string {
  const body = { m: c.mode === 'snapshot' ? 's' : 'l', p: [c.position.txid, c.position.seq], k: c.keyset ?? undefined, t: c.issuedAt };
  return Buffer.from(JSON.stringify(body)).toString('base64url');
}

const malformed = () => invalid('cursor', 'format', 'cursor is not one this service issued; start over without a cursor');

function decodeBody(raw: string): Cursor {
  let body: unknown;
  try {
    body = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    throw malformed();
  }
  if (!body || typeof body !== 'object') throw malformed();
  const { m, p, k, t } = body as Record<string, unknown>;
  if ((m !== 's' && m !== 'l') || !Array.isArray(p) || p.length !== 2 || !isCount(p[0]) || !isCount(p[1]) || !isCount(t)) throw malformed();
  let keyset: Keyset | null = null;
  if (k !== undefined) {
    if (!Array.isArray(k) || k.length !== 2 || !TYPES.includes(k[0]) || typeof k[1] !== 'string' || k[1].length > 100) throw malformed();
    keyset = [k[0] as FeedType, k[1]];
  }
  return { mode: m === 's' ? 'snapshot' : 'log', position: { txid: p[0], seq: p[1] }, keyset, issuedAt: t };
}

export interface CursorCodec {
  encode(c: Cursor): string;
  /** 400 for anything this service did not issue, the signature checked before the body is read. */
  decode(raw: string): Cursor;
}

/** A codec signing with a key of its own, derived from the service secret (one secret, many uses). */
export function cursorCodec(serviceSecret: Uint8Array): CursorCodec {
  const key = createHmac('sha256', serviceSecret).update('agendum/sync-cursor/v1').digest();
  const sign = (body: string) => createHmac('sha256', key).update(body).digest();
  return {
    encode(c) {
      const body = encodeBody(c);
      return `${body}.${sign(body).toString('base64url')}`;
    },
    decode(raw) {
      const m = /^([A-Za-z0-9_-]{1,1900})\.([A-Za-z0-9_-]{43})$/.exec(raw);
      if (!m) throw malformed();
      const given = Buffer.from(m[2], 'base64url');
      if (given.length !== 32 || !timingSafeEqual(given, sign(m[1]))) throw malformed();
      return decodeBody(m[1]);
    },
  };
}

export const comparePositions = (a: Position, b: Position) => a.txid - b.txid || a.seq - b.seq;

/** The later of two positions. */
export const laterOf = (a: Position, b: Position): Position => (comparePositions(a, b) >= 0 ? a : b);

export const gone = () => new DomainError('gone', 'This cursor is older than the change log keeps; start over without a cursor');
