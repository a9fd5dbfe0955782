/** extract(): invitation first; otherwise the text; otherwise one task from the subject (D16). */
import * as chrono from 'chrono-node';
import { asksToPayByDueDate, fallbackDueMs, shapeByClass } from './by-class.js';
import { payTitle } from './payment-asks.js';
import { calibrateEvent, calibrateTask } from './calibrate.js';
import { classifyMail } from './classify.js';
import { CONFIDENCE } from './confidence.js';
import { DAY_MS, type DateContext } from './dates.js';
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
import { type Features, type ItemContext, itemFeatures, tokens } from './item-features.js';
import { ITEM_MODEL, type ItemModel, itemProbability } from './item-model.js';
import type { ExtractedCancellation, ExtractedEvent, ExtractedTask, Extraction, ParsedMessage } from './types.js';

export interface ExtractOptions {
  /** Used as the reference date when the message has no Date header (default: now). */
  now?: Date;
  /** The item model to decide with; null for the rules alone (default: the committed model). */
  model?: ItemModel | null;
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
    // chrono stops at an abbreviated weekday ("mar. 1 déc. 2026" reads as March 1) and at a dotted
    // month ("1. Dez. 2026"): the day and month after them are what dates the message.
    const cleaned = forwardedDate
      .replace(/^\s*\p{L}{2,10}\.?,?\s+(?=\d)/u, '')
      .replace(/(\p{L}{3,5})\.(?=\s)/gu, '$1')
      .replace(/\bat\b/g, ' ')
      .replace(/\s+/g, ' ');
    // biome-ignore lint/performance/noDynamicNamespaceImportAccess: chrono's locale parsers are chosen by the mail's language.
    const parsers = lang === 'en' ? [chrono.en.casual, chrono.en.GB] : [chrono[lang].casual, chrono.en.casual];
    for (const p of parsers) {
      const r = p.parse(cleaned, ref)[0];
      // A message forwarded before it was sent is a misread date, not a reference.
      if (r?.start.isCertain('day') && r.start.date().getTime() <= headerMs + DAY_MS) {
        refMs = r.start.date().getTime();
        break;
      }
    }
  }
  return { refMs, offset, lang };
}

/** An item the rules found, with what the item model reads of it. */
export interface Candidate<T> {
  item: T;
  features: Features;
  /** Found in the text but left out by the rules for the mail's class (by-class.ts); the model may bring it back. */
  dropped: boolean;
}

/** Everything the rules found in a message, before the item model decides (see decide()). */
export interface Candidates {
  /** The invitation's items when the message has one: read, not guessed, so never judged. */
  invitation: Extraction | null;
  tasks: Candidate<ExtractedTask>[];
  events: Candidate<ExtractedEvent>[];
  /** The task made from the subject when no item is left (D16: confidence at most 0.5). */
  fallback: ExtractedTask;
  /** Calendar parts that did not parse (the text was read instead). */
  errors: string[];
}

/** The rules' reading of a message: the invitation, or the text items with their features. */
export function readCandidates(parsed: ParsedMessage, options: ExtractOptions = {}): Candidates {
  const errors: string[] = [];
  if (parsed.internal.calendarParts.length) {
    const inv = invitationItems(parsed, errors);
    if (inv.events.length || inv.cancellations.length)
      return { invitation: { tasks: [], events: inv.events, cancellations: inv.cancellations, errors }, tasks: [], events: [], fallback: noFallback, errors };
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
  const read = readText(content, ctx, parsed.subject, parsed.internal.bulk);
  // Who wrote what was forwarded ("Harbor View Dental <appointments@...>"): an appointment's provider.
  const sender = split.forwardedFrom ? (/^"?([^"<]+?)"?\s*</.exec(split.forwardedFrom)?.[1] ?? null) : parsed.internal.fromName;
  const shaped = shapeByClass(mailClass.kind, read, content, parsed.subject, ctx, sender);
  // What the class shaping left out (matched by sentence and date: shaping may rename what it keeps).
  const keptTasks = new Set(shaped.tasks.map((t) => `${t.excerpt}|${t.dueMs}`));
  const keptEvents = new Set(shaped.events.map((e) => `${e.excerpt}|${e.startMs}`));
  // No item leaves without a name: a rule that read none falls back on the subject (D16's title).
  const titled = <T extends { title: string }>(x: T): T => (x.title.trim() ? x : { ...x, title: capitalise(subjectTitle(parsed.subject)) || 'Email' });
  const noted = <T>(list: T[], n: number) => list.map((x, i) => ({ x, fromNote: i < n, dropped: false }));
  const foundTasks = [
    ...noted([...fromNote.tasks, ...shaped.tasks], fromNote.tasks.length),
    ...read.tasks.filter((t) => !keptTasks.has(`${t.excerpt}|${t.dueMs}`)).map((x) => ({ x, fromNote: false, dropped: true })),
  ].map((t) => ({ ...t, x: calibrateTask(titled(t.x), ctx.refMs) }));
  const foundEvents = [
    ...noted([...fromNote.events, ...shaped.events], fromNote.events.length),
    ...read.events.filter((e) => !keptEvents.has(`${e.excerpt}|${e.startMs}`)).map((x) => ({ x, fromNote: false, dropped: true })),
  ].map((e) => ({ ...e, x: calibrateEvent(titled(e.x)) }));
  const seen = new Set<string>();
  const uniqueTasks = foundTasks.filter(({ x }) => {
    const key = x.title.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  const kept = (list: Array<{ dropped: boolean }>) => list.filter((x) => !x.dropped).length;
  // Counted once, not per item: a long message has thousands of candidates (D22: linear work).
  const keptTaskCount = kept(uniqueTasks);
  const keptEventCount = kept(foundEvents);
  const total = keptTaskCount + keptEventCount;
  const subjectWords = new Set(tokens(subjectTitle(parsed.subject)));
  const about = (index: number, kindCount: number, note: boolean): ItemContext => ({
    mailClass: mailClass.kind,
    lang,
    fromNote: note,
    index,
    kindCount,
    total,
    refMs: ctx.refMs,
    subjectWords,
  });
  const tasks = uniqueTasks.map(({ x: t, fromNote: note, dropped }, i) => ({
    dropped,
    item: { title: t.title, description: describe(parsed, t.excerpt), due_date: t.dueMs === null ? null : toIso(t.dueMs), confidence: t.confidence },
    features: itemFeatures(
      {
        kind: 'task',
        rule: t.rule ?? 'none',
        taskKind: t.kind,
        title: t.title,
        excerpt: t.excerpt,
        whenMs: t.dueMs,
        hasTime: t.dueIsExact,
        location: null,
        weak: [],
        ruleConfidence: t.confidence,
        dropped,
      },
      about(i, keptTaskCount, note),
    ),
  }));
  const events = foundEvents.map(({ x: e, fromNote: note, dropped }, i) => ({
    dropped,
    item: {
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
    },
    features: itemFeatures(
      {
        kind: 'event',
        rule: e.rule ?? 'none',
        taskKind: null,
        title: e.title,
        excerpt: e.excerpt,
        whenMs: e.startMs,
        hasTime: !e.allDay,
        location: e.location,
        weak: Object.entries(e.weak ?? {})
          .filter(([, on]) => on)
          .map(([k]) => k),
        ruleConfidence: e.confidence,
        dropped,
      },
      about(i, keptEventCount, note),
    ),
  }));
  const title =
    capitalise(subjectTitle(parsed.subject)) || split.text.trim().split('\n')[0]?.slice(0, 80).trim() || `Email from ${parsed.from ?? 'unknown sender'}`;
  // Mail of a class that asks for nothing is expected to end here; a person's mail that yields
  // nothing probably asked for something that was not read.
  const quiet = mailClass.kind === 'transactional' || mailClass.kind === 'notification' || mailClass.kind === 'newsletter';
  // A poll read for nothing else still says when voting closes ("Voting closes Sunday, December 6").
  const fallbackDueAt = quiet || mailClass.kind === 'poll' ? fallbackDueMs(content, ctx) : null;
  const fallbackDue = fallbackDueAt === null ? null : toIso(fallbackDueAt);
  const fallback = {
    title: fallbackDue && quiet && asksToPayByDueDate(content) ? payTitle(title) : title,
    description: describe(parsed, split.text.slice(0, 400)),
    due_date: fallbackDue,
    confidence: quiet ? CONFIDENCE.subjectFallbackQuiet : CONFIDENCE.subjectFallback,
  };
  return { invitation: null, tasks, events, fallback, errors };
}

const noFallback: ExtractedTask = { title: '', description: '', due_date: null, confidence: 0 };
/** A text item never claims the certainty of an invitation (D16: invitations at least 0.95). */
const TEXT_CEILING = 0.94;

/**
 * The model's decision on the rules' items: each keeps the model's probability as its confidence
 * and is dropped below the threshold; with no model (null) the rules' own confidence stands. When
 * no item is left, the subject fallback (D16).
 */
export function decide(c: Candidates, model: ItemModel | null): Extraction {
  if (c.invitation) return c.invitation;
  const judged = <T extends { confidence: number }>(list: Candidate<T>[]): T[] => {
    if (!model) return list.filter((x) => !x.dropped).map((x) => x.item);
    const kept: T[] = [];
    for (const { item, features, dropped } of list) {
      const p = itemProbability(model, features);
      if (p >= (dropped ? model.reviveThreshold : model.threshold)) kept.push({ ...item, confidence: Math.round(Math.min(TEXT_CEILING, p) * 100) / 100 });
    }
    return kept;
  };
  const tasks = judged(c.tasks);
  const events = judged(c.events);
  if (!tasks.length && !events.length) tasks.push(c.fallback);
  return { tasks, events, cancellations: [], errors: c.errors };
}

export function extract(parsed: ParsedMessage, options: ExtractOptions = {}): Extraction {
  return decide(readCandidates(parsed, options), options.model === undefined ? ITEM_MODEL : options.model);
}
