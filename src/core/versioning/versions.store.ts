import type { Executor } from '../../db/database.js';

export type VersionedType = 'task' | 'event';

export const insertVersion = async (db: Executor, type: VersionedType, id: string, major: number, at: string, snapshot: unknown) => {
  await db
    .insertInto('record_versions')
    .values({ record_type: type, record_id: id, version_major: major, published_at: at, snapshot: JSON.stringify(snapshot) })
    .execute();
};

export const listVersions = (db: Executor, type: VersionedType, id: string) =>
  db
    .selectFrom('record_versions')
    .select(['version_major', 'published_at', 'snapshot'])
    .where('record_type', '=', type)
    .where('record_id', '=', id)
    .orderBy('version_major')
    .execute();

export const deleteVersions = async (db: Executor, type: VersionedType, ids: string[]) => {
  if (ids.length) await db.deleteFrom('record_versions').where('record_type', '=', type).where('record_id', 'in', ids).execute();
};
