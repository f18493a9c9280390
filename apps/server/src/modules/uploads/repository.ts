import { and, eq, gt, inArray, isNotNull, isNull, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Attachment } from '@rally/shared/api/attachments';
import type { Executor } from '../../db/client';
import { channels, messages, scheduledMessages, uploads, type StoredUploadKind } from '../../db/schema';

/** A new upload's row: unused until `removeAt` unless something takes it (or held at once, `holderId`, as a team's emoji). */
export interface NewUpload {
  id: string;
  key: string;
  kind: StoredUploadKind;
  uploaderId: string | null;
  holderId?: string | null;
  attachment?: Attachment | null;
  removeAt: Date | null;
}

export async function insertUploads(db: Executor, rows: readonly NewUpload[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(uploads).values([...rows]);
}

/** What GET /uploads/* needs of a key: its kind, uploader, whether it is still to be had, and the channel of the live message that holds it. */
export interface ServedUpload {
  kind: StoredUploadKind;
  uploaderId: string | null;
  /** Held by something, or unused and not yet due for removal (false: its holder went, it waits for the sweep). */
  live: boolean;
  /** The channel of the message (not deleted) that holds it; null when no message does. */
  channelId: string | null;
}

export async function findServedUpload(db: Executor, key: string, now: Date): Promise<ServedUpload | null> {
  const [row] = await db
    .select({
      kind: uploads.kind,
      uploaderId: uploads.uploaderId,
      live: sql<boolean>`(${isNotNull(uploads.holderId)} or ${gt(uploads.removeAt, now)})`.mapWith(Boolean),
      channelId: messages.channelId,
    })
    .from(uploads)
    .leftJoin(messages, and(eq(messages.id, uploads.holderId), isNull(messages.deletedAt)))
    .where(eq(uploads.key, key))
    .limit(1);
  return row ?? null;
}

/**
 * Hold the upload of `key` by `holderId` — only when it is of `kind`, `uploaderId`'s, and not held
 * (nor removed) yet. Otherwise nothing changes and the answer says why: `not_own` (no such upload,
 * or another's) or `in_use` (theirs, already held).
 */
export async function takeUploadByKey(
  db: Executor,
  take: { key: string; kind: StoredUploadKind; uploaderId: string; holderId: string },
  now: Date,
): Promise<'taken' | 'not_own' | 'in_use'> {
  const own = and(eq(uploads.key, take.key), eq(uploads.kind, take.kind), eq(uploads.uploaderId, take.uploaderId));
  const taken = await db
    .update(uploads)
    .set({ holderId: take.holderId, removeAt: null })
    .where(and(own, isNull(uploads.holderId), gt(uploads.removeAt, now)))
    .returning({ id: uploads.id });
  if (taken.length > 0) return 'taken';
  const [mine] = await db.select({ id: uploads.id }).from(uploads).where(own).limit(1);
  return mine ? 'in_use' : 'not_own';
}

/**
 * Hold the uploader's unused attachment uploads of these ids by `holderId` (a message or a
 * scheduled message) and answer their attachments in the order of `ids`. Ids that are not theirs,
 * not there, or already held are missing from the answer. Under concurrent sends of the same id
 * only one transaction's update matches the row.
 */
export async function takeAttachmentUploads(db: Executor, uploaderId: string, ids: readonly string[], holderId: string, now: Date): Promise<Attachment[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .update(uploads)
    .set({ holderId, removeAt: null })
    .where(
      and(
        inArray(uploads.id, [...ids]),
        eq(uploads.kind, 'attachment'),
        eq(uploads.uploaderId, uploaderId),
        isNull(uploads.holderId),
        gt(uploads.removeAt, now),
      ),
    )
    .returning({ id: uploads.id, attachment: uploads.attachment });
  const byId = new Map(rows.flatMap((r) => (r.attachment ? [[r.id, r.attachment] as const] : [])));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** Hand what `from` holds to `to` (a scheduled message's files to the message it became). */
export async function moveHolder(db: Executor, from: string, to: string): Promise<void> {
  await db.update(uploads).set({ holderId: to }).where(eq(uploads.holderId, from));
}

/** Make what these hold unused again until `removeAt` (a cancelled or dropped scheduled message: its files may be sent again). */
export async function unholdUploads(db: Executor, holderIds: readonly string[], removeAt: Date): Promise<void> {
  if (holderIds.length === 0) return;
  await db
    .update(uploads)
    .set({ holderId: null, removeAt })
    .where(inArray(uploads.holderId, [...holderIds]));
}

/**
 * Mark the uploads that match `where` removed now (unheld, due to the sweep) and answer their
 * keys, which the caller removes from the storage after its commit (records.ts removeUploads).
 */
async function release(db: Executor, where: SQL | undefined, now: Date): Promise<string[]> {
  if (!where) throw new Error('uploads: a release without a condition would release every upload');
  const rows = await db.update(uploads).set({ holderId: null, removeAt: now }).where(where).returning({ key: uploads.key });
  return rows.map((r) => r.key);
}

/** The upload of `key` if `holderId` holds it (a replaced avatar, banner or team picture; a deleted emoji). */
export function releaseKey(db: Executor, key: string, holderId: string, now: Date): Promise<string[]> {
  return release(db, and(eq(uploads.key, key), eq(uploads.holderId, holderId)), now);
}

/** Everything these hold (a deleted message's attachments). */
export function releaseHeldBy(db: Executor, holderIds: readonly string[], now: Date): Promise<string[]> {
  return holderIds.length === 0 ? Promise.resolve([]) : release(db, inArray(uploads.holderId, [...holderIds]), now);
}

/** The attachments of these channels' messages and scheduled messages (before the channels are deleted). */
function heldInChannels(channelIds: SQL): SQL {
  return or(
    inArray(uploads.holderId, sql`(select ${messages.id} from ${messages} where ${messages.channelId} in ${channelIds})`),
    inArray(uploads.holderId, sql`(select ${scheduledMessages.id} from ${scheduledMessages} where ${scheduledMessages.channelId} in ${channelIds})`),
  ) as SQL;
}

/** The files of a channel being deleted: its messages' and scheduled messages' attachments. Call it before the delete, in its transaction. */
export function releaseChannelUploads(db: Executor, channelId: string, now: Date): Promise<string[]> {
  return release(db, and(eq(uploads.kind, 'attachment'), heldInChannels(sql`(${channelId})`)), now);
}

/** The files of a team being deleted: its icon, banner and emoji, and its channels' attachments. Call it before the delete, in its transaction. */
export function releaseTeamUploads(db: Executor, teamId: string, now: Date): Promise<string[]> {
  const teamChannels = sql`(select ${channels.id} from ${channels} where ${channels.teamId} = ${teamId})`;
  return release(db, or(eq(uploads.holderId, teamId), and(eq(uploads.kind, 'attachment'), heldInChannels(teamChannels))), now);
}

/**
 * The files of an account being deleted: what the user holds (avatar, banner, custom
 * backgrounds), their uploads nothing holds, and their scheduled messages' attachments. Their
 * messages stay, with their files. Call it before the scheduled messages are deleted.
 */
export function releaseUserUploads(db: Executor, userId: string, now: Date): Promise<string[]> {
  const scheduled = sql`(select ${scheduledMessages.id} from ${scheduledMessages} where ${scheduledMessages.authorId} = ${userId})`;
  return release(
    db,
    or(
      eq(uploads.holderId, userId),
      and(eq(uploads.uploaderId, userId), isNull(uploads.holderId), ne(uploads.kind, 'emoji')),
      inArray(uploads.holderId, scheduled),
    ),
    now,
  );
}

/** The user's custom backgrounds other than `keepKey` (a new one replaces those before it). */
export function releaseOtherBackgrounds(db: Executor, userId: string, keepKey: string, now: Date): Promise<string[]> {
  return release(db, and(eq(uploads.kind, 'customBackground'), eq(uploads.holderId, userId), ne(uploads.key, keepKey)), now);
}

/**
 * Delete up to `limit` uploads due for removal (`remove_at` passed) and answer their keys. Run it
 * in the transaction that removes their files, so that a file whose removal fails keeps its row (the
 * transaction is rolled back) and nothing takes a row meanwhile (they stay locked until the commit).
 * Rows are taken with SKIP LOCKED, so that sweeps of several processes take different ones.
 */
export async function deleteDueUploads(tx: Executor, now: Date, limit: number): Promise<string[]> {
  const result = await tx.execute(sql`
    delete from ${uploads} where ${uploads.id} in (
      select ${uploads.id} from ${uploads}
      where ${lte(uploads.removeAt, now)}
      order by ${uploads.removeAt} limit ${limit} for update skip locked
    ) returning ${uploads.key} as key`);
  return (result as { rows: { key: string }[] }).rows.map((r) => r.key);
}

/** Delete the rows of these keys once their files are gone: only rows still released (nothing holds them, their time has come). */
export async function deleteRemovedUploads(db: Executor, keys: readonly string[], now: Date): Promise<void> {
  if (keys.length === 0) return;
  await db.delete(uploads).where(and(inArray(uploads.key, [...keys]), isNull(uploads.holderId), lte(uploads.removeAt, now)));
}
