/** Moved appointments and meetings: the new time is the event, the old one nothing. */
import type { TextEvent } from './meetings.js';

/**
 * A moved appointment names its new time after a cue ("your new appointment is", "rescheduled to",
 * "Ihr neuer Termin", "verschoben auf", "nouveau rendez-vous", "reporté au", "su nueva cita es"): that
 * time is the event; the old one, said first, is what no longer holds.
 */
export const NEW_TIME =
  /\b(?:new (?:time|date|appointment|slot|booking)|rescheduled (?:to|for)|moved to|changed to|nuev[ao] (?:cita|hora|fecha|horario|turno)|(?:cambiad|trasladad|movid)a (?:a|al|para)|neue[rn]? (?:termin|uhrzeit|zeit|datum)|verschoben auf|verlegt auf|nouve(?:au|l|lle) (?:rendez-vous|rdv|horaire|date|heure|cr[ée]neau)|report[ée]e? (?:au|à))/iu;
/** "change", "move", "cambiar", "verschieben", "déplacer", "cancel": a clause that says the time it names no longer holds. */
const MOVED_FROM =
  /(?<!\p{L})(?:chang\p{L}*|mov\p{L}*|reschedul\p{L}*|cancel\p{L}*|postpon\p{L}*|cambi\p{L}*|mover|movido|aplaz\p{L}*|anul\p{L}*|verschob\p{L}*|verschieb\p{L}*|verleg\p{L}*|abgesagt|d[ée]plac\p{L}*|report\p{L}*|annul\p{L}*|modifi\p{L}*)(?!\p{L})/iu;

/**
 * When one event of the mail is told as the new time, the others told in a clause about changing or
 * cancelling are the times it replaces.
 */
export function withoutMovedFrom(events: TextEvent[]): TextEvent[] {
  if (events.length < 2) return events;
  const moved = events.find((e) => NEW_TIME.test(e.excerpt) || NEW_TIME.test(e.title));
  if (!moved) return events;
  return events.filter((e) => e === moved || !(MOVED_FROM.test(e.excerpt) && !NEW_TIME.test(e.excerpt)));
}
