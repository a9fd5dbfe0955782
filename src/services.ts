/** The core use cases wired to one database: what every door receives. */
import type { Db } from './db/database.js';
import { createAccountsService } from './core/accounts/accounts.service.js';
import { createCommentsService } from './core/comments/comments.service.js';
import { createAssigneesService } from './core/tasks/assignees.service.js';
import { createTasksService } from './core/tasks/tasks.service.js';
import { taskSyncSource } from './core/tasks/tasks.sync.js';
import { createSyncService } from './core/changes/sync.service.js';

export interface ServiceOptions {
  jwtSecret: Uint8Array;
  allowSignup: boolean;
  intakeDomain: string;
  syncRetentionDays: number;
}

export function createServices(db: Db, options: ServiceOptions) {
  const accounts = createAccountsService(db, options);
  const tasks = createTasksService(db);
  const assignees = createAssigneesService(db, tasks);
  const comments = createCommentsService(db, {
    task: tasks.loadFor,
    event: async () => { throw new Error('events are not wired yet'); },
  });
  const sync = createSyncService(db, { retentionDays: options.syncRetentionDays, sources: { task: taskSyncSource } });
  return { accounts, tasks, assignees, comments, sync };
}

export type Services = ReturnType<typeof createServices>;
