import { Type } from '@sinclair/typebox';
import { EVENT_SORT_FIELDS } from '../../core/events/events.store.js';
import { Body, Nullable, PageQuery, Query, Timestamp, Uuid } from './common.js';
import { ReadOnlyEchoFields, VersionedRecordFields } from './versioned.js';

export const Event = Type.Object({
  id: Uuid(),
  title: Type.String(),
  description: Nullable(Type.String()),
  start_time: Timestamp(),
  end_time: Timestamp('Exclusive; for all-day events midnight UTC after the last day'),
  location: Nullable(Type.String()),
  all_day: Type.Boolean(),
  created_at: Timestamp(),
  updated_at: Timestamp(),
  user_id: Uuid('Organizer'),
  context_id: Nullable(Uuid()),
  ...VersionedRecordFields,
}, { title: 'Event' });

const editable = {
  description: Type.Optional(Nullable(Type.String({ maxLength: 20_000 }))),
  location: Type.Optional(Nullable(Type.String({ maxLength: 1_000 }))),
  all_day: Type.Optional(Type.Boolean()),
  context_id: Type.Optional(Nullable(Uuid())),
  ...ReadOnlyEchoFields,
};

export const EventCreate = Body({
  title: Type.String({ minLength: 1, maxLength: 500 }),
  start_time: Timestamp(),
  end_time: Timestamp('Not before start_time'),
  ...editable,
});

export const EventUpdate = Body({
  title: Type.Optional(Type.String({ minLength: 1, maxLength: 500 })),
  start_time: Type.Optional(Timestamp()),
  end_time: Type.Optional(Timestamp()),
  ...editable,
  publish: Type.Optional(Type.Boolean({ description: 'Publish at once (major + 1) instead of keeping a draft' })),
});

const sortPattern = `^-?(${EVENT_SORT_FIELDS.join('|')})(,-?(${EVENT_SORT_FIELDS.join('|')})){0,9}$`;

export const EventListQuery = Query({
  ...PageQuery,
  context_id: Type.Optional(Uuid()),
  from: Type.Optional(Timestamp('Only events ending after this instant (end_time > from)')),
  to: Type.Optional(Timestamp('Only events starting before this instant (start_time < to)')),
  sort: Type.Optional(Type.String({ pattern: sortPattern, maxLength: 200, description: `Comma-separated fields of ${EVENT_SORT_FIELDS.join(', ')}; leading - for descending. Default start_time when from or to is given, else -created_at` })),
  published: Type.Optional(Type.Boolean()),
  include_draft_status: Type.Optional(Type.Boolean()),
  source: Type.Optional(Type.Unsafe<'email'>({ type: 'string', enum: ['email'] })),
  source_email_id: Type.Optional(Uuid()),
  updated_after: Type.Optional(Timestamp('Only records updated strictly after this instant')),
});

const RsvpEnum = Type.Unsafe<'pending' | 'accepted' | 'declined' | 'tentative'>({ type: 'string', enum: ['pending', 'accepted', 'declined', 'tentative'] });

export const Attendee = Type.Object({
  event_id: Uuid(),
  user_id: Nullable(Uuid('Set when the email belongs to a registered user')),
  email: Type.String(),
  rsvp_status: RsvpEnum,
  added_at: Timestamp(),
  updated_at: Timestamp(),
}, { title: 'Attendee' });

export const AttendeeBody = Body({ user_email: Type.String({ minLength: 3, maxLength: 320, pattern: '^[^\\s@]+@[^\\s@]+$' }), rsvp_status: Type.Optional(RsvpEnum) });
export const RsvpBody = Body({ rsvp_status: RsvpEnum });
export const AttendeeParams = Type.Object({
  id: Uuid(),
  user_id: Type.String({ minLength: 1, maxLength: 320, description: 'The attendee\'s user id, or the email of an attendee without an account' }),
});
