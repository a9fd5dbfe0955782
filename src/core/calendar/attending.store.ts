/**
 * SQL of the attending collection (D17, D9): the events a user sees only as a registered attendee,
 * which no context collection of theirs lists. Which change-log rows move its sync token, and the
 * events that may have entered or left it when a share of theirs changed.
 */
import { sql, type ExpressionBuilder } from 'kysely';
import type { Executor } from '../../db/database.js';
import { invitedTo } from '../access/access.store.js';

/**
 * Each a condition on `changes as ch` that an index answers (by subject, by record, by parent):
 * their own attendances, answers and shares (a share can move an event into a context they see);
 * published changes of the events they attend and of those events' attendee lists; deletions of
 * events they attended (the attendance goes with the event and is not logged on its own).
 */
export function attendingBranches(userId: string): Array<(eb: ExpressionBuilder<any, any>) => any> {
  return [
    (eb) => eb('ch.subject_user_id', '=', userId),
    (eb) => eb.and([eb('ch.record_type', '=', 'event'), eb('ch.draft', '=', 0), eb('ch.record_id', 'in', invitedTo(eb, userId))]),
    (eb) => eb.and([eb('ch.record_type', '=', 'attendee'), eb('ch.parent_id', 'in', invitedTo(eb, userId))]),
    // `op = 'delete'` written as a literal so both databases can use the partial index changes_deletions.
    (eb) => eb.and([eb('ch.record_type', '=', 'event'), eb('ch.op', '=', sql.lit('delete')), eb('ch.audience', 'like', `%"${userId}"%`)]),
  ];
}

/** The events the user is a registered attendee of, wherever they are. */
export async function attendedIds(db: Executor, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('events')
    .select('events.id')
    .where((eb) => eb('events.id', 'in', invitedTo(eb, userId)))
    .execute();
  return rows.map((r) => r.id);
}
