import type { Kysely } from 'kysely';

/**
 * Who added each attendee (D9a). An attendance is an invitation, and gives its attendee read on
 * the event beyond any share, only when someone else made it: a collaborator who added themselves
 * did so with a right their share gave them, which ends with the share. Null for attendances made
 * before this migration (kept as invitations, as they were read until now).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('event_attendees').addColumn('added_by', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('event_attendees').dropColumn('added_by').execute();
}
