/** The core use cases wired to one database: what every door receives. */
import type { Db } from './db/database.js';
import { createAccountsService } from './core/accounts/accounts.service.js';
import { createOAuthService } from './core/oauth/oauth.service.js';
import { apiAudience } from './core/oauth/scopes.js';
import { createCommentsService } from './core/comments/comments.service.js';
import { createContextsService } from './core/contexts/contexts.service.js';
import { createSharesService } from './core/contexts/shares.service.js';
import { createAttendeesService } from './core/events/attendees.service.js';
import { createEventsService } from './core/events/events.service.js';
import { intakeEvents } from './core/intake/intake-events.js';
import { createIdempotencyService } from './core/idempotency/idempotency.service.js';
import { createIntakeService } from './core/intake/intake.service.js';
import { createAssigneesService } from './core/tasks/assignees.service.js';
import { createTasksService } from './core/tasks/tasks.service.js';
import { taskSyncSource } from './core/tasks/tasks.sync.js';
import { eventSyncSource } from './core/events/events.sync.js';
import { contextSyncSource } from './core/contexts/contexts.sync.js';
import { createSyncService } from './core/changes/sync.service.js';
import { createCalendarService } from './core/calendar/calendar.service.js';
import type { MessageReader } from './core/intake/intake.js';
import type { WebhookClient } from './core/webhooks/client.js';
import { createWebhooksService } from './core/webhooks/webhooks.service.js';
import { createWebhookClient } from './workers/webhook-client.js';

export interface ServiceOptions {
  jwtSecret: Uint8Array;
  allowSignup: boolean;
  intakeDomain: string;
  syncRetentionDays: number;
  /** INTAKE_MAX_ITEMS (D22); 50 when not given. */
  intakeMaxItems?: number;
  /**
   * How a stored message is read again (reprocessing): the app passes its extraction pool, so a
   * reprocess runs off the request thread within the time budget. Without it (the admin CLI) the
   * message is read in this thread.
   */
  readMessage?: MessageReader;
  passwordHashing?: { concurrency: number; queue: number };
  /** The OAuth issuer (the public URL); OAuth access tokens are accepted only from it. */
  publicUrl?: string;
  /** How webhooks reach receivers (the app passes one built from its config); by default private addresses are refused. */
  webhookClient?: WebhookClient;
}

export function createServices(db: Db, options: ServiceOptions) {
  const oauthIssuer = { issuer: options.publicUrl ?? 'http://localhost', audience: apiAudience(options.publicUrl ?? 'http://localhost') };
  const accounts = createAccountsService(db, { ...options, oauth: oauthIssuer });
  const oauth = createOAuthService(db, { secret: options.jwtSecret });
  const tasks = createTasksService(db);
  const assignees = createAssigneesService(db, tasks);
  const events = createEventsService(db);
  const attendees = createAttendeesService(db, events);
  const contexts = createContextsService(db);
  const shares = createSharesService(db, contexts);
  const comments = createCommentsService(db, { task: tasks.loadFor, event: events.loadFor });
  const intake = createIntakeService(db, {
    tasks,
    events: intakeEvents(events, attendees),
    read: options.readMessage ?? readStoredMessage,
    maxItems: options.intakeMaxItems ?? 50,
  });
  const sync = createSyncService(db, { retentionDays: options.syncRetentionDays, sources: recordSources, secret: options.jwtSecret });
  const idempotency = createIdempotencyService(db);
  const webhooks = createWebhooksService(db, { client: options.webhookClient ?? createWebhookClient({ allowPrivate: false }) });
  const calendar = createCalendarService(db);
  return { accounts, oauth, idempotency, tasks, assignees, comments, events, attendees, contexts, shares, intake, sync, webhooks, calendar };
}

/** How the sync feed and webhooks load records the way GET shows them. */
export const recordSources = { task: taskSyncSource, event: eventSyncSource, context: contextSyncSource };

/**
 * The email door's reader, handed to the intake use case so it can reprocess without knowing MIME.
 * Loaded on first use: processes that never read mail (the admin CLI) skip the mail libraries.
 */
const readStoredMessage: MessageReader = async (raw) => (await import('./doors/email/read-message.js')).messageReader(raw);

export type Services = ReturnType<typeof createServices>;
