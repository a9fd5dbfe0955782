/**
 * An event's hours told after its day: later in the same clause or in the sentence after it
 * ("Thursday, November 12. Photos ... starting at 8:15 AM").
 */
import { findDates, type DateContext, type DateMention } from './dates.js';

const OPENING_HOURS =
  /(?<!\p{L})(?:(?:they|we|it|the (?!doors)\p{L}+) (?:opens?|closes?) (?:at|from)|opening hours|office hours|ge[öo]ffnet|[öo]ffnet um|[öo]ffnungszeiten|ouvre (?:à|de)|ouvert de|ferme à|schlie(?:ß|ss)t um|cierran? a las|horaires d['’]ouverture|abren? a las|abierto de|horario de atenci[óo]n)(?!\p{L})/iu;

/** "Thursday, November 12. Photos ... starting at 8:15 AM": a day in one sentence, its hours in the next. */
export function withNextSentenceTime(m: DateMention, next: string, ctx: DateContext): DateMention | null {
  // "Their number is ..., they open at 8", "They close at 6": a business's hours are not the meeting's.
  if (OPENING_HOURS.test(next)) return null;
  const times = findDates(next, ctx).filter((x) => x.hasTime && !x.hasDay);
  if (!times.length) return null;
  const [a, b] = times;
  const endTime = a.endTime ?? (b ? { year: m.year, month: m.month, day: m.day, hour: b.hour, minute: b.minute } : null);
  return {
    ...m,
    hasTime: true,
    hour: a.hour,
    minute: a.minute,
    zone: a.zone ?? m.zone,
    endTime: endTime ? { ...endTime, year: m.year, month: m.month, day: m.day } : null,
  };
}

/** The sentence starting at `from` (up to its end mark), found without splitting the rest of the paragraph. */
export function firstSentence(paragraph: string, from: number): string {
  const end = /[.!?]\s/g;
  end.lastIndex = from;
  const m = end.exec(paragraph);
  return paragraph.slice(from, m ? m.index + 1 : undefined);
}
