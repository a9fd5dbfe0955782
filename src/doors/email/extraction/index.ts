

export { EmailParseError } from './errors.js';
export { extract, type ExtractOptions } from './extract.js';
export { subjectTitle } from './subject.js';
export { parseEmail } from './parse-message.js';
export type {
  CalendarPart, ExtractedAttendee, ExtractedCancellation, ExtractedEvent, ExtractedTask, Extraction, ParsedEmail,
  ParsedInternal, ParsedMessage, RsvpStatus,
} from './types.js';

