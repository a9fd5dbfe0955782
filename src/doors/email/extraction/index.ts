/**
 * Email extraction engine (D16): raw RFC 5322 bytes -> tasks, events and cancellations.
 * Pure: no database, no HTTP. parseEmail throws EmailParseError for input that is not a message;
 * extract never throws for a bad calendar part but lists it in Extraction.errors.
 */
import { extract, type ExtractOptions } from './extract.js';
import { parseEmail } from './parse-message.js';
import type { Extraction, ParsedMessage } from './types.js';

export { EmailParseError } from './errors.js';
export { extract, type ExtractOptions } from './extract.js';
export { subjectTitle } from './subject.js';
export { parseEmail } from './parse-message.js';
export type {
  CalendarPart, ExtractedAttendee, ExtractedCancellation, ExtractedEvent, ExtractedTask, Extraction, ParsedEmail,
  ParsedInternal, ParsedMessage, RsvpStatus,
} from './types.js';

