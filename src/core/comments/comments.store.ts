import type { Executor } from '../../db/database.js';
import type { CommentsTable } from '../../db/schema.js';
import type { PageRequest } from '../lists.js';

export type ParentType = 'task' | 'event';
const column = (type: ParentType) => (type === 'task' ? 'task_id' : 'event_id');

export const insertComment = async (db: Executor, row: CommentsTable) => {
  await db.insertInto('comments').values(row).execute();
};

export const getComment = (db: Executor, type: ParentType, parentId: string, id: string) =>
  db.selectFrom('comments').selectAll().where('id', '=', id).where(column(type), '=', parentId).executeTakeFirst();

/** Comments on a record made at one instant (the SPEC's identifier), the given author's first, then by id. */
export const findCommentsAt = (db: Executor, type: ParentType, parentId: string, createdAt: string, authorFirst: string) =>
  db
    .selectFrom('comments')
    .selectAll()
    .where(column(type), '=', parentId)
    .where('created_at', '=', createdAt)
    .orderBy((eb) => eb.case().when('user_id', '=', authorFirst).then(0).else(1).end())
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();

export async function listComments(db: Executor, type: ParentType, parentId: string, page: PageRequest) {
  const base = db.selectFrom('comments').where(column(type), '=', parentId);
  const [rows, count] = await Promise.all([
    base.selectAll().orderBy('created_at').orderBy('id').limit(page.limit).offset(page.offset).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export const updateComment = async (db: Executor, id: string, message: string, at: string) => {
  await db.updateTable('comments').set({ message, updated_at: at }).where('id', '=', id).execute();
};

export const deleteComment = async (db: Executor, id: string) => {
  await db.deleteFrom('comments').where('id', '=', id).execute();
};
