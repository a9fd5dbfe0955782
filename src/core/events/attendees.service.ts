/**
 * Event attendees (D9): any email address may attend; one that belongs to a registered user gets
 * that user_id and read access to the event. Not versioned (D8): changes show at once.
 */
import type { Db } from '../../db/database.js';
import type { EventAttendeesTable } from '../../db/schema.js';
import { unitOfWork } from '../../db/unit-of-work.js';
import { authorize } from '../access/policy.js';
import type { Actor } from '../actor.js';
import { findUserByEmail } from '../accounts/users.store.js';
import { attendeeRemoved, attendeeSaved } from '../changes/change.js';
import { recordChanges } from '../changes/change-log.js';
import { notFound } from '../errors.js';
import { isBlankKey, isUuid, nowIso } from '../ids.js';
import * as store from './attendees.store.js';
import type { RsvpStatus } from './event.js';
import type { EventsService } from './events.service.js';

export type Attendee = EventAttendeesTable;

/** The path names an attendee by user id, or by email for attendees without an account. */
const keyOf = (who: string) => {
  // A blank key would become an empty filter and match whichever attendee came first (D23: 404).
  if (isBlankKey(who)) throw notFound('Attendee');
  return isUuid(who) ? { userId: who.toLowerCase() } : { email: who.trim().toLowerCase() };
};

export function createAttendeesService(db: Db, events: EventsService) {
  const uow = unitOfWork(db);
  return {
    /** Adds an attendee (created: true) or, when the email already attends, updates a given RSVP. */
    async add(actor: Actor, eventId: string, userEmail: string, rsvp?: RsvpStatus) {
      return uow.write(async (tx) => {
        const { row: event } = await events.loadFor(tx, actor, eventId, 'manage_attendees');
        const email = userEmail.trim().toLowerCase();
        const existing = await store.findAttendee(tx, eventId, { email });
        const at = nowIso();
        let row: Attendee;
        if (existing) {
          // Someone else adding an attendee who had added themselves invites them (D9a: `invitedTo`).
          const invites = existing.added_by !== null && existing.added_by === existing.user_id && actor.userId !== existing.user_id;
          if (invites) await store.updateAttendee(tx, eventId, email, { added_by: actor.userId });
          if (!rsvp || rsvp === existing.rsvp_status) return { attendee: existing, created: false };
          row = { ...existing, rsvp_status: rsvp, updated_at: at };
          await store.updateAttendee(tx, eventId, email, { rsvp_status: rsvp, updated_at: at });
        } else {
          const user = await findUserByEmail(tx, email);
          row = { event_id: eventId, email, user_id: user?.id ?? null, rsvp_status: rsvp ?? 'pending', added_at: at, updated_at: at, added_by: actor.userId };
          await store.insertAttendees(tx, [row]);
        }
        await recordChanges(tx, actor, [attendeeSaved(event, row, existing?.rsvp_status)]);
        return { attendee: row, created: !existing };
      });
    },

    async list(actor: Actor, eventId: string): Promise<Attendee[]> {
      return uow.read(async (q) => {
        await events.loadFor(q, actor, eventId, 'read');
        return store.listAttendees(q, eventId);
      });
    },

    /** The attendee answers for themself; writers may set anyone's answer. */
    async setRsvp(actor: Actor, eventId: string, who: string, rsvp: RsvpStatus): Promise<Attendee> {
      return uow.write(async (tx) => {
        const { row: event, perm } = await events.loadFor(tx, actor, eventId, 'read');
        const existing = await store.findAttendee(tx, eventId, keyOf(who));
        if (!existing) throw notFound('Attendee');
        authorize(perm, 'change_rsvp', 'Event', { self: existing.user_id === actor.userId });
        const at = nowIso();
        await store.updateAttendee(tx, eventId, existing.email, { rsvp_status: rsvp, updated_at: at });
        await recordChanges(tx, actor, [attendeeSaved(event, { ...existing, rsvp_status: rsvp }, existing.rsvp_status)]);
        return { ...existing, rsvp_status: rsvp, updated_at: at };
      });
    },

    /** Writers remove anyone; an attendee may remove themself (and so lose read access). */
    async remove(actor: Actor, eventId: string, who: string): Promise<void> {
      await uow.write(async (tx) => {
        const { row: event, perm } = await events.loadFor(tx, actor, eventId, 'read');
        const existing = await store.findAttendee(tx, eventId, keyOf(who));
        if (!existing) throw notFound('Attendee');
        authorize(perm, 'remove_attendee', 'Event', { self: existing.user_id === actor.userId });
        await store.deleteAttendee(tx, eventId, existing.email);
        await recordChanges(tx, actor, [attendeeRemoved(event, existing)]);
      });
    },
  };
}

export type AttendeesService = ReturnType<typeof createAttendeesService>;
