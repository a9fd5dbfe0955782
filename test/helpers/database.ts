import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import pg from 'pg';
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
  const name = `agendum_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    config: { dialect: 'postgres', url: url.toString() },
    dataDir,
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
