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
