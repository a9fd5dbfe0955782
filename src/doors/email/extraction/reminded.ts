/**
 * "Y no te olvides del turno con el dentista el lunes 7 a las 18:30", "Don't forget your dentist
 * appointment on Monday at 6:30", "Vergiss deinen Zahnarzttermin am Montag um 18:30 nicht",
 * "N'oublie pas ton rendez-vous lundi à 18h30": a reminder of an appointment at an hour is the
 * appointment, not an errand; the reminder's words ("Os recuerdo que", "Denkt daran, dass") are no part of its name.
 */
import { findDates, type DateContext } from './dates.js';

export const REMINDER_LEAD =
  /^(?:(?:and|also|plus|y|und|et)\s+)?(?:(?:please\s+)?(?:don['’]t|do\s+not)\s+forget(?:\s+about)?|remember|no\s+(?:te\s+)?olvides|no\s+se\s+olvide|no\s+os\s+olvid[ée]is|recuerda|recordad|recuerde|recuerden|(?:os|te|le|les)\s+(?:recuerdo|recordamos)|acordate|vergiss|vergesst|vergessen\s+sie|denk(?:t|en\s+sie)?\s+daran,?|n['’]oubli(?:e|ez)\s+pas|rappelez-vous|(?:je|nous)\s+vous\s+rappel(?:le|ons)|we\s+remind\s+you)\s+(?:(?:de|del|de\s+la|de\s+tu|de\s+su|that|que|dass)\s+|qu['’]\s*)?/iu;
const APPOINTMENT = /(?<!\p{L})(?:appointment|appt|turno|cita|consulta|termin|rendez-vous|rdv|check-?up|fitting|interview)(?!\p{L})|\p{L}+termin(?!\p{L})/iu;

/** Does the clause remind of an appointment at an hour? */
export function remindsOfAppointment(clause: string, ctx: DateContext): boolean {
  const lead = REMINDER_LEAD.exec(clause.trim());
  if (!lead) return false;
  const rest = clause.trim().slice(lead[0].length);
  return APPOINTMENT.test(rest) && findDates(rest, ctx).some((m) => m.hasDay && m.hasTime);
}
