/** Calendar events: the versioned-record service with the event's fields and time rules (D4, D8, D9, D10). */
import type { Db } from '../../db/database.js';
import type { EventAttendeesTable, EventsTable } from '../../db/schema.js';
import { unitOfWork } from '../../db/unit-of-work.js';
import type { Actor } from '../actor.js';
import { findUsersByEmails } from '../accounts/users.store.js';
import { attendeeSaved } from '../changes/change.js';
import { toIso } from '../ids.js';
import type { Page, PageRequest, SortKey } from '../lists.js';
import type * as drafts from '../versioning/drafts.js';
import type { Provenance } from '../versioning/versioned-record.js';
import { versionedRecords, type VersionedKind } from '../versioning/versioned-records.service.js';
import { insertAttendees } from './attendees.store.js';
import { checkTimes, editableColumns, editableValues, toEvent, type Event, type RsvpStatus } from './event.js';
import * as store from './events.store.js';

export interface EventInput {
  title?: string;
  description?: string | null;
  start_time?: string;
  end_time?: string;
  location?: string | null;
  all_day?: boolean;
  context_id?: string | null;
  user_id?: string;
  /** iCalendar identity, set by the calendar and email doors only. */
  ical_uid?: string | null;
  ical_sequence?: number | null;
}

export interface EventListQuery {
  filter: store.EventFilter;
  /** Defaults to start time within a from/to window, else newest first (docs/api.md). */
  sort?: SortKey<store.EventSortField>[];
  page: PageRequest;
  includeDraftStatus?: boolean;
}

export interface NewAttendee {
  email: string;
  rsvp_status?: RsvpStatus;
}

const eventKind: VersionedKind<EventsTable, EventInput, Event> = {
  type: 'event',
  label: 'Event',
  store: { get: store.getEvent, insert: store.insertEvent, update: store.updateEvent, remove: store.deleteEvent },
  values: editableValues,
  columns: editableColumns,
  present: toEvent,

  normalize(input) {
    const out: drafts.Values = {};
    if (input.description !== undefined) out.description = input.description;
    if (input.start_time !== undefined) out.start_time = toIso(input.start_time, 'start_time');
    if (input.end_time !== undefined) out.end_time = toIso(input.end_time, 'end_time');
    if (input.location !== undefined) out.location = input.location;
    if (input.all_day !== undefined) out.all_day = input.all_day;
    return out;
  },

  initial(values) {
    const initial = { all_day: false, description: null, location: null, ...values };
    return { ...initial, ...checkTimes(initial) };
  },

  extraColumns(input) {
    const extra: Partial<EventsTable> = {};
    if (input.ical_uid !== undefined) extra.ical_uid = input.ical_uid;
    if (input.ical_sequence !== undefined) extra.ical_sequence = input.ical_sequence;
    return extra;
  },

  checkEdit(current, changes, publish) {
    Object.assign(changes, checkTimes({ ...current, ...changes }));
    return publish;
  },
};

export function createEventsService(db: Db) {
  const uow = unitOfWork(db);
  const records = versionedRecords(uow, eventKind);

  return {
    loadFor: records.loadFor,

    async list(actor: Actor, q: EventListQuery): Promise<Page<Event>> {
      const ranged = q.filter.from !== undefined || q.filter.to !== undefined;
      const sort = q.sort ?? [ranged ? { field: 'start_time', desc: false } : { field: 'created_at', desc: true }];
      const { rows, total } = await uow.read((db) => store.listVisibleEvents(db, actor.userId, q.filter, sort, q.page));
      return { items: rows.map((r) => toEvent(r, { includeDraftStatus: q.includeDraftStatus })), total, ...q.page };
    },

    get: records.get,

    /**
     * Creates a published event (1.0). `attendees` and the iCalendar fields come from the calendar
     * and email doors; attendees who are registered users get their user_id (and read access).
     */
    create(
      actor: Actor,
      input: EventInput & { title: string; start_time: string; end_time: string },
      provenance?: Provenance,
      attendees: NewAttendee[] = [],
    ): Promise<Event> {
      return records.create(actor, input, provenance, async (tx, row) => {
        if (!attendees.length) return [];
        const emails = [...new Set(attendees.map((a) => a.email.trim().toLowerCase()))];
        const users = new Map((await findUsersByEmails(tx, emails)).map((u) => [u.email, u.id]));
        const rsvp = new Map(attendees.map((a) => [a.email.trim().toLowerCase(), a.rsvp_status ?? 'pending']));
        const rows = emails.map(
          (email): EventAttendeesTable => ({
            event_id: row.id,
            email,
            user_id: users.get(email) ?? null,
            rsvp_status: rsvp.get(email)!,
            added_at: row.created_at,
            updated_at: row.created_at,
            added_by: actor.userId,
          }),
        );
        await insertAttendees(tx, rows);
        return rows.map((a) => attendeeSaved(row, a));
      });
    },

    /** PUT and PATCH: any subset of fields; a draft unless `publish` (CalDAV and email publish directly). */
    update: records.update,
    draftAction: records.resolveDraft,
    history: records.history,
    remove: records.remove,

    /**
     * The caller's event made from the invitation `uid`, if any. Inside a write unit (email intake),
     * the UID is held by this writer until commit: parallel messages of one invitation take turns.
     */
    async findByIcalUid(actor: Actor, uid: string): Promise<(Event & { ical_sequence: number | null }) | null> {
      const row = await uow.write(async (tx) => {
        await store.lockIcalUid(tx, actor.userId, uid);
        return store.findEventByIcalUid(tx, actor.userId, uid);
      });
      return row ? { ...toEvent(row), ical_sequence: row.ical_sequence } : null;
    },
  };
}

export type EventsService = ReturnType<typeof createEventsService>;
