/**
 * Days written down rather than told: a place closed for a day ("The school will be closed on
 * Friday, December 18", "No school on Monday") and an agenda entry, a noun phrase with a day and an
 * hour and no verb ("dentist on Dec 17 at 4:15pm", "Zahnarzt am 17.12. um 16:15", "Coiffeur mardi à
 * 9h30", "Dentista el jueves a las 16:15"). Read only when nothing else was read from the clause.
 */
import { IMPERATIVE } from './action-items.js';
import { CONFIDENCE } from './confidence.js';
import { findDates, mentionEndMs, mentionStartMs, type DateContext, type DateMention } from './dates.js';
import { INVITED, invitedTo, visitPurpose } from './event-cues.js';
import { isDeadlineMention } from './deadline-mention.js';
import { RELATIVE_DAY, type TextEvent } from './meetings.js';
import { hasMeetingWord, meetingPhrase } from './meeting-words.js';
import { findLocation, isTimeZoneName } from './places.js';
import { closure, opensWithImperative } from './statements.js';
import { capitalise, finishTitle, stripListMarker } from './titles.js';

/** "The school will be closed on Friday, December 18": an all-day event on that day, named by what is closed. */
function closedDay(clause: string, ctx: DateContext): TextEvent | null {
  const what = closure(clause);
  if (!what) return null;
  const mentions = findDates(clause, ctx);
  const at = mentions.findIndex((x) => x.hasDay && !x.hasTime && !x.likelyPast && !RELATIVE_DAY.test(x.text) && !isDeadlineMention(clause, x));
  if (at < 0) return null;
  const day = mentions[at];
  const startMs = Date.UTC(day.year, day.month - 1, day.day);
  if (startMs < ctx.refMs - 86400000) return null;
  // "du jeudi 24 décembre au vendredi 1er janvier", "December 24 to January 1": closed through the last day.
  const next = mentions[at + 1];
  const last =
    day.endDay ??
    (next?.hasDay &&
    /^\s*(?:au|to|until|through|thru|bis|al|hasta|-|–)\s*(?:le\s+|el\s+|zum\s+)?(?:\p{L}{3,}\.?,?\s+)?$/iu.test(clause.slice(day.end, next.index))
      ? next
      : null);
  const lastMs = last ? Date.UTC(last.year, last.month - 1, last.day) : startMs;
  return {
    title: finishTitle(capitalise(what), 8),
    excerpt: clause,
    startMs,
    endMs: (lastMs > startMs && lastMs - startMs < 31 * 86400000 ? lastMs : startMs) + 86400000,
    allDay: true,
    location: null,
    confidence: CONFIDENCE.closedDay,
    rule: 'closedDay',
  };
}

/** A note's label: "Reminder to myself:", "Note:", "Rappel :", "Recordatorio:", "Notiz:". */
const NOTE_LABEL =
  /^\s*(?:(?:reminder|note|memo|fyi|rappel|recordatorio|nota|erinnerung|notiz)(?:\s+(?:to|for|à|para|für)\s+(?:myself|self|me|moi|m[íi]|mich))?|to-?do)\s*:\s*/i;
/** Words that make a clause a sentence (pronouns, auxiliaries, request words) or a deadline or opening hours, not an entry. */
const NOT_AN_ENTRY =
  /(?<!\p{L})(?:i|you|we|they|he|she|it|please|will|is|are|was|were|be|can|could|would|should|need|must|let|has|have|je|tu|nous|vous|il|elle|on|est|sont|sera|yo|t[úu]|nosotros|es|son|ser[áa]|ich|du|wir|ihr|sie|ist|sind|wird|bitte|por favor|merci|deadline|due|frist|plazo|[ée]ch[ée]ance|abgabe|hours|horario|[öo]ffnungszeiten|horaires|open|opens|closes|sent|posted|updated|last|order|total)(?!\p{L})|[$€£#@]/iu;

/** The words after an entry's hour, taken as its place unless they name the calendar's time zone. */
const placeOrNull = (words: string): string | null => (isTimeZoneName(words) ? null : words);

function agendaEntry(clause: string, ctx: DateContext, previous: string): TextEvent | null {
  const text = stripListMarker(clause.trim()).replace(NOTE_LABEL, '');
  if (text.length > 120) return null;
  const m = findDates(text, ctx).find((x) => x.hasDay && x.hasTime && !x.likelyPast && !isDeadlineMention(text, x));
  if (!m) return null;
  // "You're invited to Mia's baby shower! Sunday, January 10 · 1-4 PM · 88 Cedar Ave.": the day line after the happening.
  if (m.index < 3) return afterHappening(text, m, ctx, previous);
  // "Arrival: Friday, 18 December": a field's label, not an entry (a booking's fields are read by its class).
  if (/:\s*$/.test(text.slice(0, m.index))) return null;
  let head = text
    .slice(0, m.index)
    .replace(/\s+(?:on|at|am|um|el|le|this|next|a las|à)\s*$/i, '')
    .replace(/[\s,:–-]+$/, '')
    .trim();
  // "Flu shot at CVS Saturday 11am": the place may come before the day.
  const placed = /\s+(?:at|@|bei|chez|à|en)\s+([\p{Lu}][\p{L}\p{N}'’&.-]*(?:\s+[\p{Lu}\d][\p{L}\p{N}'’&.-]*){0,3})$/u.exec(head);
  if (placed) head = head.slice(0, placed.index);
  const words = head.split(/\s+/);
  if (!head || words.length > 5 || NOT_AN_ENTRY.test(head) || IMPERATIVE.test(head) || (ctx.lang === 'en' && opensWithImperative(`${head} x`))) return null;
  const tail = text
    .slice(m.end)
    .replace(/^[\s,]+/, '')
    .replace(/[.!]+\s*$/, '')
    .trim();
  if (tail && (tail.split(/\s+/).length > 6 || NOT_AN_ENTRY.test(tail))) return null;
  const startMs = mentionStartMs(m, ctx, false);
  if (startMs < ctx.refMs - 3600000) return null;
  const end = mentionEndMs(m, ctx);
  const location = placed
    ? placed[1]
    : tail
      ? (findLocation(tail) ??
        (/^(?:at|in|@|à|au|en|im|in der|bei|chez|\(|[\p{Lu}\d])/u.test(tail)
          ? placeOrNull(tail.replace(/^(?:at|in|@|à|au|en|im|in der|bei|chez)\s+/i, '').replace(/^\(|\)$/g, ''))
          : null))
      : null;
  return {
    title: visitPurpose(text) ?? finishTitle(capitalise(head), 8),
    excerpt: clause,
    startMs,
    endMs: end !== null && end > startMs ? end : startMs + 3600000,
    allDay: false,
    location: location || null,
    confidence: CONFIDENCE.agendaEntry,
    rule: 'agendaEntry',
  };
}

function afterHappening(text: string, m: DateMention, ctx: DateContext, previous: string): TextEvent | null {
  if (!previous || previous.length > 200 || !(hasMeetingWord(previous) || INVITED.test(previous)) || findDates(previous, ctx).some((x) => x.hasDay))
    return null;
  const title = meetingPhrase(previous) ?? invitedTo(previous, ctx.lang);
  const tail = text
    .slice(m.end)
    .replace(/^[\s,·|•–-]+/, '')
    .replace(/[.!]+\s*$/, '')
    .trim();
  if (!title || tail.split(/\s+/).length > 8 || NOT_AN_ENTRY.test(tail.replace(/[$€£#@]/g, ''))) return null;
  const startMs = mentionStartMs(m, ctx, false);
  if (startMs < ctx.refMs - 3600000) return null;
  const end = mentionEndMs(m, ctx);
  return {
    title,
    excerpt: `${previous} ${text}`,
    startMs,
    endMs: end !== null && end > startMs ? end : startMs + 3600000,
    allDay: false,
    location: tail ? (findLocation(tail) ?? (/^[\p{Lu}\d]/u.test(tail) ? placeOrNull(tail) : null)) : null,
    confidence: CONFIDENCE.agendaEntry,
    rule: 'agendaEntry',
  };
}

/** A day written down in a clause that told no event: a closure, or an agenda entry. */
export function dayEntry(clause: string, ctx: DateContext, previous = ''): TextEvent | null {
  return closedDay(clause, ctx) ?? agendaEntry(clause, ctx, previous);
}

/**
 * "The performances are Friday, December 18 at 7 PM and Saturday, December 19 at 2 PM": one
 * happening on several days and hours joined by "and" or a comma is one event per day. Only a bare
 * connector may stand between them ("... and the concert is Saturday at 7" names another event).
 */
export function sameEventOtherDays(ev: TextEvent, clause: string, ctx: DateContext): TextEvent[] {
  if (ev.allDay) return [];
  const mentions = findDates(clause, ctx).filter((x) => x.hasDay && x.hasTime && !x.likelyPast);
  const at = mentions.findIndex((x) => mentionStartMs(x, ctx, false) === ev.startMs);
  if (at < 0) return [];
  const out: TextEvent[] = [];
  for (let i = at + 1; i < mentions.length; i++) {
    const gap = clause.slice(mentions[i - 1].end, mentions[i].index);
    if (!/^\s*(?:,|and|y|und|et|&|as well as|sowie|ainsi que)?\s*(?:,|and|y|und|et)?\s*(?:on|el|am|le|at)?\s*$/i.test(gap)) break;
    const startMs = mentionStartMs(mentions[i], ctx, false);
    if (startMs <= ev.startMs) break;
    const end = mentionEndMs(mentions[i], ctx);
    out.push({ ...ev, startMs, endMs: end !== null && end > startMs ? end : startMs + (ev.endMs - ev.startMs) });
  }
  return out;
}
