/** Reading a client's calendar object resource (RFC 4791 4.1) and the preconditions it may break. */
import ICAL from 'ical.js';
import { isRealDay } from '../../../core/ids.js';
import { MAX_MS, MIN_MS, instantMs, tzidOf, type Component, type Time } from './time.js';

export type Kind = 'task' | 'event';
export type Precondition = 'valid-calendar-data' | 'supported-calendar-component' | 'valid-calendar-object-resource';

/** A broken or unsuitable object: 400 or 403 with this CalDAV precondition, nothing stored. */
export class BadCalendar extends Error {
  constructor(
    message: string,
    readonly precondition: Precondition,
    readonly status: 400 | 403 = 400,
  ) {
    super(message);
  }
}

export interface CalendarObjectText {
  vcal: Component;
  kind: Kind;
  uid: string;
  /** The component without RECURRENCE-ID, or the first override when a client sent only overrides. */
  main: Component;
  /** True when `main` is the series master (no RECURRENCE-ID). */
  hasMaster: boolean;
  components: Component[];
}

const KIND_OF: Record<string, Kind> = { vtodo: 'task', vevent: 'event' };
const TIME_PROPS = ['dtstart', 'dtend', 'due', 'completed', 'recurrence-id', 'exdate', 'rdate'];

function parseCalendar(text: string): Component {
  let vcal: Component;
  try {
    // Windows tools (Outlook exports, CalDAV Synchronizer) start the file with a byte-order mark.
    vcal = new ICAL.Component(ICAL.parse(text.replace(/^\uFEFF/, '')) as unknown[]);
  } catch (err) {
    // ical.js's own parse errors say what is wrong; anything else (a TypeError deep in it) would only confuse.
    const why = err instanceof TypeError ? 'the body is not a VCALENDAR' : (err as Error).message;
    throw new BadCalendar(`Not valid iCalendar: ${why}`.slice(0, 300), 'valid-calendar-data');
  }
  if (vcal.name !== 'vcalendar') throw new BadCalendar('The body must be one VCALENDAR', 'valid-calendar-data');
  readEveryValue(vcal);
  return vcal;
}

/**
 * ical.js parses a property's value only when it is first asked for, and throws then on a value its
 * type cannot hold (`DTSTART:2026-12-01T10:00:00Z`, `DURATION:garbage`, an RRULE it cannot read).
 * Asking for every value once here makes such a body a 400 before anything reads it, rather than
 * an exception in whichever later step touches the property first.
 */
function readEveryValue(component: Component) {
  for (const p of component.getAllProperties()) {
    try {
      p.getValues();
    } catch (err) {
      throw new BadCalendar(`${p.name.toUpperCase()}: ${(err as Error).message}`.slice(0, 300), 'valid-calendar-data');
    }
  }
  for (const sub of component.getAllSubcomponents()) readEveryValue(sub);
}

/** Parses and checks an object for a collection of `expected` kind. */
export function readObject(text: string, expected: Kind): CalendarObjectText {
  const vcal = parseCalendar(text);
  const components = vcal.getAllSubcomponents().filter((c) => c.name !== 'vtimezone');
  if (!components.length) throw new BadCalendar('The VCALENDAR holds no VTODO or VEVENT', 'valid-calendar-object-resource');
  const names = new Set(components.map((c) => c.name));
  if (names.size > 1) throw new BadCalendar('One resource holds one kind of component', 'valid-calendar-object-resource');
  const kind = KIND_OF[components[0].name];
  if (!kind || kind !== expected) {
    throw new BadCalendar(`This collection holds ${expected === 'task' ? 'VTODO' : 'VEVENT'} components only`, 'supported-calendar-component', 403);
  }
  const uids = new Set(components.map((c) => String(c.getFirstPropertyValue('uid') ?? '').trim()));
  const [uid] = uids;
  if (uids.size !== 1 || !uid) throw new BadCalendar('Every component needs the same, non-empty UID', 'valid-calendar-object-resource');
  if (uid.length > 500) throw new BadCalendar('UID is too long', 'valid-calendar-object-resource');
  for (const c of components) checkTimes(c, vcal);
  const master = components.find((c) => !c.hasProperty('recurrence-id'));
  return { vcal, kind, uid, main: master ?? components[0], hasMaster: !!master, components };
}

/** D23: every time must fall within years 0001..9999 once its offset is applied. */
function checkTimes(c: Component, vcal: Component) {
  for (const name of TIME_PROPS) {
    for (const p of c.getAllProperties(name)) {
      // ical.js rolls a day the month does not have (20260230) into the next month as it reads it;
      // its text is still there, and such a value is refused, as REST refuses it (D23).
      for (const raw of p.toJSON().slice(3)) {
        const m = typeof raw === 'string' ? /^(\d{4})-(\d{2})-(\d{2})/.exec(raw) : null;
        if (m && !isRealDay(Number(m[1]), Number(m[2]), Number(m[3]))) {
          throw new BadCalendar(`${name.toUpperCase()} names a day its month does not have`, 'valid-calendar-data');
        }
      }
      for (const v of p.getValues() as unknown[]) {
        const t = (v && typeof v === 'object' && 'start' in (v as object) ? (v as { start: Time }).start : v) as Time;
        if (!t || typeof t !== 'object' || !('year' in t)) continue;
        const ms = instantMs(t, tzidOf(p), vcal);
        if (!Number.isFinite(ms) || ms < MIN_MS || ms > MAX_MS) {
          throw new BadCalendar(`${name.toUpperCase()} is outside the years 0001..9999`, 'valid-calendar-data');
        }
      }
    }
  }
}
