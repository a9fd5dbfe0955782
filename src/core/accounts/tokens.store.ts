import type { Executor } from '../../db/database.js';
import { prepared } from '../../db/prepared.js';
import type { ApiTokensTable } from '../../db/schema.js';

export const insertToken = async (db: Executor, row: ApiTokensTable) => {
  await db.insertInto('api_tokens').values(row).execute();
};

const tokenWithUser = prepared((db: Executor, id: string) =>
  db
    .selectFrom('api_tokens as t')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .select(['t.id', 't.user_id', 't.expires_at', 't.revoked_at', 't.last_used_at', 'u.email'])
    .where('t.id', '=', id),
);

/**
 * The token row joined with its user, in one round trip: what every bearer request needs. Read on
 * every request, never cached, so a revocation made by any process counts on the next request.
 */
export const findActiveToken = async (db: Executor, id: string) => (await tokenWithUser(db, id))[0];

export const touchToken = async (db: Executor, id: string, at: string) => {
  await db.updateTable('api_tokens').set({ last_used_at: at }).where('id', '=', id).execute();
};

/** Unrevoked tokens (expired ones too, so people see them lapse), newest first. */
export const listTokens = (db: Executor, userId: string, page: { limit: number; offset: number }) =>
  db
    .selectFrom('api_tokens')
    .select(['id', 'name', 'created_at', 'expires_at', 'last_used_at'])
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(page.limit)
    .offset(page.offset)
    .execute();

/** Unrevoked tokens; with `now`, only those not yet expired (the D23 cap counts those). */
export const countActiveTokens = async (db: Executor, userId: string, now?: string) => {
  let q = db
    .selectFrom('api_tokens')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (now) q = q.where('expires_at', '>', now);
  return Number((await q.executeTakeFirstOrThrow()).n);
};

export const revokeToken = async (db: Executor, userId: string, id: string, at: string) => {
  const result = await db
    .updateTable('api_tokens')
    .set({ revoked_at: at })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
};

export const revokeAllTokens = async (db: Executor, userId: string, at: string) => {
  const result = await db.updateTable('api_tokens').set({ revoked_at: at }).where('user_id', '=', userId).where('revoked_at', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows);
};

export const findUserToken = (db: Executor, userId: string, id: string) =>
  db
    .selectFrom('api_tokens')
    .select(['id', 'name', 'created_at', 'expires_at', 'last_used_at'])
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
