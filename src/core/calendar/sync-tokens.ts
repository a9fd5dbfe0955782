/**
 * CalDAV sync tokens (D17): positions in the one change log, written `txid-seq`. A sync-collection
 * token may also name how far the report that handed it out read (`txid-seq.txid-seq`), when the
 * token itself was held back at the collection's freshness mark (calendar.service `sync`).
 */
import { DomainError } from '../errors.js';
import { comparePositions, type Position } from '../changes/cursor.js';

export const encodeToken = (p: Position) => `${p.txid}-${p.seq}`;
export const invalidToken = () => new DomainError('gone', 'This sync token is unknown or older than the change log keeps; sync again from scratch');

export function decodeToken(raw: string): Position {
  const m = /^(\d{1,19})-(\d{1,19})$/.exec(raw);
  if (!m) throw invalidToken();
  const p = { txid: Number(m[1]), seq: Number(m[2]) };
  if (!Number.isSafeInteger(p.txid) || !Number.isSafeInteger(p.seq)) throw invalidToken();
  return p;
}

/** `at`: where the next report starts after; `seen`: how far the report that handed it out read. */
export const encodeSyncToken = (at: Position, seen: Position) => (comparePositions(seen, at) > 0 ? `${encodeToken(at)}.${encodeToken(seen)}` : encodeToken(at));

export function decodeSyncToken(raw: string): { at: Position; seen: Position } {
  const [first, second, ...rest] = raw.split('.');
  if (rest.length) throw invalidToken();
  const at = decodeToken(first);
  const seen = second === undefined ? at : decodeToken(second);
  if (comparePositions(seen, at) < 0) throw invalidToken();
  return { at, seen };
}
