/** Calendar events: the same draft engine, history and access policy as tasks (D8, D9, D10). */
import type { Db, Executor } from '../../db/database.js';
import type { EventAttendeesTable, EventsTable } from '../../db/schema.js';
import { inTransaction } from '../../db/transaction.js';
import { contextPermission, eventPermission } from '../access/access.store.js';
import { authorize, type Action } from '../access/policy.js';
import type { Actor } from '../actor.js';
import { findUsersByEmails } from '../accounts/users.store.js';
import { recordChanges, withAudience, type Change } from '../changes/change-log.js';
import { forbidden, invalid, notFound } from '../errors.js';
import { newId, nowIso, toIso } from '../ids.js';
import type { Page, PageRequest, SortKey } from '../lists.js';
import type { Provenance } from '../tasks/tasks.service.js';
import * as drafts from '../versioning/drafts.js';
import { versionedWrites } from '../versioning/versioned-record.js';
import { deleteVersions } from '../versioning/versions.store.js';
import { insertAttendees } from './attendees.store.js';
import { checkTimes, editableColumns, editableValues, toEvent, type Event } from './event.js';
import * as store from './events.store.js';

export type RsvpStatus = EventAttendeesTable['rsvp_status'];

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
  sort: SortKey<store.EventSortField>[];
  page: PageRequest;
  includeDraftStatus?: boolean;
}

export function createEventsService(db: Db) {
  async function loadFor(tx: Executor, actor: Actor, id: string, action: Action) {
    const row = await store.getEvent(tx, id, { lock: action !== 'read' });
    if (!row) throw notFound('Event');
    const perm = await eventPermission(tx, actor.userId, row);
    authorize(perm, action, 'Event');
    return { row, perm };
  }

  async function checkContextWritable(tx: Executor, actor: Actor, contextId: string) {
    authorize(await contextPermission(tx, actor.userId, contextId), 'create_inside', 'Context');
  }

  function normalize(input: EventInput): drafts.Values {
    const out: drafts.Values = {};
    if (input.title !== undefined) {
      const title = input.title.trim();
      if (!title) throw invalid('title', 'minLength', 'title must not be blank');
      if (title.length > 500) throw invalid('title', 'maxLength', 'title must be at most 500 characters');
      out.title = title;
    }
    if (input.description !== undefined) out.description = input.description;
    if (input.start_time !== undefined) out.start_time = toIso(input.start_time, 'start_time');
    if (input.end_time !== undefined) out.end_time = toIso(input.end_time, 'end_time');
    if (input.location !== undefined) out.location = input.location;
    if (input.all_day !== undefined) out.all_day = input.all_day;
    return out;
  }

  const versioned = versionedWrites<EventsTable>({ type: 'event', values: editableValues, columns: editableColumns, update: store.updateEvent });

  /** Applies an edit through the draft engine, after the time rules (D4). */
  async function applyEdit(tx: Executor, actor: Actor, row: EventsTable, changes: drafts.Values, publish: boolean, extra: Partial<EventsTable>) {
    Object.assign(changes, checkTimes({ ...editableValues(row), ...changes }));
    return versioned.edit(tx, actor, row, changes, publish, extra);
  }

  return {
    loadFor,

    async list(actor: Actor, q: EventListQuery): Promise<Page<Event>> {
      const { rows, total } = await store.listVisibleEvents(db, actor.userId, q.filter, q.sort, q.page);
      return { items: rows.map((r) => toEvent(r, { includeDraftStatus: q.includeDraftStatus })), total, ...q.page };
    },

    async get(actor: Actor, id: string, opts: { includeDraftStatus?: boolean } = {}): Promise<Event> {
      return toEvent((await loadFor(db, actor, id, 'read')).row, opts);
    },

    /**
     * Creates a published event (1.0). `attendees` and the iCalendar fields come from the calendar
     * and email doors; attendees who are registered users get their user_id (and read access).
     */
    async create(actor: Actor, input: EventInput & { title: string; start_time: string; end_time: string },
      provenance?: Provenance, attendees: Array<{ email: string; rsvp_status?: RsvpStatus }> = []): Promise<Event> {
      if (input.user_id !== undefined && input.user_id !== actor.userId) {
        throw forbidden('user_id is always the caller; an event cannot be created for another user');
      }
      const values = normalize(input);
      values.all_day = values.all_day ?? false;
      values.description = values.description ?? null;
      values.location = values.location ?? null;
      Object.assign(values, checkTimes(values));
      return inTransaction(db, async (tx) => {
        if (input.context_id) await checkContextWritable(tx, actor, input.context_id);
        const at = nowIso();
        const row = {
          id: newId(), user_id: actor.userId, context_id: input.context_id ?? null,
          ...editableColumns(values),
          ical_uid: input.ical_uid ?? null, ical_sequence: input.ical_sequence ?? null,
          version_major: 1, version_minor: 0, is_published: 1, draft: null,
          source: provenance?.source ?? null, source_email_id: provenance?.source_email_id ?? null,
          extracted_at: provenance ? at : null, extraction_confidence: provenance?.extraction_confidence ?? null,
          created_at: at, updated_at: at,
        } as EventsTable;
        await store.insertEvent(tx, row);
        await versioned.publishVersion(tx, row, editableValues(row), drafts.initialState(), at);
        const changes: Change[] = [{ type: 'event', id: row.id, op: 'create', version: '1.0', contextAfter: row.context_id, ownerId: row.user_id }];
        if (attendees.length) {
          const emails = [...new Set(attendees.map((a) => a.email.trim().toLowerCase()))];
          const users = new Map((await findUsersByEmails(tx, emails)).map((u) => [u.email, u.id]));
          const rsvp = new Map(attendees.map((a) => [a.email.trim().toLowerCase(), a.rsvp_status ?? 'pending']));
          const rows = emails.map((email): EventAttendeesTable => ({
            event_id: row.id, email, user_id: users.get(email) ?? null, rsvp_status: rsvp.get(email)!, added_at: at, updated_at: at,
          }));
          await insertAttendees(tx, rows);
          for (const a of rows) changes.push({ type: 'attendee', id: `${row.id}:${a.email}`, op: 'create', contextAfter: row.context_id, ownerId: row.user_id, data: { event_id: row.id, email: a.email, user_id: a.user_id } });
        }
        await recordChanges(tx, actor, changes);
        return toEvent(row);
      });
    },

    /** PUT and PATCH: any subset of fields; a draft unless `publish` (CalDAV and email publish directly). */
    async update(actor: Actor, id: string, input: EventInput, opts: { publish?: boolean } = {}): Promise<Event> {
      const changes = normalize(input);
      return inTransaction(db, async (tx) => {
        const { row, perm } = await loadFor(tx, actor, id, 'update');
        if (input.user_id !== undefined && input.user_id !== row.user_id) throw forbidden('The organizer of an event cannot be changed');
        const extra: Partial<EventsTable> = {};
        if (input.context_id !== undefined && input.context_id !== row.context_id) {
          authorize(perm, 'move_out', 'Event'); // D9a: taking it away is deleting it there
          if (input.context_id) await checkContextWritable(tx, actor, input.context_id);
          extra.context_id = input.context_id;
        }
        if (input.ical_uid !== undefined) extra.ical_uid = input.ical_uid;
        if (input.ical_sequence !== undefined) extra.ical_sequence = input.ical_sequence;
        return toEvent(await applyEdit(tx, actor, row, changes, opts.publish === true, extra));
      });
    },

    async draftAction(actor: Actor, id: string, action: 'accept' | 'discard'): Promise<Event> {
      return inTransaction(db, async (tx) => {
        const { row } = await loadFor(tx, actor, id, 'update');
        return toEvent(await versioned.resolveDraft(tx, actor, row, action));
      });
    },

    async history(actor: Actor, id: string) {
      const { row } = await loadFor(db, actor, id, 'read');
      return versioned.history(db, row);
    },

    async remove(actor: Actor, id: string): Promise<void> {
      await inTransaction(db, async (tx) => {
        const { row } = await loadFor(tx, actor, id, 'delete');
        // Attendees go with the event; who could see it is taken first, so their tombstones reach them.
        const logged = await withAudience(tx, [{ type: 'event', id, op: 'delete', version: `${row.version_major}.${row.version_minor}`, contextBefore: row.context_id, ownerId: row.user_id }]);
        await store.deleteEvent(tx, id);
        await deleteVersions(tx, 'event', [id]);
        await recordChanges(tx, actor, logged);
      });
    },

    /** The caller's own event with this iCalendar UID (invitation updates and cancellations), or null. */
    async findByIcalUid(actor: Actor, uid: string): Promise<(Event & { ical_sequence: number | null }) | null> {
      const row = await store.findEventByIcalUid(db, actor.userId, uid);
      return row ? { ...toEvent(row), ical_sequence: row.ical_sequence } : null;
    },
  };
}

export type EventsService = ReturnType<typeof createEventsService>;
