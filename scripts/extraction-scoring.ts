/**
 * Scores extract() offline against a labelled corpus, with the matching rules of
 * ../shared/corpus/score-intake.mjs (title keywords, dates, locations, optional labels, cancel and
 * update checks). Used by scripts/score-extraction.ts and by the corpus floor test.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { extract, parseEmail, subjectTitle, type Extraction, type ParsedMessage } from '../src/doors/email/extraction/index.js';

interface Spec {
  date: string;
  time?: string;
  tz: string;
  date_only?: boolean;
}
interface ExpTask {
  title_keywords: string[];
  due: Spec | null;
  optional?: boolean;
}
interface ExpEvent {
  title_keywords: string[];
  start: Spec;
  end: Spec | null;
  all_day?: boolean;
  location_keywords: string[] | null;
  optional?: boolean;
}
export interface Expected {
  tasks: ExpTask[];
  events: ExpEvent[];
  cancels_event_from?: string | null;
  updates_event_from?: string | null;
}
interface Item {
  title: string;
  due_date?: string | null;
  start_time?: string;
  end_time?: string;
  all_day?: boolean;
  location?: string | null;
  confidence?: number;
}

// ---- matching rules (same as score-intake.mjs)
const norm = (s: unknown) =>
  String(s ?? '')
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/ß/g, 'ss');
const words = (s: string) =>
  norm(s)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
const commonPrefix = (a: string, b: string) => {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i;
};
function kwMatch(kw: string, value: string): boolean {
  const k = norm(kw);
  const t = norm(value);
  if (!k) return true;
  if (/[^\p{L}\p{N}]/u.test(k)) return t.includes(k);
  const kl = [...k].length;
  if (kl >= 5 && t.includes(k)) return true;
  for (const w of words(value)) {
    if (w === k) return true;
    if (kl >= 4 && [...w].length >= 4) {
      const cp = commonPrefix(k, w);
      if (cp >= 4 && cp >= kl - 3) return true;
    }
  }
  return false;
}
const allKw = (kws: string[] | null, v: string) => Array.isArray(kws) && kws.every((k) => kwMatch(k, v));
const offMin = (tz: string) => {
  const m = /^([+-])(\d{2}):?(\d{2})$/.exec(tz || '+00:00');
  return m ? (m[1] === '-' ? -1 : 1) * (+m[2] * 60 + +m[3]) : 0;
};
const specMs = (s: Spec) => Date.parse(`${s.date}T${s.time || '00:00'}:00${s.tz}`);
const localDate = (ms: number, tz: string) => new Date(ms + offMin(tz) * 60000).toISOString().slice(0, 10);
function specMatches(spec: Spec | null | undefined, value: string | null | undefined, allDay: boolean): boolean {
  if (spec === null || spec === undefined) return value === null || value === undefined || value === '';
  if (!value) return false;
  const ms = Date.parse(value);
  if (Number.isNaN(ms)) return false;
  if (spec.date_only) return localDate(ms, spec.tz) === spec.date || (allDay && new Date(ms).toISOString().slice(0, 10) === spec.date);
  return Math.abs(ms - specMs(spec)) <= 60000;
}
const taskDateOk = (x: ExpTask, t: Item) => specMatches(x.due, t.due_date ?? null, false);
function eventDateOk(x: ExpEvent, e: Item): boolean {
  const ad = !!x.all_day;
  if (ad !== !!e.all_day) return false;
  if (!specMatches(x.start, e.start_time ?? null, ad)) return false;
  return !x.end || specMatches(x.end, e.end_time ?? null, ad);
}
const eventLocOk = (x: ExpEvent, e: Item) => !x.location_keywords || allKw(x.location_keywords, e.location || '');
const titleOk = (x: { title_keywords: string[] }, p: Item) => allKw(x.title_keywords, p.title || '');

interface Res {
  exp: ExpTask | ExpEvent;
  prod: Item | null;
  full: boolean;
  title: boolean;
}
function matchKind(expList: (ExpTask | ExpEvent)[], prodList: Item[], kind: 'task' | 'event') {
  const isFull = (x: ExpTask | ExpEvent, p: Item) =>
    titleOk(x, p) && (kind === 'task' ? taskDateOk(x as ExpTask, p) : eventDateOk(x as ExpEvent, p) && eventLocOk(x as ExpEvent, p));
  const used = new Set<number>();
  const res: Res[] = expList.map((x) => ({ exp: x, prod: null, full: false, title: false }));
  const req = res.filter((r) => !r.exp.optional);
  const optional = res.filter((r) => r.exp.optional);
  for (const r of req) {
    const i = prodList.findIndex((p, j) => !used.has(j) && isFull(r.exp, p));
    if (i >= 0) {
      used.add(i);
      Object.assign(r, { prod: prodList[i], full: true, title: true });
    }
  }
  for (const r of req) {
    if (r.prod) continue;
    const i = prodList.findIndex((p, j) => !used.has(j) && titleOk(r.exp, p));
    if (i >= 0) {
      used.add(i);
      Object.assign(r, { prod: prodList[i], title: true });
    }
  }
  for (const r of optional) {
    const i = prodList.findIndex((p, j) => !used.has(j) && titleOk(r.exp, p));
    if (i >= 0) {
      used.add(i);
      Object.assign(r, { prod: prodList[i], title: true, full: isFull(r.exp, prodList[i]) });
    }
  }
  return { res, extras: prodList.filter((_, j) => !used.has(j)) };
}

export interface Counts {
  expected: number;
  produced: number;
  full: number;
}
export interface KindScores {
  task: Counts;
  event_text: Counts;
  event_invite: Counts;
}
export interface CorpusScore {
  emails: number;
  totals: Counts;
  byKind: KindScores;
  precision: number;
  recall: number;
  f1: number;
  /** Mean confidence of fully matched items and of wrong ones (extras and partial matches). */
  confidenceCorrect: number | null;
  confidenceWrong: number | null;
  /** confidenceCorrect - confidenceWrong (null when either side is empty). */
  confidenceSeparation: number | null;
  subjectOnly: Counts;
  /** Per-email problem lines (MISS, DATE, EXTRA, ...). */
  lines: Map<string, string[]>;
}

const zero = (): Counts => ({ expected: 0, produced: 0, full: 0 });
export const prf = (c: Counts) => {
  const precision = c.produced ? c.full / c.produced : 0;
  const recall = c.expected ? c.full / c.expected : 0;
  return { precision, recall, f1: precision + recall ? (2 * precision * recall) / (precision + recall) : 0 };
};

const brief = (p: Item) =>
  `${p.start_time ? `"${p.title}" ${p.all_day ? 'all-day ' : ''}${p.start_time} - ${p.end_time}${p.location ? ` @ ${p.location}` : ''}` : `"${p.title}" due ${p.due_date ?? 'none'}`}${typeof p.confidence === 'number' ? ` conf ${p.confidence.toFixed(2)}` : ''}`;
const expBrief = (x: ExpTask | ExpEvent) =>
  `[${x.title_keywords.join(' ')}] ${'due' in x ? JSON.stringify(x.due) : `start ${JSON.stringify(x.start)}${x.end ? ` end ${JSON.stringify(x.end)}` : ''}${x.location_keywords ? ` @[${x.location_keywords.join(' ')}]` : ''}`}`;

interface Acc {
  kinds: KindScores;
  conf: { ok: number[]; bad: number[] };
}

function scoreOne(
  exp: Expected,
  out: Extraction,
  invite: boolean,
  acc: Acc | null,
  totals: Counts,
  lines: string[],
  checks: { passed: number; expected: number },
): void {
  const mt = matchKind(exp.tasks, out.tasks, 'task');
  const me = matchKind(exp.events, out.events, 'event');
  for (const [m, list, kind] of [
    [mt, out.tasks, 'task'],
    [me, out.events, invite ? 'event_invite' : 'event_text'],
  ] as const) {
    const k = acc?.kinds[kind];
    let produced = list.length;
    for (const r of m.res) {
      if (r.exp.optional) {
        if (r.prod) {
          produced--;
          lines.push(`    OPT   ${expBrief(r.exp)} ~ ${brief(r.prod)}`);
        }
        continue;
      }
      totals.expected++;
      if (k) k.expected++;
      if (r.full) {
        totals.full++;
        if (k) k.full++;
        if (typeof r.prod!.confidence === 'number') acc?.conf.ok.push(r.prod!.confidence);
        lines.push(`    OK    ${expBrief(r.exp)} <- ${brief(r.prod!)}`);
      } else if (r.prod) {
        if (typeof r.prod.confidence === 'number') acc?.conf.bad.push(r.prod.confidence);
        lines.push(`    DATE  ${expBrief(r.exp)} <- ${brief(r.prod)}`);
      } else lines.push(`    MISS  ${expBrief(r.exp)}`);
    }
    for (const x of m.extras) {
      if (typeof x.confidence === 'number') acc?.conf.bad.push(x.confidence);
      lines.push(`    EXTRA ${brief(x)}`);
    }
    totals.produced += produced;
    if (k) k.produced += produced;
  }
  totals.expected += checks.expected;
  totals.produced += checks.passed;
  totals.full += checks.passed;
}

const mean = (a: number[]) => (a.length ? a.reduce((s, x) => s + x, 0) / a.length : null);

/** One labelled mail of a set, parsed once (scoring it again with another reading costs no parse). */
export interface LabelledMail {
  name: string;
  expected: Expected;
  parsed: ParsedMessage | null;
  parseError: string | null;
  invite: boolean;
}

export async function loadCorpus(dir: string, only?: string): Promise<LabelledMail[]> {
  const files = (await readdir(dir))
    .filter((f) => f.endsWith('.eml'))
    .sort()
    .filter((f) => !only || f.includes(only));
  const mails: LabelledMail[] = [];
  for (const file of files) {
    const name = file.slice(0, -4);
    const expected = JSON.parse(await readFile(path.join(dir, `${name}.expected.json`), 'utf8')) as Expected;
    const raw = await readFile(path.join(dir, file));
    const rawText = raw.toString('latin1');
    const invite = /^content-type:\s*(text\/calendar|application\/ics)|^BEGIN:VCALENDAR/im.test(rawText) || /\.ics"?\s*$/im.test(rawText);
    try {
      mails.push({ name, expected, parsed: await parseEmail(raw), parseError: null, invite });
    } catch (e) {
      mails.push({ name, expected, parsed: null, parseError: (e as Error).message, invite });
    }
  }
  return mails;
}

export type Verdict = 'right' | 'partial' | 'extra' | 'optional';

/**
 * What the scorer's matching makes of each produced item, in the order of out.tasks and out.events:
 * right (fully matched), partial (the title matched, a field did not), extra (matched nothing),
 * optional (matched an optional item: neither counted right nor wrong). The item model's labels.
 */
export function itemVerdicts(expected: Expected, out: Pick<Extraction, 'tasks' | 'events'>): { tasks: Verdict[]; events: Verdict[] } {
  const verdicts = (m: ReturnType<typeof matchKind>, list: Item[]): Verdict[] =>
    list.map((p) => {
      const r = m.res.find((x) => x.prod === p);
      return !r ? 'extra' : r.exp.optional ? 'optional' : r.full ? 'right' : 'partial';
    });
  return {
    tasks: verdicts(matchKind(expected.tasks, out.tasks, 'task'), out.tasks),
    events: verdicts(matchKind(expected.events, out.events, 'event'), out.events),
  };
}

export async function scoreCorpus(dir: string, only?: string): Promise<CorpusScore> {
  return scoreMails(await loadCorpus(dir, only), (parsed) => extract(parsed));
}

/** Scores loaded mails with a given reading of each (the extractor, or the rules with another model). */
export function scoreMails(mails: LabelledMail[], read: (parsed: ParsedMessage, name: string) => Extraction): CorpusScore {
  const totals = zero();
  const subjectOnly = zero();
  const acc: Acc = { kinds: { task: zero(), event_text: zero(), event_invite: zero() }, conf: { ok: [], bad: [] } };
  const byName = new Map<string, Extraction>();
  const allLines = new Map<string, string[]>();
  for (const { name, expected: exp, parsed, parseError, invite } of mails) {
    const lines: string[] = [];
    let out: Extraction = { tasks: [], events: [], cancellations: [], errors: [] };
    const parsedSubject = parsed?.subject ?? '';
    if (parseError) lines.push(`    ERROR ${parseError}`);
    else {
      try {
        out = read(parsed!, name);
      } catch (e) {
        lines.push(`    ERROR ${(e as Error).message}`);
      }
    }
    for (const err of out.errors) lines.push(`    CALENDAR ERROR ${err}`);
    byName.set(name, out);
    const checks = { passed: 0, expected: 0 };
    const refName = exp.cancels_event_from ?? exp.updates_event_from ?? null;
    if (refName) {
      checks.expected = 1;
      const earlier = byName.get(refName)?.events.find((e) => e.ical_uid);
      let ok = false;
      if (earlier && exp.cancels_event_from)
        ok = out.cancellations.some((c) => c.ical_uid === earlier.ical_uid && (c.ical_sequence === null || c.ical_sequence >= (earlier.ical_sequence ?? 0)));
      if (earlier && exp.updates_event_from) {
        const want = exp.events.find((x) => !x.optional);
        ok = out.events.some(
          (e) => e.ical_uid === earlier.ical_uid && (e.ical_sequence ?? 0) > (earlier.ical_sequence ?? 0) && (!want || eventDateOk(want, e)),
        );
      }
      if (ok) checks.passed = 1;
      lines.push(`    CHECK ${exp.cancels_event_from ? 'cancel' : 'update'} of ${refName}: ${ok ? 'passed' : 'FAILED'}`);
    }
    scoreOne(exp, out, invite, acc, totals, lines, checks);
    const fallback: Extraction = {
      tasks: [{ title: subjectTitle(parsedSubject), description: '', due_date: null, confidence: 0.4 }],
      events: [],
      cancellations: [],
      errors: [],
    };
    scoreOne(exp, fallback, invite, null, subjectOnly, [], { passed: 0, expected: checks.expected });
    allLines.set(name, lines);
  }
  const { precision, recall, f1 } = prf(totals);
  const confidenceCorrect = mean(acc.conf.ok);
  const confidenceWrong = mean(acc.conf.bad);
  return {
    emails: mails.length,
    totals,
    byKind: acc.kinds,
    precision,
    recall,
    f1,
    confidenceCorrect,
    confidenceWrong,
    confidenceSeparation: confidenceCorrect !== null && confidenceWrong !== null ? confidenceCorrect - confidenceWrong : null,
    subjectOnly,
    lines: allLines,
  };
}

const f3 = (x: number | null) => (x === null ? 'n/a' : x.toFixed(3));

/** The summary block printed by the CLI (per kind, confidence, last line "F1 ... precision ... recall ..."). */
export function summaryLines(s: CorpusScore): string[] {
  const kind = (name: string, c: Counts) => {
    const m = prf(c);
    return `  ${name.padEnd(16)} expected ${String(c.expected).padStart(3)}  produced ${String(c.produced).padStart(3)}  full ${String(c.full).padStart(3)}  P ${f3(m.precision)}  R ${f3(m.recall)}  F1 ${f3(m.f1)}`;
  };
  const base = prf(s.subjectOnly);
  return [
    `emails ${s.emails}  expected ${s.totals.expected}  produced ${s.totals.produced}  matched ${s.totals.full}`,
    kind('tasks', s.byKind.task),
    kind('events (text)', s.byKind.event_text),
    kind('events (invite)', s.byKind.event_invite),
    `confidence: correct ${f3(s.confidenceCorrect)}  wrong ${f3(s.confidenceWrong)}  separation ${f3(s.confidenceSeparation)}`,
    `subject-only baseline: F1 ${f3(base.f1)} precision ${f3(base.precision)} recall ${f3(base.recall)}`,
    `F1 ${f3(s.f1)} precision ${f3(s.precision)} recall ${f3(s.recall)}`,
  ];
}

/** Per-mail problem lines (all lines with `verbose`), then the summary: what the scoring CLIs print. */
export function printScore(score: CorpusScore, verbose: boolean, summary = summaryLines(score)): void {
  for (const [name, lines] of score.lines) {
    const shown = verbose ? lines : lines.filter((l) => !/^\s+(OK|OPT|CHECK .*passed)/.test(l));
    if (!shown.length) continue;
    console.log(name);
    for (const l of shown) console.log(l);
  }
  console.log('');
  for (const l of summary) console.log(l);
}
