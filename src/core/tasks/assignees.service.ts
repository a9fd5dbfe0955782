/** Task assignees: assigning gives no access, so the assignee must already see the task (D9). */
import type { Db } from '../../db/database.js';
import { inTransaction } from '../../db/transaction.js';
import { recordPermission } from '../access/access.store.js';
import { authorize } from '../access/policy.js';
import type { Actor } from '../actor.js';
import { findUserByEmail } from '../accounts/users.store.js';
import { recordChanges } from '../changes/change-log.js';
import { notFound, unprocessable } from '../errors.js';
import { nowIso } from '../ids.js';
import type { TasksService } from './tasks.service.js';
import * as store from './assignees.store.js';

export function createAssigneesService(db: Db, tasks: TasksService) {
  return {
    /** Returns the assignment and whether it is new (201) or already existed (200). */
    async assign(actor: Actor, taskId: string, userEmail: string) {
      return inTransaction(db, async (tx) => {
        const { row: task } = await tasks.loadFor(tx, actor, taskId, 'assign');
        const user = await findUserByEmail(tx, userEmail.trim());
        const noAccess = () => unprocessable('user_email', 'no_access', 'The assignee must be a registered user who can see the task');
        if (!user) throw noAccess();
        if ((await recordPermission(tx, user.id, task)) === 'none') throw noAccess();
        const existing = await store.findAssignee(tx, taskId, user.id);
        if (existing) return { assignment: existing, created: false };
        const row = { task_id: taskId, user_id: user.id, assigned_at: nowIso(), assigned_by: actor.userId };
        await store.insertAssignee(tx, row);
        await recordChanges(tx, actor, [{ type: 'assignee', id: `${taskId}:${user.id}`, op: 'create', contextAfter: task.context_id, ownerId: task.user_id, data: { task_id: taskId, user_id: user.id } }]);
        return { assignment: row, created: true };
      });
    },

    async list(actor: Actor, taskId: string) {
      await tasks.loadFor(db, actor, taskId, 'read');
      return store.listAssignees(db, taskId);
    },

    /** Writers remove anyone; an assignee may remove themselves. */
    async remove(actor: Actor, taskId: string, userId: string) {
      await inTransaction(db, async (tx) => {
        const { row: task, perm } = await tasks.loadFor(tx, actor, taskId, 'read');
        authorize(perm, 'remove_assignee', 'Task', { self: userId === actor.userId });
        if (!(await store.deleteAssignee(tx, taskId, userId))) throw notFound('Assignee');
        await recordChanges(tx, actor, [{ type: 'assignee', id: `${taskId}:${userId}`, op: 'delete', contextBefore: task.context_id, ownerId: task.user_id, data: { task_id: taskId, user_id: userId } }]);
      });
    },
  };
}

export type AssigneesService = ReturnType<typeof createAssigneesService>;
