/** Month and weekday names read from text: the end of a named month ("Ende Dezember", "finales de diciembre"). */
export const MONTH_NAME =
  'january|february|march|april|may|june|july|august|september|october|november|december|januar|februar|m[äa]rz|mai|juni|juli|oktober|dezember|janvier|f[ée]vrier|mars|avril|juin|juillet|ao[ûu]t|septembre|octobre|novembre|d[ée]cembre|enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|octubre|noviembre|diciembre';
/** The first letters every weekday name or abbreviation starts with, in the four languages ("Thu.", "jue", "sam."). */
export const WEEKDAY_STEM = 'mon|tue|wed|thu|fri|sat|sun|lun|mar|mi[ée]|jeu|jue|ven|vie|sam|s[áa]b|dim|dom';
/** Weekday names written out, in the four languages. */
export const WEEKDAY_NAME =
  'monday|tuesday|wednesday|thursday|friday|saturday|sunday|montag|dienstag|mittwoch|donnerstag|freitag|samstag|sonntag|lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche|lunes|martes|mi[ée]rcoles|jueves|viernes|s[áa]bado|domingo';
/** "end of December", "Ende Dezember", "fin décembre", "a finales de diciembre": that month's last day. */
export const END_OF_NAMED_MONTH = new RegExp(
  `(?<!\\p{L})(?:(?:by |until |before )?(?:the )?end of|ende|(?:à la |d'ici la )?fin(?: de| d')?|(?:a |para )?(?:finales|fin(?:al)?) de)\\s+(${MONTH_NAME})(?!\\p{L})`,
  'giu',
);
/** "30. November", "4 de diciembre", "December 4": a day and its month, as a line wrapped after "by Friday," opens. */
export const DAY_OF_NAMED_MONTH = new RegExp(`^(?:\\d{1,2}\\.?\\s+(?:de\\s+)?(?:${MONTH_NAME})|(?:${MONTH_NAME})\\s+\\d{1,2}(?:st|nd|rd|th)?)(?!\\p{L})`, 'iu');
const MONTH_INDEX: [RegExp, number][] = [
  [/^(?:jan|ene)/i, 1],
  [/^(?:feb|f[ée]v)/i, 2],
  [/^(?:mar(?!s?$)|m[äa]rz|mars$)/i, 3],
  [/^(?:apr|avr|abr)/i, 4],
  [/^(?:may|mai|mayo)/i, 5],
  [/^(?:jun|juin)/i, 6],
  [/^(?:jul|juil)/i, 7],
  [/^(?:aug|ao|ago)/i, 8],
  [/^(?:sep)/i, 9],
  [/^(?:oct|okt)/i, 10],
  [/^(?:nov)/i, 11],
  [/^(?:dec|dez|d[ée]c|dic)/i, 12],
];

/** The month a name or abbreviation means, in the four languages (1-12), or undefined. */
export function monthNumber(name: string): number | undefined {
  return MONTH_INDEX.find(([re]) => re.test(name))?.[1];
}
