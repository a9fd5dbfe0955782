/**
 * Which day mentioned in an ask is its due day: a deadline before an aside, the day after a label's
 * colon, never the day of what the ask is about ("Ask Sami if ... on the 20th").
 */
import type { DateMention } from './dates.js';
import { isDeadlineMention } from './deadline-mention.js';

/** Whether the mention stands inside brackets ("(movimientos hasta el 30 de noviembre)"): an aside, not the deadline. */
const inBrackets = (text: string, m: DateMention) => /\([^)]*$/.test(text.slice(0, m.index)) && /^[^(]*\)/.test(text.slice(m.end));

export function pickDue(text: string, mentions: DateMention[]): DateMention | null {
  const usable = mentions.filter((m) => m.hasDay || m.hasTime);
  const isDeadline = (m: DateMention) => isDeadlineMention(text, m) && !m.likelyPast;
  // A deadline outside brackets first; one inside ("(bitte bis 04.12. zurückgeben)") when none stands outside.
  const deadline = usable.find((m) => isDeadline(m) && !inBrackets(text, m)) ?? usable.find(isDeadline);
  if (deadline) return deadline;
  // "Inventario físico al 31 de diciembre: viernes 8 de enero": the day after the label's colon, ending the line.
  const labelled = usable.find((m) => m.hasDay && !m.likelyPast && /:\s*$/.test(text.slice(0, m.index)) && /^[\s).;]*$/.test(text.slice(m.end)));
  if (labelled) return labelled;
  const future = usable.filter((m) => !m.likelyPast);
  return future.length === 1 ? future[0] : (future.find((m) => m.hasDay) ?? null);
}

/**
 * "Ask Sami if he can drive her to the airport on the 20th", "frag Tom, ob er am Samstag kann": the
 * day belongs to what is asked about, not to the asking; only a deadline ("by Friday") dates the ask.
 */
const ASKED_ABOUT =
  /(?<!\p{L})(?:(?:ask|check with|find out from|frag(?:e|t)?|demande(?:r|z)?\s+[àa]|pregunta(?:le|les|r)?(?:\s+a)?)\s+(?:\p{L}+,?\s+){0,3}?|conf[íi]rm(?:a|e|en)?(?:me|nos|nme)\s+)(?:if|whether|ob|si)(?!\p{L})/iu;
/** "the exercise I sent on Monday", "la presentación que te mandé el lunes": a day told in the past, never when anything is due. */
const TOLD_IN_PAST =
  /(?<!\p{L})(?:sent|mailed|emailed|shared|mentioned|discussed|received|forwarded|submitted|agreed|spoke|talked|met|had|did|mand[ée]|envi[ée]|compart[íi]|habl[ée]|hablamos|quedamos|geschickt|geschrieben|besprochen|envoy[ée]e?s?|parl[ée])(?:\s+(?:you|it|them|over|out|te|le|lo|la|dir|ihnen))?(?:\s+(?:on|last|el|am|le))?\s*$/iu;

export function withoutAskedAbout(clause: string, mentions: DateMention[]): DateMention[] {
  const told = mentions.filter((m) => !TOLD_IN_PAST.test(clause.slice(Math.max(0, m.index - 40), m.index)));
  const asked = ASKED_ABOUT.exec(clause);
  if (!asked) return told;
  const from = asked.index + asked[0].length;
  return told.filter((m) => m.index < from || isDeadlineMention(clause, m));
}
