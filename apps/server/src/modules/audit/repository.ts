import { and, desc, eq, inArray, lt } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { returnedRow } from '../../db/returned-row';
import { auditLogEntries, users } from '../../db/schema';

export type AuditEntryRow = typeof auditLogEntries.$inferSelect;
export type NewAuditEntry = typeof auditLogEntries.$inferInsert;

/** A user as the audit log and the bans list name them. */
export interface ModerationUserRow {
  id: string;
  username: string;
  slug: string;
  profilePicture: string | null;
}

export const moderationUserColumns = { id: users.id, username: users.username, slug: users.slug, profilePicture: users.profilePicture };

export async function insertAuditEntry(db: Executor, entry: NewAuditEntry): Promise<AuditEntryRow> {
  return returnedRow(await db.insert(auditLogEntries).values(entry).returning());
}

/** Several entries in one statement (none: no statement). */
export async function insertAuditEntries(db: Executor, entries: NewAuditEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await db.insert(auditLogEntries).values(entries);
}

/** A page of the team's log, newest first, on the (team_id, id desc) index; `before`: only entries older than that id. */
export async function listAuditEntries(db: Executor, teamId: string, page: { limit: number; before?: string }): Promise<AuditEntryRow[]> {
  const where = page.before ? and(eq(auditLogEntries.teamId, teamId), lt(auditLogEntries.id, page.before)) : eq(auditLogEntries.teamId, teamId);
  return db.select().from(auditLogEntries).where(where).orderBy(desc(auditLogEntries.id)).limit(page.limit);
}

/** The users of these ids that exist. */
export async function findUsers(db: Executor, ids: readonly string[]): Promise<ModerationUserRow[]> {
  if (ids.length === 0) return [];
  return db
    .select(moderationUserColumns)
    .from(users)
    .where(inArray(users.id, [...ids]));
}

export const auditRepository = { insertAuditEntry, insertAuditEntries, listAuditEntries, findUsers };
export type AuditRepository = typeof auditRepository;
