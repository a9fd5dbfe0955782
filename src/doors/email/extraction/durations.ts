/**
 * How long something lasts, as minutes: a length written with its unit ("45 min", "1,5 Stunden",
 * "2 hours") and one said in a sentence or a field of its own, in digits or in words.
 */

import { findDates, mentionEndMs, mentionStartMs, type DateContext, type DateMention } from './dates.js';

/** "should be wrapped up by about 4 pm", "fertig bis ca. 16 Uhr", "terminé vers 16h", "(Ende gegen 18:00 Uhr)", "Il durera toute la matinée (jusqu'à 12h30)": the hour it ends. */
const FINISHED_BY =
  /(?:(?:wrapped up|done|finished|out|fertig|terminad[oa]s?|termin[ée]e?s?)\s+(?:by|bis|para|vers|avant|à)|(?<!\p{L})(?:ende[nt]?|ends?|fin|finit|termina|finaliza|se termine)\s+(?:gegen|um|ca\.|at|around|by|vers|à|a las|hacia las)|(?<!\p{L})(?:lasts?|runs?|goes on|continues|dure(?:ra)?|durar[áa]|dura|dauert|geht)(?!\p{L})[^.!?\d]{0,30}?(?:until|till|jusqu['’]à|hasta las?|bis))\s+((?:about|around|ca\.|gegen|vers)?\s*\d{1,2}(?:[:.h]\d{2})?\s*(?:[ap]\.?m\.?|uhr|h)?)/iu;

/** "Il durera toute la matinée (jusqu'à 12h30).": a sentence that tells when the event before it ends. */
/** "Wir sind voraussichtlich gegen 20:30 Uhr fertig", "... um 17 Uhr vorbei": German puts the hour before the word that it ends. */
const DONE_AT_HOUR = /(?<!\p{L})(?:gegen|um|ca\.|etwa)\s+(\d{1,2}(?:[:.]\d{2})?\s*uhr)\s+(?:fertig|zu ende|vorbei|beendet)(?!\p{L})/iu;
export const toldEnd = (sentence: string) => FINISHED_BY.test(sentence) || DONE_AT_HOUR.test(sentence);

/** Where an event starting at `startMs` ends: its stated end, the hour its work is done, a length said in `context`, or an hour on. */
export function eventEndMs(m: DateMention, ctx: DateContext, startMs: number, context: string): number {
  const stated = mentionEndMs(m, ctx);
  if (stated !== null && stated > startMs) return stated;
  const done = FINISHED_BY.exec(context) ?? DONE_AT_HOUR.exec(context);
  const at = done ? findDates(done[1], ctx).find((x) => x.hasTime && !x.hasDay) : undefined;
  const doneMs = at ? mentionStartMs({ ...m, hasTime: true, hour: at.hour, minute: at.minute, endTime: null }, ctx, false) : 0;
  if (doneMs > startMs && doneMs - startMs <= 12 * 3600000) return doneMs;
  const minutes = findDurationMinutes(context);
  return startMs + (minutes ?? 60) * 60000;
}

/** "30 minutes", "45 min", "2 hours", "1.5h", "30 min slots": a stated duration in minutes. */
export function findDurationMinutes(text: string): number | null {
  // "8 h 30" is the French way to write a time of day, not eight hours.
  const m = /\b(\d+(?:[.,]\d+)?)[\s-]*(minutes?|mins?|min\.?|minutos|minuten|hours?|hrs?|horas?|stunden?|heures?|h(?!\s*\d))\b/i.exec(text);
  if (!m) return null;
  const n = Number(m[1].replace(',', '.'));
  const unit = m[2].toLowerCase();
  const minutes = /^(h|hours?|hrs?|horas?|stunden?|heures?)$/.test(unit) ? n * 60 : n;
  return minutes > 0 && minutes <= 12 * 60 ? Math.round(minutes) : null;
}

/**
 * How long something lasts, said in a sentence or a field of its own: "It should take about 90
 * minutes", "Duration: 45 min", "Durée prévue : 45 minutes", "Dauer: ca. 30 Minuten", "La consulta
 * dura unos 40 minutos", "the session runs 2 hours", "They asked for 45 minutes". A duration word, then the amount, within a few words.
 */
const DURATION_STATEMENT =
  /(?<!\p{L})(?:takes?|taking|last(?:s|ing)?|runs?|asked for|asks for|plan (?:on|for)|planning (?:on|for)|set aside|block(?:ed)?(?:\s+off)?|plant|planen|einplanen|duration|length|est(?:imated|\.)?\s+time|dur[ée]e|dure(?:ra)?|comptez|pr[ée]voyez|calcul[aeo]d?|cuenta con|rechnen sie mit|rechne mit|allow(?: for)?|dauer[nt]?|duraci[óo]n|dura(?:r[áa])?|tarda(?:r[áa])?|tomar[áa]|llevar[áa])(?!\p{L})(?:ca\.|approx\.|aprox\.|env\.|[^.!?\n\d]){0,30}\d|^\s*(?:it['’]s|it\s+is|that['’]s|son|ser[áa]n|es\s+sind|c['’]est|ce\s+sera)\s+(?:about\s+|around\s+|unos\s+|aproximadamente\s+|ca\.\s+|etwa\s+|environ\s+)?\d/imu;

/** "1 hora y media", "2 hours and a half", "1 heure et demie". */
const HOURS_AND_A_HALF = /(?<!\p{L})(\d)\s+(?:hours?|heures?|horas?|stunden?)\s+(?:and\s+a\s+half|et\s+demie|y\s+media|und\s+eine\s+halbe)(?!\p{L})/giu;
/** "an hour and a half", "une heure et quart", "media hora", "anderthalb Stunden": lengths said in words, as minutes. */
const WORDED_LENGTH: [RegExp, string][] = [
  [
    /(?<!\p{L})(?:(?:an?|one|une|una|eine)\s+)?(?:hour|heure|hora|stunde)\s+(?:and\s+a\s+half|et\s+demie|y\s+media)(?!\p{L})|(?<!\p{L})(?:anderthalb|eineinhalb)\s+stunden(?!\p{L})/giu,
    '90 min',
  ],
  [/(?<!\p{L})(?:an?|one|une|una|eine)\s+(?:hour|heure|hora|stunde)\s+(?:and\s+a\s+quarter|et\s+quart|y\s+cuarto)(?!\p{L})/giu, '75 min'],
  [/(?<!\p{L})(?:half\s+an\s+hour|une\s+demi-heure|media\s+hora|eine\s+halbe\s+stunde)(?!\p{L})/giu, '30 min'],
  [/(?<!\p{L})(?:an|one|une|una|eine)\s+(?:hour|heure|hora|stunde)(?!\p{L})/giu, '60 min'],
  [/(?<!\p{L})(?:two|deux|dos|zwei)\s+(?:hours|heures|horas|stunden)(?!\p{L})/giu, '120 min'],
];

export function statedDurationMinutes(said: string): number | null {
  let text = said
    .replace(HOURS_AND_A_HALF, (_whole, hours: string) => `${Number(hours) * 60 + 30} min`)
    // "Prévoyez environ 1h30": hours and minutes the French way, read as a length only after a length word.
    .replace(/(?<![\d:])(\d{1,2})\s?h\s?(\d{2})(?!\d)/gi, (_whole, h: string, m: string) => `${Number(h) * 60 + Number(m)} min`);
  for (const [re, minutes] of WORDED_LENGTH) text = text.replace(re, minutes);
  const m = DURATION_STATEMENT.exec(text);
  return m ? findDurationMinutes(text.slice(m.index, m.index + m[0].length + 24)) : null;
}

/** "Can we grab 30 minutes on Monday at 11", "a 30-minute call", "una llamada de 45 minutos", "ein 20-minütiges Gespräch": a length told before the day. */
export const LENGTH_BEFORE =
  /(?<!\p{L})(?:(?:grab|find|block|set aside|take|need)\s+(\d+\s*(?:minutes|mins|hours?))|(\d+-(?:minute|min))(?!\p{L})|(?:llamada|reuni[óo]n|videollamada|charla|appel|r[ée]union|entretien|visio)\s+de\s+(\d+\s*(?:minutos|minutes|min)))|(\d+)-?min[üu]tige?[nrs]?(?!\p{L})/iu;
