/**
 * Turning iCalendar text into what the core keeps (a calendar object row) and back: the client's
 * bytes as they came, or the stored text patched with a record's published values after a REST
 * edit, or a fresh object for a record made elsewhere. ETags are hashes of the served bytes, so
 * they are the same in every process and across restarts.
 */
import { createHash } from 'node:crypto';
import type { CalendarObject, PublishedEvent, PublishedRecord, PublishedTask } from '../../core/calendar/calendar.service.js';
import { newVevent, patchVevent } from './ical/event-map.js';
import { recurrenceLines, windowOf } from './ical/occurrences.js';
import { readObject, type CalendarObjectText, type Kind } from './ical/parse.js';
import { newVtodo, patchVtodo } from './ical/task-map.js';
import type { Component } from './ical/time.js';

const etagOf = (text: string) => `"${createHash('sha256').update(text).digest('base64url').slice(0, 32)}"`;

export function objectRow(kind: Kind, recordId: string, name: string, parsed: CalendarObjectText, text: string, version: number): CalendarObject {
  const overrides = parsed.components.filter((c) => c !== parsed.main || !parsed.hasMaster);
  const window = windowOf(kind, parsed.vcal, parsed.main, parsed.hasMaster, parsed.hasMaster ? overrides : parsed.components);
  return {
    record_type: kind,
    record_id: recordId,
    uid: parsed.uid,
    name,
    ical: text,
    etag: etagOf(text),
    source_version: version,
    first_start: window.first_start,
    last_end: window.last_end,
    recurrence: parsed.hasMaster ? recurrenceLines(parsed.main) : null,
    updated_at: new Date().toISOString(),
  };
}

const serialize = (vcal: Component) => {
  const s = vcal.toString();
  return s.endsWith('\r\n') ? s : `${s}\r\n`;
};

/**
 * The object a record should be served as: its stored text with the mapped properties patched
 * where the record now says otherwise (everything else kept), or a new one named `{id}.ics`.
 */
export function refreshedObject(record: PublishedRecord, stored: CalendarObject | null): CalendarObject {
  const kind = record.kind;
  if (stored) {
    try {
      const parsed = readObject(stored.ical, kind);
      const changed =
        kind === 'task' ? patchVtodo(parsed.main, record as PublishedTask, parsed.vcal) : patchVevent(parsed.main, record as PublishedEvent, parsed.vcal);
      const text = changed ? serialize(parsed.vcal) : stored.ical;
      return objectRow(kind, record.id, stored.name, changed ? readObject(text, kind) : parsed, text, record.version);
    } catch {
      // A stored text that no longer reads (it was accepted once) is replaced by a fresh one.
    }
  }
  const vcal = kind === 'task' ? newVtodo(record.id, record as PublishedTask) : newVevent(record.id, record as PublishedEvent);
  const text = serialize(vcal);
  return objectRow(kind, record.id, stored?.name ?? `${record.id}.ics`, readObject(text, kind), text, record.version);
}
