import type { Kysely } from 'kysely';

/**
 * Email intake limits (D22): how many items a message's extraction found beyond INTAKE_MAX_ITEMS
 * (`items_dropped`), and a machine-readable reason next to the human `error` of a failed message
 * (`failure_reason`, e.g. `extraction_timeout`).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('emails')
    .addColumn('items_dropped', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('emails').addColumn('failure_reason', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('emails').dropColumn('failure_reason').execute();
  await db.schema.alterTable('emails').dropColumn('items_dropped').execute();
}
