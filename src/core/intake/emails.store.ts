import { dialectOf, type Executor } from '../../db/database.js';
import type { EmailsTable } from '../../db/schema.js';
import type { PageRequest } from '../lists.js';

/** Every column but the raw bytes: lists and lookups never drag the message along. */
const META = [
  'id',
  'user_id',
  'message_id',
  'size',
  'subject',
  'from_address',
  'received_at',
  'status',
  'error',
  'failure_reason',
  'items_dropped',
  'result',
  'created_at',
  'updated_at',
] as const;
export type EmailMeta = Omit<EmailsTable, 'raw'>;

export const insertEmail = async (db: Executor, row: EmailsTable) => {
  await db.insertInto('emails').values(row).execute();
};

export const findEmailByMessageId = (db: Executor, userId: string, messageId: string) =>
  db.selectFrom('emails').select(META).where('user_id', '=', userId).where('message_id', '=', messageId).executeTakeFirst();

export const getEmail = (db: Executor, id: string) => db.selectFrom('emails').select(META).where('id', '=', id).executeTakeFirst();

/** Reads the row for the processing transaction; on PostgreSQL it also locks it, so two deliveries of one message queue up. */
export const lockEmail = (db: Executor, id: string) => {
  const q = db.selectFrom('emails').select(META).where('id', '=', id);
  return (dialectOf(db) === 'postgres' ? q.forUpdate() : q).executeTakeFirst();
};

export async function getRaw(db: Executor, id: string): Promise<Buffer | undefined> {
  const row = await db.selectFrom('emails').select('raw').where('id', '=', id).executeTakeFirst();
  return row ? Buffer.from(row.raw) : undefined;
}

export const updateEmail = async (db: Executor, id: string, patch: Partial<EmailsTable>) => {
  await db.updateTable('emails').set(patch).where('id', '=', id).execute();
};

export async function listEmails(db: Executor, userId: string, filter: { status?: EmailsTable['status'] }, page: PageRequest) {
  let base = db.selectFrom('emails').where('user_id', '=', userId);
  if (filter.status) base = base.where('status', '=', filter.status);
  const [rows, count] = await Promise.all([
    base.select(META).orderBy('received_at', 'desc').orderBy('id', 'desc').limit(page.limit).offset(page.offset).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}
