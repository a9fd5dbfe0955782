/**
 * Training of the item model (src/doors/email/extraction/item-model.ts), used by
 * scripts/train-item-model.ts and by the test that checks the committed weights are what this code
 * makes now. Deterministic: the sets in a fixed order, the mails sorted by name, full-batch
 * training with a fixed number of steps and no randomness.
 *
 * The data: the rules (readCandidates) run over every labelled set but the blind one of the round
 * (none now: email-fresh8 to email-fresh12, the ninth to twelfth rounds', were scored once and then joined them); each text item is labelled by the scorer's own matching
 * (itemVerdicts): right, or wrong (an extra, or a title whose date or place is wrong). Items that
 * match an optional expectation count neither way and are left out; invitations are not judged.
 */
import path from 'node:path';
import { type Candidates, decide, readCandidates } from '../src/doors/email/extraction/extract.js';
import type { Features } from '../src/doors/email/extraction/item-features.js';
import { featureBucket, type ItemModel, type ItemModelFile, sigmoid } from '../src/doors/email/extraction/item-model.js';
import { type CorpusScore, itemVerdicts, type LabelledMail, loadCorpus, prf, scoreMails } from './extraction-scoring.js';

const repoRoot = path.resolve(import.meta.dirname, '..');
const devCorpus = process.env.AGENDUM_CORPUS ?? path.resolve(repoRoot, '../shared/corpus/email-dev');

/** Every labelled set the model may learn from, in a fixed order. The round's blind set is not one of them. */
export const TRAINING_SETS: Array<{ name: string; dir: string }> = [
  { name: 'dev', dir: devCorpus },
  ...[
    'heldout',
    'check',
    'unseen',
    'fresh',
    'fresh2',
    'fresh3',
    'fresh4',
    'fresh5',
    'fresh6',
    'model8',
    'fresh7',
    'fresh8',
    'fresh9',
    'fresh10',
    'fresh11',
    'fresh12',
    'typical13',
    'typical14',
    'typical15',
    'typical16',
    'typical17',
    'typical18',
    'typical19',
    'typical20',
    'typical21',
    'typical22',
    'typical23',
    'typical24',
    'typical25',
    'typical26',
    'typical27',
    'typical28',
    'typical29',
    'typical30',
    'typical31',
    'typical32',
    'typical33',
    'typical34',
    'typical35',
    'typical36',
    'typical37',
    'typical38',
    'typical39',
    'typical40',
    'typical41',
    'typical42',
    'typical43',
    'typical44',
    'typical45',
    'typical46',
    'typical47',
  ].map((name) => ({
    name,
    dir: path.resolve(repoRoot, `test/corpus/email-${name}`),
  })),
];

const DIMS = 1 << 14;
/** L2 strengths (on the mean loss) the cross-validation chooses among, and the number of full-batch steps. */
const LAMBDAS = [0.003, 0.01, 0.03, 0.1];
const STEPS = 400;
const RATE = 0.5;
/** The thresholds the cross-validation chooses among. */
const THRESHOLDS = [0, 0.1, 0.15, 0.2, 0.25, 0.3, 0.35, 0.4, 0.45, 0.5, 0.55, 0.6];
/**
 * Pooled left-out F1 a threshold must add over dropping nothing before it is used. A drop takes away
 * the wrong items the model is surest of, so what is kept separates no better than the rules'
 * confidence did, and on wordings in no set it takes right items too (a list of six asks lost one
 * undated ask at 0.35). With twelve sets, the best threshold added 0.007.
 */
const MIN_DROP_GAIN = 0.02;
/** Bins of the left-out probabilities for the calibration check. */
const RELIABILITY_EDGES = [0, 0.5, 0.7, 0.8, 0.9, 1];
/** For items the rules left out: 1.01 never brings one back. */
const REVIVE = [1.01, 0.95, 0.9, 0.85, 0.8, 0.7];

interface Example {
  index: Int32Array;
  value: Float64Array;
  label: 0 | 1;
}

export interface LoadedSet {
  name: string;
  mails: LabelledMail[];
  candidates: Map<string, Candidates>;
  examples: Example[];
}

function encode(features: Features): Pick<Example, 'index' | 'value'> {
  const index = new Int32Array(features.size);
  const value = new Float64Array(features.size);
  let i = 0;
  for (const [name, v] of features) {
    index[i] = featureBucket(name, DIMS);
    value[i++] = v;
  }
  return { index, value };
}

export async function loadSets(): Promise<LoadedSet[]> {
  const sets: LoadedSet[] = [];
  for (const { name, dir } of TRAINING_SETS) {
    const mails = await loadCorpus(dir);
    const candidates = new Map<string, Candidates>();
    const examples: Example[] = [];
    for (const mail of mails) {
      if (!mail.parsed) continue;
      const c = readCandidates(mail.parsed);
      candidates.set(mail.name, c);
      if (c.invitation) continue;
      // Labelled with every item the rules found present (those they keep first), as the scorer sees them.
      const verdicts = itemVerdicts(mail.expected, { tasks: c.tasks.map((x) => x.item), events: c.events.map((x) => x.item) });
      const label = (list: Candidates['tasks'] | Candidates['events'], v: string[]) =>
        list.forEach((x, i) => {
          if (v[i] !== 'optional') examples.push({ ...encode(x.features), label: v[i] === 'right' ? 1 : 0 });
        });
      label(c.tasks, verdicts.tasks);
      label(c.events, verdicts.events);
    }
    sets.push({ name, mails, candidates, examples });
  }
  return sets;
}

/** L2-regularised logistic regression, full batch with AdaGrad steps (no randomness). */
function train(examples: Example[], lambda: number): Pick<ItemModel, 'dims' | 'bias' | 'weights'> {
  const w = new Float64Array(DIMS);
  const g2 = new Float64Array(DIMS);
  const grad = new Float64Array(DIMS);
  let bias = 0;
  let biasG2 = 0;
  const n = examples.length;
  for (let step = 0; step < STEPS; step++) {
    grad.fill(0);
    let biasGrad = 0;
    for (const ex of examples) {
      let z = bias;
      for (let k = 0; k < ex.index.length; k++) z += w[ex.index[k]] * ex.value[k];
      const err = sigmoid(z) - ex.label;
      biasGrad += err / n;
      for (let k = 0; k < ex.index.length; k++) grad[ex.index[k]] += (err * ex.value[k]) / n;
    }
    for (let j = 0; j < DIMS; j++) {
      if (grad[j] === 0 && w[j] === 0) continue;
      const gj = grad[j] + lambda * w[j];
      g2[j] += gj * gj;
      w[j] -= (RATE * gj) / Math.sqrt(g2[j] + 1e-12);
    }
    biasG2 += biasGrad * biasGrad;
    bias -= (RATE * biasGrad) / Math.sqrt(biasG2 + 1e-12);
  }
  return { dims: DIMS, bias, weights: w };
}

const rawScore = (m: Pick<ItemModel, 'dims' | 'bias' | 'weights'>, ex: Example) => {
  let z = m.bias;
  for (let k = 0; k < ex.index.length; k++) z += m.weights[ex.index[k]] * ex.value[k];
  return z;
};

/** Platt scaling: the scale and shift of the raw score that fit held-out labels best (Newton steps). */
function platt(scores: number[], labels: number[]): { scale: number; shift: number } {
  let a = 1;
  let b = 0;
  for (let it = 0; it < 50; it++) {
    let ga = 0;
    let gb = 0;
    let haa = 1e-6;
    let hab = 0;
    let hbb = 1e-6;
    for (let i = 0; i < scores.length; i++) {
      const p = sigmoid(a * scores[i] + b);
      const e = p - labels[i];
      const h = p * (1 - p);
      ga += e * scores[i];
      gb += e;
      haa += h * scores[i] * scores[i];
      hab += h * scores[i];
      hbb += h;
    }
    const det = haa * hbb - hab * hab;
    a -= (hbb * ga - hab * gb) / det;
    b -= (haa * gb - hab * ga) / det;
  }
  return { scale: a, shift: b };
}

const withModel = (set: LoadedSet, model: ItemModel | null): CorpusScore => scoreMails(set.mails, (_, name) => decide(set.candidates.get(name)!, model));

export interface FoldRow {
  set: string;
  rules: CorpusScore;
  /** The model's confidences with nothing dropped (threshold 0). */
  calibrated: CorpusScore;
  model: CorpusScore;
}

export interface Training {
  file: ItemModelFile;
  /** Pooled F1 of the left-out sets for each threshold tried. */
  sweep: Array<{ threshold: number; reviveThreshold: number; f1: number; precision: number; recall: number }>;
  lambda: number;
  /** Left-out items by calibrated probability: how many, their mean probability, and the share that was right. */
  reliability: Array<{ lower: number; upper: number; count: number; meanProbability: number | null; rightShare: number | null }>;
  folds: FoldRow[];
  examples: { right: number; wrong: number };
}

const round = (x: number, digits = 4) => Math.round(x * 10 ** digits) / 10 ** digits || 0;

/**
 * Leave-one-set-out: for each set, a model trained on all the others scores it. Those held-out
 * scores fit the calibration and choose the threshold (the one with the best F1 over all left-out
 * sets pooled, if it beats dropping nothing by MIN_DROP_GAIN); the final model is trained on every set.
 */
export function trainItemModel(sets: LoadedSet[]): Training {
  // The L2 strength whose left-out predictions have the lowest log-loss.
  let chosen = { lambda: LAMBDAS[0], loss: Number.POSITIVE_INFINITY, folds: [] as Array<Pick<ItemModel, 'dims' | 'bias' | 'weights'>> };
  for (const lambda of LAMBDAS) {
    const folds = sets.map((left) =>
      train(
        sets.filter((s) => s !== left).flatMap((s) => s.examples),
        lambda,
      ),
    );
    let loss = 0;
    sets.forEach((s, i) => {
      for (const ex of s.examples) {
        const p = Math.min(1 - 1e-9, Math.max(1e-9, sigmoid(rawScore(folds[i], ex))));
        loss -= ex.label ? Math.log(p) : Math.log(1 - p);
      }
    });
    if (loss < chosen.loss - 1e-9) chosen = { lambda, loss, folds };
  }
  const foldModels = chosen.folds;
  const scores: number[] = [];
  const labels: number[] = [];
  sets.forEach((s, i) => {
    for (const ex of s.examples) {
      scores.push(rawScore(foldModels[i], ex));
      labels.push(ex.label);
    }
  });
  const calibration = platt(scores, labels);
  const reliability = RELIABILITY_EDGES.slice(1).map((upper, b) => {
    const lower = RELIABILITY_EDGES[b];
    let count = 0;
    let sumP = 0;
    let right = 0;
    scores.forEach((z, i) => {
      const p = sigmoid(calibration.scale * z + calibration.shift);
      if (p >= lower && (p < upper || upper === 1)) {
        count++;
        sumP += p;
        right += labels[i];
      }
    });
    return { lower, upper, count, meanProbability: count ? sumP / count : null, rightShare: count ? right / count : null };
  });
  const asModel = (m: Pick<ItemModel, 'dims' | 'bias' | 'weights'>, threshold: number, reviveThreshold: number): ItemModel => ({
    ...m,
    calibration,
    threshold,
    reviveThreshold,
  });
  const sweep = REVIVE.flatMap((reviveThreshold) =>
    THRESHOLDS.map((threshold) => {
      const pooled = { expected: 0, produced: 0, full: 0 };
      sets.forEach((s, i) => {
        const t = withModel(s, asModel(foldModels[i], threshold, reviveThreshold)).totals;
        pooled.expected += t.expected;
        pooled.produced += t.produced;
        pooled.full += t.full;
      });
      const m = prf(pooled);
      return { threshold, reviveThreshold, f1: m.f1, precision: m.precision, recall: m.recall };
    }),
  );
  const keepAll = sweep.find((x) => x.threshold === 0 && x.reviveThreshold > 1)!;
  const top = sweep.reduce((a, b) => (b.f1 > a.f1 + 1e-9 ? b : a));
  const best = top.f1 >= keepAll.f1 + MIN_DROP_GAIN ? top : keepAll;
  const folds = sets.map((s, i) => ({
    set: s.name,
    rules: withModel(s, null),
    calibrated: withModel(s, asModel(foldModels[i], 0, 1.01)),
    model: withModel(s, asModel(foldModels[i], best.threshold, best.reviveThreshold)),
  }));
  const final = train(
    sets.flatMap((s) => s.examples),
    chosen.lambda,
  );
  const weights: Array<[number, number]> = [];
  final.weights.forEach((w, i) => {
    const r = round(w);
    if (r !== 0) weights.push([i, r]);
  });
  const all = sets.flatMap((s) => s.examples);
  return {
    file: {
      dims: DIMS,
      bias: round(final.bias),
      weights,
      calibration: { scale: round(calibration.scale), shift: round(calibration.shift) },
      threshold: best.threshold,
      reviveThreshold: best.reviveThreshold,
    },
    lambda: chosen.lambda,
    sweep,
    reliability,
    folds,
    examples: { right: all.filter((e) => e.label === 1).length, wrong: all.filter((e) => e.label === 0).length },
  };
}
