/**
 * Trains the item model on every labelled set but the round's blind one and writes
 * src/doors/email/extraction/item-model-weights.json; prints the leave-one-set-out table (rules alone
 * against rules + model, per left-out set) and the thresholds tried. Same sets, same file.
 * usage: node --import tsx scripts/train-item-model.ts [--dry-run]
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { prf, type CorpusScore } from './extraction-scoring.js';
import { loadSets, trainItemModel } from './item-model-training.js';

const out = path.resolve(import.meta.dirname, '../src/doors/email/extraction/item-model-weights.json');
const f3 = (x: number | null) => (x === null ? 'n/a' : x.toFixed(3));
const cells = (s: CorpusScore) => [s.f1, s.precision, s.recall, prf(s.byKind.task).f1, prf(s.byKind.event_text).f1, s.confidenceSeparation].map(f3).join(' | ');

const sets = await loadSets();
const t = trainItemModel(sets);
console.log(`examples: ${t.examples.right} right, ${t.examples.wrong} wrong`);
console.log('threshold sweep (left-out sets pooled):');
for (const r of t.sweep)
  console.log(`  ${r.threshold.toFixed(2)} revive ${r.reviveThreshold.toFixed(2)}  F1 ${f3(r.f1)}  P ${f3(r.precision)}  R ${f3(r.recall)}`);
console.log(
  `lambda ${t.lambda}; chosen threshold ${t.file.threshold}, revive ${t.file.reviveThreshold}; calibration scale ${t.file.calibration.scale} shift ${t.file.calibration.shift}`,
);
console.log('calibration of the left-out probabilities (items, mean probability, share right):');
for (const r of t.reliability)
  console.log(`  [${r.lower.toFixed(1)}, ${r.upper.toFixed(1)})  ${String(r.count).padStart(4)}  ${f3(r.meanProbability)}  ${f3(r.rightShare)}`);
console.log('');
console.log('| left-out set | reading | F1 | P | R | tasks F1 | events F1 | separation |');
console.log('|---|---|---|---|---|---|---|---|');
for (const f of t.folds) {
  console.log(`| ${f.set} | rules | ${cells(f.rules)} |`);
  console.log(`| ${f.set} | model confidence, nothing dropped | ${cells(f.calibrated)} |`);
  console.log(`| ${f.set} | rules + model | ${cells(f.model)} |`);
}
if (!process.argv.includes('--dry-run')) {
  // Data, not code: one line per field, the weights as [bucket, weight] pairs on one line.
  const { weights, ...rest } = t.file;
  const fields = [...Object.entries(rest), ['weights', weights]].map(([k, v]) => `  ${JSON.stringify(k)}: ${JSON.stringify(v)}`);
  await writeFile(out, `{\n${fields.join(',\n')}\n}\n`);
  console.log(`\nwrote ${path.relative(process.cwd(), out)} (${t.file.weights.length} weights)`);
}
