import { Type } from '@sinclair/typebox';
import { EVENT_SORT_FIELDS } from '../../core/events/events.store.js';
import { Body, CommaList, Nullable, PageQuery, Query, sortKeys, Timestamp, Title, Uuid } from './common.js';
import { HistoryOf, LastLiveOf, ReadOnlyEchoFields, VersionedRecordFields } from './versioned.js';

const draftable = {
  title: Type.String(),
  description: Nullable(Type.String()),
  start_time: Timestamp(),
  end_time: Timestamp(),
  location: Nullable(Type.String()),
  all_day: Type.Boolean(),
};

export const Event = Type.Object(
  {
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
    ...VersionedRecordFields(LastLiveOf(draftable)),
  },
  {
    $id: 'Event',
    title: 'Event',
    examples: [
      {
        id: '0e7d3b9a-6c2f-4a1e-b5d8-3f9c1a7e5b20',
        title: 'Planning meeting',
        description: null,
        start_time: '2026-12-02T14:00:00.000Z',
        end_time: '2026-12-02T15:00:00.000Z',
        location: 'Room 4',
        all_day: false,
        created_at: '2026-11-25T21:00:00.000Z',
        updated_at: '2026-11-25T21:00:00.000Z',
        user_id: '9f5c2a7e-1d3b-4c8e-a6f0-2b7d9e4c1a35',
        context_id: null,
        version_major: 1,
        version_minor: 0,
        is_published: true,
        last_live: null,
      },
    ],
  },
);

const editable = {
  description: Type.Optional(Nullable(Type.String({ maxLength: 20_000 }))),
  location: Type.Optional(Nullable(Type.String({ maxLength: 1_000 }))),
  all_day: Type.Optional(Type.Boolean()),
  context_id: Type.Optional(Nullable(Uuid())),
  ...ReadOnlyEchoFields,
};

export const EventCreate = Body(
  {
    title: Title(),
    start_time: Timestamp(),
    end_time: Timestamp('Not before start_time'),
    ...editable,
  },
  {
    $id: 'EventCreate',
    title: 'EventCreate',
    examples: [{ title: 'Planning meeting', start_time: '2026-12-02T14:00:00Z', end_time: '2026-12-02T15:00:00Z', location: 'Room 4' }],
  },
);

export const EventUpdate = Body(
  {
    title: Type.Optional(Title()),
    start_time: Type.Optional(Timestamp()),
    end_time: Type.Optional(Timestamp()),
    ...editable,
    publish: Type.Optional(Type.Boolean({ description: 'Publish at once (major + 1) instead of keeping a draft' })),
  },
  {
    $id: 'EventUpdate',
    title: 'EventUpdate',
    description: 'Any subset of the event fields; a draft unless publish is true (D8)',
    examples: [{ location: 'Room 5', publish: true }],
  },
);

export const EventListQuery = Query({
  ...PageQuery,
  context_id: Type.Optional(Uuid()),
  from: Type.Optional(Timestamp('Only events ending after this instant (end_time > from)')),
  to: Type.Optional(Timestamp('Only events starting before this instant (start_time < to)')),
  sort: Type.Optional(
    CommaList(sortKeys(EVENT_SORT_FIELDS), {
      maxItems: 10,
      description: 'Sort keys, comma-separated, each with an optional leading - for descending. Default start_time when from or to is given, else -created_at',
    }),
  ),
  published: Type.Optional(Type.Boolean()),
  include_draft_status: Type.Optional(Type.Boolean()),
  source: Type.Optional(Type.Unsafe<'email'>({ type: 'string', enum: ['email'] })),
  source_email_id: Type.Optional(Uuid()),
  updated_after: Type.Optional(Timestamp('Only records updated strictly after this instant')),
});

const RsvpEnum = Type.Unsafe<'pending' | 'accepted' | 'declined' | 'tentative'>({ type: 'string', enum: ['pending', 'accepted', 'declined', 'tentative'] });

export const Attendee = Type.Object(
  {
    event_id: Uuid(),
    user_id: Nullable(Uuid('Set when the email belongs to a registered user')),
    email: Type.String(),
    rsvp_status: RsvpEnum,
    added_at: Timestamp(),
    updated_at: Timestamp(),
  },
  {
    $id: 'Attendee',
    title: 'Attendee',
    examples: [
      {
        event_id: '0e7d3b9a-6c2f-4a1e-b5d8-3f9c1a7e5b20',
        user_id: null,
        email: 'guest@example.org',
        rsvp_status: 'pending',
        added_at: '2026-11-26T09:00:00.000Z',
        updated_at: '2026-11-26T09:00:00.000Z',
      },
    ],
  },
);

export const EventHistory = HistoryOf(
  'EventHistory',
  { ...draftable, context_id: Nullable(Uuid()) },
  {
    current: { version: '1.0', is_published: true, updated_at: '2026-11-25T21:00:00.000Z' },
    published: { version: '1.0', updated_at: '2026-11-25T21:00:00.000Z', snapshot: { title: 'Planning meeting', all_day: false, context_id: null } },
    history: [{ version: '1.0', published_at: '2026-11-25T21:00:00.000Z' }],
  },
);

export const AttendeeBody = Body(
  { user_email: Type.String({ minLength: 3, maxLength: 320, pattern: '^[^\\s@]+@[^\\s@]+$' }), rsvp_status: Type.Optional(RsvpEnum) },
  { examples: [{ user_email: 'guest@example.org' }] },
);
export const RsvpBody = Body({ rsvp_status: RsvpEnum }, { examples: [{ rsvp_status: 'accepted' }] });
export const AttendeeParams = Type.Object({
  id: Uuid(),
  user_id: Type.String({ minLength: 1, maxLength: 320, description: "The attendee's user id, or the email of an attendee without an account" }),
});
