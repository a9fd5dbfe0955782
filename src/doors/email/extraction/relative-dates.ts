/**
 * Deadlines counted from the mail: "within 5 days", "in the next two weeks", "innerhalb von 14
 * Tagen", "binnen 7 Tagen", "dans les 10 jours", "en un plazo de 15 días". The day is counted from
 * the mail's own date (the reference date), the only date such a sentence can mean.
 */
import { type DateContext, type DateMention, wholeDay } from './dates.js';
import { utcToWall } from './timezones.js';

const NUMBER_WORDS: Record<string, number> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  seven: 7,
  ten: 10,
  fourteen: 14,
  thirty: 30,
  un: 1,
  une: 1,
  deux: 2,
  trois: 3,
  cinq: 5,
  sept: 7,
  dix: 10,
  quinze: 15,
  trente: 30,
  uno: 1,
  dos: 2,
  tres: 3,
  cinco: 5,
  siete: 7,
  diez: 10,
  quince: 15,
  treinta: 30,
  ein: 1,
  einem: 1,
  zwei: 2,
  drei: 3,
  fünf: 5,
  sieben: 7,
  zehn: 10,
  vierzehn: 14,
  dreißig: 30,
};
const WITHIN =
  /(?<!\p{L})(?:within|in the next|innerhalb(?: von)?|binnen|dans les|sous|dentro de(?: los)?|en un plazo de|en los pr[óo]ximos)\s+(\d{1,2}|[\p{L}ß]+)\s+(?:(?:business|working|calendar|días h[áa]biles|jours ouvrés)\s+)?(days?|weeks?|tagen?|wochen?|jours?|semaines?|d[íi]as?|semanas?)(?!\p{L})(?:\s+(?:of|from|after|nach|ab|à compter de|suivant|desde|a partir de|tras)\s+[^,.;!?]{1,40})?/iu;

export function withinMention(text: string, ctx: DateContext): DateMention | null {
  const m = WITHIN.exec(text);
  if (!m) return null;
  const n = /^\d/.test(m[1]) ? Number(m[1]) : NUMBER_WORDS[m[1].toLowerCase()];
  if (!n || n > 90) return null;
  const days = /^(?:week|woche|semaine|semana)/i.test(m[2]) ? n * 7 : n;
  const ref = utcToWall(ctx.refMs, ctx.offset);
  return wholeDay(m, new Date(Date.UTC(ref.year, ref.month - 1, ref.day) + days * 86400000), false);
}
