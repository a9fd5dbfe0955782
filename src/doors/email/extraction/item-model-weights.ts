// Written by scripts/train-item-model.ts: do not edit by hand; re-run the script.
import type { ItemModelFile } from './item-model.js';

export const ITEM_MODEL_WEIGHTS: ItemModelFile | null = null;
