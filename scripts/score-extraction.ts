/**
 * Offline scorer for the email extraction engine: runs extract() over a labelled corpus
 * (default ../shared/corpus/email-dev beside the checkout) with the matching rules of score-intake.mjs,
 * and prints F1/precision/recall overall and per item kind, and the confidence separation.
 * usage: node --import tsx scripts/score-extraction.ts [--dir DIR] [--verbose] [--only SUBSTR]
 */
import path from 'node:path';
import { printScore, scoreCorpus } from './extraction-scoring.js';

const args = process.argv.slice(2);
const opt = (name: string): string | undefined => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const dir = opt('--dir') ?? path.resolve(import.meta.dirname, '../../shared/corpus/email-dev');
printScore(await scoreCorpus(dir, opt('--only')), args.includes('--verbose') || args.includes('-v'));
