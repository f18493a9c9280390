import { desc, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { mailOutbox } from '../../db/schema';
import { newId } from '../../lib/snowflake';
import type { Mail } from './mailer';

export interface OutboxEntry extends Mail {
  id: string;
  createdAt: Date;
}

export async function insertOutboxMail(db: Executor, mail: Mail): Promise<void> {
  await db.insert(mailOutbox).values({ id: newId(), recipient: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
}

/** The newest mails of the outbox, newest first. */
export async function listOutboxMails(db: Executor, limit: number): Promise<OutboxEntry[]> {
  const rows = await db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(limit);
  return rows.map((row) => ({ id: row.id, to: row.recipient, subject: row.subject, text: row.text, html: row.html, createdAt: row.createdAt }));
}

/**
 * Delete the outbox's mails written before `olderThan`, and all but the newest `keep`; answers how
 * many went. Idempotent: several processes may trim at once.
 */
export async function trimOutboxMails(db: Executor, olderThan: Date, keep: number): Promise<number> {
  const newestKept = sql`(select ${mailOutbox.id} from ${mailOutbox} order by ${mailOutbox.id} desc offset ${keep - 1} limit 1)`;
  const rows = await db
    .delete(mailOutbox)
    .where(or(lt(mailOutbox.createdAt, olderThan), lt(mailOutbox.id, newestKept)))
    .returning({ id: mailOutbox.id });
  return rows.length;
}
