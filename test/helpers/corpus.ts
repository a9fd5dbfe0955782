import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The labelled email corpus: `../shared/corpus/email-dev` beside the checkout (as in CI), else the workplace copy. */
export const CORPUS =
  [process.env.AGENDUM_CORPUS, path.resolve(repoRoot, '../shared/corpus/email-dev'), '/work/shared/corpus/email-dev'].find(
    (dir): dir is string => !!dir && existsSync(dir),
  ) ?? path.resolve(repoRoot, '../shared/corpus/email-dev');
