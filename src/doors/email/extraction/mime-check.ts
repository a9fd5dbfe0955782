/**
 * mailparser reads almost anything, so a multipart message whose parts cannot be found would
 * quietly become an empty message. This names that case: a multipart Content-Type without a
 * boundary, or with a boundary that never opens a part, is malformed MIME. (A missing closing
 * delimiter is tolerated: truncated mail still has readable parts.)
 */
import { escapeRegExp } from './regexp.js';
const MULTIPART_HEADER = /^content-type:[ \t]*multipart\/[^\r\n]*(?:\r?\n[ \t][^\r\n]*)*/gim;
const BOUNDARY = /boundary[ \t]*=[ \t]*(?:"([^"\r\n]+)"|([^;\s]+))/i;

export function mimeProblem(raw: string): string | null {
  for (const m of raw.matchAll(MULTIPART_HEADER)) {
    const b = BOUNDARY.exec(m[0]);
    const boundary = b ? (b[1] ?? b[2]) : null;
    if (!boundary) return 'a multipart part has no boundary';
    const rest = raw.slice((m.index ?? 0) + m[0].length);
    const escaped = escapeRegExp(boundary);
    if (!new RegExp(`^--${escaped}[ \\t]*(--)?[ \\t]*\\r?$`, 'm').test(rest)) return `the multipart boundary "${boundary.slice(0, 70)}" never starts a part`;
  }
  return null;
}
