export { EmailParseError } from './errors.js';
import { extract } from './extract.js';
import { parseEmail } from './parse-message.js';

export { extract, type ExtractOptions } from './extract.js';
export { subjectTitle } from './subject.js';
export { parseEmail } from './parse-message.js';
export type {
  CalendarPart,
  ExtractedAttendee,
  ExtractedCancellation,
  ExtractedEvent,
  ExtractedTask,
  Extraction,
  ParsedEmail,
  ParsedInternal,
  ParsedMessage,
  RsvpStatus,
} from './types.js';

const WARM_UP = [
  'Subject: Warm-up\n\nPlease send the report by Friday. The team meeting is on Tuesday at 10am in Room 4.',
  'Subject: Hola\n\n¿Puedes revisar el presupuesto para el jueves? Reunión el martes 24 de noviembre a las 10:00.',
  'Subject: Hallo\n\nBitte senden Sie mir die Unterlagen bis Freitag, 13. November. Termin am 15.12. um 10 Uhr.',
  "Subject: Bonjour\n\nPouvez-vous m'envoyer le devis d'ici lundi ? Rendez-vous le mardi 10 novembre à 14h30.",
];

/**
 * Reads a few small messages once, so the date parsers and the English lexicon have built their
 * tables before the first real message is timed against its budget (D22). The worker calls this
 * before it says it is ready.
 */
export async function warmUp(): Promise<void> {
  for (const text of WARM_UP)
    extract(await parseEmail(Buffer.from(`Date: Thu, 5 Nov 2026 10:00:00 +0000\r\n${text.replace(/\n/g, '\r\n')}`)), { now: new Date('2026-11-05T10:00:00Z') });
}
