import { and, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { messageReports, messages } from '../../db/schema';

/** Where a message is and who wrote it, when it exists and is not deleted. */
export async function findLiveMessage(db: Executor, id: string): Promise<{ channelId: string; authorId: string } | null> {
  const [row] = await db
    .select({ channelId: messages.channelId, authorId: messages.authorId })
    .from(messages)
    .where(and(eq(messages.id, id), isNull(messages.deletedAt)))
    .limit(1);
  return row ?? null;
}

/** Store a report unless the user has reported the message already (message_reports' unique pair): whether it was stored. */
export async function insertReport(db: Executor, report: typeof messageReports.$inferInsert): Promise<boolean> {
  const rows = await db.insert(messageReports).values(report).onConflictDoNothing().returning({ id: messageReports.id });
  return rows.length > 0;
}

export const reportRepository = { findLiveMessage, insertReport };
export type ReportRepository = typeof reportRepository;
