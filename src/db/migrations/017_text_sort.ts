import { type Kysely, sql } from 'kysely';
import { isPostgres } from './dialect.js';

/**
 * Title and name sorts ignore case, the same way on both databases: they order by the text with
 * its ASCII letters in lower case, then by the text, in code point order (PostgreSQL under the "C"
 * collation, whatever the database's locale). These expression indexes replace the plain
 * (…, title, id) and (user_id, name) ones, so a sorted page is still read off an index. The
 * expressions must stay exactly those the list queries order by.
 */
const INDEXES = [
  { old: 'tasks_user_title', table: 'tasks', lead: 'user_id', column: 'title' },
  { old: 'tasks_context_title', table: 'tasks', lead: 'context_id', column: 'title' },
  { old: 'events_user_title', table: 'events', lead: 'user_id', column: 'title' },
  { old: 'events_context_title', table: 'events', lead: 'context_id', column: 'title' },
  { old: 'contexts_user_name', table: 'contexts', lead: 'user_id', column: 'name' },
] as const;

export async function up(db: Kysely<any>): Promise<void> {
  const pg = isPostgres(db);
  for (const { old, table, lead, column } of INDEXES) {
    const folded = pg ? `lower(${column} COLLATE "C"), (${column} COLLATE "C")` : `lower(${column}), ${column}`;
    await sql.raw(`CREATE INDEX ${old}_ci ON ${table} (${lead}, ${folded}, id)`).execute(db);
    await db.schema.dropIndex(old).execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const { old, table, lead, column } of INDEXES) {
    await db.schema
      .createIndex(old)
      .on(table)
      .columns(table === 'contexts' ? [lead, column] : [lead, column, 'id'])
      .execute();
    await db.schema.dropIndex(`${old}_ci`).execute();
  }
}
