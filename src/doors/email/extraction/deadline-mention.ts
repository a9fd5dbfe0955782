/**
 * Whether a day in a clause is a deadline: the words right before it say so ("by", "antes del", "bis
 * spätestens", "au plus tard le", a window that closes), unless they book or fix the day instead ("cita
 * para el lunes", "stop by Tuesday", "fixée pour le 10").
 */
import type { DateMention } from './dates.js';
import { WINDOW_CLOSES, windowShutsAt } from './schedule.js';

/** "by next Friday", "bis kommenden Montag": a word that points at the day, between the deadline word and the day. */
export const POINTS_AT_DAY = String.raw`(?:(?:this|next|coming|kommenden|n[äa]chsten|diesen|pr[óo]ximo|este|ce|prochain)\s*)?`;
const DEADLINE_BEFORE = new RegExp(
  String.raw`\b(by|before|due|due on|due by|due date is|due date|payment due|fecha de vencimiento|fecha l[íi]mite|date d['’][ée]ch[ée]ance|[ée]ch[ée]ance|f[äa]lligkeitsdatum|until|till|runs (?:through|thru)|(?:open|available) (?:now )?(?:through|thru)|${WINDOW_CLOSES}|no later than|deadline|vencen? el|fällig am|à régler (?:avant )?le|para el|para|antes del?|a más tardar|como muy tarde|como m[áa]ximo|hasta|bis|bis zum|spätestens|d'ici|avant|au plus tard|pour le|jusqu['’]au|jusqu['’]à)\s*:?\s*(the\s+|el\s+|le\s+|am\s+|zum\s+)?${POINTS_AT_DAY}$`,
  'i',
);

/** "cita para el lunes", "table for Friday", "rendez-vous pour le 7": the day of a booking, not a deadline. */
const BOOKED_FOR =
  /(?<!\p{L})(?:cita|turno|reserva|mesa|appointment|booking|reservation|table|termin|rendez-vous|rdv|r[ée]servation|visite|visita|meeting|call|llamada|videollamada|appel|telefonat|junta|reuni[óo]n|asamblea|r[ée]union|assembl[ée]e|versammlung|sitzung|convoca|mudanza|umzug|d[ée]m[ée]nagement)(?:\s+(?:ordinaria|extraordinaria|ordinaire|extraordinaire|general|générale|de propietarios|de vecinos|des copropriétaires)){0,2}(?:\s+(?:con|with|avec|mit|bei|chez|de|del|zur|zum)\s+[^,;:]{1,40}?)?\s+(?:para|for|pour|für)\s*(?:el|the|le|la|den)?\s*$/iu;

/**
 * "I'd like to stop by Tuesday at 9am": the "by" of a visit; "La firma queda fijada para el jueves",
 * "fixée pour le 10": the day something is set for. Neither is a deadline.
 */
const NOT_A_DEADLINE =
  /(?:(?:stop|drop|come|swing|pop)(?:s|ping|ped)?|bring\s+(?:\p{L}+\s+){1,2})\s*by(?:\s+on)?\s*$|(?:fijad|programad|agendad|reservad)[ao]s?\s+para\s*(?:el\s*)?$|(?<!\p{L})qued(?:[óo]|a|aron|amos|ar[áa])\s+(?:fijad[ao]s?\s+)?para\s*(?:el\s*)?$|(?:fix[ée]|programm[ée])e?s?\s+pour\s*(?:le\s*)?$/iu;

export function isDeadlineMention(text: string, m: DateMention): boolean {
  const before = text.slice(Math.max(0, m.index - 60), m.index);
  if (windowShutsAt(text, m.index)) return true;
  return DEADLINE_BEFORE.test(before.slice(-25)) && !BOOKED_FOR.test(before) && !NOT_A_DEADLINE.test(before);
}
