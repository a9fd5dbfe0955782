/** Composition root shared by `main` and the tests: config -> database -> migrations -> services -> doors. */
import type { FastifyInstance } from 'fastify';
import type { Config } from './config.js';
import { openDatabase, type DatabaseHandle } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { buildRestServer } from './doors/rest/server.js';
import { loadJwtSecret } from './secrets.js';
import { createServices, type Services } from './services.js';
import { startPruning } from './core/changes/sync.service.js';

export interface App {
  config: Config;
  database: DatabaseHandle;
  services: Services;
  server: FastifyInstance;
  close(): Promise<void>;
}

export async function createApp(config: Config, opts: { logger?: boolean } = {}): Promise<App> {
  const database = openDatabase(config.database);
  try {
    await migrateToLatest(database.db);
    const secret = loadJwtSecret(config.jwtSecret, config.dataDir);
    const services = createServices(database.db, {
      jwtSecret: secret,
      allowSignup: config.allowSignup,
      intakeDomain: config.intake.domain,
      syncRetentionDays: config.syncRetentionDays,
    });
    const server = await buildRestServer({ config, db: database.db, services, secret, logger: opts.logger });
    // The change log keeps SYNC_RETENTION_DAYS of rows (D19); pruning hourly is plenty at that scale.
    const stopPruning = startPruning(services.sync, 3_600_000, (err) => server.log.error({ err }, 'change log pruning failed'));
    return {
      config, database, services, server,
      async close() {
        stopPruning();
        await server.close();
        await database.close();
      },
    };
  } catch (err) {
    await database.close();
    throw err;
  }
}
