/** Composition root shared by `main` and the tests: config -> database -> migrations -> services -> doors. */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from './config.js';
import { openDatabase, type DatabaseHandle } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { createExtractionPool } from './doors/email/extraction-pool.js';
import { createIntakePipeline } from './doors/email/intake-pipeline.js';
import { startSmtpListener, type SmtpListener } from './doors/email/smtp.js';
import { caldavDoor } from './doors/caldav/plugin.js';
import { httpIntakeRoutes } from './doors/email/http-intake.js';
import type { IntakePipeline } from './doors/email/intake-pipeline.js';
import { accountApi, restApi } from './doors/rest/server.js';
import { webPages } from './doors/web/pages.js';
import { createAuthorizationServer } from './doors/oauth/provider.js';
import { oauthDoor } from './doors/oauth/plugin.js';
import { messagePage } from './doors/web/views/message.js';
import { createHost } from './http/host.js';
import { databaseRateLimitStore, limitByAddress, memoryRateLimitStore, rateLimitHook, type RateLimitStore } from './http/rate-limit.js';
import type { Db } from './db/database.js';
import { HOUSEKEEPING_INTERVAL_MS, runHousekeeping, startPeriodicJobs } from './housekeeping.js';
import { loadJwtSecret } from './secrets.js';
import { createServices, recordSources, type Services } from './services.js';
import { createDeliveries } from './core/webhooks/deliveries.js';
import { createDispatcher } from './core/webhooks/dispatcher.js';
import { createWebhookClient } from './workers/webhook-client.js';
import { startWebhookWorkers, type WebhookWorkers } from './workers/webhook-workers.js';

export interface App {
  config: Config;
  database: DatabaseHandle;
  services: Services;
  server: FastifyInstance;
  /** Port the SMTP intake listens on (INTAKE_SMTP_PORT=0 picks a free one); null when it is off. */
  smtpPort: number | null;
  /** Webhook dispatch and delivery of this process (D18). */
  webhookWorkers: WebhookWorkers;
  close(): Promise<void>;
}

export interface ServerParts {
  config: Config;
  db: Db;
  services: Services;
  /** The signing secret; the account pages derive their CSRF key from it. */
  secret: Uint8Array;
  rateLimits: RateLimitStore;
  intake: IntakePipeline;
  logger?: boolean;
}

/** The HTTP host with every door mounted as a plugin under its prefix. */
export async function buildServer({ config, db, services, secret, rateLimits, intake, logger }: ServerParts): Promise<FastifyInstance> {
  // An answer the host gives before routing is counted by address, as any door counts one (D13,
  // D23); so is every OAuth request.
  const limit = rateLimitHook(rateLimits, config.rateLimit);
  const limitEarly = (request: FastifyRequest, reply: FastifyReply) => (request.url.startsWith('/healthz') ? Promise.resolve() : limit(request, reply, 'ip'));
  const server = await createHost({ config, db, logger, limitEarly });
  await server.register(restApi, { prefix: '/api/v1', config, services, rateLimits });
  await server.register(accountApi, { config, services, rateLimits });
  // D23: every endpoint is limited; the pages and the HTTP intake per client address.
  // CalDAV at /caldav, /.well-known/caldav and PROPFIND on / (D17), per client address like the pages.
  await server.register(async (scoped) => {
    limitByAddress(scoped, rateLimits, config.rateLimit);
    await caldavDoor(scoped, { services, calendar: services.calendar });
  });
  await server.register(async (scoped) => {
    limitByAddress(scoped, rateLimits, config.rateLimit);
    await httpIntakeRoutes(scoped, { pipeline: intake, secret: config.intake.secret, maxBytes: config.intake.maxBytes });
  });
  const authorization = createAuthorizationServer({
    issuer: config.publicUrl,
    secret,
    oauth: services.oauth,
    accounts: services.accounts,
    log: server.log,
    errorPage: (title, message) => messagePage(title, message),
  });
  await server.register(async (scoped) => {
    limitByAddress(scoped, rateLimits, config.rateLimit);
    await webPages(scoped, {
      accounts: services.accounts,
      allowSignup: config.allowSignup,
      secret,
      oauth: services.oauth,
      interactions: authorization.interactions,
    });
  });
  await server.register(oauthDoor, { server: authorization, guards: [(req, reply) => limit(req, reply, 'ip')] });
  return server;
}

export async function createApp(config: Config, opts: { logger?: boolean } = {}): Promise<App> {
  const database = openDatabase(config.database);
  // Email is parsed and read in worker threads, within a time budget per message (D22).
  const extraction = createExtractionPool({ size: config.intake.poolSize, budgetMs: config.intake.budgetMs, maxItems: config.intake.maxItems });
  try {
    await migrateToLatest(database.db, config.database);
    const secret = loadJwtSecret(config.jwtSecret, config.dataDir);
    const webhookClient = createWebhookClient({ allowPrivate: config.webhooks.allowPrivate });
    const services = createServices(database.db, {
      webhookClient,
      jwtSecret: secret,
      allowSignup: config.allowSignup,
      intakeDomain: config.intake.domain,
      syncRetentionDays: config.syncRetentionDays,
      intakeMaxItems: config.intake.maxItems,
      readMessage: async (raw) => (await extraction.read(raw)).read,
      passwordHashing: config.passwordHashing,
      publicUrl: config.publicUrl,
    });
    // SQLite serves from one process, so its counters can live in memory; PostgreSQL deployments
    // may run several processes, which must share one count (D13).
    const rateLimits = database.dialect === 'postgres' ? databaseRateLimitStore(database.counters) : memoryRateLimitStore();
    const intake = createIntakePipeline(services.accounts, services.intake, extraction.read);
    const server = await buildServer({ config, db: database.db, services, secret, rateLimits, intake, logger: opts.logger });
    let smtp: SmtpListener | null = null;
    if (config.intake.smtpPort !== null) {
      try {
        smtp = await startSmtpListener(config, intake, server.log);
      } catch (err) {
        await server.close();
        throw err;
      }
    }
    const jobs = startPeriodicJobs(
      [
        {
          name: 'expired idempotency keys and rate-limit windows',
          everyMs: HOUSEKEEPING_INTERVAL_MS,
          run: () => runHousekeeping(database.db, rateLimits, config.rateLimit.windowS),
        },
        // The change log keeps SYNC_RETENTION_DAYS of rows (D19); pruning hourly is plenty at that scale.
        { name: 'expired OAuth records', everyMs: HOUSEKEEPING_INTERVAL_MS, run: () => services.oauth.prune() },
        { name: 'change log pruning', everyMs: 3_600_000, atStart: true, run: () => services.sync.prune() },
        { name: 'webhook log pruning', everyMs: 3_600_000, atStart: true, run: () => services.webhooks.prune() },
        // After the log: a deleted record's stored CalDAV text goes once no change row names it.
        { name: 'calendar object pruning', everyMs: 3_600_000, atStart: true, run: () => services.calendar.prune() },
      ],
      server.log,
    );
    const webhookWorkers = startWebhookWorkers({
      dispatcher: createDispatcher(database.db, recordSources),
      deliveries: createDeliveries(database.db, { client: webhookClient, retrySchedule: config.webhooks.retrySchedule }),
      pollMs: config.webhooks.pollMs,
      concurrency: config.webhooks.concurrency,
      log: server.log,
    });
    return {
      config,
      database,
      services,
      server,
      smtpPort: smtp?.port ?? null,
      webhookWorkers,
      async close() {
        await jobs.stop();
        await webhookWorkers.stop();
        await webhookClient.close();
        await smtp?.close();
        await server.close();
        await extraction.close();
        await database.close();
      },
    };
  } catch (err) {
    await extraction.close();
    await database.close();
    throw err;
  }
}
