/**
 * Prints the OpenAPI document the service serves, built from a throwaway app on an in-memory
 * SQLite database, so linters and the client generator read exactly what clients get.
 * Usage: node --import tsx scripts/dump-openapi.ts [out.json]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agendum-openapi-'));
const app = await createApp(loadConfig({ DATABASE_URL: 'sqlite::memory:', DATA_DIR: dataDir, LOG_LEVEL: 'silent', JWT_SECRET: 'x'.repeat(48) }), {
  logger: false,
});
try {
  const res = await app.server.inject({ method: 'GET', url: '/api/v1/docs/openapi.json' });
  if (res.statusCode !== 200) throw new Error(`GET /api/v1/docs/openapi.json answered ${res.statusCode}`);
  const text = `${JSON.stringify(res.json(), null, 2)}\n`;
  const out = process.argv[2];
  if (out) fs.writeFileSync(out, text);
  else process.stdout.write(text);
} finally {
  await app.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
