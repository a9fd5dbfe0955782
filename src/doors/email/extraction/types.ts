/** Output shapes of the email extraction engine (D16). Timestamps are ISO 8601 UTC with ms and Z. */

import type { RsvpStatus } from '../../../core/events/event.js';

export type { RsvpStatus };

export interface ExtractedAttendee {
  email: string;
  name: string | null;
  rsvp_status: RsvpStatus;
}

export interface ExtractedTask {
  title: string;
  description: string;
  due_date: string | null;
  confidence: number;
}

export interface ExtractedEvent {
  title: string;
  description: string;
  start_time: string;
  end_time: string;
  all_day: boolean;
  location: string | null;
  attendees: ExtractedAttendee[];
  confidence: number;
  /** Set for invitations. */
  ical_uid: string | null;
  ical_sequence: number | null;
}

export interface ExtractedCancellation {
  ical_uid: string;
  ical_sequence: number | null;
}

export interface ParsedEmail {
  /** Without angle brackets; null when absent. */
  messageId: string | null;
  subject: string;
  from: string | null;
  to: string[];
  cc: string[];
  deliveredTo: string[];
  /** Date header as ISO UTC. */
  date: string | null;
  /** Best plain text (HTML converted when there is no text part). */
  text: string;
  /** False when there is no subject, text, or calendar part at all. */
  hasContent: boolean;
}

/** A text/calendar part or .ics attachment found in the message. */
export interface CalendarPart {
  content: string;
  filename: string | null;
}

/** Data the extractor needs beyond ParsedEmail; shaped for this module only. */
export interface ParsedInternal {
  calendarParts: CalendarPart[];
  /** Offset of the Date header in minutes east of UTC (0 when unknown). */
  dateOffsetMinutes: number;
  /** True when the mail looks like bulk mail (List-Unsubscribe, Precedence: bulk, unsubscribe links). */
  bulk: boolean;
  /** True when the headers say it is list mail (List-Unsubscribe, Precedence: bulk/list). */
  listMail: boolean;
  /** Display name of the sender, for descriptions. */
  fromName: string | null;
}

export type ParsedMessage = ParsedEmail & { internal: ParsedInternal };

export interface Extraction {
  tasks: ExtractedTask[];
  events: ExtractedEvent[];
  cancellations: ExtractedCancellation[];
  /**
   * Problems that made part of the message unusable, e.g. a calendar part that does not parse.
   * The door may answer 4xx when this is non-empty and nothing else was extracted.
   */
  errors: string[];
}
