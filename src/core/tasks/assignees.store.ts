import type { Executor } from '../../db/database.js';
import type { TaskAssigneesTable } from '../../db/schema.js';

export const findAssignee = (db: Executor, taskId: string, userId: string) =>
  db.selectFrom('task_assignees').selectAll().where('task_id', '=', taskId).where('user_id', '=', userId).executeTakeFirst();

export const insertAssignee = async (db: Executor, row: TaskAssigneesTable) => {
  await db.insertInto('task_assignees').values(row).execute();
};

export const listAssignees = (db: Executor, taskId: string) =>
  db
    .selectFrom('task_assignees as a')
    .innerJoin('users as u', 'u.id', 'a.user_id')
    .select(['a.task_id', 'a.user_id', 'u.email', 'a.assigned_at', 'a.assigned_by'])
    .where('a.task_id', '=', taskId)
    .orderBy('a.assigned_at')
    .orderBy('a.user_id')
    .execute();

export const deleteAssignee = async (db: Executor, taskId: string, userId: string) => {
  const r = await db.deleteFrom('task_assignees').where('task_id', '=', taskId).where('user_id', '=', userId).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
};
