/**
 * The sentence source's readings (sentence-candidates.ts) as candidates the item model judges: a
 * task and an event per dated sentence, each with the features of item-features.ts plus what only
 * this source knows (verb first, a request cue, an hour, a place, a rule item on the same day, where
 * the sentence sits, how many items the rules found). The two of one sentence share a group:
 * decide() keeps at most the more probable of them.
 */
import { type Features, type ItemContext, itemFeatures } from './item-features.js';
import type { SentenceReading } from './sentence-candidates.js';
import { toIso } from './timezones.js';
import type { ExtractedEvent, ExtractedTask } from './types.js';

/** What a sentence candidate carries besides its item: its features and the sentence it shares with its other reading. */
export interface SentenceCandidate<T> {
  item: T;
  features: Features;
  dropped: false;
  /** Readings of one sentence's day share a group; at most one of a group is kept. */
  group: number;
}

/** The rules' confidence a sentence candidate starts from: none, so the middle of the scale. */
const NO_RULE_CONFIDENCE = 0.5;

function bucket(x: number, edges: number[], names: string[]): string {
  for (let i = 0; i < edges.length; i++) if (x <= edges[i]) return names[i];
  return names[names.length - 1];
}

function sourceFeatures(f: Features, kind: 'task' | 'event', r: SentenceReading, ruleItems: number): Features {
  const on = (name: string, value: boolean) => {
    if (!value) return;
    f.set(`s:${name}`, 1);
    f.set(`s:${kind}:${name}`, 1);
  };
  on('verb-first', r.facts.verbFirst);
  on('request', r.facts.request);
  on('time', r.facts.hasTime);
  on('no-time', !r.facts.hasTime);
  on('place', r.facts.hasPlace);
  on('end', r.facts.hasEnd);
  on('question', r.facts.question);
  on('shares-rule-day', r.facts.sharesRuleDay);
  on('subject-title', r.facts.subjectTitle);
  on('list-item', r.listItem);
  on('two-days', r.facts.days > 1);
  on('done', r.facts.done);
  on(`position:${bucket(r.position, [0.2, 0.5, 0.8], ['top', 'upper', 'lower', 'bottom'])}`, true);
  on(`rule-items:${bucket(ruleItems, [0, 1, 3], ['0', '1', '2-3', 'more'])}`, true);
  return f;
}

/** The readings as task and event candidates (toIso: the same instants the rules' items are given in). */
export function sentenceItems(
  readings: SentenceReading[],
  describe: (excerpt: string) => string,
  about: (index: number, kindCount: number, note: boolean) => ItemContext,
  ruleItems: number,
): { tasks: SentenceCandidate<ExtractedTask>[]; events: SentenceCandidate<ExtractedEvent>[] } {
  const tasks: SentenceCandidate<ExtractedTask>[] = [];
  const events: SentenceCandidate<ExtractedEvent>[] = [];
  readings.forEach((r, group) => {
    const base = { rule: 'sentence', taskKind: null, excerpt: r.sentence, weak: [], ruleConfidence: NO_RULE_CONFIDENCE, dropped: false } as const;
    if (r.task) {
      const features = itemFeatures(
        { ...base, kind: 'task', title: r.task.title, whenMs: r.task.dueMs, hasTime: r.task.exact, location: null, weak: [] },
        about(group, readings.length, r.fromNote),
      );
      tasks.push({
        item: { title: r.task.title, description: describe(r.sentence), due_date: toIso(r.task.dueMs), confidence: NO_RULE_CONFIDENCE },
        features: sourceFeatures(features, 'task', r, ruleItems),
        dropped: false,
        group,
      });
    }
    if (r.event) {
      const e = r.event;
      const features = itemFeatures(
        {
          ...base,
          kind: 'event',
          title: e.title,
          whenMs: e.startMs,
          hasTime: !e.allDay,
          location: e.location,
          weak: r.facts.subjectTitle ? ['subjectTitle'] : [],
        },
        about(group, readings.length, r.fromNote),
      );
      events.push({
        item: {
          title: e.title,
          description: describe(r.sentence),
          start_time: toIso(e.startMs),
          end_time: toIso(e.endMs),
          all_day: e.allDay,
          location: e.location,
          attendees: [],
          confidence: NO_RULE_CONFIDENCE,
          ical_uid: null,
          ical_sequence: null,
        },
        features: sourceFeatures(features, 'event', r, ruleItems),
        dropped: false,
        group,
      });
    }
  });
  return { tasks, events };
}
