/**
 * How well two labellers agree, measured the way the extractor is measured: one labeller's items
 * (their titles, dates and places) are scored as if an extractor had produced them, against the
 * other's labels, with the matching rules of score-intake.mjs. The figure is the F1 a careful
 * person reaches against someone else's labels of the same mail (docs/intake-agreement.md).
 *
 * usage: node --import tsx scripts/label-agreement.ts --dir CORPUS (--labels DIR | --extractor) [--against DIR] [--verbose]
 *   CORPUS      the mails (NNN-name.eml) and, unless --against is given, their NNN-name.expected.json
 *   --labels    the second labeller's NNN-name.labels.json (the label format plus `title` on every
 *               item and `location` on events): scored as produced items
 *   --extractor score the extractor instead, so that it can be scored against a second labeller
 *   --against   score against this folder's NNN-name.labels.json instead of the corpus's labels
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { type Extraction, extract } from '../src/doors/email/extraction/index.js';
import { type Expected, loadCorpus, printScore, scoreMails, summaryLines } from './extraction-scoring.js';

interface Spec {
  date: string;
  time?: string;
  tz: string;
  date_only?: boolean;
}
interface LabelledItem {
  title?: string;
  title_keywords: string[];
  optional?: boolean;
}
interface LabelledTask extends LabelledItem {
  due: Spec | null;
}
interface LabelledEvent extends LabelledItem {
  start: Spec;
  end: Spec | null;
  all_day?: boolean;
  location?: string | null;
}
interface Labels {
  tasks: LabelledTask[];
  events: LabelledEvent[];
  cancels_event_from?: string | null;
  updates_event_from?: string | null;
}

const args = process.argv.slice(2);
const opt = (name: string): string | undefined => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const dir = opt('--dir');
const labelsDir = opt('--labels');
const againstDir = opt('--against');
const useExtractor = args.includes('--extractor');
if (!dir || !labelsDir === !useExtractor) {
  console.error('usage: node --import tsx scripts/label-agreement.ts --dir CORPUS (--labels DIR | --extractor) [--against DIR] [--verbose]');
  process.exit(64);
}

const readLabels = async (folder: string, name: string) => JSON.parse(await readFile(path.join(folder, `${name}.labels.json`), 'utf8')) as Labels;

// A deadline without a time is due at 23:59 local (D16); an all-day event starts at local midnight.
const instant = (s: Spec, dateOnlyTime: string) => new Date(`${s.date}T${s.date_only || !s.time ? dateOnlyTime : s.time}:00${s.tz}`).toISOString();
const titleOf = (x: LabelledItem) => x.title?.trim() || x.title_keywords.join(' ');
// Every labelled event stands for its mail's invitation, so that an update or a cancellation
// naming that mail can be checked as the scorer checks an extractor's.
const uidOf = (name: string) => `label:${name}`;

function asExtraction(name: string, labels: Labels): Extraction {
  const kept = <T extends LabelledItem>(list: T[]) => (list ?? []).filter((x) => !x.optional);
  const updated = labels.updates_event_from ?? null;
  return {
    tasks: kept(labels.tasks).map((t) => ({ title: titleOf(t), description: '', due_date: t.due ? instant(t.due, '23:59') : null, confidence: 1 })),
    events: kept(labels.events).map((e) => {
      const start = instant(e.start, '00:00');
      const end = e.end ? instant(e.end, '00:00') : new Date(Date.parse(start) + (e.all_day ? 86_400_000 : 3_600_000)).toISOString();
      return {
        title: titleOf(e),
        description: '',
        start_time: start,
        end_time: end,
        all_day: !!e.all_day,
        location: e.location ?? null,
        attendees: [],
        confidence: 1,
        ical_uid: uidOf(updated ?? name),
        ical_sequence: updated ? 1 : 0,
      };
    }),
    cancellations: labels.cancels_event_from ? [{ ical_uid: uidOf(labels.cancels_event_from), ical_sequence: null }] : [],
    errors: [],
  };
}

const mails = await loadCorpus(dir);
const produced = new Map<string, Extraction>();
for (const mail of mails) {
  if (labelsDir) produced.set(mail.name, asExtraction(mail.name, await readLabels(labelsDir, mail.name)));
  if (againstDir) mail.expected = (await readLabels(againstDir, mail.name)) as Expected;
}
const score = scoreMails(mails, (parsed, name) => (useExtractor ? extract(parsed) : (produced.get(name) as Extraction)));

// Confidence means nothing for a labeller's items (all 1).
printScore(
  score,
  args.includes('--verbose') || args.includes('-v'),
  summaryLines(score).filter((l) => !l.startsWith('confidence')),
);
