import type { Executor } from '../../db/database.js';
import type { EventAttendeesTable } from '../../db/schema.js';

export const findAttendee = (db: Executor, eventId: string, key: { userId?: string; email?: string }) => {
  // Exactly one of the keys, always applied: an empty one matches nothing rather than anyone.
  let q = db.selectFrom('event_attendees').selectAll().where('event_id', '=', eventId);
  q = key.userId !== undefined ? q.where('user_id', '=', key.userId) : q.where('email', '=', key.email ?? '');
  return q.executeTakeFirst();
};

export const insertAttendees = async (db: Executor, rows: EventAttendeesTable[]) => {
  if (rows.length) await db.insertInto('event_attendees').values(rows).execute();
};

export const updateAttendee = async (db: Executor, eventId: string, email: string, patch: Partial<EventAttendeesTable>) => {
  await db.updateTable('event_attendees').set(patch).where('event_id', '=', eventId).where('email', '=', email).execute();
};

export const deleteAttendee = async (db: Executor, eventId: string, email: string) => {
  await db.deleteFrom('event_attendees').where('event_id', '=', eventId).where('email', '=', email).execute();
};

export const listAttendees = (db: Executor, eventId: string) =>
  db.selectFrom('event_attendees').selectAll().where('event_id', '=', eventId).orderBy('added_at').orderBy('email').execute();
