import type { Executor } from '../../db/database.js';
import type { SessionsTable } from '../../db/schema.js';

export const insertSession = async (db: Executor, row: SessionsTable) => {
  await db.insertInto('sessions').values(row).execute();
};

export const findSessionUser = (db: Executor, id: string, now: string) =>
  db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select(['u.id', 'u.email'])
    .where('s.id', '=', id)
    .where('s.expires_at', '>', now)
    .executeTakeFirst();

export const deleteSession = async (db: Executor, id: string) => {
  await db.deleteFrom('sessions').where('id', '=', id).execute();
};

export const deleteUserSessions = async (db: Executor, userId: string) => {
  await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
};
