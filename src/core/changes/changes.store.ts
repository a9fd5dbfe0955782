import type { Executor } from '../../db/database.js';
import type { ChangesTable } from '../../db/schema.js';
import type { Insertable } from 'kysely';

export const insertChanges = async (db: Executor, rows: Insertable<ChangesTable>[]) => {
  if (rows.length) await db.insertInto('changes').values(rows).execute();
};
