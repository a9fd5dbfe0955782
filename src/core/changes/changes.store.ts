import type { Executor } from '../../db/database.js';
import type { ChangesTable } from '../../db/schema.js';
import type { Insertable } from 'kysely';

export const insertChanges = async (db: Executor, rows: Insertable<ChangesTable>[]) => {
  // Batches keep each statement under both dialects' bound-parameter limits (a cascade delete
  // can log thousands of rows).
  for (let i = 0; i < rows.length; i += 500) await db.insertInto('changes').values(rows.slice(i, i + 500)).execute();
};
