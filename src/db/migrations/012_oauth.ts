import type { Kysely } from 'kysely';

/**
 * OAuth 2.0 (D20).
 * - `oauth_apps`: the apps users register on /settings/apps; the authorization server reads them
 *   as its clients. The client secret is never stored: it is an HMAC of the client id and
 *   `secret_salt` under a key derived from the service secret, so a copy of the database alone
 *   does not reveal it, and a new salt makes a new secret. `public_client` (0/1): an app that
 *   cannot keep a secret (mobile, browser) has none and relies on PKCE alone.
 * - `oauth_state`: everything else the authorization server keeps (grants, codes, refresh tokens,
 *   sessions, interactions), one row per model and id with the library's JSON payload, plus the
 *   lookup columns its adapter needs (grant, session uid, user code) and the ones the settings
 *   pages need (account, client). `expires_at` and `consumed_at` are epoch seconds.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('oauth_apps')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('redirect_uris', 'text', (c) => c.notNull())
    .addColumn('secret_salt', 'text', (c) => c.notNull())
    .addColumn('public_client', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('oauth_apps_user').on('oauth_apps').columns(['user_id', 'created_at']).execute();

  await db.schema
    .createTable('oauth_state')
    .addColumn('model', 'text', (c) => c.notNull())
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('grant_id', 'text')
    .addColumn('uid', 'text')
    .addColumn('user_code', 'text')
    .addColumn('account_id', 'text')
    .addColumn('client_id', 'text')
    .addColumn('expires_at', 'bigint')
    .addColumn('consumed_at', 'bigint')
    .addColumn('last_used_at', 'text')
    .addPrimaryKeyConstraint('oauth_state_pk', ['model', 'id'])
    .execute();
  await db.schema.createIndex('oauth_state_grant').on('oauth_state').columns(['grant_id', 'model']).where('grant_id', 'is not', null).execute();
  await db.schema.createIndex('oauth_state_uid').on('oauth_state').columns(['uid', 'model']).where('uid', 'is not', null).execute();
  await db.schema.createIndex('oauth_state_user_code').on('oauth_state').columns(['user_code', 'model']).where('user_code', 'is not', null).execute();
  await db.schema.createIndex('oauth_state_account').on('oauth_state').columns(['account_id', 'model']).where('account_id', 'is not', null).execute();
  await db.schema.createIndex('oauth_state_client').on('oauth_state').columns(['client_id']).where('client_id', 'is not', null).execute();
  await db.schema.createIndex('oauth_state_expiry').on('oauth_state').columns(['expires_at']).where('expires_at', 'is not', null).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('oauth_state').execute();
  await db.schema.dropTable('oauth_apps').execute();
}
