import { MONTH_NAME, WEEKDAY_NAME } from './month-names.js';
import { capitalise, finishTitle } from './titles.js';

/** Subject line without reply/forward prefixes (Re:, Fwd:, FW:, AW:, WG:, RV:, TR: ...). */
const SUBJECT_PREFIX = /^\s*((re|fwd?|fw|aw|wg|rv|tr|sv|vs|enc|r|antw|ref)\s*(\[\d+\])?\s*:\s*)+/i;

export function subjectTitle(subject: string): string {
  let s = subject;
  for (let i = 0; i < 5; i++) s = s.replace(SUBJECT_PREFIX, '').replace(/^\s*\[(fwd|ext|external)\]\s*/i, '');
  return s.trim();
}

/**
 * "Excursión 3º de Primaria - Museo Nacional de Ciencias Naturales": the part that names an outing, with
 * the name after it of where it goes (a capitalised name of up to six words; a date there names nothing).
 */
export function outingWithPlace(subject: string, outing: RegExp, text: string): string | null {
  const parts = subjectParts(subject).map((p) => p.trim());
  const at = parts.findIndex((p) => outing.test(p));
  if (at < 0) return null;
  const where = parts[at + 1];
  // Only a name the mail's own text repeats ("visitarán el Museo Nacional de Ciencias Naturales"), not "Permission Slip & Payment Due".
  const named = where && text.includes(where) && /^\p{Lu}/u.test(where) && !/\d/.test(where) && !DAY_WORD.test(where) && where.split(/\s+/).length <= 6;
  return named ? `${parts[at]}: ${where}` : parts[at];
}
const DAY_WORD = new RegExp(`(?<!\\p{L})(?:${MONTH_NAME}|${WEEKDAY_NAME}|today|tomorrow|heute|morgen|hoy|mañana|demain)(?!\\p{L})`, 'iu');

/** "Grade 3 field trip – Museum of Science", "Re: Grandma's 90th - slideshow": the parts a subject joins with dashes, bars or colons. */
export function subjectParts(subject: string): string[] {
  return subject.split(/\s+[–—|-]\s+|:\s+/);
}

const SUBJECT_NOISE =
  /^(?:invitation|invite|einladung|invitaci[óo]n|convocatoria|save the date|reminder|recordatorio|erinnerung|rappel|fyi|ank[üu]ndigung|announcement|aviso|annonce|hinweis|info|(?:booking )?confirm(?:ation|ed)(?=\s*:)|confirmaci[óo]n(?=\s*:)|(?:termin)?best[äa]tigung(?=\s*:))\b\s*(?:to|zu[mr]?|a|al|à|au|for|:|-)?\s*/i;

/** The subject line as an event title: "Einladung zum Elternabend der Klasse 2a" -> "Elternabend der Klasse 2a". */
export function subjectEventTitle(subject: string): string {
  const s = subjectTitle(subject)
    .replace(SUBJECT_NOISE, '')
    .replace(/\s+(?:reminder|recordatorio|erinnerung|rappel)\b/i, '')
    .replace(/\s+[-–—|]\s+.*$/, '')
    .replace(/\s*[@(].*$/, '');
  return finishTitle(capitalise(s), 10);
}
