import { type Kysely, sql } from 'kysely';
import { isPostgres } from './dialect.js';

/**
 * Request-path speed (issue 15).
 *
 * - Rate-limit counters on PostgreSQL become UNLOGGED: a counter upsert runs on every /api/v1
 *   request, and an unlogged table writes no WAL, so its commit has nothing to flush. The counts
 *   stay rows every process shares (the guarantee of D13); what is given up is only their survival
 *   of a server crash (PostgreSQL empties unlogged tables in crash recovery), which at worst
 *   forgets one window's counts. SQLite keeps its counters in memory and has no such table in use.
 * - An index on each event's duration, so an event window can be bounded below: an event that
 *   ends after `from` started after `from` minus the longest duration, and the longest duration is
 *   one index lookup. An expression index needs an immutable expression; PostgreSQL's text-to-
 *   timestamptz cast is only stable (it reads the session time zone), so the epoch of a stored
 *   timestamp goes through a function declared immutable, which holds because every stored
 *   timestamp carries its offset (always `Z`, D3). SQLite's julianday() is deterministic as is.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await sql`ALTER TABLE rate_limit_counters SET UNLOGGED`.execute(db);
    // NULL, not an error, for a value outside years 0001..9999 (what code before D23 could store,
    // and migration 014 clamps): an index expression that throws would make such a row unwritable
    // and unreadable by any repair. SQLite's julianday() already answers NULL for those.
    await sql`CREATE FUNCTION agendum_epoch(ts text) RETURNS double precision
      LANGUAGE sql IMMUTABLE PARALLEL SAFE
      AS 'SELECT CASE WHEN ts ~ ''^[0-9]{4}-'' AND ts !~ ''^0000'' THEN date_part(''epoch'', ts::timestamptz) END'`.execute(db);
    await sql`CREATE INDEX events_duration ON events ((agendum_epoch(end_time) - agendum_epoch(start_time)))`.execute(db);
  } else {
    await sql`CREATE INDEX events_duration ON events ((julianday(end_time) - julianday(start_time)))`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX events_duration`.execute(db);
  if (isPostgres(db)) {
    await sql`DROP FUNCTION agendum_epoch(text)`.execute(db);
    await sql`ALTER TABLE rate_limit_counters SET LOGGED`.execute(db);
  }
}
