/**
 * Extraction quality must not regress: the offline scorer (same matching rules as
 * ../shared/corpus/score-intake.mjs) runs over the development corpus and the four sets written for
 * this repository (test/corpus: held-out, check, unseen, fresh, fresh2, fresh3, fresh4, fresh5, fresh6; docs/intake-quality.md says
 * which were tuned on; the blind set of the next round is never scored here), and each figure must stay at or above its floor. Floors are the measured figures
 * minus a small margin; raise them when the extractor improves, never lower them to pass.
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
const FRESH = path.resolve(here, '../../corpus/email-fresh');
const FRESH2 = path.resolve(here, '../../corpus/email-fresh2');
const FRESH3 = path.resolve(here, '../../corpus/email-fresh3');
const FRESH4 = path.resolve(here, '../../corpus/email-fresh4');
const FRESH5 = path.resolve(here, '../../corpus/email-fresh5');
const FRESH6 = path.resolve(here, '../../corpus/email-fresh6');

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
  // A set with no wrong item has no separation to hold (confidenceSeparation is null then).
  if (floors.separation !== null && s.confidenceSeparation !== null) expect(s.confidenceSeparation).toBeGreaterThanOrEqual(floors.separation);
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

  it('held-out corpus (written before any run; a second fix round of the first quality work looked at its misses)', async () => {
    const s = await scoreCorpus(HELDOUT);
    expect(s.emails).toBeGreaterThanOrEqual(60);
    expectFloors(s, { f1: 0.97, precision: 0.96, recall: 0.97, tasksF1: 0.98, eventsF1: 0.94, separation: 0.22 });
    // Correct items are trusted more than wrong ones by at least 0.15 on average (issue 16).
    expect(s.confidenceCorrect! - s.confidenceWrong!).toBeGreaterThanOrEqual(0.15);
  }, 60_000);

  // Tuned on in the second quality round (their misses drove general fixes): no longer unseen.
  it('check set', async () => {
    const s = await scoreCorpus(CHECK);
    expect(s.emails).toBe(15);
    expectFloors(s, { f1: 0.97, precision: 0.97, recall: 0.97, tasksF1: 0.97, eventsF1: 0.97, separation: 0.15 });
  }, 60_000);

  it('unseen set (tuned on in the second quality round)', async () => {
    const s = await scoreCorpus(UNSEEN);
    expect(s.emails).toBe(10);
    expectFloors(s, { f1: 0.97, precision: 0.97, recall: 0.97, tasksF1: 0.97, eventsF1: 0.97, separation: 0.06 });
  }, 60_000);

  // Tuned on in the third quality round (its misses drove general fixes): no longer unseen.
  it('fresh set (tuned on in the third quality round)', async () => {
    const s = await scoreCorpus(FRESH);
    expect(s.emails).toBe(37);
    expectFloors(s, { f1: 0.97, precision: 0.97, recall: 0.97, tasksF1: 0.97, eventsF1: 0.97, separation: null });
  }, 60_000);

  // Tuned on in the fourth quality round (its misses drove general fixes): no longer unseen.
  it('fresh2 set (tuned on in the fourth quality round)', async () => {
    const s = await scoreCorpus(FRESH2);
    expect(s.emails).toBe(36);
    expectFloors(s, { f1: 0.97, precision: 0.97, recall: 0.97, tasksF1: 0.97, eventsF1: 0.97, separation: null });
  }, 60_000);

  // Scored once at the end of the fourth round (F1 0.743), then tuned on in the fifth (its misses drove general fixes).
  it('fresh3 set (tuned on in the fifth quality round)', async () => {
    const s = await scoreCorpus(FRESH3);
    expect(s.emails).toBe(28);
    expectFloors(s, { f1: 0.97, precision: 0.97, recall: 0.97, tasksF1: 0.97, eventsF1: 0.96, separation: null });
  }, 60_000);

  // Written blind before the fifth round, scored once after it (F1 0.547), then tuned on in the
  // sixth (its misses drove general fixes): no longer unseen. The blind set of the next round
  // (email-fresh5) was never scored here during that round.
  it('fresh4 set (tuned in round six)', async () => {
    const s = await scoreCorpus(FRESH4);
    expect(s.emails).toBe(36);
    expectFloors(s, { f1: 0.92, precision: 0.91, recall: 0.93, tasksF1: 0.91, eventsF1: 0.93, separation: 0.06 });
  }, 60_000);

  // Written blind before the sixth round, scored once after it (F1 0.667), then tuned on in the
  // seventh (its misses drove general fixes): no longer unseen.
  it('fresh5 set (tuned in round seven)', async () => {
    const s = await scoreCorpus(FRESH5);
    expect(s.emails).toBe(32);
    // No wrong item left on it, so there is no separation to hold.
    expectFloors(s, { f1: 0.97, precision: 0.97, recall: 0.97, tasksF1: 0.97, eventsF1: 0.97, separation: null });
  }, 60_000);

  // Written blind while the seventh round ran, scored once after it (F1 0.536, the same as the
  // sixth round's code): not tuned on. A round that tunes on it needs a new blind set first.
  it('fresh6 set (blind to round seven; scored once after it)', async () => {
    const s = await scoreCorpus(FRESH6);
    expect(s.emails).toBe(45);
    expectFloors(s, { f1: 0.52, precision: 0.56, recall: 0.48, tasksF1: 0.58, eventsF1: 0.41, separation: 0.06 });
  }, 60_000);
});
