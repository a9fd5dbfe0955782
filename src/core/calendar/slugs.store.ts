/**
 * The URL segments clients chose for their collections (MKCALENDAR keeps the client's slug, D17),
 * one per context and user.
 */
import type { Executor } from '../../db/database.js';
import type { CalendarSlugsTable } from '../../db/schema.js';

export const slugsOf = (db: Executor, userId: string): Promise<CalendarSlugsTable[]> =>
  db.selectFrom('calendar_slugs').selectAll().where('user_id', '=', userId).execute();

export const findSlug = (db: Executor, userId: string, slug: string) =>
  db.selectFrom('calendar_slugs').selectAll().where('user_id', '=', userId).where('slug', '=', slug).executeTakeFirst();

export const insertSlug = async (db: Executor, row: CalendarSlugsTable) => {
  await db.insertInto('calendar_slugs').values(row).execute();
};

/** A slug whose context is gone frees its URL. */
export async function dropSlugIfOrphan(db: Executor, userId: string, slug: string): Promise<void> {
  const row = await findSlug(db, userId, slug);
  if (!row) return;
  const ctx = await db.selectFrom('contexts').select('id').where('id', '=', row.context_id).executeTakeFirst();
  if (!ctx) await db.deleteFrom('calendar_slugs').where('context_id', '=', row.context_id).execute();
}
