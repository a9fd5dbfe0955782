import { type Kysely, PostgresAdapter } from 'kysely';

/** Migrations are frozen in time and may not import app code, so they ask Kysely which dialect runs them. */
export function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}
