/**
 * What the email intake use case works with (DECISIONS D16). The door reads the message (MIME,
 * iCalendar, text extraction) and hands these plain shapes in, so the core never sees mail code.
 */
import type { Actor } from '../actor.js';
import type { Event } from '../events/event.js';
import type { Task } from '../tasks/task.js';
import type { Provenance } from '../versioning/versioned-record.js';

/** Header facts kept on the emails row. */
export interface MessageFacts {
  /** Without angle brackets; null when the message has none. */
  messageId: string | null;
  subject: string;
  from: string | null;
}

export interface ExtractedTaskItem {
  title: string;
  description: string;
  due_date: string | null;
  confidence: number;
}

export interface ExtractedAttendeeItem {
  email: string;
  name: string | null;
  rsvp_status: 'pending' | 'accepted' | 'declined' | 'tentative';
}

export interface ExtractedEventItem {
  title: string;
  description: string;
  start_time: string;
  end_time: string;
  all_day: boolean;
  location: string | null;
  attendees: ExtractedAttendeeItem[];
  confidence: number;
  ical_uid: string | null;
  ical_sequence: number | null;
}

export interface ExtractedItems {
  tasks: ExtractedTaskItem[];
  events: ExtractedEventItem[];
  cancellations: Array<{ ical_uid: string; ical_sequence: number | null }>;
  /** Parts of the message that could not be read (a calendar part that does not parse). */
  errors: string[];
  /** Items found beyond the per-message cap and left out already (D22). */
  dropped?: number;
}

/** Why a message was stored as failed, for machines; `error` says it for people. */
export type FailureReason = 'extraction_timeout' | 'extraction_error' | 'unreadable_part' | 'rejected_item';

export interface ReadMessage {
  facts: MessageFacts;
  items: ExtractedItems;
  /** Set when the message could not be read at all (over the time budget): it is stored failed, nothing is made. */
  failure?: { reason: FailureReason; message: string };
}

/**
 * Reads a stored raw message again (reprocessing). Throws a DomainError when the bytes are not
 * a usable message.
 */
export type MessageReader = (raw: Buffer) => Promise<ReadMessage>;

/** An event as the events use case shows it; the intake only passes it through. */
export type EventView = Event;

/** What the result column of an emails row holds: which items the message made or touched. */
export interface StoredResult {
  /** Items made from this message, with the fingerprint that stops reprocessing from repeating them. */
  tasks: Array<{ key: string; id: string }>;
  events: Array<{ key: string; id: string; op: 'created' | 'updated' | 'unchanged' }>;
  cancelled_event_ids: string[];
}

export interface IntakeOutcome {
  emailId: string;
  status: 'processed' | 'failed';
  /** True when this Message-ID had already been received for this user (nothing new was made). */
  repeat: boolean;
  error: string | null;
  failureReason: FailureReason | null;
  /** Items found beyond INTAKE_MAX_ITEMS and not made (D22). */
  itemsDropped: number;
  tasks: Task[];
  events: EventView[];
}

export interface EmailView {
  id: string;
  message_id: string | null;
  subject: string | null;
  from: string | null;
  received_at: string;
  status: 'received' | 'processed' | 'failed';
  size: number;
  task_ids: string[];
  event_ids: string[];
  cancelled_event_ids: string[];
  error: string | null;
  failure_reason: FailureReason | null;
  items_dropped: number;
}

/**
 * What the intake needs from the events use case. Kept as a narrow port so the intake does not
 * depend on the events module's internals; `services.ts` adapts the events service to it.
 */
export interface IntakeEvents {
  create(actor: Actor, input: Omit<ExtractedEventItem, 'confidence'>, provenance: Provenance): Promise<EventView>;
  /** The caller's own event with this iCalendar UID. */
  findByIcalUid(actor: Actor, uid: string): Promise<{ id: string; ical_sequence: number | null } | undefined>;
  /** A later SEQUENCE of an invitation: published at once (major + 1); new attendees added, answers updated. */
  updateFromInvitation(actor: Actor, id: string, input: Omit<ExtractedEventItem, 'confidence'>): Promise<EventView>;
  remove(actor: Actor, id: string): Promise<void>;
  /** Current state of the given events, skipping ones that no longer exist. */
  getMany(actor: Actor, ids: string[]): Promise<EventView[]>;
}
