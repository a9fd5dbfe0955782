/** Composition root shared by `main` and the tests: config -> database -> migrations -> services -> doors. */
import type { FastifyInstance } from 'fastify';
import type { Config } from './config.js';
import { openDatabase, type DatabaseHandle } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { createIntakePipeline } from './doors/email/intake-pipeline.js';
import { startSmtpListener, type SmtpListener } from './doors/email/smtp.js';
import { databaseRateLimitStore, memoryRateLimitStore } from './doors/rest/rate-limit.js';
import { buildRestServer } from './doors/rest/server.js';
import { HOUSEKEEPING_INTERVAL_MS, runHousekeeping, startPeriodicJobs } from './housekeeping.js';
import { loadJwtSecret } from './secrets.js';
import { createServices, type Services } from './services.js';

export interface App {
  config: Config;
  database: DatabaseHandle;
  services: Services;
  server: FastifyInstance;
  /** Port the SMTP intake listens on (INTAKE_SMTP_PORT=0 picks a free one); null when it is off. */
  smtpPort: number | null;
  close(): Promise<void>;
}

export async function createApp(config: Config, opts: { logger?: boolean } = {}): Promise<App> {
  const database = openDatabase(config.database);
  try {
    await migrateToLatest(database.db, config.database);
    const secret = loadJwtSecret(config.jwtSecret, config.dataDir);
    const services = createServices(database.db, {
      jwtSecret: secret,
      allowSignup: config.allowSignup,
      intakeDomain: config.intake.domain,
      syncRetentionDays: config.syncRetentionDays,
    });
    // SQLite serves from one process, so its counters can live in memory; PostgreSQL deployments
    // may run several processes, which must share one count (D13).
    const rateLimits = database.dialect === 'postgres' ? databaseRateLimitStore(database.db) : memoryRateLimitStore();
    const server = await buildRestServer({ config, db: database.db, services, secret, rateLimits, logger: opts.logger });
    let smtp: SmtpListener | null = null;
    if (config.intake.smtpPort !== null) {
      try {
        smtp = await startSmtpListener(config, createIntakePipeline(services.accounts, services.intake), server.log);
      } catch (err) {
        await server.close();
        throw err;
      }
    }
    const jobs = startPeriodicJobs([
      { name: 'expired idempotency keys and rate-limit windows', everyMs: HOUSEKEEPING_INTERVAL_MS,
        run: () => runHousekeeping(database.db, rateLimits, config.rateLimit.windowS) },
      // The change log keeps SYNC_RETENTION_DAYS of rows (D19); pruning hourly is plenty at that scale.
      { name: 'change log pruning', everyMs: 3_600_000, atStart: true, run: () => services.sync.prune() },
      // After the log: a deleted record's stored CalDAV text goes once no change row names it.
      { name: 'calendar object pruning', everyMs: 3_600_000, atStart: true, run: () => services.calendar.prune() },
    ], server.log);
    return {
      config, database, services, server, smtpPort: smtp?.port ?? null,
      async close() {
        await jobs.stop();
        await smtp?.close();
        await server.close();
        await database.close();
      },
    };
  } catch (err) {
    await database.close();
    throw err;
  }
}
