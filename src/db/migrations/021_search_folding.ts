import { type Kysely, sql } from 'kysely';
import { isPostgres } from './dialect.js';

/**
 * PostgreSQL search reads words as SQLite's does (audit 9, A5). SQLite's index (migration 001) is
 * FTS5 with `porter unicode61 remove_diacritics 2`: every word kept, accents dropped, case folded.
 * PostgreSQL's used the `english` configuration: stop words dropped ("the", "not", "a" found
 * nothing), accents kept ("cafe" missed "café"), and in a database whose ctype is C, capitals
 * outside ASCII kept ("émile" missed "Émile"). Now:
 * - `agendum_search`, the english configuration with a Snowball stemmer that keeps every word;
 * - `agendum_fold(text)`, a translate() from each Latin letter with an accent or a capital to its plain
 *   lower-case letter, and each Greek and Cyrillic capital to its lower case (no extension needed);
 * - `tasks.search` rebuilt from the folded title and description. The query side folds its words
 *   the same way (core/tasks/tasks.store.ts).
 * SQLite is unchanged.
 */
function foldingPairs(): [string, string] {
  let from = '';
  let to = '';
  // Latin letters lose their accents (FTS5's remove_diacritics is for Latin script only); Greek and
  // Cyrillic ones only their capitals.
  for (const [lo, hi, strip] of [
    [0xc0, 0x24f, true],
    [0x370, 0x3ff, false],
    [0x400, 0x4ff, false],
  ] as const) {
    for (let cp = lo; cp <= hi; cp++) {
      const c = String.fromCodePoint(cp);
      const plain = (strip ? c.normalize('NFD').replace(/\p{M}/gu, '') : c).toLowerCase();
      if (plain !== c && [...plain].length === 1 && /\p{L}/u.test(plain)) {
        from += c;
        to += plain;
      }
    }
  }
  return [from, to];
}

const searchColumn = (config: string, fold: boolean) => {
  const of = (column: string) => (fold ? `agendum_fold(coalesce(${column}, ''))` : `coalesce(${column}, '')`);
  return sql.raw(`ALTER TABLE tasks ADD COLUMN search tsvector GENERATED ALWAYS AS (
      setweight(to_tsvector('${config}', ${of('title')}), 'A') ||
      setweight(to_tsvector('${config}', ${of('description')}), 'B')) STORED`);
};

export async function up(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  const [from, to] = foldingPairs();
  await sql`CREATE TEXT SEARCH DICTIONARY agendum_stem (TEMPLATE = snowball, LANGUAGE = english)`.execute(db);
  await sql`CREATE TEXT SEARCH CONFIGURATION agendum_search (COPY = pg_catalog.english)`.execute(db);
  await sql`ALTER TEXT SEARCH CONFIGURATION agendum_search
    ALTER MAPPING FOR asciiword, asciihword, hword_asciipart, word, hword, hword_part WITH agendum_stem`.execute(db);
  await sql`CREATE FUNCTION agendum_fold(text) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    AS ${sql.raw(`$$ SELECT translate($1, '${from}', '${to}') $$`)}`.execute(db);
  await sql`DROP INDEX tasks_search`.execute(db);
  await sql`ALTER TABLE tasks DROP COLUMN search`.execute(db);
  await searchColumn('agendum_search', true).execute(db);
  await sql`CREATE INDEX tasks_search ON tasks USING gin (search)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`DROP INDEX tasks_search`.execute(db);
  await sql`ALTER TABLE tasks DROP COLUMN search`.execute(db);
  await searchColumn('english', false).execute(db);
  await sql`CREATE INDEX tasks_search ON tasks USING gin (search)`.execute(db);
  await sql`DROP FUNCTION agendum_fold(text)`.execute(db);
  await sql`DROP TEXT SEARCH CONFIGURATION agendum_search`.execute(db);
  await sql`DROP TEXT SEARCH DICTIONARY agendum_stem`.execute(db);
}
