import type { AuditEntry } from '@rally/shared/api/moderation';
import type { AuditEntryRow, ModerationUserRow } from './repository';

export interface ModerationUser {
  id: string;
  username: string;
  subdomain: string;
  profilePicture: string | null;
}

export function toModerationUser(row: ModerationUserRow): ModerationUser {
  return { id: row.id, username: row.username, subdomain: row.slug, profilePicture: row.profilePicture };
}

/** An entry as the API carries it. */
export function toAuditEntry(row: AuditEntryRow): AuditEntry {
  return {
    id: row.id,
    actionType: row.actionType,
    userId: row.actorId,
    targetType: row.targetType,
    targetId: row.targetId,
    changes: row.changes,
    options: row.options,
    createdAt: row.createdAt.toISOString(),
  };
}
