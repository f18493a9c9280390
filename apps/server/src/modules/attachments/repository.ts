import { and, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Attachment } from '@rally/shared/api/attachments';
import type { Executor } from '../../db/client';
import { attachmentUploads } from '../../db/schema';

/** A new upload, not used by any message yet. */
export async function insertUpload(db: Executor, row: { id: string; uploaderId: string; key: string; attachment: Attachment }): Promise<void> {
  await db.insert(attachmentUploads).values(row);
}

/**
 * Mark the uploader's unused uploads of these ids used, now, and answer their attachments in the
 * order of `ids`. Ids that are not theirs, not there, or already used are missing from the answer.
 * Under concurrent sends of the same id only one transaction's update matches the row.
 */
export async function takeUploads(db: Executor, uploaderId: string, ids: string[]): Promise<Attachment[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .update(attachmentUploads)
    .set({ usedAt: new Date() })
    .where(and(inArray(attachmentUploads.id, ids), eq(attachmentUploads.uploaderId, uploaderId), isNull(attachmentUploads.usedAt)))
    .returning({ id: attachmentUploads.id, attachment: attachmentUploads.attachment });
  const byId = new Map(rows.map((r) => [r.id, r.attachment]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** Make uploads usable again (a scheduled message that was cancelled): its files may be sent, or are removed with the unused ones. */
export async function releaseUploads(db: Executor, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.update(attachmentUploads).set({ usedAt: null, createdAt: new Date() }).where(inArray(attachmentUploads.id, ids));
}

/**
 * Delete up to `limit` uploads unused since before `olderThan` and answer their storage keys. The
 * rows are locked with SKIP LOCKED, so that several processes sweeping at once each take others.
 */
export async function deleteUnusedUploads(db: Executor, olderThan: Date, limit: number): Promise<string[]> {
  const result = await db.execute(sql`
    delete from ${attachmentUploads} where ${attachmentUploads.id} in (
      select ${attachmentUploads.id} from ${attachmentUploads}
      where ${isNull(attachmentUploads.usedAt)} and ${lt(attachmentUploads.createdAt, olderThan)}
      order by ${attachmentUploads.createdAt} limit ${limit} for update skip locked
    ) returning ${attachmentUploads.key} as key`);
  return (result as { rows: { key: string }[] }).rows.map((r) => r.key);
}
