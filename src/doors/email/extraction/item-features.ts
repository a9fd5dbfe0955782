/**
 * What the item model (item-model.ts) reads of one item the rules found: facts that say something
 * general about an item, not about one mail. Which rule made it and how sure that rule was, the
 * mail's class and language, whether the forwarder wrote it, where it sits among the mail's items
 * and how many there are, whether it has a date and an hour and how far off the date is, the title's
 * length and whether it opens with a verb, and the words of its title and sentence (lower-cased,
 * with the pairs of neighbouring words). Every feature is a name with a value (1 unless said);
 * the model hashes the names, so a word it never saw weighs nothing.
 * Each item's own title and a bounded piece of its sentence are read, so the cost stays linear.
 */
import { imperativeMood, listVerb } from './imperative-mood.js';
import type { MailClass } from './classify.js';
import type { Lang } from './language.js';

/** The facts about an item that come from its mail rather than from the item itself. */
export interface ItemContext {
  mailClass: MailClass;
  lang: Lang;
  /** Written by the forwarder above the forwarded mail. */
  fromNote: boolean;
  /** Its place among the mail's items of its kind (0-based), how many of its kind there are, and how many items in all. */
  index: number;
  kindCount: number;
  total: number;
  refMs: number;
  /** The words of the mail's subject (lower-cased), without a reply or forward prefix. */
  subjectWords: ReadonlySet<string>;
}

/** The item as the rules left it: kind, rule, fields and the rules' own (calibrated) confidence. */
export interface ItemFacts {
  kind: 'task' | 'event';
  rule: string;
  /** Task kind of action-items.ts (request, section, ...) or null for events. */
  taskKind: string | null;
  title: string;
  excerpt: string;
  /** Due date (tasks) or start (events); null when the task has no date. */
  whenMs: number | null;
  /** The hour is known (a due time, or an event that is not all-day). */
  hasTime: boolean;
  location: string | null;
  weak: string[];
  ruleConfidence: number;
  /** Left out by the rules for the mail's class. */
  dropped: boolean;
}

export type Features = Map<string, number>;

/** Only the opening of a long sentence is read: the words that matter are near the verb. */
const EXCERPT_CHARS = 300;
const DAY = 86400000;

/** The lower-cased words of a text, as the features name them. */
export const tokens = (s: string) => s.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

function bucket(x: number, edges: number[], names: string[]): string {
  for (let i = 0; i < edges.length; i++) if (x <= edges[i]) return names[i];
  return names[names.length - 1];
}

function horizon(whenMs: number | null, refMs: number): string {
  if (whenMs === null) return 'none';
  const days = (whenMs - refMs) / DAY;
  if (days < -1 / 24) return 'past';
  return bucket(days, [1, 7, 31, 183], ['day', 'week', 'month', 'half-year', 'later']);
}

function add(f: Features, name: string, value = 1): void {
  f.set(name, (f.get(name) ?? 0) + value);
}

export function itemFeatures(item: ItemFacts, ctx: ItemContext): Features {
  const f: Features = new Map();
  const kind = item.kind;
  add(f, `kind:${kind}`);
  if (item.dropped) {
    add(f, 'dropped');
    add(f, `dropped:${ctx.mailClass}:${kind}`);
  }
  add(f, `rule:${item.rule}`);
  if (item.taskKind) add(f, `taskKind:${item.taskKind}`);
  add(f, `class:${ctx.mailClass}`);
  add(f, `class-kind:${ctx.mailClass}:${kind}`);
  add(f, `class-rule:${ctx.mailClass}:${item.rule}`);
  add(f, `lang:${ctx.lang}`);
  if (ctx.fromNote) add(f, 'fromNote');
  const position = ctx.kindCount === 1 ? 'only' : ctx.index === 0 ? 'first' : ctx.index === ctx.kindCount - 1 ? 'last' : 'middle';
  add(f, `${kind}-position:${position}`);
  add(f, `count:${bucket(ctx.total, [1, 2, 4, 8], ['1', '2', '3-4', '5-8', 'more'])}`);
  add(f, `${kind}-count:${bucket(ctx.kindCount, [1, 2, 4], ['1', '2', '3-4', 'more'])}`);
  const when = horizon(item.whenMs, ctx.refMs);
  add(f, `when:${when}`);
  add(f, `${kind}-when:${when}`);
  add(f, item.hasTime ? `${kind}-time` : `${kind}-no-time`);
  if (kind === 'event') add(f, item.location ? (/\d/.test(item.location) ? 'place:address' : 'place:named') : 'place:none');
  for (const w of item.weak) add(f, `weak:${w}`);
  // The rules' own confidence, centred, as a number: the model starts from what the rules knew.
  add(f, 'ruleConfidence', (item.ruleConfidence - 0.7) * 4);

  const titleWords = tokens(item.title);
  add(f, `titleLength:${bucket(titleWords.length, [1, 2, 5, 8, 12], ['1', '2', '3-5', '6-8', '9-12', 'more'])}`);
  if (imperativeMood(item.title, ctx.lang) || listVerb(item.title, ctx.lang)) add(f, `${kind}-verb-first`);
  if (titleWords.length) add(f, `first:${titleWords[0]}`);
  if (/\d{3,}/.test(item.title)) add(f, 'title-long-number');
  if (/[$€£]|\d[.,]\d{2}(?!\d)/.test(item.title)) add(f, 'title-amount');
  for (const w of titleWords) add(f, `t:${w}`);
  const shared = titleWords.filter((w) => w.length > 2 && ctx.subjectWords.has(w)).length;
  add(f, `${kind}-subject-words:${ctx.mailClass}:${bucket(shared, [0, 1, 2], ['0', '1', '2', 'more'])}`);
  const excerptWords = tokens(item.excerpt.slice(0, EXCERPT_CHARS));
  let previous: string | null = null;
  for (const w of excerptWords) {
    f.set(`w:${w}`, 1);
    if (previous) f.set(`b:${previous} ${w}`, 1);
    previous = w;
  }
  return f;
}
