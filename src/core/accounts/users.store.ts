import { type Executor, forUpdate } from '../../db/database.js';
import type { UsersTable } from '../../db/schema.js';

export type UserRow = UsersTable;

/** With `lock`, the row stays locked until the transaction ends (PostgreSQL; SQLite writes are serial). */
export const findUserById = (db: Executor, id: string, opts: { lock?: boolean } = {}) => {
  const query = db.selectFrom('users').selectAll().where('id', '=', id);
  return (opts.lock ? forUpdate(db, query) : query).executeTakeFirst();
};

export const findUserByEmail = (db: Executor, email: string) => db.selectFrom('users').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst();

export const findUserByIntakeToken = (db: Executor, token: string) => db.selectFrom('users').selectAll().where('intake_token', '=', token).executeTakeFirst();

export const findUsersByEmails = (db: Executor, emails: string[]) =>
  emails.length === 0
    ? Promise.resolve([] as UserRow[])
    : db
        .selectFrom('users')
        .selectAll()
        .where(
          'email',
          'in',
          emails.map((e) => e.toLowerCase()),
        )
        .execute();

export const insertUser = async (db: Executor, row: UserRow) => {
  await db.insertInto('users').values(row).execute();
};

export const updateUser = async (db: Executor, id: string, patch: Partial<UserRow>) => {
  await db.updateTable('users').set(patch).where('id', '=', id).execute();
};

export const listUsers = (db: Executor) => db.selectFrom('users').select(['id', 'email', 'name', 'created_at']).orderBy('created_at').execute();
