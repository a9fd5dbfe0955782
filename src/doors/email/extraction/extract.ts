/** extract(): invitation first; otherwise the text; otherwise one task from the subject (D16). */
import * as chrono from 'chrono-node';
import { shapeByClass } from './by-class.js';
import { calibrateEvent, calibrateTask } from './calibrate.js';
import { classifyMail } from './classify.js';
import { CONFIDENCE } from './confidence.js';
import type { DateContext } from './dates.js';
import { describe, provenance } from './description.js';
import { SEGMENT_BREAK, splitBody } from './forwarded.js';
import { InvalidCalendarError, readCalendarPart } from './invitation.js';
import { detectLanguage } from './language.js';
import { newScheduleBudget } from './schedule.js';
import { newMessage } from './statements.js';
import { readText } from './text-items.js';
import { subjectTitle } from './subject.js';
import { toIso } from './timezones.js';
import { capitalise } from './titles.js';
import type { ExtractedCancellation, ExtractedEvent, ExtractedTask, Extraction, ParsedMessage } from './types.js';

export interface ExtractOptions {
  /** Used as the reference date when the message has no Date header (default: now). */
  now?: Date;
}

function invitationItems(parsed: ParsedMessage, errors: string[]): { events: ExtractedEvent[]; cancellations: ExtractedCancellation[] } {
  const byUid = new Map<string, ExtractedEvent>();
  const loose: ExtractedEvent[] = [];
  const cancellations = new Map<string, ExtractedCancellation>();
  for (const part of parsed.internal.calendarParts) {
    try {
      const r = readCalendarPart(part.content, parsed.internal.dateOffsetMinutes, provenance(parsed));
      for (const ev of r.events) {
        if (!ev.ical_uid) loose.push(ev);
        else {
          const prev = byUid.get(ev.ical_uid);
          if (!prev || (ev.ical_sequence ?? 0) > (prev.ical_sequence ?? 0)) byUid.set(ev.ical_uid, ev);
        }
      }
      for (const c of r.cancellations) cancellations.set(c.ical_uid, c);
    } catch (e) {
      if (!(e instanceof InvalidCalendarError)) throw e;
      errors.push(`${part.filename ?? 'text/calendar part'}: ${e.message}`);
    }
  }
  const events = [...byUid.values(), ...loose].filter((ev) => !ev.ical_uid || !cancellations.has(ev.ical_uid));
  return { events, cancellations: [...cancellations.values()] };
}

function referenceContext(parsed: ParsedMessage, forwardedDate: string | null, lang: ReturnType<typeof detectLanguage>, now: Date): DateContext {
  const offset = parsed.internal.dateOffsetMinutes;
  const headerMs = parsed.date ? Date.parse(parsed.date) : now.getTime();
  let refMs = headerMs;
  if (forwardedDate) {
    const ref = { instant: new Date(headerMs), timezone: offset };
    const cleaned = forwardedDate.replace(/\bat\b/g, ' ').replace(/\s+/g, ' ');
    // biome-ignore lint/performance/noDynamicNamespaceImportAccess: chrono's locale parsers are chosen by the mail's language.
    const parsers = lang === 'en' ? [chrono.en.casual, chrono.en.GB] : [chrono[lang].casual, chrono.en.casual];
    for (const p of parsers) {
      const r = p.parse(cleaned, ref)[0];
      if (r?.start.isCertain('day')) {
        refMs = r.start.date().getTime();
        break;
      }
    }
  }
  return { refMs, offset, lang };
}

export function extract(parsed: ParsedMessage, options: ExtractOptions = {}): Extraction {
  const errors: string[] = [];
  if (parsed.internal.calendarParts.length) {
    const inv = invitationItems(parsed, errors);
    if (inv.events.length || inv.cancellations.length) return { tasks: [], events: inv.events, cancellations: inv.cancellations, errors };
  }
  newScheduleBudget();
  newMessage();
  const split = splitBody(parsed.text, parsed.subject);
  const lang = detectLanguage(`${parsed.subject}\n${split.text}`);
  const ctx = referenceContext(parsed, split.forwardedDate, lang, options.now ?? new Date());
  // A forwarder's own note is a person writing; the kind of mail is the kind of what was forwarded.
  const breakAt = split.forwarded ? split.text.indexOf(SEGMENT_BREAK) : -1;
  const ownNote = breakAt >= 0 ? split.text.slice(0, breakAt) : '';
  const content = breakAt >= 0 ? split.text.slice(breakAt) : split.text;
  const mailClass = classifyMail({
    subject: parsed.subject,
    text: content,
    from: parsed.from,
    listMail: parsed.internal.listMail,
    forwardedFrom: split.forwardedFrom,
  });
  const fromNote = ownNote.trim() ? readText(ownNote, ctx, parsed.subject, false) : { tasks: [], events: [] };
  const shaped = shapeByClass(mailClass.kind, readText(content, ctx, parsed.subject, parsed.internal.bulk), content, parsed.subject, ctx);
  const found = {
    tasks: [...fromNote.tasks, ...shaped.tasks].map((t) => calibrateTask(t, ctx.refMs)),
    events: [...fromNote.events, ...shaped.events].map(calibrateEvent),
  };
  const tasks: ExtractedTask[] = [];
  const seen = new Set<string>();
  for (const t of found.tasks) {
    const key = t.title.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    tasks.push({ title: t.title, description: describe(parsed, t.excerpt), due_date: t.dueMs === null ? null : toIso(t.dueMs), confidence: t.confidence });
  }
  const events: ExtractedEvent[] = found.events.map((e) => ({
    title: e.title,
    description: describe(parsed, e.excerpt),
    start_time: toIso(e.startMs),
    end_time: toIso(e.endMs),
    all_day: e.allDay,
    location: e.location,
    attendees: [],
    confidence: e.confidence,
    ical_uid: null,
    ical_sequence: null,
  }));
  if (!tasks.length && !events.length) {
    const title =
      capitalise(subjectTitle(parsed.subject)) || split.text.trim().split('\n')[0]?.slice(0, 80).trim() || `Email from ${parsed.from ?? 'unknown sender'}`;
    // Mail of a class that asks for nothing is expected to end here; a person's mail that yields
    // nothing probably asked for something that was not read.
    const quiet = mailClass.kind === 'transactional' || mailClass.kind === 'notification' || mailClass.kind === 'newsletter';
    tasks.push({
      title,
      description: describe(parsed, split.text.slice(0, 400)),
      due_date: null,
      confidence: quiet ? CONFIDENCE.subjectFallbackQuiet : CONFIDENCE.subjectFallback,
    });
  }
  return { tasks, events, cancellations: [], errors };
}
