import { type Kysely, sql } from 'kysely';
import { isPostgres } from './dialect.js';

/**
 * PostgreSQL: a record moved between contexts updates two `record_counts` rows (its old context's
 * and its new one's). The trigger of migration 002 took them old first, so two records moved in
 * opposite directions at once took the same two rows in opposite orders and deadlocked (audit 9:
 * a third of such moves). The trigger now takes them in key order, whichever way the record goes.
 * SQLite runs writes one at a time and keeps its triggers.
 */
const bump = (type: string, ref: 'NEW' | 'OLD', delta: 1 | -1) =>
  `INSERT INTO record_counts (record_type, context_id, user_id, n)
      VALUES ('${type}', coalesce(${ref}.context_id, ''), ${ref}.user_id, ${delta})
      ON CONFLICT (record_type, context_id, user_id) DO UPDATE SET n = record_counts.n + (${delta});`;

function countFunction(table: string, type: string, ordered: boolean) {
  const update = ordered
    ? `IF (coalesce(OLD.context_id, ''), OLD.user_id) <= (coalesce(NEW.context_id, ''), NEW.user_id) THEN
           ${bump(type, 'OLD', -1)} ${bump(type, 'NEW', 1)}
         ELSE
           ${bump(type, 'NEW', 1)} ${bump(type, 'OLD', -1)}
         END IF;`
    : `${bump(type, 'OLD', -1)} ${bump(type, 'NEW', 1)}`;
  return sql`CREATE OR REPLACE FUNCTION ${sql.raw(`${table}_count`)}() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'DELETE' THEN ${sql.raw(bump(type, 'OLD', -1))} END IF;
        IF TG_OP = 'INSERT' THEN ${sql.raw(bump(type, 'NEW', 1))} END IF;
        IF TG_OP = 'UPDATE' THEN ${sql.raw(update)} END IF;
        RETURN NULL;
      END $$`;
}

const TABLES = [
  ['tasks', 'task'],
  ['events', 'event'],
] as const;

export async function up(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  for (const [table, type] of TABLES) await countFunction(table, type, true).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  for (const [table, type] of TABLES) await countFunction(table, type, false).execute(db);
}
