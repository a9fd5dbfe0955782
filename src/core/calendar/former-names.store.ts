/**
 * Names an object had before it moved to another collection under a new name (a MOVE, or a
 * DELETE + PUT, to a different resource name). A client of the old collection holds the old href:
 * its sync tombstone must name it. Kept while the change log can still be asked about the move.
 */
import type { Executor } from '../../db/database.js';
import type { Kind } from './calendar.store.js';

export async function keepFormerName(db: Executor, kind: Kind, recordId: string, name: string, at: string): Promise<void> {
  await db
    .insertInto('calendar_former_names')
    .values({ record_type: kind, record_id: recordId, name, left_at: at })
    .onConflict((oc) => oc.columns(['record_type', 'record_id', 'name']).doUpdateSet({ left_at: at }))
    .execute();
}

/** The former names of these records, by record. */
export async function formerNames(db: Executor, kind: Kind, ids: string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  if (!ids.length) return out;
  const rows = await db
    .selectFrom('calendar_former_names')
    .select(['record_id', 'name'])
    .where('record_type', '=', kind)
    .where('record_id', 'in', ids)
    .execute();
  for (const r of rows) (out.get(r.record_id) ?? out.set(r.record_id, []).get(r.record_id)!).push(r.name);
  return out;
}

/** Names that left before the oldest change the log keeps: no sync token can reach back to them. */
export async function pruneFormerNames(db: Executor): Promise<void> {
  const oldest = await db
    .selectFrom('changes')
    .select((eb) => eb.fn.min('created_at').as('at'))
    .executeTakeFirst();
  if (oldest?.at) await db.deleteFrom('calendar_former_names').where('left_at', '<', String(oldest.at)).execute();
}
