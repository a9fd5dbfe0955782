/**
 * Confidence from the evidence each item rests on, so that it separates right items from wrong
 * ones. The base level says how the item was found (confidence.ts) and the mail's class scales it
 * (by-class.ts); here each field is judged by how it was read, because wrong items are mostly the
 * right kind with one wrong field:
 * - the date: a calendar date written out ("December 12", "15.12.", "12/28") is read right far more
 *   often than a weekday or a relative word resolved against the mail's date ("Friday", "tomorrow");
 * - the hour: a clock form ("7:30", "6pm", "19h", "14 Uhr") against an hour guessed or missing;
 * - the title: a clause of its own against a fragment (cut at a number, opening with punctuation), a
 *   title borrowed from the subject line, a one-word or sentence-long title, a place left in it;
 * - the place: a street address or a named venue against a lowercase phrase guessed from a
 *   preposition ("at our new place"), or a place named but not understood.
 * Each test reads the item's own short excerpt or title, so the cost stays linear in the message.
 */
import type { TextTask } from './action-items.js';
import type { TextEvent } from './meetings.js';
import { opensWithVenue } from './places.js';

/** A title that is still a clause with its subject ("We'll meet in ...", "I need ..."). */
const PRONOUN_CLAUSE = /^(?:we|i|you|they|he|she|it)(?:['’](?:ll|re|ve|d|m|s))?\s|^(?:nous|je|on|wir|ich|nosotros|yo)\s/i;
export const GENERIC_EVENT_TITLE =
  /^(?:\d+[- ]?(?:minute|min|hour)s?\s+)?(?:meet|meeting|call|sync|chat|catch[- ]?up|visio|appel|r[ée]union|rendez-vous|rdv|termin|treffen|besprechung|anruf|telefonat|reuni[óo]n|llamada|cita|event|evento|[ée]v[ée]nement|veranstaltung|session|sesi[óo]n|sitzung|s[ée]ance)$/i;
const round = (x: number) => Math.round(Math.max(0.05, Math.min(0.99, x)) * 100) / 100;

/** Month names and abbreviations in the four languages, or a numeric day and month. */
const WRITTEN_DATE = new RegExp(
  [
    '(?<!\\p{L})(?:january|february|march|april|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sept?|oct|nov|dec)\\.?(?!\\p{L})',
    '(?<!\\p{L})(?:enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|setiembre|octubre|noviembre|diciembre|ene|ago|dic)(?!\\p{L})',
    '(?<!\\p{L})(?:januar|februar|m[äa]rz|mai|juni|juli|oktober|dezember|okt|dez)(?!\\p{L})',
    '(?<!\\p{L})(?:janvier|f[ée]vrier|mars|avril|juin|juillet|ao[ûu]t|septembre|octobre|novembre|d[ée]cembre|janv|f[ée]vr?|avr|juil|d[ée]c)\\.?(?!\\p{L})',
    '(?<![\\d.,:])\\d{1,2}[./]\\d{1,2}(?:[./]\\d{2,4})?(?![\\d:])',
    '\\d{4}-\\d{2}-\\d{2}',
  ].join('|'),
  'iu',
);
/** An hour in a clock form: "7:30", "6pm", "6 PM", "19h", "14 Uhr", "à midi", "noon". */
const CLOCK =
  /\d{1,2}[:.h]\d{2}|\d{1,2}\s?(?:a\.?m\.?|p\.?m\.?)(?!\p{L})|\d{1,2}\s?(?:uhr|h)(?!\p{L})|(?<!\p{L})(?:noon|midnight|midi|mediod[íi]a|mittag)(?!\p{L})/iu;
/** A title cut short: it opens with punctuation or ends on a bare number ("Belege für das 4"). */
const FRAGMENT = /^[^\p{L}\p{N}]|\s\d{1,3}\.?$/u;
/**
 * A title pieced together wrongly: the same two words twice ("Meldet eure Kinder Meldet eure Kinder
 * ..."), or a condition for its head ("Falls Sie ... nicht anwesend sein können, ...", "If you can't
 * make it ..."): what the reader is to do was not found, only words around it.
 */
const REPEATED_PAIR = /(?<!\p{L})(\p{L}{2,}\s+\p{L}{2,})(?!\p{L}).*(?<!\p{L})\1(?!\p{L})/iu;
const CONDITION_HEAD = /^(?:if|unless|in case|when|falls|wenn|sofern|si|salvo|cuando|en caso de|lorsque|quand|au cas o[ùu])\s/i;
const PLACE_FOR_NAME = /^(?:at|in|inside|im|in der|am|beim|à|au|aux|dans|chez|en|en el|en la)\s/i;
function garbled(title: string): boolean {
  return CONDITION_HEAD.test(title) || REPEATED_PAIR.test(title);
}

function placeWeight(location: string): number {
  if (/\d/.test(location)) return 0.03; // a street address, a room number
  if (/\p{Lu}/u.test(location) || opensWithVenue(location)) return 0; // a named place or a venue noun
  return -0.1; // a lowercase phrase after a preposition: a guess
}

export function calibrateEvent(e: TextEvent): TextEvent {
  let c = e.confidence;
  if (!e.location) c -= e.weak?.unreadPlace ? 0.2 : 0.1;
  else c += placeWeight(e.location);
  if (e.weak?.subjectTitle) c -= 0.15;
  if (e.weak?.nextSentenceTime) c -= 0.05;
  if (PRONOUN_CLAUSE.test(e.title)) c -= 0.2;
  if (e.title.split(/\s+/).length > 8) c -= 0.05;
  // "Meet", "Call", "Visio", "Termin": the kind of meeting only, not which one.
  if (GENERIC_EVENT_TITLE.test(e.title.trim())) c -= 0.08;
  // A comma in an event title is a list or a place that stayed in it ("Tournoi de Noël, gymnase ...").
  // "À l'atelier", "Im Atelier", "At the studio": a place phrase for a name, what happens was not read.
  if (e.title.includes(',') || FRAGMENT.test(e.title) || garbled(e.title) || PLACE_FOR_NAME.test(e.title)) c -= 0.15;
  c += WRITTEN_DATE.test(e.excerpt) ? 0.04 : -0.06;
  if (!e.allDay && !CLOCK.test(e.excerpt)) c -= 0.06;
  return { ...e, confidence: round(c) };
}

export function calibrateTask(t: TextTask, refMs: number): TextTask {
  let c = t.confidence;
  const words = t.title.split(/\s+/).length;
  if (words > 11) c -= 0.1;
  if (words <= 1) c -= 0.1;
  if (FRAGMENT.test(t.title) || garbled(t.title)) c -= 0.2;
  // "Review it: Q3 plan": the object was borrowed from the subject line.
  if (/:\s/.test(t.title) && t.kind !== 'schedule') c -= 0.06;
  if (t.dueMs !== null) {
    // A due date before the mail was written was read wrong (an hour's grace for zones).
    if (t.dueMs < refMs - 3600000) c -= 0.15;
    c += WRITTEN_DATE.test(t.excerpt) ? 0.04 : -0.06;
  } else if (t.kind === 'section' || t.kind === 'deadline') {
    // An entry of a dated list, or a deadline statement, whose date was not read.
    c -= 0.1;
  }
  if (t.kind === 'imperative' && t.dueMs === null) c -= 0.05;
  if (PRONOUN_CLAUSE.test(t.title)) c -= 0.15;
  return { ...t, confidence: round(c) };
}
