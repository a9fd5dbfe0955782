/**
 * A weekday named alone ("at 5:30 PM on Friday") right after a day written out with the same weekday
 * ("Our campout is Friday, January 15 ...") means that day, not the next such weekday after the mail.
 */
import type { TextTask } from './action-items.js';
import { DAY_MS, findDates, type DateContext, type DateMention } from './dates.js';
import { RELATIVE_DAY } from './meetings.js';
import { WEEKDAY_STEM } from './month-names.js';

const MONTH_WORD =
  /(?<!\p{L})(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|ene|abr|ago|dic|m[äa]r|mai|okt|dez|janv|f[ée]v|avr|juin|juil|ao[ûu]t|d[ée]c)\p{L}*\.?(?!\p{L})|\d{1,2}[./]\d{1,2}/iu;
const WEEKDAY_WORD = new RegExp(String.raw`(?<!\p{L})(?:${WEEKDAY_STEM}|montag|dienstag|mittwoch|donnerstag|freitag|samstag|sonntag)`, 'iu');

/**
 * "Our campout is Friday, January 15 through Sunday ... We meet at the church at 5:30 PM on Friday.":
 * a bare weekday that names the weekday of a day written out just before means that day, not the
 * next such weekday after the mail's date.
 */
export function sameWeekdayBefore(m: DateMention, paragraph: string, clause: string, ctx: DateContext): DateMention {
  const at = paragraph.indexOf(clause);
  if (at <= 0) return m;
  const before = paragraph.slice(Math.max(0, at - 300), at);
  const weekday = new Date(Date.UTC(m.year, m.month - 1, m.day)).getUTCDay();
  const written = findDates(before, ctx).filter((x) => x.hasDay && !x.likelyPast && MONTH_WORD.test(x.text));
  for (const x of written.reverse()) {
    const ms = Date.UTC(x.year, x.month - 1, x.day);
    if (new Date(ms).getUTCDay() === weekday && ms > Date.UTC(m.year, m.month - 1, m.day) && ms - Date.UTC(m.year, m.month - 1, m.day) < 120 * DAY_MS)
      return { ...m, year: x.year, month: x.month, day: x.day, endTime: m.endTime ? { ...m.endTime, year: x.year, month: x.month, day: x.day } : null };
  }
  return m;
}

/** Only a weekday named alone ("on Friday"), never "tomorrow at 3pm" or "Friday, January 15": the look back parses one more piece of text. */
export function weekdayAlone(text: string): boolean {
  return (
    WEEKDAY_WORD.test(text) &&
    !RELATIVE_DAY.test(text) &&
    !/\d/.test(text.replace(/\d{1,2}(?:[:.h]\d{2})?\s*(?:[ap]\.?m\.?|uhr|h)?/gi, '')) &&
    !MONTH_WORD.test(text)
  );
}

/**
 * The same for a task: "Our parking garage will be power-washed on Thursday, December 3. All vehicles
 * must be moved out by 7:00 AM on Thursday", sent on the Tuesday before, is due December 3, not in two
 * days. The subject and the sentence before count.
 */
export function dueOnWeekdayBefore(t: TextTask, before: string, clause: string, ctx: DateContext): TextTask {
  if (t.dueMs === null || !WEEKDAY_WORD.test(clause)) return t;
  const days = findDates(clause, ctx).filter((x) => x.hasDay);
  if (days.length !== 1 || !weekdayAlone(days[0].text)) return t;
  const m = days[0];
  const moved = sameWeekdayBefore(m, `${before} ${clause}`, clause, ctx);
  const shift = Date.UTC(moved.year, moved.month - 1, moved.day) - Date.UTC(m.year, m.month - 1, m.day);
  // Only the week a bare weekday may mean either way: a day weeks later is the event the task comes before.
  return shift === 7 * DAY_MS ? { ...t, dueMs: t.dueMs + shift } : t;
}
