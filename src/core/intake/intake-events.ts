/** Adapts the events use case to the narrow port the email intake needs (invitations, D16). */
import type { Actor } from '../actor.js';
import type { AttendeesService } from '../events/attendees.service.js';
import type { EventsService } from '../events/events.service.js';
import { DomainError } from '../errors.js';
import type { ExtractedEventItem, IntakeEvents } from './intake.js';

type Input = Omit<ExtractedEventItem, 'confidence'>;

const fields = (input: Input) => ({
  title: input.title,
  description: input.description,
  start_time: input.start_time,
  end_time: input.end_time,
  location: input.location,
  all_day: input.all_day,
  ical_uid: input.ical_uid,
  ical_sequence: input.ical_sequence,
});

export function intakeEvents(events: EventsService, attendees: AttendeesService): IntakeEvents {
  return {
    create: (actor, input, provenance) =>
      events.create(
        actor,
        fields(input),
        provenance,
        input.attendees.map((a) => ({ email: a.email, rsvp_status: a.rsvp_status })),
      ),

    async findByIcalUid(actor, uid) {
      const found = await events.findByIcalUid(actor, uid);
      return found ? { id: found.id, ical_sequence: found.ical_sequence } : undefined;
    },

    async updateFromInvitation(actor: Actor, id, input) {
      const updated = await events.update(actor, id, fields(input), { publish: true });
      // The invitation's attendee list and answers are the organiser's latest word.
      for (const a of input.attendees) await attendees.add(actor, id, a.email, a.rsvp_status);
      return updated;
    },

    remove: (actor, id) => events.remove(actor, id),

    async getMany(actor, ids) {
      const out = [];
      for (const id of ids) {
        try {
          out.push(await events.get(actor, id));
        } catch (err) {
          // Deleted since (by the user or a later cancellation): left out of the answer.
          if (!(err instanceof DomainError && err.code === 'not_found')) throw err;
        }
      }
      return out;
    },
  };
}
