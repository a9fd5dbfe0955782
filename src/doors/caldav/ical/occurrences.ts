/**
 * Occurrence windows and recurrence expansion (ical.js). What REPORTs need is kept in columns when
 * an object is stored (first start, last end, recurrence lines); a time-range query expands only
 * the recurring candidates those columns let through. An object that cannot be expanded is left
 * out of that one answer, never failing the report.
 */
import ICAL from 'ical.js';
import { spanOf } from './event-map.js';
import type { Kind } from './parse.js';
import { iso, instantMs, propInstant, tzidOf, type Component, type Time } from './time.js';

const RECURRENCE = ['rrule', 'rdate', 'exdate'];
/** Expanding further than this many occurrences to find a series' end is not worth it: open-ended. */
const MAX_STEPS = 20_000;

export function recurrenceLines(main: Component): string | null {
  const lines = RECURRENCE.flatMap((n) => main.getAllProperties(n).map((p) => p.toICALString()));
  return lines.length ? lines.join('\n') : null;
}

const isRecurring = (main: Component) => main.hasProperty('rrule') || main.hasProperty('rdate');

function taskSpan(c: Component, vcal: Component): { start: number; end: number } | null {
  const start = propInstant(c, 'dtstart', vcal);
  const due = propInstant(c, 'due', vcal);
  if (!start && !due) return null;
  return { start: (start ?? due)!.ms, end: (due ?? start)!.ms };
}

const spanFor = (kind: Kind, c: Component, vcal: Component) => (kind === 'event' ? spanOf(c, vcal) : taskSpan(c, vcal));

/** Each occurrence's [start, end) in ms, in order, until `stop` says enough; returns whether the series ended. */
function expand(kind: Kind, vcal: Component, main: Component, overrides: Component[], each: (s: number, e: number) => boolean): boolean {
  const base = spanFor(kind, main, vcal);
  if (!base) return true;
  const length = base.end - base.start;
  const dtstart = main.getFirstProperty('dtstart');
  const tzid = dtstart ? tzidOf(dtstart) : null;
  const moved = new Map<string, Component>();
  for (const o of overrides) {
    const rid = o.getFirstProperty('recurrence-id');
    if (rid) moved.set(String(instantMs(rid.getFirstValue() as Time, tzidOf(rid), vcal)), o);
  }
  const event = new ICAL.Event(main, { strictExceptions: false });
  const it = event.iterator();
  for (let i = 0; i < MAX_STEPS; i++) {
    const next = it.next();
    if (!next) return true;
    const s = instantMs(next, tzid, vcal);
    const o = moved.get(String(s));
    const span = o ? spanFor(kind, o, vcal) : { start: s, end: s + length };
    if (span && !each(span.start, span.end)) return false;
  }
  return false;
}

export interface Window {
  first_start: string | null;
  last_end: string | null;
}

/** The instants all occurrences fall within (null: open on that side). */
export function windowOf(kind: Kind, vcal: Component, main: Component, hasMaster: boolean, overrides: Component[]): Window {
  const spans = overrides.map((o) => spanFor(kind, o, vcal)).filter((s): s is { start: number; end: number } => !!s);
  const base = hasMaster ? spanFor(kind, main, vcal) : null;
  if (hasMaster && !base) return { first_start: null, last_end: null };
  if (base) spans.push(base);
  if (!spans.length) return { first_start: null, last_end: null };
  let first = Math.min(...spans.map((s) => s.start));
  let last: number | null = Math.max(...spans.map((s) => Math.max(s.end, s.start + 1)));
  // A rule with neither COUNT nor UNTIL never ends: nothing to expand to know that.
  if (hasMaster && main.getAllProperties('rrule').some((p) => !(p.getFirstValue() as InstanceType<typeof ICAL.Recur>).isFinite())) {
    return { first_start: iso(first), last_end: null };
  }
  if (hasMaster && isRecurring(main)) {
    try {
      let end = last;
      const finished = expand(kind, vcal, main, overrides, (s, e) => {
        first = Math.min(first, s);
        end = Math.max(end, e, s + 1);
        return true;
      });
      last = finished ? end : null;
    } catch {
      last = null;
    }
  }
  return { first_start: iso(first), last_end: last === null ? null : iso(last) };
}

/**
 * Whether any occurrence of a stored object overlaps [start, end): null when it cannot be
 * expanded (the caller leaves it out).
 */
export function overlaps(kind: Kind, text: string, start: number, end: number): boolean | null {
  try {
    const vcal = new ICAL.Component(ICAL.parse(text) as unknown[]);
    const comps = vcal.getAllSubcomponents().filter((c) => c.name !== 'vtimezone');
    const main = comps.find((c) => !c.hasProperty('recurrence-id'));
    const overrides = comps.filter((c) => c !== main);
    const hit = (s: number, e: number) => s < end && Math.max(e, s + 1) > start;
    for (const o of overrides) {
      const span = spanFor(kind, o, vcal);
      if (span && hit(span.start, span.end)) return true;
    }
    if (!main) return false;
    if (!isRecurring(main)) {
      const span = spanFor(kind, main, vcal);
      return span ? hit(span.start, span.end) : true;
    }
    let found = false;
    expand(kind, vcal, main, overrides, (s, e) => {
      if (hit(s, e)) found = true;
      return !found && s < end;
    });
    return found;
  } catch {
    return null;
  }
}
