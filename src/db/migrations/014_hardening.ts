import type { Kysely } from 'kysely';

/**
 * D23: timestamps lie between 0001-01-01T00:00:00Z and 9999-12-31T23:59:59.999Z. Before that rule,
 * a time whose offset pushed it past either end was stored in ISO 8601's expanded-year form
 * (`+010000-01-01T13:59:59.000Z`), which broke the sync feed and lists for every reader of the
 * record. This repairs such values once, by clamping them to the nearest end of the range, in the
 * columns, in open drafts and in version snapshots; an event whose end then falls before its start
 * ends when it starts. New values are refused at every door (src/core/ids.ts toIso), so nothing
 * needs clamping on read.
 */
const MAX = '9999-12-31T23:59:59.999Z';
const MIN = '0001-01-01T00:00:00.000Z';
const EXPANDED = /"([+-])\d{6}-\d{2}-\d{2}T[0-9:.]*Z"/g;

const clampJson = (text: string) => text.replace(EXPANDED, (_m, sign: string) => `"${sign === '+' ? MAX : MIN}"`);

async function clampColumn(db: Kysely<any>, table: string, column: string) {
  await db
    .updateTable(table)
    .set({ [column]: MAX })
    .where(column, 'like', '+%')
    .execute();
  await db
    .updateTable(table)
    .set({ [column]: MIN })
    .where(column, 'like', '-%')
    .execute();
}

async function clampJsonColumn(db: Kysely<any>, table: string, key: string[], column: string) {
  const rows = await db
    .selectFrom(table)
    .select([...key, column])
    .where((eb) => eb.or([eb(column, 'like', '%"+0%'), eb(column, 'like', '%"-0%')]))
    .execute();
  for (const row of rows) {
    const fixed = clampJson(row[column]);
    if (fixed === row[column]) continue;
    let q = db.updateTable(table).set({ [column]: fixed });
    for (const k of key) q = q.where(k, '=', row[k]);
    await q.execute();
  }
}

export async function up(db: Kysely<any>): Promise<void> {
  for (const column of ['due_date', 'completed_at']) await clampColumn(db, 'tasks', column);
  for (const column of ['start_time', 'end_time']) await clampColumn(db, 'events', column);
  await db
    .updateTable('events')
    .set((eb) => ({ end_time: eb.ref('start_time') }))
    .whereRef('end_time', '<', 'start_time')
    .execute();
  await clampJsonColumn(db, 'tasks', ['id'], 'draft');
  await clampJsonColumn(db, 'events', ['id'], 'draft');
  await clampJsonColumn(db, 'record_versions', ['record_type', 'record_id', 'version_major'], 'snapshot');
}

export async function down(): Promise<void> {
  // A repair: there is nothing to undo.
}
