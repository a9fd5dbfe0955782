import type { Executor } from '../../db/database.js';
import type { ContextSharesTable } from '../../db/schema.js';

export const findShare = (db: Executor, contextId: string, userId: string) =>
  db.selectFrom('context_shares').selectAll().where('context_id', '=', contextId).where('user_id', '=', userId).executeTakeFirst();

export const insertShare = async (db: Executor, row: ContextSharesTable) => {
  await db.insertInto('context_shares').values(row).execute();
};

export const updateSharePermission = async (db: Executor, contextId: string, userId: string, patch: Pick<ContextSharesTable, 'permission' | 'shared_by'>) => {
  await db.updateTable('context_shares').set(patch).where('context_id', '=', contextId).where('user_id', '=', userId).execute();
};

export const deleteShare = async (db: Executor, contextId: string, userId: string) => {
  const r = await db.deleteFrom('context_shares').where('context_id', '=', contextId).where('user_id', '=', userId).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
};

/** Shares made directly on the context, with the collaborator's email. */
export const listShares = (db: Executor, contextId: string) =>
  db
    .selectFrom('context_shares as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select(['s.context_id', 's.user_id', 'u.email', 's.permission', 's.shared_at', 's.shared_by'])
    .where('s.context_id', '=', contextId)
    .orderBy('s.shared_at')
    .orderBy('s.user_id')
    .execute();
