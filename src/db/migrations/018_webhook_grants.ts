import type { Kysely } from 'kysely';

/**
 * A webhook an OAuth app registers belongs to the app's grant (D20): only that app sees it, and it
 * goes when the grant ends (revoked, expired, the app deleted). Null for the user's own webhooks.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('webhooks').addColumn('oauth_grant_id', 'text').execute();
  await db.schema.createIndex('webhooks_oauth_grant').on('webhooks').column('oauth_grant_id').where('oauth_grant_id', 'is not', null).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('webhooks_oauth_grant').execute();
  await db.schema.alterTable('webhooks').dropColumn('oauth_grant_id').execute();
}
