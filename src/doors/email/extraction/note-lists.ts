/**
 * Mail written as a list rather than in sentences: a note to self (one errand per line) and one
 * verb over a list of people ("call these tmrw:").
 */
import { findDates, mentionStartMs, type DateContext } from './dates.js';
import { capitalise, finishTitle } from './titles.js';

const GREETING_OR_SIGN_OFF =
  /^(?:hi|hello|hey|dear|good (?:morning|afternoon|evening)|thanks?|thank you|cheers|best|regards|kind regards|love|xo|hola|buenos d[íi]as|querid[oa]s?|gracias|saludos|un abrazo|besos|hallo|liebe[rs]?|guten (?:morgen|tag)|danke|viele gr[üu](?:ß|ss)e|lg|gr[üu](?:ß|ss)e|bonjour|bonsoir|salut|coucou|merci|bises|cordialement|bien (?:à vous|amicalement))\b/i;

/**
 * "call vet about biscuit's meds 312-555-0187 / plumber - ray ... / renew car registration by fri!!":
 * a note to self is a few short lines typed in haste, no greeting or sign-off, no line ending like a
 * sentence; each line is an errand. Null when the text is not such a note.
 */
export function noteLines(text: string, subject: string): string[] | null {
  const lines = text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  if (lines.length < 2 || lines.length > 15) return null;
  const noteLike = (l: string) => l.length <= 90 && !/[.,;:]$/.test(l) && !GREETING_OR_SIGN_OFF.test(l.replace(/^[-*•]\s*/, '')) && /\p{L}{3}/u.test(l);
  // Typed in haste: lines mostly start in lower case, where a notice or a status update capitalises.
  // A subject typed the same way ("calls", "numbers + stuff") says so for lines that open with names.
  const hasty = lines.filter((l) => /^(?:[-*•]\s*)?\p{Ll}/u.test(l)).length;
  const hastySubject = /^\p{Ll}[^A-Z]*$/u.test(subject.trim()) && hasty > 0;
  if (!lines.every(noteLike) || (hasty * 3 < lines.length * 2 && !hastySubject)) return null;
  // "Gus (plumber) 828-555-0173": who the name is, kept (titles drop what is in brackets).
  return lines.map((l) => l.replace(/^((?:[-*•]\s*)?[\p{L}.'’-]+)\s+\(([^()\d]{2,24})\)/u, '$1, $2'));
}

/** "call these tmrw:", "email these people by Friday:", "llamar a estos:", "diese anrufen:": one verb for every entry below. */
const SPREAD_INTRO =
  /^(?:please\s+)?(call|phone|ring|text|email|e-mail|message|ping|contact|book|buy|order|pay|return|llamar(?:\s+a)?|escribir\s+a|appeler|[ée]crire\s+[àa]|contacter|anrufen|schreiben|kontaktieren)\s+(?:these|those|them|all of these|the following|estos|estas|ces|les suivants|diese|folgende)\b([^:\n]{0,40}):\s*$/iu;

/** German puts the verb last: "diese bis Freitag anrufen:". */
const SPREAD_INTRO_DE =
  /^(?:bitte\s+)?(?:diese|folgende)\b([^:\n]{0,40}?)\s+(anrufen|kontaktieren|anschreiben|bezahlen|bestellen|buchen|zur[üu]ckgeben)\s*:\s*$/iu;

export function spreadAsk(intro: string, ctx: DateContext): { titleOf: (entry: string) => string; dueMs: number | null } | null {
  const en = SPREAD_INTRO.exec(intro.trim());
  const de = en ? null : SPREAD_INTRO_DE.exec(intro.trim());
  if (!en && !de) return null;
  const [verb, rest] = en ? [en[1], en[2]] : [de![2], de![1]];
  const due = findDates(rest, ctx).find((x) => x.hasDay && !x.likelyPast);
  const titleOf = (entry: string) => finishTitle(en ? `${capitalise(verb)} ${entry}` : `${entry} ${verb.toLowerCase()}`, 14);
  return { titleOf, dueMs: due ? mentionStartMs({ ...due, hasTime: due.hasTime && !due.endOfDay }, ctx, true) : null };
}
