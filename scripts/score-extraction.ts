/**
 * Offline scorer for the email extraction engine: runs extract() over a labelled corpus
 * (default ../shared/corpus/email-dev beside the checkout) with the matching rules of score-intake.mjs.
 * usage: node --import tsx scripts/score-extraction.ts [--dir DIR] [--verbose] [--only SUBSTR]
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { extract, parseEmail, subjectTitle, type Extraction } from '../src/doors/email/extraction/index.js';

interface Spec { date: string; time?: string; tz: string; date_only?: boolean }
interface ExpTask { title_keywords: string[]; due: Spec | null; optional?: boolean }
interface ExpEvent { title_keywords: string[]; start: Spec; end: Spec | null; all_day?: boolean; location_keywords: string[] | null; optional?: boolean }
interface Expected { tasks: ExpTask[]; events: ExpEvent[]; cancels_event_from?: string | null; updates_event_from?: string | null }
interface Item { title: string; due_date?: string | null; start_time?: string; end_time?: string; all_day?: boolean; location?: string | null }

const args = process.argv.slice(2);
const opt = (name: string): string | undefined => { const i = args.indexOf(name); return i >= 0 ? args[i + 1] : undefined; };
const dir = opt('--dir') ?? path.resolve(import.meta.dirname, '../../shared/corpus/email-dev');
const only = opt('--only');
const verbose = args.includes('--verbose') || args.includes('-v');

// ---- matching rules (same as score-intake.mjs)
const norm = (s: unknown) => String(s ?? '').normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/ß/g, 'ss');
const words = (s: string) => norm(s).split(/[^\p{L}\p{N}]+/u).filter(Boolean);
const commonPrefix = (a: string, b: string) => { let i = 0; while (i < a.length && i < b.length && a[i] === b[i]) i++; return i; };
function kwMatch(kw: string, value: string): boolean {
  const k = norm(kw);
  const t = norm(value);
  if (!k) return true;
  if (/[^\p{L}\p{N}]/u.test(k)) return t.includes(k);
  const kl = [...k].length;
  if (kl >= 5 && t.includes(k)) return true;
  for (const w of words(value)) {
    if (w === k) return true;
    if (kl >= 4 && [...w].length >= 4) { const cp = commonPrefix(k, w); if (cp >= 4 && cp >= kl - 3) return true; }
  }
  return false;
}
const allKw = (kws: string[] | null, v: string) => Array.isArray(kws) && kws.every((k) => kwMatch(k, v));
const offMin = (tz: string) => { const m = /^([+-])(\d{2}):?(\d{2})$/.exec(tz || '+00:00'); return m ? (m[1] === '-' ? -1 : 1) * (+m[2] * 60 + +m[3]) : 0; };
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

interface Res { exp: ExpTask | ExpEvent; prod: Item | null; full: boolean; title: boolean }
function matchKind(expList: (ExpTask | ExpEvent)[], prodList: Item[], kind: 'task' | 'event') {
  const isFull = (x: ExpTask | ExpEvent, p: Item) => titleOk(x, p) && (kind === 'task' ? taskDateOk(x as ExpTask, p) : eventDateOk(x as ExpEvent, p) && eventLocOk(x as ExpEvent, p));
  const used = new Set<number>();
  const res: Res[] = expList.map((x) => ({ exp: x, prod: null, full: false, title: false }));
  const req = res.filter((r) => !r.exp.optional);
  const optional = res.filter((r) => r.exp.optional);
  for (const r of req) { const i = prodList.findIndex((p, j) => !used.has(j) && isFull(r.exp, p)); if (i >= 0) { used.add(i); Object.assign(r, { prod: prodList[i], full: true, title: true }); } }
  for (const r of req) { if (r.prod) continue; const i = prodList.findIndex((p, j) => !used.has(j) && titleOk(r.exp, p)); if (i >= 0) { used.add(i); Object.assign(r, { prod: prodList[i], title: true }); } }
  for (const r of optional) { const i = prodList.findIndex((p, j) => !used.has(j) && titleOk(r.exp, p)); if (i >= 0) { used.add(i); Object.assign(r, { prod: prodList[i], title: true, full: isFull(r.exp, prodList[i]) }); } }
  return { res, extras: prodList.filter((_, j) => !used.has(j)) };
}

// ---- scoring
interface Totals { expected: number; produced: number; full: number }
function f1Line(t: Totals): string {
  const p = t.produced ? t.full / t.produced : 0;
  const r = t.expected ? t.full / t.expected : 0;
  const f = p + r ? (2 * p * r) / (p + r) : 0;
  return `F1 ${f.toFixed(3)} precision ${p.toFixed(3)} recall ${r.toFixed(3)}`;
}
const brief = (p: Item) => (p.start_time ? `"${p.title}" ${p.all_day ? 'all-day ' : ''}${p.start_time} - ${p.end_time}${p.location ? ` @ ${p.location}` : ''}` : `"${p.title}" due ${p.due_date ?? 'none'}`);
const expBrief = (x: ExpTask | ExpEvent) => `[${x.title_keywords.join(' ')}] ${'due' in x ? JSON.stringify(x.due) : `start ${JSON.stringify(x.start)}${x.end ? ` end ${JSON.stringify(x.end)}` : ''}${x.location_keywords ? ` @[${x.location_keywords.join(' ')}]` : ''}`}`;

function scoreOne(exp: Expected, out: Extraction, totals: Totals, lines: string[], checksPassed: number, checksExpected: number): void {
  const mt = matchKind(exp.tasks, out.tasks, 'task');
  const me = matchKind(exp.events, out.events, 'event');
  for (const [m, list] of [[mt, out.tasks], [me, out.events]] as const) {
    let produced = list.length;
    for (const r of m.res) {
      if (r.exp.optional) { if (r.prod) { produced--; lines.push(`    OPT   ${expBrief(r.exp)} ~ ${brief(r.prod)}`); } continue; }
      totals.expected++;
      if (r.full) { totals.full++; if (verbose) lines.push(`    OK    ${expBrief(r.exp)} <- ${brief(r.prod!)}`); }
      else if (r.prod) lines.push(`    DATE  ${expBrief(r.exp)} <- ${brief(r.prod)}`);
      else lines.push(`    MISS  ${expBrief(r.exp)}`);
    }
    for (const x of m.extras) lines.push(`    EXTRA ${brief(x)}`);
    totals.produced += produced;
  }
  totals.expected += checksExpected;
  totals.produced += checksPassed;
  totals.full += checksPassed;
}

const files = (await readdir(dir)).filter((f) => f.endsWith('.eml')).sort().filter((f) => !only || f.includes(only));
const totals: Totals = { expected: 0, produced: 0, full: 0 };
const baseline: Totals = { expected: 0, produced: 0, full: 0 };
const byName = new Map<string, Extraction>();
for (const file of files) {
  const name = file.slice(0, -4);
  const exp = JSON.parse(await readFile(path.join(dir, `${name}.expected.json`), 'utf8')) as Expected;
  const raw = await readFile(path.join(dir, file));
  const lines: string[] = [];
  let out: Extraction = { tasks: [], events: [], cancellations: [], errors: [] };
  let parsedSubject = '';
  try {
    const parsed = await parseEmail(raw);
    parsedSubject = parsed.subject;
    out = extract(parsed);
  } catch (e) {
    lines.push(`    ERROR ${(e as Error).message}`);
  }
  for (const err of out.errors) lines.push(`    CALENDAR ERROR ${err}`);
  byName.set(name, out);
  // cancel / update checks by iCalendar UID and SEQUENCE
  let checksExpected = 0;
  let checksPassed = 0;
  const refName = exp.cancels_event_from ?? exp.updates_event_from ?? null;
  if (refName) {
    checksExpected = 1;
    const earlier = byName.get(refName)?.events.find((e) => e.ical_uid);
    let ok = false;
    if (earlier && exp.cancels_event_from) ok = out.cancellations.some((c) => c.ical_uid === earlier.ical_uid && (c.ical_sequence === null || c.ical_sequence >= (earlier.ical_sequence ?? 0)));
    if (earlier && exp.updates_event_from) {
      const want = exp.events.find((x) => !x.optional);
      ok = out.events.some((e) => e.ical_uid === earlier.ical_uid && (e.ical_sequence ?? 0) > (earlier.ical_sequence ?? 0) && (!want || eventDateOk(want, e)));
    }
    if (ok) checksPassed = 1;
    lines.push(`    CHECK ${exp.cancels_event_from ? 'cancel' : 'update'} of ${refName}: ${ok ? 'passed' : 'FAILED'}`);
  }
  scoreOne(exp, out, totals, lines, checksPassed, checksExpected);
  scoreOne(exp, { tasks: [{ title: subjectTitle(parsedSubject), description: '', due_date: null, confidence: 0.4 }], events: [], cancellations: [], errors: [] }, baseline, [], 0, checksExpected);
  const problems = lines.filter((l) => !/^\s+(OK|OPT|CHECK .*passed)/.test(l));
  if (verbose || problems.length) {
    console.log(name);
    for (const l of verbose ? lines : problems) console.log(l);
  }
}
console.log('');
console.log(`emails ${files.length}  expected ${totals.expected}  produced ${totals.produced}  matched ${totals.full}`);
console.log(`subject-only baseline: ${f1Line(baseline)}`);
console.log(f1Line(totals));
