import { activitySchema, type Activity, type UserStatus } from '@rally/shared/api/users';
import type { StatusColumns } from './repository';

/** A user's custom status from statusColumns, or null when they have none. */
export function toUserStatus(row: StatusColumns): UserStatus | null {
  if (row.statusContent === null && row.statusEmoji === null) return null;
  const emoji = row.statusEmojiName !== null && row.statusEmojiUrl !== null ? { name: row.statusEmojiName, url: row.statusEmojiUrl } : null;
  return { content: row.statusContent, emojiId: row.statusEmoji, emoji };
}

/** A user's game activity as stored (users.activity, written only by the rpc endpoint), or null. */
export function toActivity(stored: unknown): Activity | null {
  if (stored === null || stored === undefined) return null;
  const parsed = activitySchema.safeParse(stored);
  return parsed.success ? parsed.data : null;
}
