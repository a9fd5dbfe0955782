/**
 * Confidence from the evidence each item rests on, so that it separates right items from wrong
 * ones: the base level says how the item was found (confidence.ts); what is missing or borrowed
 * lowers it (no place for an event, a title taken from the subject line, hours from the next
 * sentence, a due date before the mail was written, a title that is a whole sentence).
 */
import type { TextTask } from './action-items.js';
import type { TextEvent } from './meetings.js';

/** A title that is still a clause with its subject ("We'll meet in ...", "I need ..."). */
const PRONOUN_CLAUSE = /^(?:we|i|you|they|he|she|it)(?:['’](?:ll|re|ve|d|m|s))?\s|^(?:nous|je|on|wir|ich|nosotros|yo)\s/i;
const round = (x: number) => Math.round(Math.max(0.05, Math.min(0.99, x)) * 100) / 100;

export function calibrateEvent(e: TextEvent): TextEvent {
  let c = e.confidence;
  if (!e.location) c -= 0.1;
  if (e.weak?.subjectTitle) c -= 0.1;
  if (e.weak?.nextSentenceTime) c -= 0.05;
  if (e.weak?.unreadPlace) c -= 0.1;
  if (PRONOUN_CLAUSE.test(e.title)) c -= 0.2;
  if (e.title.split(/\s+/).length > 8) c -= 0.05;
  return { ...e, confidence: round(c) };
}

export function calibrateTask(t: TextTask, refMs: number): TextTask {
  let c = t.confidence;
  const words = t.title.split(/\s+/).length;
  if (words > 11) c -= 0.1;
  if (words <= 1) c -= 0.1;
  if (t.dueMs !== null && t.dueMs < refMs - 86400000) c -= 0.15;
  if (t.kind === 'imperative' && t.dueMs === null) c -= 0.05;
  if (PRONOUN_CLAUSE.test(t.title)) c -= 0.15;
  return { ...t, confidence: round(c) };
}
