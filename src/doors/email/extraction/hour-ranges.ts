/** Hour ranges written as words around two hours, read onto the mention of the day they belong to. */
import type { DateMention } from './dates.js';

/**
 * Hour ranges chrono reads only in part ("zwischen 8 und 12 Uhr", "entre las 9 y las 14 h", "entre
 * 8h et 12h", "de 10:00 a 12:30", "between 8 and 11 am"): the range's first hour is the start and
 * its second the end, on the day named just before it.
 */
const HOUR_RANGE =
  /(?<!\p{L})(?:between|from|entre(?:\s+las?)?|de(?:\s+las?)?|desde(?:\s+las?)?|von|zwischen)\s+(\d{1,2})(?:[:.h](\d{2}))?\s*(a\.?m\.?|p\.?m\.?|uhr|h|heures?|horas?|hrs?)?\s*(?:and|to|until|till|-|–|y(?:\s+las?)?|a(?:\s+las?)?|hasta(?:\s+las?)?|und|bis|et|à)\s+(\d{1,2})(?:[:.h](\d{2}))?(?:\s*(a\.?m\.?|p\.?m\.?|uhr|h(?!\p{L})|heures?|horas?|hrs?))?/giu;

export function readRanges(text: string, mentions: DateMention[]): void {
  if (!mentions.length) return;
  for (const r of text.matchAll(HOUR_RANGE)) {
    const [all, h1, m1, u1, h2, m2, u2] = r;
    if (!u1 && !u2 && !m1 && !m2) continue;
    let start = Number(h1);
    let end = Number(h2);
    if (start > 23 || end > 24) continue;
    const pm1 = /^p/i.test(u1 ?? '');
    const pm2 = /^p/i.test(u2 ?? '');
    if (pm1 && start < 12) start += 12;
    if (pm2 && end < 12) end += 12;
    if (!u1 && pm2 && start < 12 && start + 12 <= end) start += 12;
    if (end * 60 + Number(m2 ?? 0) <= start * 60 + Number(m1 ?? 0)) continue;
    const from = r.index ?? 0;
    const to = from + all.length;
    const owner =
      mentions.find((m) => m.hasDay && m.index <= from && from - m.end <= 40 && !/[.!?]\s/.test(text.slice(m.end, from))) ??
      mentions.find((m) => m.hasTime && m.index < to && from < m.end);
    if (!owner) continue;
    owner.hasTime = true;
    owner.hour = start;
    owner.minute = Number(m1 ?? 0);
    owner.endTime = { year: owner.year, month: owner.month, day: owner.day, hour: end, minute: Number(m2 ?? 0) };
    owner.end = Math.max(owner.end, to);
    owner.text = text.slice(owner.index, owner.end);
    for (let i = mentions.length - 1; i >= 0; i--) {
      const m = mentions[i];
      if (m !== owner && m.index < to && from < m.end && !m.hasDay) mentions.splice(i, 1);
    }
  }
}
