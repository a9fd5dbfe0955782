/**
 * The learned item model (docs/intake-quality.md, eighth round): an L2-regularised logistic
 * regression over the features of item-features.ts, trained by scripts/train-item-model.ts on the
 * labelled mail sets and written to item-model-weights.json. For each text item the rules found it
 * gives the probability that the item is right; that probability, calibrated on items of sets the
 * model was not trained on, is the item's confidence, and items below the threshold (chosen by
 * leaving whole sets out; 0, dropping nothing, unless a threshold earns its cost) are dropped.
 * Invitations are not judged: they are read, not guessed.
 */
import type { Features } from './item-features.js';
import weights from './item-model-weights.json' with { type: 'json' };

export interface ItemModelFile {
  /** Size of the hashed feature space (a power of two). */
  dims: number;
  bias: number;
  /** Non-zero weights as [bucket, weight], in bucket order. */
  weights: Array<[number, number]>;
  /** Platt scaling of the raw score, fitted on held-out predictions: p = sigmoid(scale * z + shift). */
  calibration: { scale: number; shift: number };
  /** Items whose probability is below this are dropped. */
  threshold: number;
  /** Items the rules left out for the mail's class are brought back at or above this (above 1: never). */
  reviveThreshold: number;
}

export interface ItemModel {
  dims: number;
  bias: number;
  weights: Float64Array;
  calibration: { scale: number; shift: number };
  threshold: number;
  reviveThreshold: number;
}

/** FNV-1a over the name's UTF-16 units: a feature's bucket, the same on every machine. */
export function featureBucket(name: string, dims: number): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < name.length; i++) {
    h ^= name.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0) & (dims - 1);
}

function loadItemModel(file: ItemModelFile): ItemModel {
  const weights = new Float64Array(file.dims);
  for (const [i, w] of file.weights) weights[i] = w;
  return { dims: file.dims, bias: file.bias, weights, calibration: file.calibration, threshold: file.threshold, reviveThreshold: file.reviveThreshold };
}

/** The raw score (log-odds before calibration). */
function itemScore(model: Pick<ItemModel, 'dims' | 'bias' | 'weights'>, features: Features): number {
  let z = model.bias;
  for (const [name, value] of features) z += model.weights[featureBucket(name, model.dims)] * value;
  return z;
}

export const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));

/** The calibrated probability that the item is right. */
export function itemProbability(model: ItemModel, features: Features): number {
  return sigmoid(model.calibration.scale * itemScore(model, features) + model.calibration.shift);
}

/** The committed weights, as scripts/train-item-model.ts wrote them. */
export const ITEM_MODEL_WEIGHTS = weights as ItemModelFile;

/** The committed model. */
export const ITEM_MODEL: ItemModel = loadItemModel(ITEM_MODEL_WEIGHTS);
