/**
 * Turns extracted items into tasks and events through their use cases (inside the caller's
 * transaction). Each item has a fingerprint; items whose fingerprint the message already made are
 * skipped, which is what makes reprocessing safe.
 */
import type { Actor } from '../actor.js';
import { DomainError } from '../errors.js';
import { inInstantRange } from '../ids.js';
import type { Task } from '../tasks/task.js';
import type { TasksService } from '../tasks/tasks.service.js';
import type { Provenance } from '../versioning/versioned-record.js';
import type { EventView, ExtractedEventItem, ExtractedItems, IntakeEvents, StoredResult } from './intake.js';

/** A subject line or SUMMARY may run past D4's 500 characters; the item keeps its first 500. */
const clipTitle = (title: string) => title.trim().slice(0, 500);

export const emptyResult = (): StoredResult => ({ tasks: [], events: [], cancelled_event_ids: [] });

const squash = (s: string) => s.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();
const taskKey = (title: string) => `task:${squash(title)}`;
const eventKey = (e: Pick<ExtractedEventItem, 'ical_uid' | 'title' | 'start_time'>) =>
  e.ical_uid ? `event:uid:${e.ical_uid}` : `event:${squash(e.title)}@${e.start_time}`;

interface ApplyDeps {
  tasks: TasksService;
  events: IntakeEvents | null;
  provenance(confidence: number): Provenance;
  /** Filled with the records made or updated here, so the answer needs no second read. */
  seen?: Map<string, Task | EventView>;
}

function needEvents(events: IntakeEvents | null): IntakeEvents {
  if (!events) throw new DomainError('service_unavailable', 'Events are not available on this server yet');
  return events;
}

export async function applyItems(actor: Actor, items: ExtractedItems, prior: StoredResult, deps: ApplyDeps): Promise<StoredResult> {
  const result: StoredResult = {
    tasks: [...prior.tasks],
    events: [...prior.events],
    cancelled_event_ids: [...prior.cancelled_event_ids],
  };
  const made = new Set([...prior.tasks.map((t) => t.key), ...prior.events.map((e) => e.key)]);

  for (const item of items.tasks) {
    // A date outside what a timestamp may name (D23) drops the item, not the whole message.
    if (item.due_date !== null && item.due_date !== undefined && !inInstantRange(item.due_date)) continue;
    const key = taskKey(item.title);
    if (made.has(key)) continue;
    made.add(key);
    const task = await deps.tasks.create(
      actor,
      { title: clipTitle(item.title), description: item.description, due_date: item.due_date },
      deps.provenance(item.confidence),
    );
    result.tasks.push({ key, id: task.id });
    deps.seen?.set(task.id, task);
  }

  for (const item of items.events) {
    if (!inInstantRange(item.start_time) || !inInstantRange(item.end_time)) continue;
    const key = eventKey(item);
    if (made.has(key)) continue;
    made.add(key);
    const events = needEvents(deps.events);
    const { confidence, ...rest } = item;
    const input = { ...rest, title: clipTitle(rest.title) };
    const known = item.ical_uid ? await events.findByIcalUid(actor, item.ical_uid) : undefined;
    // D16: a later SEQUENCE of the same invitation updates the event made by an earlier message;
    // one the user deleted meanwhile (after it was looked up) is made anew, as for a new UID.
    const updated =
      known && (item.ical_sequence ?? 0) > (known.ical_sequence ?? 0) ? await unlessGone(events.updateFromInvitation(actor, known.id, input)) : undefined;
    if (!known || updated === null) {
      const event = await events.create(actor, input, deps.provenance(confidence));
      result.events.push({ key, id: event.id, op: 'created' });
      deps.seen?.set(event.id, event);
    } else if (updated) {
      deps.seen?.set(known.id, updated);
      result.events.push({ key, id: known.id, op: 'updated' });
    } else {
      result.events.push({ key, id: known.id, op: 'unchanged' });
    }
  }

  for (const cancel of items.cancellations) {
    const events = needEvents(deps.events);
    const known = await events.findByIcalUid(actor, cancel.ical_uid);
    if (!known) continue;
    // Deleted meanwhile (after it was looked up): nothing left to cancel.
    const cancelled = await unlessGone(events.remove(actor, known.id).then(() => known.id));
    if (cancelled) result.cancelled_event_ids.push(cancelled);
  }
  return result;
}

/** The answer, or null when the record is gone (`not_found`): the user deleted it meanwhile. */
async function unlessGone<T>(work: Promise<T>): Promise<T | null> {
  try {
    return await work;
  } catch (err) {
    if (err instanceof DomainError && err.code === 'not_found') return null;
    throw err;
  }
}
