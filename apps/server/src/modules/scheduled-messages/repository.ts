import { and, asc, count, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { returnedRow } from '../../db/returned-row';
import { scheduledMessages, users } from '../../db/schema';

export type ScheduledRow = typeof scheduledMessages.$inferSelect;
export type NewScheduled = typeof scheduledMessages.$inferInsert;

/**
 * Lock the author's user row (FOR NO KEY UPDATE) and count their waiting messages: two schedules
 * of one user run one after the other, so neither passes the limit unseen. Null when the user is gone.
 */
export async function lockAuthorAndCount(db: Executor, authorId: string): Promise<number | null> {
  const [locked] = await db.select({ id: users.id }).from(users).where(eq(users.id, authorId)).for('no key update');
  if (!locked) return null;
  const [row] = await db.select({ n: count() }).from(scheduledMessages).where(eq(scheduledMessages.authorId, authorId));
  return row?.n ?? 0;
}

export async function insertScheduled(db: Executor, row: NewScheduled): Promise<ScheduledRow> {
  return returnedRow(await db.insert(scheduledMessages).values(row).returning());
}

/** The author's waiting messages of a channel, the soonest first. */
export async function listOwn(db: Executor, channelId: string, authorId: string): Promise<ScheduledRow[]> {
  return db
    .select()
    .from(scheduledMessages)
    .where(and(eq(scheduledMessages.channelId, channelId), eq(scheduledMessages.authorId, authorId)))
    .orderBy(asc(scheduledMessages.sendAt), asc(scheduledMessages.id));
}

/**
 * Delete one of the author's waiting messages of the channel (answering its attachments); null when there is none (sent,
 * cancelled, someone else's). A row the scheduler holds is waited for: then it is gone (sent).
 */
export async function deleteOwn(db: Executor, id: string, channelId: string, authorId: string): Promise<Pick<ScheduledRow, 'attachments'> | null> {
  const [row] = await db
    .delete(scheduledMessages)
    .where(and(eq(scheduledMessages.id, id), eq(scheduledMessages.channelId, channelId), eq(scheduledMessages.authorId, authorId)))
    .returning({ attachments: scheduledMessages.attachments });
  return row ?? null;
}

/**
 * The rows due by the database's clock (one clock for every server process), at most `limit`, the
 * earliest first, locked for this transaction (`FOR UPDATE SKIP LOCKED`): rows another transaction
 * (another server process) holds are skipped, so that each row is claimed by one transaction only.
 * The caller deletes them before it commits.
 */
export async function claimDue(db: Executor, limit: number): Promise<ScheduledRow[]> {
  return db
    .select()
    .from(scheduledMessages)
    .where(lte(scheduledMessages.sendAt, sql`now()`))
    .orderBy(asc(scheduledMessages.sendAt), asc(scheduledMessages.id))
    .limit(limit)
    .for('update', { skipLocked: true });
}

export async function deleteRows(db: Executor, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.delete(scheduledMessages).where(inArray(scheduledMessages.id, ids));
}

export const scheduledRepository = { lockAuthorAndCount, insertScheduled, listOwn, deleteOwn, claimDue, deleteRows };
export type ScheduledRepository = typeof scheduledRepository;
