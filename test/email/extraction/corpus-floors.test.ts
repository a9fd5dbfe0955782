/**
 * Extraction quality must not regress: the offline scorer (same matching rules as
 * ../shared/corpus/score-intake.mjs) runs over the development corpus, the held-out corpus written for
 * this repository (test/corpus/email-heldout, never tuned on) and the small check set, and each
 * figure must stay at or above its floor. Floors are the measured figures minus a small margin
 * (docs/intake-quality.md); raise them when the extractor improves, never lower them to pass.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { prf, scoreCorpus, type CorpusScore } from '../../../scripts/extraction-scoring.js';
import { CORPUS } from '../../helpers/corpus.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const HELDOUT = path.resolve(here, '../../corpus/email-heldout');
const CHECK = path.resolve(here, '../../corpus/email-check');
const UNSEEN = path.resolve(here, '../../corpus/email-unseen');

interface Floors {
  f1: number;
  precision: number;
  recall: number;
  tasksF1: number;
  eventsF1: number;
  separation: number | null;
}

function expectFloors(s: CorpusScore, floors: Floors): void {
  const detail = [...s.lines].flatMap(([name, lines]) => lines.filter((l) => !/^\s+(OK|OPT|CHECK .*passed)/.test(l)).map((l) => `${name}${l}`)).join('\n');
  expect(s.f1, `F1 fell below ${floors.f1}\n${detail}`).toBeGreaterThanOrEqual(floors.f1);
  expect(s.precision).toBeGreaterThanOrEqual(floors.precision);
  expect(s.recall).toBeGreaterThanOrEqual(floors.recall);
  expect(prf(s.byKind.task).f1).toBeGreaterThanOrEqual(floors.tasksF1);
  expect(prf(s.byKind.event_text).f1).toBeGreaterThanOrEqual(floors.eventsF1);
  if (floors.separation !== null) expect(s.confidenceSeparation ?? 0).toBeGreaterThanOrEqual(floors.separation);
}

describe('extraction quality floors', () => {
  it.skipIf(!existsSync(CORPUS))(
    'development corpus',
    async () => {
      const s = await scoreCorpus(CORPUS);
      expect(s.emails).toBe(40);
      // No wrong item on this corpus, so there is no separation to measure.
      expectFloors(s, { f1: 0.98, precision: 0.98, recall: 0.98, tasksF1: 0.97, eventsF1: 0.95, separation: null });
    },
    60_000,
  );

  it('held-out corpus (written before any run, never tuned on)', async () => {
    const s = await scoreCorpus(HELDOUT);
    expect(s.emails).toBeGreaterThanOrEqual(60);
    expectFloors(s, { f1: 0.93, precision: 0.93, recall: 0.93, tasksF1: 0.95, eventsF1: 0.89, separation: 0.17 });
    // Correct items are trusted more than wrong ones by at least 0.15 on average (issue 16).
    expect(s.confidenceCorrect! - s.confidenceWrong!).toBeGreaterThanOrEqual(0.15);
  }, 60_000);

  it('check set', async () => {
    const s = await scoreCorpus(CHECK);
    expect(s.emails).toBe(15);
    expectFloors(s, { f1: 0.77, precision: 0.77, recall: 0.77, tasksF1: 0.86, eventsF1: 0.45, separation: 0.15 });
  }, 60_000);

  it('unseen set (written after the rule changes, measured once)', async () => {
    const s = await scoreCorpus(UNSEEN);
    expect(s.emails).toBe(10);
    // Three wrong items only: the separation is measured but too noisy to hold at 0.15 here.
    expectFloors(s, { f1: 0.82, precision: 0.85, recall: 0.8, tasksF1: 0.84, eventsF1: 0.8, separation: 0.06 });
  }, 60_000);
});
