import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { createScratchDatabase } from './scratch-pg.js';
import type { DatabaseConfig } from '../../src/config.js';

/** The dialect this run tests: `TEST_DATABASE=postgres` with `TEST_PG_URL`, else SQLite. */
export const testDialect = (): 'sqlite' | 'postgres' => (process.env.TEST_DATABASE === 'postgres' ? 'postgres' : 'sqlite');

export interface TestDatabase {
  config: DatabaseConfig;
  dataDir: string;
  drop(): Promise<void>;
}

/** A brand-new, empty database for one test file: a fresh SQLite file, or a fresh PostgreSQL database. */
export async function freshDatabase(): Promise<TestDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agendum-test-'));
  if (testDialect() === 'sqlite') {
    return {
      config: { dialect: 'sqlite', file: path.join(dataDir, 'app.db') },
      dataDir,
      drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const adminUrl = process.env.TEST_PG_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE=postgres needs TEST_PG_URL (scripts/test.sh starts a server)');
  const scratch = await createScratchDatabase(adminUrl);
  return {
    config: { dialect: 'postgres', url: scratch.url },
    dataDir,
    drop: async () => {
      await scratch.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
