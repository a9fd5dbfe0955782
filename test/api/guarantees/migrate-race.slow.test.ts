/** Two processes migrating one empty database at the same moment both succeed, and each migration runs once. */
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../src/db/database.js';
import { migrations } from '../../../src/db/migrations/index.js';
import { freshDatabase, type TestDatabase } from '../../helpers/database.js';

let database: TestDatabase;
beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(async () => {
  await database.drop();
});

const migrate = (url: string) =>
  new Promise<{ code: number | null; out: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/migrate.ts'], {
      env: { PATH: process.env.PATH ?? '', DATABASE_URL: url, DATA_DIR: database.dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.stderr.on('data', (d) => {
      out += d;
    });
    child.on('exit', (code) => resolve({ code, out }));
  });

describe('concurrent migrations', () => {
  it('two processes at once: both succeed, each migration is applied once', async () => {
    const c = database.config;
    const url = c.dialect === 'sqlite' ? `sqlite:${c.file}` : c.url;
    const results = await Promise.all([migrate(url), migrate(url), migrate(url)]);
    for (const r of results) expect(r.code, r.out).toBe(0);
    const handle = openDatabase(c);
    try {
      const rows = await handle.db
        .selectFrom('kysely_migration' as any)
        .select('name' as any)
        .execute();
      expect(rows.map((r: any) => r.name).sort()).toEqual(Object.keys(migrations).sort());
    } finally {
      await handle.close();
    }
  }, 60_000);
});
