/** Task assignees: assigning gives no access, so the assignee must already see the task (D9). */
import type { Db } from '../../db/database.js';
import { unitOfWork } from '../../db/unit-of-work.js';
import { authorize } from '../access/policy.js';
import { permissionsOn } from '../access/require-access.js';
import type { Actor } from '../actor.js';
import { findUserByEmail } from '../accounts/users.store.js';
import { assigneeAdded, assigneeRemoved } from '../changes/change.js';
import { recordChanges } from '../changes/change-log.js';
import { notFound, unprocessable } from '../errors.js';
import { nowIso } from '../ids.js';
import type { TasksService } from './tasks.service.js';
import * as store from './assignees.store.js';

export function createAssigneesService(db: Db, tasks: TasksService) {
  const uow = unitOfWork(db);
  return {
    /** Returns the assignment and whether it is new (201) or already existed (200). */
    async assign(actor: Actor, taskId: string, userEmail: string) {
      return uow.write(async (tx) => {
        const { row: task } = await tasks.loadFor(tx, actor, taskId, 'assign');
        const user = await findUserByEmail(tx, userEmail.trim());
        const noAccess = () => unprocessable('user_email', 'no_access', 'The assignee must be a registered user who can see the task');
        if (!user) throw noAccess();
        if ((await permissionsOn(tx, user.id, 'task', [task])).get(task.id) === 'none') throw noAccess();
        const existing = await store.findAssignee(tx, taskId, user.id);
        if (existing) return { assignment: existing, created: false };
        const row = { task_id: taskId, user_id: user.id, assigned_at: nowIso(), assigned_by: actor.userId };
        await store.insertAssignee(tx, row);
        await recordChanges(tx, actor, [assigneeAdded(task, user.id, actor.userId)]);
        return { assignment: row, created: true };
      });
    },

    async list(actor: Actor, taskId: string) {
      return uow.read(async (q) => {
        await tasks.loadFor(q, actor, taskId, 'read');
        return store.listAssignees(q, taskId);
      });
    },

    /** Writers remove anyone; an assignee may remove themselves. */
    async remove(actor: Actor, taskId: string, userId: string) {
      await uow.write(async (tx) => {
        const { row: task, perm } = await tasks.loadFor(tx, actor, taskId, 'read');
        authorize(perm, 'remove_assignee', 'Task', { self: userId === actor.userId });
        if (!(await store.deleteAssignee(tx, taskId, userId))) throw notFound('Assignee');
        await recordChanges(tx, actor, [assigneeRemoved(task, userId)]);
      });
    },
  };
}

export type AssigneesService = ReturnType<typeof createAssigneesService>;
