/**
 * SQL for OAuth (D20): the registered apps, and the authorization server's records in one generic
 * table (model + id, JSON payload, lookup columns). Times in `oauth_state` are epoch seconds, as
 * the library counts them.
 */
import { sql, type ExpressionBuilder } from 'kysely';
import type { Executor, Tx } from '../../db/database.js';
import { prepared } from '../../db/prepared.js';
import type { Database, OAuthAppsTable, OAuthStateTable } from '../../db/schema.js';

// ---- apps

export const insertApp = async (db: Tx, row: OAuthAppsTable) => {
  await db.insertInto('oauth_apps').values(row).execute();
};

export const findApp = (db: Executor, id: string) => db.selectFrom('oauth_apps').selectAll().where('id', '=', id).executeTakeFirst();

export const listApps = (db: Executor, userId: string) =>
  db.selectFrom('oauth_apps').selectAll().where('user_id', '=', userId).orderBy('created_at', 'desc').orderBy('id').execute();

export const countApps = async (db: Executor, userId: string) => {
  const row = await db
    .selectFrom('oauth_apps')
    .select((e) => e.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
};

export const updateApp = async (
  db: Tx,
  userId: string,
  id: string,
  set: Partial<Pick<OAuthAppsTable, 'name' | 'redirect_uris' | 'secret_salt' | 'updated_at'>>,
) => {
  const result = await db.updateTable('oauth_apps').set(set).where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
};

export const deleteApp = async (db: Tx, userId: string, id: string) => {
  const result = await db.deleteFrom('oauth_apps').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
};

// ---- the authorization server's records

export type StateRow = OAuthStateTable;

export const upsertState = async (db: Tx, row: StateRow) => {
  // last_used_at belongs to the service, not the library: a re-saved grant keeps it.
  const { model: _m, id: _i, last_used_at: _l, ...changes } = row;
  await db
    .insertInto('oauth_state')
    .values(row)
    .onConflict((oc) => oc.columns(['model', 'id']).doUpdateSet(changes))
    .execute();
};

const live = (nowS: number) => (eb: ExpressionBuilder<Database, 'oauth_state'>) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', nowS)]);

export const findState = (db: Executor, model: string, id: string, nowS: number) =>
  db.selectFrom('oauth_state').select(['payload', 'consumed_at']).where('model', '=', model).where('id', '=', id).where(live(nowS)).executeTakeFirst();

export const findStateBy = (db: Executor, model: string, column: 'uid' | 'user_code', value: string, nowS: number) =>
  db.selectFrom('oauth_state').select(['payload', 'consumed_at']).where('model', '=', model).where(column, '=', value).where(live(nowS)).executeTakeFirst();

export const consumeState = async (db: Tx, model: string, id: string, nowS: number) => {
  const result = await db
    .updateTable('oauth_state')
    .set({ consumed_at: nowS })
    .where('model', '=', model)
    .where('id', '=', id)
    .where('consumed_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
};

export const deleteState = async (db: Tx, model: string, id: string) => {
  await db.deleteFrom('oauth_state').where('model', '=', model).where('id', '=', id).execute();
};

export const deleteByGrant = async (db: Tx, model: string, grantId: string) => {
  await db.deleteFrom('oauth_state').where('grant_id', '=', grantId).where('model', '=', model).execute();
};

/** A grant and everything issued under it, whatever the model. */
export const deleteGrantEverywhere = async (db: Tx, grantId: string) => {
  await db
    .deleteFrom('oauth_state')
    .where((eb) => eb.or([eb('grant_id', '=', grantId), eb.and([eb('model', '=', 'Grant'), eb('id', '=', grantId)])]))
    .execute();
};

/** Everything issued to one app for one user (or for everyone, when the app is deleted). */
export const deleteForClient = async (db: Tx, clientId: string, accountId?: string) => {
  let q = db.deleteFrom('oauth_state').where('client_id', '=', clientId);
  if (accountId) q = q.where('account_id', '=', accountId);
  await q.execute();
};

export const pruneExpired = async (db: Tx, nowS: number) => {
  const result = await db.deleteFrom('oauth_state').where('expires_at', '<=', nowS).executeTakeFirst();
  return Number(result.numDeletedRows);
};

/** What the bearer check needs about a grant an access token came from, with its user's email. */
const grantForToken = prepared((db: Executor, grantId: string, nowS: number) =>
  db
    .selectFrom('oauth_state as g')
    .innerJoin('users as u', 'u.id', 'g.account_id')
    .innerJoin('oauth_apps as a', 'a.id', 'g.client_id')
    .select(['g.account_id', 'g.client_id', 'g.last_used_at', 'u.email'])
    .where('g.model', '=', 'Grant')
    .where('g.id', '=', grantId)
    .where((eb) => eb.or([eb('g.expires_at', 'is', null), eb('g.expires_at', '>', nowS)])),
);

/** Read on every request an OAuth access token makes (never cached: revoking the app stops it at once). */
export const findGrantForToken = async (db: Executor, grantId: string, nowS: number) => (await grantForToken(db, grantId, nowS))[0];

export const touchGrant = async (db: Tx, grantId: string, at: string) => {
  await db.updateTable('oauth_state').set({ last_used_at: at }).where('model', '=', 'Grant').where('id', '=', grantId).execute();
};

/** The user's live grants with their app's name, newest first: the "authorized apps" page. */
export const listGrants = (db: Executor, accountId: string, nowS: number) =>
  db
    .selectFrom('oauth_state as g')
    .innerJoin('oauth_apps as a', 'a.id', 'g.client_id')
    .select(['g.id', 'g.client_id', 'g.payload', 'g.last_used_at', 'a.name as app_name'])
    .where('g.model', '=', 'Grant')
    .where('g.account_id', '=', accountId)
    .where((eb) => eb.or([eb('g.expires_at', 'is', null), eb('g.expires_at', '>', nowS)]))
    .orderBy(sql`g.id`)
    .execute();
