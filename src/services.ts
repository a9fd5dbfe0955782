/** The core use cases wired to one database: what every door receives. */
import type { Db } from './db/database.js';
import { createAccountsService } from './core/accounts/accounts.service.js';
import { createCommentsService } from './core/comments/comments.service.js';
import { createIntakeService } from './core/intake/intake.service.js';
import { createAssigneesService } from './core/tasks/assignees.service.js';
import { createTasksService } from './core/tasks/tasks.service.js';
import { messageReader } from './doors/email/read-message.js';

export interface ServiceOptions {
  jwtSecret: Uint8Array;
  allowSignup: boolean;
  intakeDomain: string;
}

export function createServices(db: Db, options: ServiceOptions) {
  const accounts = createAccountsService(db, options);
  const tasks = createTasksService(db);
  const assignees = createAssigneesService(db, tasks);
  const comments = createCommentsService(db, {
    task: tasks.loadFor,
    event: async () => { throw new Error('events are not wired yet'); },
  });
  // The email door's reader is passed in so the intake use case can reprocess without knowing MIME.
  const intake = createIntakeService(db, { tasks, events: null, read: messageReader });
  return { accounts, tasks, assignees, comments, intake };
}

export type Services = ReturnType<typeof createServices>;
