/**
 * Day forms chrono's locale parsers do not read, added to them: dotted day.month dates, a day of
 * the month alone ("the 24th", "le 15", "bis zum 15."), a weekday with its day ("jueves 10").
 * Each resolves to the next such day after the message's date.
 */
import * as chrono from 'chrono-node';
import type { Lang } from './language.js';
import { WEEKDAY_NAME } from './month-names.js';
import { STREET_NOUN, STREET_TYPE } from './places.js';

type Parser = chrono.Parser;

/** "15.12." / "4.12.2026": day and month with dots, as German, Spanish and French mail writes them. */
const dottedDate: Parser = {
  pattern: () => /(?<![\d.,:])(\d{1,2})\.(\d{1,2})\.(\d{4}(?!\d)|\d{2}(?!\d))?(?!\d|\s*(uhr|h\b))/i,
  extract: (context, match) => {
    const day = Number(match[1]);
    const month = Number(match[2]);
    if (day < 1 || day > 31 || month < 1 || month > 12) return null;
    const c = context.createParsingComponents({ day, month });
    if (match[3]) c.assign('year', match[3].length === 2 ? 2000 + Number(match[3]) : Number(match[3]));
    else c.imply('year', context.refDate.getFullYear());
    return c;
  },
};

/** "the 24th", "Tuesday the 24th": a day of the month without the month, the next such day. */
const ordinalDay: Parser = {
  pattern: () => /\bthe\s+(\d{1,2})(?:st|nd|rd|th)\b(?!\s+of\b)/i,
  extract: (context, match) => nextDayOfMonth(context, Number(match[1])),
};

/** Weekday numbers (Sunday 0) by the first three letters of their names in English, Spanish, French and German. */
const WEEKDAY_BY_PREFIX: Record<string, number> = {
  ...{ sun: 0, mon: 1, tue: 2, wed: 3, thu: 4, fri: 5, sat: 6 },
  ...{ dom: 0, lun: 1, mar: 2, mié: 3, mie: 3, jue: 4, vie: 5, sáb: 6, sab: 6 },
  ...{ dim: 0, mer: 3, jeu: 4, ven: 5, sam: 6 },
  ...{ son: 0, die: 2, mit: 3, don: 4, fre: 5 },
};

/**
 * The next such day of the month; with a weekday ("Friday the 15th" when the next 15th is a
 * Tuesday), the first month within a year whose day falls on it.
 */
function nextDayOfMonth(context: chrono.ParsingContext, day: number, weekday?: number): chrono.ParsingComponents | null {
  if (day < 1 || day > 31) return null;
  const ref = context.refDate;
  // Date.UTC carries a month past December into the next year.
  const first = ref.getMonth() + (day < ref.getDate() ? 1 : 0);
  const fits = (at: Date) => at.getUTCDate() === day && (weekday === undefined || at.getUTCDay() === weekday);
  let at = new Date(Date.UTC(ref.getFullYear(), first, 1));
  for (let ahead = 0; ahead < 12; ahead++) {
    const candidate = new Date(Date.UTC(ref.getFullYear(), first + ahead, day));
    if (fits(candidate)) {
      at = candidate;
      break;
    }
  }
  return context.createParsingComponents({ day, month: at.getUTCMonth() + 1, year: at.getUTCFullYear() });
}

/** "el jueves 10", "vendredi 11", "Lunes 14:", "Samstag, 12.", "Sat 12": a weekday with its day of the month, the next such day. */
const weekdayAndDay = (weekdays: string): Parser => ({
  pattern: () =>
    new RegExp(
      `(?<!\\p{L})(?:${weekdays})\\.?,?\\s+(?:the\\s+)?(\\d{1,2})(?:er|st|nd|rd|th)?(?![\\d]|[.:h/-]\\d|\\.?\\s*(?:de\\s|of\\s|janv|f[ée]v|mars|avr|mai|juin|juil|ao[uû]|sept|oct|nov|d[ée][cz]|jan|feb|m[äa]r|apr|may|jun|jul|aug|okt|dic|ene|abr|ago|uhr|heures?|horas?|[ap]\\.?m\\b|h\\b))` +
        // "mercredi 2 à 11h00", "jueves 10 a las 9:30", "Mittwoch 2. um 11 Uhr": the hour that follows belongs
        // to the day (chrono would read "2 à 11h00" as a range of hours and lose both).
        `(?:\\.?,?\\s+(?:à|a las?|a la|um|at)\\s+(\\d{1,2})(?:[:h](\\d{2})?|\\s*uhr)(?!\\d))?`,
      'iu',
    ),
  extract: (c, m) => {
    const day = nextDayOfMonth(c, Number(m[1]), WEEKDAY_BY_PREFIX[m[0].slice(0, 3).toLowerCase()]);
    if (day && m[2] !== undefined && Number(m[2]) < 24) {
      day.assign('hour', Number(m[2]));
      day.assign('minute', m[3] ? Number(m[3]) : 0);
    }
    return day;
  },
});
const weekdayDay = {
  es: weekdayAndDay('lunes|martes|mi[ée]rcoles|jueves|viernes|s[áa]bado|domingo'),
  fr: weekdayAndDay('lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche'),
  de: weekdayAndDay('montag|dienstag|mittwoch|donnerstag|freitag|samstag|sonntag'),
  en: weekdayAndDay('monday|tuesday|wednesday|thursday|friday|saturday|sunday|mon|tues?|wed|thu(?:rs?)?|fri|sat|sun'),
};

/** "antes del día 15", "avant le 15", "bis zum 15.": a day of the month without the month, the next such day. */
const localDayOfMonth: Record<'es' | 'fr' | 'de', Parser> = {
  es: { pattern: () => /(?<!\p{L})d[íi]a\s+(\d{1,2})(?!\s*(?:de\s|[:.h]\d|\d))/iu, extract: (c, m) => nextDayOfMonth(c, Number(m[1])) },
  fr: {
    pattern: () => /(?<!\p{L})le\s+(\d{1,2})(?:er)?(?![\d:h]|\.\d|\s*(?:janv|f[ée]v|mars|avr|mai|juin|juil|ao[uû]|sept|oct|nov|d[ée]c|\d|heures?|h\b))/iu,
    extract: (c, m) => nextDayOfMonth(c, Number(m[1])),
  },
  de: {
    pattern: () => /(?<!\p{L})(?:zum|am)\s+(\d{1,2})\.(?!\d|\s*(?:jan|feb|m[äa]r|apr|mai|jun|jul|aug|sep|okt|nov|dez|\d))/iu,
    extract: (c, m) => nextDayOfMonth(c, Number(m[1])),
  },
};

/**
 * "Christmas Eve dinner is at our place this year, 5pm", "Heiligabend um 17 Uhr", "la Saint-Sylvestre à
 * 20h": the holidays that name one day of the year (bare "Christmas" names a season as often as a day).
 */
const HOLIDAYS: [RegExp, number, number][] = [
  [/christmas eve|nochebuena|heiligabend|heiligen abend|r[ée]veillon de no[ëe]l|veille de no[ëe]l/iu, 12, 24],
  [/christmas day|d[íi]a de navidad|(?:erster )?weihnachtstag|jour de no[ëe]l/iu, 12, 25],
  [/new year['’]?s eve|nochevieja|silvester|saint-sylvestre|r[ée]veillon du (?:nouvel an|jour de l['’]an)/iu, 12, 31],
  [/new year['’]?s day|d[íi]a de a[ñn]o nuevo|neujahr(?:stag)?|jour de l['’]an/iu, 1, 1],
];
const holiday: Parser = {
  // Only with an hour after it: "la cena de Nochebuena" to book names an occasion, not the day of the booking.
  pattern: () =>
    new RegExp(
      `(?<!\\p{L})(?:${HOLIDAYS.map(([re]) => re.source).join('|')})(?!\\p{L})(?=[^.!?\\n]{0,60}?(?:(?<![\\d.,])\\d{1,2}(?::\\d{2})?\\s?(?:[ap]\\.?m\\.?|uhr|h(?!\\p{L})|o['’]clock)|(?<!\\p{L})(?:at|um|à|a las)\\s+\\d{1,2}(?::\\d{2})?(?![\\d.,/])))`,
      'iu',
    ),
  extract: (c, m) => {
    // The first that names it: "réveillon du jour de l'an" is the 31st, though it holds "jour de l'an".
    const found = HOLIDAYS.find(([re]) => re.test(m[0]));
    if (!found) return null;
    const [, month, day] = found;
    const ref = c.refDate;
    // The next such day: after the mail's date, or this year's if the mail is written on it.
    const sameYear = Date.UTC(ref.getFullYear(), month - 1, day) >= Date.UTC(ref.getFullYear(), ref.getMonth(), ref.getDate());
    return c.createParsingComponents({ day, month, year: ref.getFullYear() + (sameYear ? 0 : 1) });
  },
};

/** "8 h 45", "à 14 h 30": the hour as Quebec French writes it, with spaces around the "h". */
const spacedHour: Parser = {
  pattern: () => /(?<![\d:.])(\d{1,2})\s+h\s+(\d{2})(?!\d)/i,
  extract: (c, m) => (Number(m[1]) < 24 && Number(m[2]) < 60 ? c.createParsingComponents({ hour: Number(m[1]), minute: Number(m[2]) }) : null),
};

function withParsers(base: chrono.Chrono, first: Parser[], last: Parser[]): chrono.Chrono {
  const c = base.clone();
  c.parsers.unshift(...first);
  c.parsers.push(...last);
  return c;
}

/** chrono's casual parser of each language, with the day forms above added. */
export const PARSERS: Record<Lang, chrono.Chrono> = {
  en: withParsers(chrono.en.casual, [weekdayDay.en], [ordinalDay, holiday]),
  es: withParsers(chrono.es.casual, [dottedDate, weekdayDay.es], [localDayOfMonth.es, holiday]),
  de: withParsers(chrono.de.casual, [dottedDate, weekdayDay.de], [localDayOfMonth.de, holiday]),
  fr: withParsers(chrono.fr.casual, [dottedDate, weekdayDay.fr, spacedHour], [localDayOfMonth.fr, holiday]),
};

/** Same-length rewrites of forms chrono misreads or does not read, so match positions stay valid. */
const NOON: [RegExp, string][] = [
  [/(?<!\p{L})à midi(?!\p{L})/giu, 'à 12h '],
  // "11. Juli, 15 Uhr", "11 de julio, 15 h": the number after the comma is an hour, not the year chrono takes it for.
  // Also before a range of hours: "5. Dezember, 9 bis 13 Uhr", "5 de diciembre, 9 a 13 h".
  [/(?<=\p{L}\.?),(?=\s*\d{1,2}(?:\s*(?:bis|-|–|a|à|to)\s*\d{1,2})?\s*(?:uhr|h(?!\p{L})|heures?|horas?|hrs?|[:.]\d{2}(?![.\d/-])|\s?[ap]\.?m\.?))/giu, ';'],
  // "14.30 Uhr", "9.15 h": an hour written with a dot, as German and French mail often do; chrono reads the colon.
  [/(?<=(?<![\d.])\d{1,2})\.(?=\d{2}\s*(?:uhr|h)(?!\p{L}))/giu, ':'],
  // "Mo. 30.11.", "Fr., 4.12.2026", "mer. 2 déc.", "vie. 4/12": an abbreviated weekday's dot, which chrono
  // takes for the end of the mention, so the weekday and the date it names are read apart.
  [
    /(?<=(?<!\p{L})(?:mo|di|mi|do|fr|sa|so|mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun|lun|mar|mer|mié|mie|jeu|jue|ven|vie|sam|sáb|sab|dim|dom))\.,?(?=\s*\d)/giu,
    ' ',
  ],
  // "8:30 hrs", "17:00 hs.", "8:00 h": the hours' unit after a written hour, which chrono does not read
  // (before a dash it took "00 h -" for midnight).
  [/(?<=\d{1,2}:\d{2})\s*(?:hrs?|hs|h)\.?(?!\p{L})/giu, ''],
  // "à 18 h dans la salle": the hour's "h" written apart (with minutes, "8 h 45", spacedHour reads it).
  [/(?<=(?<![\d:.])\d{1,2}) h(?=[\s.,;!?)]|$)(?!\s*\d)/gu, 'h'],
  // "Reisekostenabrechnungen 2026: bis Freitag, 11.12.": a year that ends a label; chrono reads "2026:" as an hour.
  [/(?<=(?<![\d.:])(?:19|20)\d\d):(?=\s)/gu, ';'],
  // "awards night Friday, December 11": a part of the day named before a weekday belongs to the event's
  // name; chrono takes it for the time and drops the day.
  [/(?<!\p{L})(?:night|evening|morning|afternoon)(?=[\s,:]+(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*\.?,?\s)/giu, ''],
  // "on Monday at 4pm - 30 minutes should do": a length after the hour, not "4pm minus 30 minutes".
  [/(?<=\d\s?(?:[ap]\.?m\.?|uhr|h)?)\s[-–—]\s(?=\d{1,3}\s?(?:minutes?|mins?|hours?|hrs?|minuten|stunden?|minutos|horas?)(?!\p{L}))/giu, ';'],
  // "call furnace guy 617-555-0173 mon morning": a phone number is no date, and chrono's try at one loses the weekday after it.
  [/(?<![\d/.-])(?:\+?1[\s.-])?\(?\d{3}\)?[\s.-]\d{3}[\s.-]\d{4}(?![\d/.-])/g, ''],
  // "el mismo lunes 7", "am selben Montag", "le même lundi", "on the same Friday": the weekday the list named before.
  [new RegExp(`(?<=(?<!\\p{L})(?:el|la|le|the|am)\\s)(?:mism[oa]|m[êe]me|same|selben|gleichen)\\s+(?=(?:${WEEKDAY_NAME})(?!\\p{L}))`, 'giu'), ''],
  // "9am Sydney time (AEDT)", "10:00 New York time (EST)": the zone's abbreviation in brackets says it; the city's name hid it from chrono.
  [/(?<=\d\s?(?:[ap]\.?m\.?)?)\s+(?:\p{Lu}\p{L}+\s+){1,2}time\s+(?=\([A-Z]{2,5}\))/gu, ' '],
  // "our holiday party again this year - Saturday, December 12": chrono took "this year - Saturday" for one range and lost the day.
  [/(?<!\p{L})(?:this|next|este|el próximo|dieses|nächstes|cette|l['’]ann[ée]e prochaine)\s+(?:year|año|jahr|ann[ée]e)(?=\s*[-–—]\s)/giu, ''],
  // "The tour lasts about 45 minutes": chrono took "lasts" for "last s(econd)", a moment ago.
  [/(?<!\p{L})last(?:s|ed|ing)(?!\p{L})/giu, ''],
  // "flights for MLK weekend", "Thanksgiving weekend": a named holiday's weekend, not this one.
  [/(?<=(?<!\p{L})(?!(?:This|Next|Last|The)\s)\p{Lu}[\p{L}'’.]*\s)weekend(?!\p{L})/gu, ''],
  // "open now through Friday, December 4 at 5:00 PM": the window's end is the day; chrono read a range from now.
  [/(?<!\p{L})now(?=\s+(?:through|until|till|thru)\s)/giu, ''],
  // "noon-2pm", "10am–noon": chrono reads "noon" alone but not as one end of a range.
  [/(?<!\p{L})noon(?!\p{L})/giu, '12pm'],
  // "12 de diciembre de 10 a 13 h": chrono takes "de 10" after a month for the year 2010.
  [
    /(?<=(?:enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|setiembre|octubre|noviembre|diciembre)) (?=de\s+\d{1,2}(?:[:.]\d{2})?\s*(?:h\s*)?(?:a|-|–|y|hasta)\s+(?:las?\s+)?\d)/giu,
    ';',
  ],
  // "We'll need the kitchen cleared out the day before", "la veille", "am Vortag": the day before the mail's event, not yesterday (task-context.ts).
  [
    /(?<!\p{L})(?:the (?:day|night|evening) before|el d[íi]a (?:anterior|antes)|la noche anterior|la veille|am vortag|am abend davor|am tag davor)(?!\p{L})/giu,
    '',
  ],
  // "Hora: 10:00 a 12:00 h": a Spanish range of hours without its "de"; chrono took "10:00 a" for 10 a.m.
  [/(?<=(?<![\d:.])\d{1,2}:\d{2})\s+a\s+(?=(?:las\s+)?\d{1,2}(?::\d{2}|\s*h(?!\p{L})))/giu, ' - '],
  // "avant mercredi midi", "le 25 midi": noon after a day.
  [/(?<=(?:lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche|\d)) midi(?!\p{L})/giu, ' 12h '],
  [/(?<!\p{L})al mediod[ií]a(?!\p{L})/giu, 'a las 12:00'],
  // "from 6pm" said as a start: "à partir de 18h", "dès 18h", "a partir de las 18:00" read as the time itself
  // (chrono takes "de 18h" for a duration from now).
  [/(?<!\p{L})(?:à partir de|dès)(?=\s+\d)/giu, 'à'],
  [/(?<!\p{L})a partir de(?=\s+las?\s+\d)/giu, 'a'],
  // "at 14 Maple Avenue", "au 12 rue des Lilas": a number that a street name follows is a house's, not
  // an hour (blanked, so "at" alone reads as nothing).
  [new RegExp(String.raw`(?<![\p{L}\d:.])\d{1,4}[a-z]?(?=,?\s+(?:(?:[\p{Lu}][\p{L}'’-]*\s+){1,3}${STREET_TYPE}\b|${STREET_NOUN}\s))`, 'gu'), ''],
];

/** The text as chrono is given it: the rewrites above, each of the same length, so positions stay valid. */
export function readable(text: string): string {
  let out = text;
  for (const [re, to] of NOON) out = out.replace(re, (m) => to.padEnd(m.length, ' ').slice(0, m.length));
  return out;
}
