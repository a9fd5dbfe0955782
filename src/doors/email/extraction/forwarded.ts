/**
 * Splits a body into the text to read (own text + forwarded content) and drops quoted reply
 * history. Finds the original message's date in the (innermost) forwarded header block.
 */

const FORWARD_MARKER =
  /^\s*-{2,}\s*(forwarded message|weitergeleitete nachricht|mensaje reenviado|message transf[ée]r[ée]|mensagem encaminhada|messaggio inoltrato)\s*-*\s*$|^\s*(begin forwarded message|anfang der weitergeleiteten nachricht|d[ée]but du message r[ée]exp[ée]di[ée])\s*:\s*$/i;
const ORIGINAL_MARKER = /^\s*-{3,}\s*(original message|ursprüngliche nachricht|message d'origine|mensaje original|messaggio originale)\s*-{3,}\s*$/i;
const RULE_LINE = /^\s*_{8,}\s*$/;
const FROM_LINE = /^\s*\*?(from|von|de|da)\s*\*?\s*:/i;
const DATE_LINE = /^\s*\*?(date|sent|datum|gesendet|envoy[ée]|enviado(?: el)?|fecha|data|inviato)\s*\*?\s*:\s*(.+)$/i;
const HEADER_LINE =
  /^\s*\*?(from|to|cc|bcc|date|sent|subject|reply-to|von|an|datum|gesendet|betreff|de|para|fecha|enviado(?: el)?|asunto|envoy[ée]|objet|[àa]|da|oggetto|inviato)\s*\*?\s*:/i;
const WROTE_LINE = /^\s*(on|am|le|el|il)\s.+\b(wrote|schrieb|a [ée]crit|escribi[óo]|ha scritto)\s*:\s*$/i;

/** Separates the forwarder's own text from forwarded content (each is cleaned separately). */
export const SEGMENT_BREAK = '\f';

const FORWARD_SUBJECT = /^\s*((re|aw|sv)\s*:\s*)*(fwd?|fw|wg|tr|rv|enc|i)\s*:/i;

export interface BodySplit {
  /** Lines worth reading: own text and forwarded content, without quoted history and forward headers. */
  text: string;
  /** Date text of the innermost forwarded header block, when there is one. */
  forwardedDate: string | null;
  /** Whether forwarded content was found. */
  forwarded: boolean;
  /** From line of the innermost forwarded header block (address or name), when there is one. */
  forwardedFrom: string | null;
}

/** Index just after a header block starting at `start`, and the date line's value inside it. */
function skipHeaderBlock(lines: string[], start: number): { next: number; date: string | null; from: string | null } {
  let i = start;
  let date: string | null = null;
  let from: string | null = null;
  let seen = 0;
  while (i < lines.length) {
    const l = lines[i];
    if (!l.trim()) {
      if (seen > 0) break;
      i++;
      continue;
    }
    if (HEADER_LINE.test(l)) {
      seen++;
      const d = DATE_LINE.exec(l);
      if (d && !date) date = d[2].trim();
      if (!from && FROM_LINE.test(l)) from = l.replace(FROM_LINE, '').trim();
      i++;
      continue;
    }
    // Wrapped continuation of a long header (e.g. many recipients).
    if (seen > 0 && /^\s+\S/.test(l) && !/[.!?]$/.test(l)) {
      i++;
      continue;
    }
    break;
  }
  return { next: i, date, from };
}

function isOutlookBlockAt(lines: string[], i: number): boolean {
  let j = i;
  if (RULE_LINE.test(lines[j] ?? '')) j++;
  while (j < lines.length && !lines[j].trim()) j++;
  if (!FROM_LINE.test(lines[j] ?? '')) return false;
  for (let k = j + 1; k < Math.min(lines.length, j + 6); k++) if (DATE_LINE.test(lines[k])) return true;
  return false;
}

/**
 * iPhone Mail quotes what it forwards ("Begin forwarded message:" then "> From: ..."): that run of
 * quoted lines is the forwarded mail itself, not reply history, so it loses one level of quoting.
 */
function unquoteForwarded(lines: string[]): string[] {
  const out = [...lines];
  for (let i = 0; i < out.length; i++) {
    if (!FORWARD_MARKER.test(out[i])) continue;
    let j = i + 1;
    while (j < out.length && !out[j].trim()) j++;
    if (!/^\s*>/.test(out[j] ?? '') || !FROM_LINE.test(out[j].replace(/^\s*> ?/, ''))) continue;
    for (; j < out.length && /^\s*>/.test(out[j]); j++) out[j] = out[j].replace(/^\s*> ?/, '');
  }
  return out;
}

export function splitBody(text: string, subject: string): BodySplit {
  const lines = unquoteForwarded(text.replace(/\r\n?/g, '\n').split('\n'));
  const forwardSubject = FORWARD_SUBJECT.test(subject);
  const kept: string[] = [];
  let forwardedDate: string | null = null;
  let forwarded = false;
  let forwardedFrom: string | null = null;
  let i = 0;
  while (i < lines.length) {
    const line = lines[i];
    if (FORWARD_MARKER.test(line)) {
      const block = skipHeaderBlock(lines, i + 1);
      if (block.date) forwardedDate = block.date;
      if (block.from) forwardedFrom = block.from;
      forwarded = true;
      kept.push(SEGMENT_BREAK);
      i = block.next;
      continue;
    }
    const outlook = (RULE_LINE.test(line) || FROM_LINE.test(line)) && isOutlookBlockAt(lines, i);
    if (ORIGINAL_MARKER.test(line) || outlook) {
      if (!forwardSubject) break; // quoted reply history: everything below is old
      const block = skipHeaderBlock(lines, RULE_LINE.test(line) || ORIGINAL_MARKER.test(line) ? i + 1 : i);
      if (block.date) forwardedDate = block.date;
      if (block.from) forwardedFrom = block.from;
      forwarded = true;
      kept.push(SEGMENT_BREAK);
      i = block.next;
      continue;
    }
    if (WROTE_LINE.test(line) || (i + 1 < lines.length && WROTE_LINE.test(`${line} ${lines[i + 1]}`) && /^\s*(on|am|le|el|il)\s/i.test(line))) {
      break;
    }
    if (/^\s*>/.test(line)) {
      i++;
      continue;
    }
    kept.push(line);
    i++;
  }
  return { text: kept.join('\n'), forwardedDate, forwarded, forwardedFrom };
}
