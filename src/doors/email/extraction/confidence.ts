/** Calibrated confidence levels for extracted items (0..1). */
export const CONFIDENCE = {
  invitation: 0.97,
  actionItemListEntry: 0.88,
  requestWithDate: 0.8,
  /** A request with no date of its own: in mail people forward, the undated asks are the ones most often not wanted as tasks. */
  requestWithoutDate: 0.62,
  /** A bill's amount due by a date ("Amount due ... by December 30"). */
  paymentDue: 0.6,
  todoListEntry: 0.65,
  /** An imperative or a list entry with its own deadline ("Book a slot before Friday", "3. Send the final version by Thursday"): asked about as much as a request. */
  datedErrand: 0.74,
  /** A list entry of notes with its owner, its verb and its date ("Alex to send the budget by Friday"). */
  ownedListEntryWithDate: 0.76,
  eventStructured: 0.85,
  eventWithMeetingWord: 0.78,
  eventStatement: 0.72,
  eventAllDay: 0.7,
  /** A place closed for a day (no school, office closed): an all-day event told by a closing verb, with no place of its own. */
  closedDay: 0.72,
  /** A noun phrase with a day and an hour and no verb ("dentist on Dec 17 at 4:15pm"). */
  agendaEntry: 0.68,
  appointment: 0.85,
  scheduleLine: 0.75,
  deadlineStatement: 0.72,
  subjectFallback: 0.3,
  /** The subject fallback of mail whose class asks for nothing (receipts, notifications, newsletters): what D16 wants; D16 caps a fallback at 0.5. */
  subjectFallbackQuiet: 0.5,
} as const;

/** Which rule made an item, named by the key of its base level. */
export type ConfidenceRule = keyof typeof CONFIDENCE;
