/**
 * Locks a write transaction holds until it ends, for checks that hold only if no concurrent writer
 * changes what they read (a tree's depth, an invitation's UID, a CalDAV resource's name). PostgreSQL
 * advisory locks in the two-integer form: one space per kind of lock, apart from the one-bigint keys
 * of migrations and idempotency keys and from the webhook dispatcher's space. SQLite runs every
 * write transaction alone, so there is nothing to take.
 */
import { sql } from 'kysely';
import { dialectOf, type Tx } from './database.js';

export const LOCK_SPACES = {
  treeShapes: 0x43_74_78_74, // "Ctxt"
  invitations: 0x49_6e_76_55, // "InvU"
  calendarResources: 0x43_61_6c_52, // "CalR"
} as const;

/** Waits for, then holds until commit, the named locks of one space, taken in one order so two holders never wait on each other in a circle. */
export async function holdUntilCommit(tx: Tx, space: number, names: string[]): Promise<void> {
  if (dialectOf(tx) !== 'postgres') return;
  for (const name of [...new Set(names)].sort()) await sql`select pg_advisory_xact_lock(${space}::int, hashtext(${name}))`.execute(tx);
}
