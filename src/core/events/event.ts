/** The event as the API shows it, its stored form, and the time rules (D4). */
import type { EventsTable } from '../../db/schema.js';
import { unprocessable } from '../errors.js';
import type { Values } from '../versioning/drafts.js';
import { compareInstants, inInstantRange } from '../ids.js';
import { columnsOf, withRecordFields, type VersionedRecordFields } from '../versioning/versioned-record.js';

const RSVP_STATUSES = ['pending', 'accepted', 'declined', 'tentative'] as const;
export type RsvpStatus = (typeof RSVP_STATUSES)[number];

export interface Event extends VersionedRecordFields {
  id: string;
  title: string;
  description: string | null;
  start_time: string;
  end_time: string;
  location: string | null;
  all_day: boolean;
  created_at: string;
  updated_at: string;
  user_id: string;
  context_id: string | null;
}

export function editableValues(row: EventsTable): Values {
  return {
    title: row.title,
    description: row.description,
    start_time: row.start_time,
    end_time: row.end_time,
    location: row.location,
    all_day: row.all_day === 1,
  };
}

export const editableColumns = (values: Values): Partial<EventsTable> => columnsOf<EventsTable>(values, { all_day: (v) => (v ? 1 : 0) });

const DAY = 86_400_000;
const dateOf = (iso: string) => new Date(`${iso.slice(0, 10)}T00:00:00.000Z`).getTime();

/**
 * The time rules on the values an event would have after a change. All-day events hold whole UTC
 * days (D4): both ends are cut to their UTC date, and an end that is then not after the start
 * becomes the next midnight (a one-day event), as iCalendar's exclusive DTEND;VALUE=DATE.
 * Returns the fields that had to change; throws 422 when the end is before the start.
 */
export function checkTimes(values: Values): Values {
  const fixed: Values = {};
  if (values.all_day) {
    const start = dateOf(values.start_time as string);
    let end = dateOf(values.end_time as string);
    if (end <= start) end = start + DAY;
    // The exclusive end of an all-day event on 9999-12-31 would need year 10000, which no
    // timestamp here can name (D23): such an event cannot be kept, and is refused.
    if (!inInstantRange(end))
      throw unprocessable('end_time', 'range', 'An all-day event must end by 9999-12-31: its end is the next midnight, after the last day');
    fixed.start_time = new Date(start).toISOString();
    fixed.end_time = new Date(end).toISOString();
  }
  const start = (fixed.start_time ?? values.start_time) as string;
  const end = (fixed.end_time ?? values.end_time) as string;
  if (compareInstants(end, start) < 0) throw unprocessable('end_time', 'after_start', 'end_time must not be before start_time');
  return fixed;
}

export const toEvent = (row: EventsTable, opts: { includeDraftStatus?: boolean } = {}): Event =>
  withRecordFields(editableValues(row), row, opts) as unknown as Event;
