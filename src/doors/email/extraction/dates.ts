/**
 * Date mentions in text via chrono-node, resolved against the original message's date and read
 * in the Date header's UTC offset unless the text names a zone.
 */
import type * as chrono from 'chrono-node';
import type { Lang } from './language.js';
import { PARSERS, readable } from './chrono-parsers.js';
import { afternoonEnd, afternoonHour } from './english-hours.js';
import { utcToWall, wallToUtcMs, type WallTime } from './timezones.js';
import { END_OF_NAMED_MONTH, WEEKDAY_STEM, monthNumber } from './month-names.js';
import { readRanges } from './hour-ranges.js';

export interface DateContext {
  /** Reference instant (original message date). */
  refMs: number;
  /** Offset of the Date header, minutes east of UTC. */
  offset: number;
  lang: Lang;
}

export interface DateMention {
  index: number;
  end: number;
  text: string;
  year: number;
  month: number;
  day: number;
  /** A calendar day is named (date, weekday, today/tomorrow, end of month). */
  hasDay: boolean;
  hasTime: boolean;
  hour: number;
  minute: number;
  /** Offset named in the text ("PT", "CET"), else null. */
  zone: number | null;
  endTime: { year: number; month: number; day: number; hour: number; minute: number } | null;
  /** End of day / close of business: a date-only deadline. */
  endOfDay: boolean;
  /** Day and month named without a year, and it was within the past two months. */
  likelyPast: boolean;
  /** The last day of a range of days ("December 24 to January 1", "vom 24. bis 31. Dezember"), when one was read. */
  endDay?: { year: number; month: number; day: number };
  /** A day and an hour read as one with words between them ("7.12. Nikolausfeier in der Turnhalle, 10 Uhr"): those words. */
  gap?: { index: number; end: number };
}

const DURATION_ONLY =
  /^(in\s+|within\s+|for\s+|en\s+|dans\s+|durante\s+|pendant\s+)?((?:about|around|approximately|roughly|etwa|ungef[äa]hr|environ|unos|unas)\s+)?(a|an|one|two|three|four|five|six|a couple of|a few|un|una|une|dos|tres|cuatro|deux|trois|quatre|ein|eine|zwei|drei|vier|\d+(\.\d+)?)[\s-]*(s|secs?|seconds?|segundos?|sekunden|secondes?|ms|min|mins|minutes?|minutos?|minuten|h|hrs?|hours?|horas?|stunden?|heures?|days?|d[ií]as?|tage?n?|jours?|weeks?|semanas?|wochen?|semaines?|months?|meses|monate?n?|mois|years?|a[ñn]os?|jahren?|ans?)$/i;
const END_OF_MONTH = /\b(end of (the |this )?month|fin (du|de ce) mois|fin de(l)? mes|ende (des|dieses) monats|monatsende)\b/gi;
const END_OF_DAY_WORDS = String.raw`eod|cob|end of (?:the )?day|close of business|end of business|fin de (?:la )?journ[ée]e`;
const END_OF_DAY = new RegExp(String.raw`\b(?:${END_OF_DAY_WORDS}|feierabend)\b`, 'i');
// "by close of business on Friday 4 December": the day that follows is the deadline's.
const END_OF_DAY_ON = new RegExp(String.raw`\b(?:${END_OF_DAY_WORDS})(?:\s+(?:on|le|on the))?\s*$`, 'i');

export const DAY_MS = 86400000;

function localRef(ctx: DateContext): WallTime {
  return utcToWall(ctx.refMs, ctx.offset);
}

/** Characters around a match show it is part of an identifier (INV-20261130, #2026-1203-7741). */
function insideIdentifier(text: string, index: number, length: number): boolean {
  const match = text.slice(index, index + length);
  const prev = text[index - 1] ?? ' ';
  const next = text.slice(index + length, index + length + 2);
  if (/^\d/.test(match) && /[\w#-]/.test(prev)) return true;
  return /\d$/.test(match) && /^([-/]?\d|[A-Za-z])/.test(next);
}

/** Words that set a length of time before something else ("24 h à l'avance", "10 minutos antes"). */
const BEFORE_WORDS = "à l['’]avance|d['’]avance|avant|plus t[ôo]t|vorher|im voraus|antes|de antelaci[óo]n|in advance|before|prior|earlier";
const ADVANCE = new RegExp(`^h?\\s*(?:${BEFORE_WORDS})(?!\\p{L})`, 'iu');
/** "10 minutos antes", "two hours before", "une heure après": an offset from something else, not a day. */
const OFFSET = new RegExp(
  `^(\\d+|a|an|one|un|una|ein|eine)\\s*(min|minutes?|minutos?|minuten|hours?|horas?|stunden?|heures?)\\s+(?:${BEFORE_WORDS}|después|after|later|später|après)$`,
  'iu',
);

function mentionFromResult(r: chrono.ParsedResult, text: string, ctx: DateContext): DateMention | null {
  const t = r.text.trim();
  // "16h" is a duration in English mail and an hour in French, Spanish and German mail.
  if (DURATION_ONLY.test(t) && !(ctx.lang !== 'en' && /^\d{1,2}\s?h$/i.test(t))) return null;
  // "runs about an hour": chrono stops before the unit it read.
  if (DURATION_ONLY.test(`${t} ${/^\s*(\p{L}+)/u.exec(text.slice(r.index + r.text.length))?.[1] ?? ''}`) && /^(?:about|around)\s/i.test(t)) return null;
  // "au moins 24 h à l'avance", "48 h vorher": a notice period, not an hour of the day.
  if (/^\d{1,2}\s?h$/i.test(t) && (Number.parseInt(t, 10) > 23 || ADVANCE.test(text.slice(r.index + r.text.length, r.index + r.text.length + 24)))) return null;
  if (/^\d{1,2}$/.test(t)) return null;
  if (OFFSET.test(t)) return null;
  // "1.8s", "2.5": decimals, not dates.
  if (/^\d{1,2}\.\d{1,2}$/.test(t) && /^[a-z%]/i.test(text.slice(r.index + r.text.length, r.index + r.text.length + 1))) return null;
  // "Attached are the minutes from Monday": a meeting's record, not "this minute".
  if (/^(?:the|a|this|that)\s+(?:minutes?|seconds?|moment)$/i.test(t)) return null;
  // "venmo me for the day passes", "on the day of the trip": "the day" alone names no day (chrono reads today).
  if (/^the\s+day$/i.test(t)) return null;
  // "dated within the last 30 days", "in den letzten 3 Monaten": a span back from now, not a day.
  if (/^(?:the\s+)?(?:last|past|previous|letzten|derniers?|[úu]ltimos?)\s+\d/i.test(t)) return null;
  // "now" is when the mail was written, never a date the reader is given.
  if (/^(right )?now$|^ahora( mismo)?$|^jetzt$|^maintenant$/i.test(t)) return null;
  if (insideIdentifier(text, r.index, r.text.length)) return null;
  // "früher" is not "Fr." (Friday): a mention that starts or ends inside a word is none.
  // (Only where the text was not rewritten for chrono: "à midi" is read as "à 12h ".)
  if (
    text.slice(r.index, r.index + r.text.length) === r.text &&
    ((/^\p{L}/u.test(r.text) && /\p{L}/u.test(text[r.index - 1] ?? '')) || (/\p{L}$/u.test(r.text) && /\p{L}/u.test(text[r.index + r.text.length] ?? '')))
  )
    return null;
  const s = r.start;
  // An hour needs a clock form or an hour word: "los alumnos de 4" is not four o'clock.
  const hasTime =
    s.isCertain('hour') &&
    (/\d\s*[:.h]\s*\d|\d\s*(?:[ap]\.?m\.?|uhr|h\b|hrs?\b|o'clock)|\b(?:at|um|à|a las|a la|noon|midnight|midi|minuit|mediod[ií]a|mittags?)\b/i.test(t) ||
      !/\d/.test(t));
  let hasDay = s.isCertain('day') || s.isCertain('weekday') || /\b(today|tonight|tomorrow|tmrw|tmr|hoy|mañana|heute|morgen|aujourd'hui|demain)\b/i.test(t);
  let year = s.get('year') ?? 0;
  let month = s.get('month') ?? 1;
  let day = s.get('day') ?? 1;
  const ref = localRef(ctx);
  // "18h", "18h30" alone: a clock time in French, Spanish and German mail, never "in 18 hours".
  const clock = ctx.lang !== 'en' ? /^(\d{1,2})\s?h(\d{2})?$/i.exec(t) : null;
  if (clock && Number(clock[1]) <= 23) {
    return {
      index: r.index,
      end: r.index + r.text.length,
      text: text.slice(r.index, r.index + r.text.length),
      year: ref.year,
      month: ref.month,
      day: ref.day,
      hasDay: false,
      hasTime: true,
      hour: Number(clock[1]),
      minute: Number(clock[2] ?? 0),
      zone: null,
      endTime: null,
      endOfDay: false,
      likelyPast: false,
    };
  }
  if (s.isCertain('weekday') && !s.isCertain('day') && !/\b(today|tomorrow|tmrw|hoy|mañana|heute|morgen|aujourd'hui|demain)\b/i.test(t)) {
    // "by Friday": the first such weekday after the reference date.
    const wd = s.get('weekday') ?? 0;
    const refDay = Date.UTC(ref.year, ref.month - 1, ref.day);
    const refWd = new Date(refDay).getUTCDay();
    const add = (wd - refWd + 7) % 7 || 7;
    const d = new Date(refDay + add * DAY_MS);
    year = d.getUTCFullYear();
    month = d.getUTCMonth() + 1;
    day = d.getUTCDate();
  }
  if (!hasDay && !hasTime) return null;
  if (!hasDay) {
    year = ref.year;
    month = ref.month;
    day = ref.day;
  }
  // Zone abbreviations are written in capitals: a lowercase "ist" or "est" after the hour is the verb "is".
  const wordZone = s.isCertain('timezoneOffset') && /\s[a-zäöüéè]{2,5}$/.test(t) && !/\d\s*(?:am|pm|uhr|h)$/i.test(t);
  const zoneCertain = s.isCertain('timezoneOffset') && !wordZone;
  const zone = zoneCertain ? (s.get('timezoneOffset') ?? null) : null;
  // "PTA Board Meeting - Thursday, December 3", written that evening: the weekday says which year's December 3.
  if (s.isCertain('weekday') && s.isCertain('day') && !s.isCertain('year') && year !== ref.year) {
    const weekdayIn = (y: number) => new Date(Date.UTC(y, month - 1, day)).getUTCDay();
    // Only for a day just gone: an invitation's "Samstag, 11. Juli" written in December is next July's, whatever weekday it says.
    const daysBack = (Date.UTC(ref.year, ref.month - 1, ref.day) - Date.UTC(ref.year, month - 1, day)) / DAY_MS;
    if (daysBack >= 0 && daysBack <= 7 && weekdayIn(ref.year) === s.get('weekday') && weekdayIn(year) !== s.get('weekday')) year = ref.year;
  }
  let likelyPast = false;
  if (s.isCertain('day') && s.isCertain('month') && !s.isCertain('year')) {
    const thisYear = Date.UTC(ref.year, month - 1, day);
    const refDay = Date.UTC(ref.year, ref.month - 1, ref.day);
    likelyPast = thisYear < refDay && refDay - thisYear < 62 * DAY_MS;
  }
  let endTime: DateMention['endTime'] = null;
  if (r.end?.isCertain('hour')) {
    endTime = {
      year: r.end.isCertain('day') ? (r.end.get('year') ?? year) : year,
      month: r.end.isCertain('day') ? (r.end.get('month') ?? month) : month,
      day: r.end.isCertain('day') ? (r.end.get('day') ?? day) : day,
      hour: r.end.get('hour') ?? 0,
      minute: r.end.get('minute') ?? 0,
    };
  }
  hasDay = hasDay || false;
  const endDay =
    r.end?.isCertain('day') && !r.end.isCertain('hour')
      ? { year: r.end.get('year') ?? year, month: r.end.get('month') ?? month, day: r.end.get('day') ?? day }
      : undefined;
  let hour = hasTime ? (s.get('hour') ?? 0) : 0;
  if (ctx.lang === 'en' && hasTime && !s.isCertain('meridiem'))
    hour = afternoonHour(hour, `${t} ${text.slice(r.index + r.text.length, r.index + r.text.length + 16)}`);
  if (ctx.lang === 'en' && endTime && !r.end?.isCertain('meridiem'))
    endTime = afternoonEnd(endTime, { year, month, day, hour }, r.end?.isCertain('day') ?? false);
  const length = wordZone ? r.text.replace(/\s+[a-zäöüéè]{2,5}\s*$/, '').length : r.text.length;
  return {
    index: r.index,
    end: r.index + length,
    text: text.slice(r.index, r.index + length),
    year,
    month,
    day,
    hasDay,
    hasTime,
    hour,
    minute: hasTime ? (s.get('minute') ?? 0) : 0,
    zone,
    endTime,
    endOfDay: false,
    likelyPast,
    ...(endDay ? { endDay } : {}),
  };
}

function endOfMonthMentions(text: string, ctx: DateContext): DateMention[] {
  const ref = localRef(ctx);
  const out: DateMention[] = [];
  for (const m of text.matchAll(END_OF_MONTH)) {
    out.push(wholeDay(m, new Date(Date.UTC(ref.year, ref.month, 0)), true));
  }
  for (const m of text.matchAll(END_OF_NAMED_MONTH)) {
    const month = monthNumber(m[1]);
    if (!month) continue;
    // A month already past this year is next year's.
    const year = month < ref.month ? ref.year + 1 : ref.year;
    out.push(wholeDay(m, new Date(Date.UTC(year, month, 0)), true));
  }
  return out;
}

/**
 * A clause is read for an event and then for a task: both ask for its dates. The answers of the
 * current message are kept (keyed by text; a new context clears them), and callers get copies.
 */
let memoCtx: DateContext | null = null;
const memo = new Map<string, DateMention[]>();
const MEMO_MAX_TEXT = 2000;

/** All date/time mentions in a piece of text, in order, with adjacent date + time merged. */
/** A mention of a whole day (no hour), the UTC calendar day of `day`, found as match `m`. */
export function wholeDay(m: RegExpMatchArray, day: Date, endOfDay: boolean): DateMention {
  const index = m.index ?? 0;
  return {
    index,
    end: index + m[0].length,
    text: m[0],
    year: day.getUTCFullYear(),
    month: day.getUTCMonth() + 1,
    day: day.getUTCDate(),
    hasDay: true,
    hasTime: false,
    hour: 0,
    minute: 0,
    zone: null,
    endTime: null,
    endOfDay,
    likelyPast: false,
  };
}

export function findDates(text: string, ctx: DateContext): DateMention[] {
  if (text.length > MEMO_MAX_TEXT) return readDates(text, ctx);
  if (memoCtx !== ctx) {
    memo.clear();
    memoCtx = ctx;
  }
  let found = memo.get(text);
  if (!found) {
    found = readDates(text, ctx);
    if (memo.size >= 512) memo.clear();
    memo.set(text, found);
  }
  return found.map((m) => ({ ...m, endTime: m.endTime ? { ...m.endTime } : null }));
}

/** A weekday and nothing else that names a day ("(Thu.)", "jueves,"), as a mention opens. */
const WEEKDAY_ALONE = new RegExp(String.raw`^\(?(?:${WEEKDAY_STEM}|mer|mo|di|mi|do|fr|sa|so)\p{L}*\.?\)?(?!\p{L})`, 'iu');

/** The hour read in `m` ("3:40pm - 4:00pm") becomes `prev`'s, which named the day. */
function takeHour(prev: DateMention, m: DateMention, text: string): void {
  Object.assign(prev, { hasTime: true, hour: m.hour, minute: m.minute, zone: m.zone ?? prev.zone, end: m.end, text: text.slice(prev.index, m.end) });
  if (m.endTime) prev.endTime = { year: prev.year, month: prev.month, day: prev.day, hour: m.endTime.hour, minute: m.endTime.minute };
}

function readDates(text: string, ctx: DateContext): DateMention[] {
  const ref = { instant: new Date(ctx.refMs), timezone: ctx.offset };
  const parsers = ctx.lang === 'en' ? [PARSERS.en] : [PARSERS[ctx.lang], PARSERS.en];
  let results: DateMention[] = [];
  for (const p of parsers) {
    for (const r of p.parse(readable(text), ref, { forwardDate: true })) {
      const m = mentionFromResult(r, text, ctx);
      if (m && !results.some((x) => m.index < x.end && x.index < m.end)) results.push(m);
    }
  }
  const eom = endOfMonthMentions(text, ctx).filter((m) => !results.some((x) => m.index < x.end && x.index < m.end));
  results = [...results, ...eom].sort((a, b) => a.index - b.index);
  // Merge "Thursday, December 3 between 9:00 AM and 12:00 PM" and "Date: ...\nTime: 4:15 PM – 4:35 PM".
  const merged: DateMention[] = [];
  for (const m of results) {
    const prev = merged[merged.length - 1];
    const gap = prev ? text.slice(prev.end, m.index) : '';
    // "Date: 12/10/2026 (Thu.)", "10.12.2026, jueves": the weekday after a written date is that date's,
    // not the next such weekday.
    const weekdayAfter = prev?.hasDay && /\d/.test(prev.text) && m.hasDay && /^[\s,(]*$/.test(gap) && gap.length <= 3 && WEEKDAY_ALONE.exec(m.text);
    if (prev && weekdayAfter) {
      const rest = m.text.slice(weekdayAfter[0].length);
      if (!m.hasTime && !/\d/.test(rest)) {
        prev.end = m.end;
        prev.text = text.slice(prev.index, m.end);
        continue;
      }
      // "12/10/2026 (Thu.), 3:40pm - 4:00pm": the hour read with the weekday goes to the date.
      if (
        m.hasTime &&
        !prev.hasTime &&
        /^[\s,]*(?:at|um|a las|à)?\s*\d{1,2}(?::\d{2})?\s*(?:[ap]\.?m\.?|uhr|h)?(?:\s*(?:-|–|to|bis|a)\s*\d{1,2}(?::\d{2})?\s*(?:[ap]\.?m\.?|uhr|h)?)?(?:\s*[A-Z]{2,5})?\s*$/iu.test(
          rest,
        )
      ) {
        takeHour(prev, m, text);
        continue;
      }
    }
    if (prev?.hasDay && !prev.hasTime && m.hasTime && !m.hasDay && gap.length <= 40 && !/[.!?]\s/.test(gap)) {
      if (/\p{L}{3,}/u.test(gap)) prev.gap = { index: prev.end, end: m.index };
      takeHour(prev, m, text);
      continue;
    }
    // "see you at 8 at Luca's on Saturday", "at 7pm in the hall on Saturday": the hour written before its day, a few words apart.
    if (prev?.hasTime && !prev.hasDay && m.hasDay && !m.hasTime && gap.length <= 30 && !/[.!?,;:]/.test(gap)) {
      Object.assign(prev, {
        hasDay: true,
        year: m.year,
        month: m.month,
        day: m.day,
        likelyPast: m.likelyPast,
        end: m.end,
        text: text.slice(prev.index, m.end),
      });
      if (/\p{L}{3,}/u.test(gap)) prev.gap = { index: prev.end, end: m.index };
      continue;
    }
    if (
      prev?.hasTime &&
      !prev.endTime &&
      m.hasTime &&
      !m.hasDay &&
      /^\s*(-|–|—|to|and|until|till|bis|a|à|al|au|y|et|und)\s*(?:ca\.|circa|approx\.|about|around|etwa|gegen|vers|environ|aprox\.)?\s*$/i.test(gap)
    ) {
      prev.endTime = { year: prev.year, month: prev.month, day: prev.day, hour: m.hour, minute: m.minute };
      prev.zone = prev.zone ?? m.zone;
      prev.end = m.end;
      prev.text = text.slice(prev.index, m.end);
      continue;
    }
    merged.push(m);
  }
  readRanges(text, merged);
  for (const m of merged) {
    // "à 18 h": read as "18h " (chrono-parsers.ts), so the "h" the mention ends on is one place later.
    if (/\d\s$/.test(m.text) && /^h(?!\p{L})/u.test(text.slice(m.end))) {
      m.end += 1;
      m.text = text.slice(m.index, m.end);
    }
    const after = text.slice(m.end, m.end + 12);
    const before = text.slice(Math.max(0, m.index - 12), m.index);
    // "by close of business on Friday 4 December": the end of that day, not of today.
    const onDay = END_OF_DAY_ON.test(text.slice(Math.max(0, m.index - 30), m.index));
    if (END_OF_DAY.test(after) || END_OF_DAY.test(before) || onDay) m.endOfDay = true;
  }
  // A bare "EOD" / "COB" means the reference day.
  const eod = END_OF_DAY.exec(text);
  if (eod && !merged.some((m) => m.endOfDay)) {
    const r = localRef(ctx);
    merged.push(wholeDay(eod, new Date(Date.UTC(r.year, r.month - 1, r.day)), true));
  }
  return merged;
}

/** UTC instant of a mention's start (date-only: 23:59 local when `deadline`, else 00:00). */
export function mentionStartMs(m: DateMention, ctx: DateContext, deadline: boolean): number {
  const offset = m.zone ?? ctx.offset;
  const timed = m.hasTime && !(m.endOfDay && !m.hasTime);
  const hour = timed ? m.hour : deadline ? 23 : 0;
  const minute = timed ? m.minute : deadline ? 59 : 0;
  return wallToUtcMs({ year: m.year, month: m.month, day: m.day, hour, minute, second: 0 }, offset);
}

export function mentionEndMs(m: DateMention, ctx: DateContext): number | null {
  if (!m.endTime) return null;
  const offset = m.zone ?? ctx.offset;
  return wallToUtcMs({ ...m.endTime, second: 0 }, offset);
}
