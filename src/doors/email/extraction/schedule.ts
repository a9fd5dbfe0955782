/**
 * Schedules written one item per line: "Nov 30 - Intent to submit form", "Second instalment: due
 * 15 December 2026", "Sat Nov 21 - Home meet vs. Dolphins, Lincoln Pool, warmups 7:30 AM". A line
 * with a day and an hour is an event; a line with only a day is a deadline.
 */
import type { TextTask } from './action-items.js';
import { CONFIDENCE } from './confidence.js';
import { DAY_MS, findDates, mentionEndMs, mentionStartMs, type DateContext, type DateMention } from './dates.js';
import type { TextEvent } from './meetings.js';
import { MONTH_NAME, WEEKDAY_NAME } from './month-names.js';
import { findLocation, isTimeZoneName, opensWithVenue } from './places.js';
import { capitalise, contentWordCount, finishTitle, stripListMarker, stripOwner } from './titles.js';
import { escapeRegExp } from './regexp.js';

const LISTED = /^\s*(?:[-*•]|\d{1,2}[.)])\s+/;
// "14:00 h: enviar ...": the hour's unit may stand between the date and the separator.
const SEPARATOR_AFTER = /^\s*(?:h|hrs?|uhr|horas?)?\.?\s*(?:[-–—:|]|\s-\s)\s*/i;
const DUE_WORD =
  '(?:due(?:\\s+(?:on|by))?|by|deadline|au\\s+plus\\s+tard(?:\\s+le)?|no\\s+later\\s+than|sp[äa]testens(?:\\s+(?:am|bis))?|a\\s+m[áa]s\\s+tardar(?:\\s+el)?|bis(?:\\s+zum)?|f[äa]llig(?:\\s+am)?|frist|avant(?:\\s+le)?|antes\\s+del?|hasta\\s+el|plazo|vence|[ée]ch[ée]ance|date limite)';
/** Text then date: after a spaced dash, or after a colon/parenthesis/"due" that says it is a deadline. */
const SEPARATOR_BEFORE = new RegExp(`(?:\\s[-–—|]\\s*(?:${DUE_WORD}\\s*)?|\\s*[:(]\\s*${DUE_WORD}\\s*|\\s+${DUE_WORD}\\s*)$`, 'i');
const MONTH_OR_DAY =
  '(?:\\d|jan|feb|m[äa]r|apr|ma[iy]|jun|jul|aug|sep|o[ck]t|nov|de[cz]|ene|abr|ago|dic|janv|f[ée]v|avr|juil|ao[uû]|d[ée]c|mon|tue|wed|thu|fri|sat|sun|lun|mar|mi[ée]|jue|vie|s[áa]b|dom|mo|di|mi|do|fr|sa|so|mer|jeu|ven|sam|dim)';
/**
 * A date word where one starts: a digit, an abbreviation on its own ("Mi.", "Dec 9") or a whole
 * name; "mit Ihren Kindern", "Do you" and "Sunny" open no date.
 */
const DATE_WORD_START = `(?:\\d|${MONTH_OR_DAY}(?:\\.|(?!\\p{L}))|(?:${MONTH_NAME}|${WEEKDAY_NAME}|sept|tues|thurs|weds)(?!\\p{L}))`;
/** A line opening with a date and a separator ("Nov 30 - ...", "Sat Nov 21 - ...", "12 décembre, 14h : ..."): one schedule entry per line. */
// "Jan 15, 5:00 PM ET - OSP submits ...": an hour after the day, before the separator; "10:00 - 11:15 Uhr" ends a range, not an entry.
export const DATE_FIRST_LINE = new RegExp(
  `^\\s*(?:[-*•]\\s*)?(?=${DATE_WORD_START})${MONTH_OR_DAY}[\\p{L}\\d.,/ ]{0,22}(?:[, ]\\s*\\d{1,2}:\\d{2}[\\p{L} ]{0,8})?(?:\\s[-–—|]\\s+(?!\\d{1,2}(?:[:.]\\d{2})?\\s*(?:[ap]\\.?m\\.?|uhr|h)?\\s*(?:\\p{Lu}{2,4})?\\s*$)\\S|\\s?:\\s+(?!https?:)\\p{L})`,
  'iu',
);
/** "9:00-12:00", "9h-12h", "2-4pm", "10 Uhr": the hours after a line's date. */
const HOURS = String.raw`\d{1,2}(?:[:.h]\d{2})?\s*(?:h|uhr|[ap]\.?m\.?)?(?:\s*[-–]\s*\d{1,2}(?:[:.h]\d{2})?\s*(?:h|uhr|[ap]\.?m\.?)?)?`;
/** A line that ends with its date (and hours) after a spaced dash ("Tile (backsplash) - Mon 11/30", "Paint colors – due Dec 9", "Curtain wall mockup - approval by Dec 11", "Sorting shift - Saturday 5 December, 9:00-12:00"). */
const DATE_LAST_LINE = new RegExp(
  `\\s[-–—|]\\s*(?:(?:[^-–—|\\n]{1,40}?\\s)?${DUE_WORD}\\s*)?(?=${DATE_WORD_START})${MONTH_OR_DAY}[\\p{L}\\d.,/ ]{0,22}(?:[, ]\\s*${HOURS})?$`,
  'iu',
);
/** One schedule entry per line, so such a line is never joined with its neighbours. */
export function endsWithDate(line: string): boolean {
  const tail = DATE_LAST_LINE.exec(line);
  return tail !== null && /\d/.test(tail[0]);
}
/** Cheap shape test before any date parsing: a date-ish token at the start, or near the end after a separator ("Curtain wall mockup - approval by Dec 11"). */
const SHAPE = new RegExp(
  `^\\s*(?:[-*•]\\s*|\\d{1,2}[.)]\\s+)?${MONTH_OR_DAY}[^\\n]{0,30}(?:\\s[-–—:|]|\\s?:)\\s|[-–—:(|]\\s*(?:due\\s+)?[^\\n]{0,6}${MONTH_OR_DAY}[^\\n]{0,40}$|\\sdue\\s[^\\n]{0,30}$|:\\s*(?:au plus tard|no later than|sp[äa]testens|a m[áa]s tardar)\\s[^\\n]{0,40}$|\\s[-–—]\\s[^\\n]{0,40}\\s(?:by|bis|avant|antes del?|hasta el)\\s[^\\n]{0,24}$`,
  'i',
);
/** Date parsing per line is the costly part: a message gets a bounded number of schedule-line looks. */
const LOOKS_PER_MESSAGE = 120;
let looks = 0;

export function newScheduleBudget(): void {
  looks = 0;
}
const CALLED_OFF =
  /\b(?:cancel+ed|no (?:school|practice|class(?:es)?|meeting)|closed|cancelad[oa]|suspendid[oa]|cerrad[oa]|no hay (?:clase|entrenamiento)|abgesagt|entf[äa]llt|f[äa]llt aus|geschlossen|kein(?:e|en)?\s+(?:training|unterricht|schule|probe|kurs|spiel|treffen)|sin (?:clase|entrenamiento)|annul[ée]e?|ferm[ée]e?|pas de (?:cours|classe|entra[îi]nement))(?![\p{L}])/iu;

function isCapitalHeading(text: string): boolean {
  const words = text
    .trim()
    .split(/\s+/)
    .filter((w) => /\p{L}/u.test(w));
  return words.length >= 2 && words.every((w) => w === w.toLocaleUpperCase());
}
const PLACE = /^[\p{Lu}\d][\p{L}\p{N}'’&. -]{2,60}$/u;

export interface ScheduleItem {
  task?: TextTask;
  event?: TextEvent;
}

function dayMention(line: string, ctx: DateContext): DateMention[] {
  return findDates(line, ctx).filter((m) => !m.likelyPast);
}

/**
 * "Parents' evening: Thursday 21 January, 4-7pm" / "Deadline for trip payments: Friday 29 January":
 * lines of a label and its day, two or more in a row, are a schedule even without list marks. Such
 * a line makes an event when it gives an hour, a task when its label says it is a deadline, and
 * nothing otherwise ("Half term: 15-19 February" is neither).
 */
export const DEADLINE_LABEL =
  /(?<!\p{L})(?:deadline|due|last day|closing date|cut-?off|payments?|return|submit|hand in|sign-?up|registration|rsvp|frist|anmeldeschluss|abgabe|einsendeschluss|letzter tag|zahlung|fecha l[íi]mite|plazo|[úu]ltimo d[íi]a|pago|inscripci[óo]n|date limite|dernier d[ée]lai|[ée]ch[ée]ance|paiement|inscriptions?|retour)(?!\p{L})/iu;

/**
 * One line of a schedule, or null when the line is not shaped like one. `asks` says whether an
 * entry's words are an errand ("enviar a Contraloría las provisiones"): with an hour, it is due then.
 */
export function scheduleLine(rawLine: string, ctx: DateContext, inLabelBlock = false, asks: (text: string) => boolean = () => false): ScheduleItem | null {
  const line = stripListMarker(rawLine.trim());
  if (line.length < 8 || line.length > 200 || !SHAPE.test(rawLine) || ++looks > LOOKS_PER_MESSAGE) return null;
  // Date first: the date is read from the part before the separator, so a range parser cannot
  // swallow the whole line ("Sat Jan 16 - League meet ... 7:45 AM").
  // "Sunday, December 13, 3:00 - 5:30 PM Riverbend Aquatic Center": a dash between two hours is a range, not the separator.
  const sep = /(?<!\d[:.]\d{2}|\d\s?[ap]\.?m\.?)\s[-–—|]\s|\s[-–—|]\s(?!\d)/i.exec(line.slice(0, 40));
  if (sep && DATE_FIRST_LINE.test(line)) {
    const head = line.slice(0, sep.index);
    const day = dayMention(head, ctx).find((m) => m.hasDay && m.index <= 1);
    if (day) return entry(line, line.slice(sep.index + sep[0].length), day, dayMention(line.slice(sep.index + sep[0].length), ctx), ctx, asks);
  }
  const mentions = dayMention(line, ctx);
  // "Inventario físico al 31 de diciembre: viernes 8 de enero de 2027": a day inside the label names
  // what is counted; the day after the colon, ending the line, is when it is due.
  const afterColon = mentions.find((m) => m.hasDay && /:\s*$/.test(line.slice(0, m.index)) && line.slice(m.end).replace(/[).;\s]+$/, '') === '');
  const day = afterColon ?? mentions.find((m) => m.hasDay);
  if (!day) return null;
  let text: string;
  // "12 décembre, 14h : tournoi de Noël": the hour may sit between the day and the separator.
  const hour = mentions.find((m) => m !== day && m.hasTime && !m.hasDay && /^[\s,]*$/.test(line.slice(day.end, m.index)));
  const dateEnd = hour && SEPARATOR_AFTER.test(line.slice(hour.end)) ? hour.end : day.end;
  if (day.index <= 1 && SEPARATOR_AFTER.test(line.slice(dateEnd))) {
    text = line.slice(dateEnd).replace(SEPARATOR_AFTER, '');
  } else if (day.index <= 1 && day.hasTime && day.gap && day.gap.index > day.index && SEPARATOR_AFTER.test(line.slice(day.gap.index, day.gap.end))) {
    // "Dec 4: open enrollment closes at 5:00 PM ET": the day and its hour were read as one around the entry's words.
    text = `${line.slice(day.gap.index, day.gap.end)} ${line.slice(day.end)}`.replace(SEPARATOR_AFTER, '').trim();
  } else if (
    (lineEndsAt(line, day.end) || (inLabelBlock && hour && lineEndsAt(line, hour.end))) &&
    (SEPARATOR_BEFORE.test(line.slice(0, day.index)) || ((LISTED.test(rawLine) || inLabelBlock) && /\p{L}{3,}[^:]*:\s*$/u.test(line.slice(0, day.index))))
  ) {
    if (inLabelBlock && !LISTED.test(rawLine) && !hour && !day.hasTime && !DEADLINE_LABEL.test(line.slice(0, day.index))) return null;
    // "- Último día para pagar el comedor: 22 de diciembre": a listed label and its day.
    text = line
      .slice(0, day.index)
      .replace(SEPARATOR_BEFORE, '')
      .replace(/\s*:\s*$/, '');
  } else return null;
  return entry(
    line,
    text,
    day,
    mentions.filter((m) => m !== day),
    ctx,
    asks,
  );
}

/** "Wednesday, December 16, by 5pm Pacific": nothing but closing marks, or the hour's zone, follows the date. */
const ZONE_AT_END = /\s*\(?\b(?:pacific|eastern|central|mountain|atlantic)(?:\s+time)?\)?\s*$/i;
const ZONE_ABBREVIATION_AT_END = /\s*\(?\b(?:[ECMPA][SD]?T|CES?T|MES?Z|GMT|UTC)\)?\s*$/;
/** "18 décembre, dernier délai", "Dec 4 at the latest": a deadline's insistence after its day. */
const LATEST_AT_END =
  /[,\s]*\(?(?:dernier d[ée]lai|au plus tard|at the latest|sp[äa]testens|como (?:muy )?tarde|a m[áa]s tardar|sin falta|without fail)\)?\s*$/iu;
const lineEndsAt = (line: string, at: number) =>
  line
    .slice(at)
    .replace(/[).;\s]+$/, '')
    .replace(LATEST_AT_END, '')
    .replace(ZONE_AT_END, '')
    .replace(ZONE_ABBREVIATION_AT_END, '') === '';

const DUE_BY_HOUR =
  /(?:\bby|\buntil|\btill|no later than|hasta(?: las?| el)?|antes de las?|antes del|bis(?: sp[äa]testens)?|sp[äa]testens(?: um)?|jusqu['’][àa]|avant)\s+(?:(?:tomorrow|today|tonight|ma[ñn]ana|hoy|morgen|heute|demain|aujourd['’]hui)\s+(?:at\s+|a las\s+|um\s+|à\s+)?)?(?:\d{1,2}(?:[:.h]\d{2})?\s*(?:[ap]\.?\s?m\.?|uhr|h(?!\p{L})|heures?)?|noon|midday|mittag|mediod[íi]a|midi)/iu;
const HOUR_RANGE = /(?<!\p{L})(?:from|von|de|desde|entre|between)\s+\d/iu;

/** The hour a range starts at, right before its "bis"/"until" ("15:00 bis 17:30 Uhr", "2pm until 5pm"). */
const HOUR_BEFORE = /\d{1,2}(?:[:.h]\d{2})?\s*(?:uhr|h|[ap]\.?\s?m\.?)?\s*$/iu;

/** "Final report: Friday, December 4, by 5pm": the hour says when it is due, no event happens then ("from 2 until 5pm" is a range). */
export function dueByHour(text: string): boolean {
  const due = DUE_BY_HOUR.exec(text);
  return due !== null && !HOUR_RANGE.test(text) && !HOUR_BEFORE.test(text.slice(0, due.index));
}

/** A day read on its own with the hour read beside it: one mention with both. */
function atTime(day: DateMention, time: DateMention): DateMention {
  return { ...day, hasTime: true, hour: time.hour, minute: time.minute, zone: time.zone ?? day.zone, endTime: time.endTime ?? day.endTime };
}

/**
 * "Feb 12 - Awards announced", "15.01. Ergebnisse werden bekanntgegeben", "Mar 15 - Award notifications": what the
 * sender does that day, nothing for the reader.
 */
const ANNOUNCED =
  /(?<!\p{L})(?:(?:notifications?|results|decisions)\s+(?:sent|go out|out)|^\s*(?:(?:award|grant|funding|final)\s+)?(?:notifications?|decisions?|results)\s*$|announced|notified|published|released|bekanntgegeben|ver[öo]ffentlicht|publicad[oa]s|anunciad[oa]s|comunicad[oa]s|publi[ée]e?s|annonc[ée]e?s)(?!\p{L})/iu;

/**
 * "No action is needed", "keine Aktion erforderlich", "AutoPay is on": said of a whole mail, or of the one
 * line it closes. Mail wraps anywhere, so any space may be a line end. "No action needed there", and "You
 * don't need to do anything", are often said of one item among others that need doing: not the whole mail's.
 */
export const NOTHING_TO_DO =
  /(?<!\p{L})(?:no\s+action\s+(?:is\s+)?(?:needed|required)(?!\s+(?:there|here|for\s+th(?:is|at|ese|ose)|on\s+th(?:is|at)))|nothing\s+(?:to\s+do|needed)\s+(?:on|from)\s+your\s+(?:side|end)|(?<!(?:if|unless|when|once|si|wenn|falls|sofern)\s+(?:your\s+|the\s+)?)auto-?pay\s+is\s+(?:on|active|enabled|turned\s+on)|keine\s+aktion\s+erforderlich|no\s+se\s+requiere\s+ninguna\s+acci[óo]n|aucune\s+action\s+(?:n['’]est\s+)?requise)(?!\p{L})/iu;
/** "Option A: Friday, Dec 11, 7pm", "Opción 2: sábado 12", "Variante B: ...": a choice offered in a poll, neither an errand nor an event. */
const CHOICE_OFFERED =
  /^\s*(?:[-*•]\s*)?(?:options?|choice|opci[óo]n|alternativa|variante|vorschlag|termin(?:vorschlag)?|choix|proposition)\s*(?:[A-Z]|\d{1,2})\s*[:).–-]\s/iu;

/**
 * An entry read as nothing, any way: a choice offered, or one that excuses itself in brackets ("- Dec
 * 18: confirmation statements posted (no action needed)").
 */
export function excusesItself(line: string, entry: boolean): boolean {
  return CHOICE_OFFERED.test(line) || (entry && [...line.matchAll(/\([^()]*\)/g)].some((b) => NOTHING_TO_DO.test(b[0])));
}

/** "Entries close", "Voting closes on", "la inscripción cierra el", "Anmeldung endet am", "les inscriptions ferment le": a window for answers shutting, before its day. */
export const WINDOW_CLOSES = String.raw`(?:entries|registration|enrol?lment|applications?|sign-?ups?|submissions?|nominations?|orders?|voting|the poll|poll|survey|le vote|umfrage|abstimmung|anmeldung|anmeldefrist|encuesta|votaci[óo]n|inscripci[óo]n|inscripciones|sondage|inscriptions)\s+(?:se\s+)?(?:close[sd]?|closing|ends|cierran?|termina|endet|schlie(?:ß|ss)t|ferment?|closent|termine(?:nt)?)(?:\s+(?:on|el|am|le))?`;
const windowCloses = new RegExp(`(?<!\\p{L})${WINDOW_CLOSES}(?!\\p{L})`, 'iu');
/** "Open enrollment for 2027 benefits is now open in Workday and closes on": the window named earlier shuts on that day. */
const SHUTS_ON = /(?<!\p{L})(?:and|but|then|y|und|et)\s+(?:close[sd]?|ends|cierra|termina|endet|schlie(?:ß|ss)t|ferme|se termine)(?:\s+(?:on|el|am|le))?\s*$/iu;
const WINDOW_NOUN =
  /(?<!\p{L})(?:enrol?lment|registration|applications?|sign-?ups?|submissions?|nominations?|voting|poll|survey|inscripci[óo]n(?:es)?|votaci[óo]n|encuesta|anmeldung|abstimmung|umfrage|inscriptions?|sondage|vote)(?!\p{L})/iu;

export function windowShutsAt(text: string, index: number): boolean {
  return SHUTS_ON.test(text.slice(Math.max(0, index - 30), index)) && WINDOW_NOUN.test(text.slice(0, index));
}
/** "Abgabe Kostenschätzung", "Final AP cutoff for vendor invoices", "Entrega del informe": a hand-in or a cutoff is due at its hour. */
const HAND_IN =
  /(?<!\p{L})(?:due|deadline|cut-?off|f[äa]llig|abgabe|einreichung|stichtag|annahmeschluss|fecha l[íi]mite|entrega|cierre|date limite|remise|d[ée]p[ôo]t|submission)(?!\p{L})/iu;

function entry(line: string, text: string, day: DateMention, others: DateMention[], ctx: DateContext, asks: (text: string) => boolean): ScheduleItem | null {
  if (ANNOUNCED.test(text) || NOTHING_TO_DO.test(line)) return null;
  const time = others.find((m) => m.hasTime && !m.hasDay) ?? (day.hasTime ? day : null);
  const cleaned = time && time !== day ? text.replace(time.text, ' ') : text;
  const chunks = cleaned
    .split(/\s*,\s*/)
    .map((c) => c.trim())
    .filter(Boolean);
  const title = finishTitle(stripOwner(chunks[0] ?? '').rest, 12);
  if (contentWordCount(title) < 1 || /^[a-z]\)?$/i.test(title)) return null;
  // "Final report: Friday, December 4, by 5pm", "viernes 4 de diciembre, hasta las 11:59 p.m.": an hour
  // something is due by, not one at which something happens; so is the hour of an errand.
  // A minute before midnight is a deadline's hour ("Letter of intent: Friday, December 11, 11:59 p.m. ET").
  const lastMinute = time !== null && time.hour === 23 && time.minute === 59;
  // "Dec 7 - Letter of intent due (5:00 PM CT)": an entry that says it is due names a deadline, whatever its hour.
  // "Dec 4: open enrollment closes at 5:00 PM ET": the hour a window shuts is when it is due.
  // Under "the deadlines for the close:", "inventario físico en almacén (8:00 a 14:00)" still happens over its hours.
  const overHours = time !== null && time.endTime !== null && time.endTime !== undefined;
  if (time && (dueByHour(line) || lastMinute || (asks(cleaned.trim()) && !overHours) || HAND_IN.test(cleaned) || windowCloses.test(cleaned))) {
    return {
      task: {
        kind: 'schedule',
        title: finishTitle(stripOwner(cleaned.replace(DUE_BY_HOUR, ' ')).rest.split(/\s*,\s*/)[0] ?? title, 14),
        excerpt: line,
        dueMs: mentionStartMs(atTime(day, time), ctx, false),
        dueIsExact: true,
        confidence: CONFIDENCE.scheduleLine,
        rule: 'scheduleLine',
      },
    };
  }
  if (time) {
    const start = atTime(day, time);
    const startMs = mentionStartMs(start, ctx, false);
    const end = mentionEndMs(start, ctx);
    const at = chunks.findIndex(
      (c, i) => i > 0 && (PLACE.test(c) || opensWithVenue(c)) && !/\d{1,2}[:.]\d{2}|\b(am|pm|uhr|h)\b/i.test(c) && !isTimeZoneName(c),
    );
    // "Summit Title, 400 S Tryon St, Suite 1200": the place's street address in the chunks after its name.
    let place = at < 0 ? null : /^\d{1,5}\s+\p{Lu}/u.test(chunks[at + 1] ?? '') ? (findLocation(chunks.slice(at).join(', ')) ?? chunks[at]) : chunks[at];
    let eventTitle = title;
    if (!place) {
      // "League meet at Eastside Pool": the place is inside the entry's first part.
      place = findLocation(chunks[0] ?? '');
      const at = place ? eventTitle.search(new RegExp(`\\s+(?:at|in|@|en|au|à|im|in der)\\s+(?:the\\s+)?${escapeRegExp(place)}`, 'i')) : -1;
      if (at > 0) eventTitle = eventTitle.slice(0, at);
    }
    return {
      event: {
        title: eventTitle,
        excerpt: line,
        startMs,
        endMs: end !== null && end > startMs ? end : startMs + 3600000,
        allDay: false,
        location: place,
        confidence: CONFIDENCE.scheduleLine,
        rule: 'scheduleLine',
      },
    };
  }
  // "PTA WEEKLY - December 4", "NEWSLETTER | 4 DÉCEMBRE": a heading in capitals dates the mail, it asks for nothing.
  // "Dec 12 - Practice canceled", "24.12. - Büro geschlossen": nothing happens and nothing is asked.
  if (isCapitalHeading(text) || CALLED_OFF.test(text)) return null;
  // "Feb 3-4: DataConf 2027, Palais des congres de Montreal": a span of days is something that happens, not a deadline.
  if (day.endDay && !DEADLINE_LABEL.test(text) && !asks(text)) {
    const startMs = Date.UTC(day.year, day.month - 1, day.day);
    const endMs = Date.UTC(day.endDay.year, day.endDay.month - 1, day.endDay.day) + DAY_MS;
    const [name, ...rest] = text.split(/\s*,\s*/);
    if (endMs > startMs && endMs - startMs <= 14 * DAY_MS)
      return {
        event: {
          title: finishTitle(name, 12),
          excerpt: line,
          startMs,
          endMs,
          allDay: true,
          location: rest.join(', ').replace(/[\s.;]+$/, '') || null,
          confidence: CONFIDENCE.scheduleLine,
          rule: 'scheduleLine',
        },
      };
  }
  return {
    task: {
      kind: 'schedule',
      title: finishTitle(stripOwner(text).rest, 14),
      excerpt: line,
      dueMs: mentionStartMs({ ...day, hasTime: false }, ctx, true),
      dueIsExact: false,
      confidence: CONFIDENCE.scheduleLine,
      rule: 'scheduleLine',
    },
  };
}

/**
 * "These are your volunteer shifts in December:", "Estos son tus turnos de voluntariado:", "hier
 * deine Schichten:", "Voici tes créneaux :" over a list of days: the intro names what happens, each
 * entry gives only when (and maybe where). The noun of repeated happenings, with what qualifies it.
 */
const OCCURRENCES =
  /(?<!\p{L})((?:(?!(?:your|our|the|my|these|those|tus|sus|mis|nuestros|los|las|deine|eure|ihre|unsere|die|tes|vos|nos|les|mes)\s)[\p{L}-]{3,}\s+)?(?:shifts?|sessions?|classes|practices|training sessions|rehearsals|turnos|sesiones|clases|ensayos|entrenamientos|\p{L}*schichten|\p{L}*termine|proben|eins[äa]tze|cr[ée]neaux|s[ée]ances|permanences|r[ée]p[ée]titions|entra[îi]nements)(?:\s+(?:de|del|of|du|des|de la|d['’])\s*[\p{L}-]{3,})?)(?!\p{L})/iu;

export function occurrenceList(intro: string, entries: string[], ctx: DateContext): TextEvent[] | null {
  if (!/:\s*$/.test(intro)) return null;
  const named = OCCURRENCES.exec(intro);
  if (!named) return null;
  const title = finishTitle(capitalise(named[1].trim()), 8);
  const events: TextEvent[] = [];
  for (const raw of entries) {
    const line = stripListMarker(raw.trim());
    const mentions = dayMention(line, ctx);
    const day = mentions.find((m) => m.hasDay);
    if (!day || day.index > 1) return null;
    const time = day.hasTime ? day : mentions.find((m) => m !== day && m.hasTime && !m.hasDay);
    // "Monday, December 7, 6pm - Knots and ropes": words after a dash are the entry's own title.
    if (/\s[-–—|]\s+\p{L}/u.test(line.slice(Math.max(day.end, time?.end ?? 0)))) return null;
    // What is left is at most a place: an entry with words of its own is a schedule line, read as one.
    const after = time && time !== day ? line.slice(day.end).replace(time.text, ' ') : line.slice(day.end);
    const rest = `${line.slice(0, day.index)} ${after}`
      .split(/\s*,\s*/)
      .map((c) => c.replace(/^[\s,;:.–—-]+|[\s,;:.]+$/g, ''))
      .filter(Boolean);
    if (rest.length > 1 || (rest[0] && contentWordCount(rest[0]) > 5)) return null;
    const start = time ? atTime(day, time) : day;
    const startMs = mentionStartMs(start, ctx, false);
    const end = time ? mentionEndMs(start, ctx) : null;
    events.push({
      title,
      excerpt: `${intro} ${line}`,
      startMs,
      endMs: time ? (end !== null && end > startMs ? end : startMs + 3600000) : startMs + 86400000,
      allDay: !time,
      location: rest[0] && !isTimeZoneName(rest[0]) ? rest[0] : null,
      confidence: CONFIDENCE.scheduleLine,
      rule: 'scheduleLine',
    });
  }
  return events.length ? events : null;
}

/**
 * "All deadlines are 5:00 PM PT unless noted", "Alle Fristen jeweils bis 12:00 Uhr", "Todas las
 * entregas vencen a las 17:00", "Toutes les échéances sont à 17h": the hour every entry below is due.
 */
const DUE_HOUR_FOR_ALL =
  /(?<!\p{L})(?:(?:all|every|each)\s+(?:deadlines?|due dates?|items?|submissions?)\s+(?:are|is)\s+(?:due\s+)?(?:at\s+|by\s+)?|(?:alle\s+)?fristen\s+(?:enden\s+|gelten\s+)?(?:jeweils\s+)?(?:um|bis)\s+|todas las (?:fechas(?: l[íi]mite)?|entregas)\s+(?:son|vencen)\s+a las\s+|toutes les (?:[ée]ch[ée]ances|dates(?: limites)?)\s+sont\s+(?:fix[ée]es\s+)?[àa]\s+)(?=\d|noon|midday)/iu;

/** Tested once per segment: only a segment that says so has its entries taken out and read again. */
export const statesDueHour = (text: string) => DUE_HOUR_FOR_ALL.test(text);

/** The entries a schedule's own rule read after such a sentence: due at its hour; an entry with an hour of its own is due then, not held then. */
export function dueAtStatedHour(text: string, tasks: TextTask[], events: TextEvent[], ctx: DateContext): { tasks: TextTask[]; events: TextEvent[] } {
  const said = DUE_HOUR_FOR_ALL.exec(text);
  if (!said) return { tasks, events };
  const hour = findDates(text.slice(said.index + said[0].length, said.index + said[0].length + 20), ctx).find((m) => m.hasTime && !m.hasDay);
  if (!hour) return { tasks, events };
  const zone = hour.zone ?? ctx.offset;
  const entry = (excerpt: string) => text.indexOf(excerpt) > said.index;
  const kept: TextEvent[] = [];
  const dueTasks = tasks.map((t) => {
    if (t.rule !== 'scheduleLine' || t.dueIsExact || t.dueMs === null || !entry(t.excerpt)) return t;
    // The day the entry was due, at the stated hour in the stated zone.
    const day = new Date(t.dueMs + ctx.offset * 60000);
    const dueMs = Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), hour.hour, hour.minute) - zone * 60000;
    return { ...t, dueMs, dueIsExact: true };
  });
  for (const e of events) {
    if (e.rule === 'scheduleLine' && !e.allDay && entry(e.excerpt))
      dueTasks.push({
        kind: 'schedule',
        title: e.title,
        excerpt: e.excerpt,
        dueMs: e.startMs,
        dueIsExact: true,
        confidence: e.confidence,
        rule: 'scheduleLine',
      });
    else kept.push(e);
  }
  return { tasks: dueTasks, events: kept };
}
