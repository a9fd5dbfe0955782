import { capitalise, finishTitle } from './titles.js';

/** Subject line without reply/forward prefixes (Re:, Fwd:, FW:, AW:, WG:, RV:, TR: ...). */
const SUBJECT_PREFIX = /^\s*((re|fwd?|fw|aw|wg|rv|tr|sv|vs|enc|r|antw|ref)\s*(\[\d+\])?\s*:\s*)+/i;

export function subjectTitle(subject: string): string {
  let s = subject;
  for (let i = 0; i < 5; i++) s = s.replace(SUBJECT_PREFIX, '').replace(/^\s*\[(fwd|ext|external)\]\s*/i, '');
  return s.trim();
}

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
