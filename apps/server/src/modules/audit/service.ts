import type { AuditAction, AuditChange, AuditEntry, AuditOptions, AuditTargetType, ListAuditLogsQuery } from '@rally/shared/api/moderation';
import type { Executor } from '../../db/client';
import { newId } from '../../lib/snowflake';
import type { TeamAccess } from '../permissions/access';
import { toAuditEntry, toModerationUser, type ModerationUser } from './mappers';
import { auditRepository, type AuditEntryRow, type AuditRepository, type NewAuditEntry } from './repository';

/** One action to record: what was done, to what, and what changed (old → new per key). */
export interface AuditRecord {
  action: AuditAction;
  targetType: AuditTargetType | null;
  targetId: string | null;
  changes?: AuditChange[];
  options?: AuditOptions;
}

/** The row of one recorded action. */
function entryOf(teamId: string, actorId: string, record: AuditRecord): NewAuditEntry {
  return {
    id: newId(),
    teamId,
    actorId,
    actionType: record.action,
    targetType: record.targetType,
    targetId: record.targetId,
    changes: record.changes ?? [],
    options: record.options ?? null,
  };
}

/**
 * Record an action of `actorId` in the team's audit log. Call it with the transaction that makes
 * the change, so that the entry and the change commit (or roll back) together.
 */
export async function recordAudit(
  tx: Executor,
  teamId: string,
  actorId: string,
  record: AuditRecord,
  repo: Pick<AuditRepository, 'insertAuditEntry'> = auditRepository,
): Promise<AuditEntryRow> {
  return repo.insertAuditEntry(tx, entryOf(teamId, actorId, record));
}

/**
 * Record several actions of `actorId` at once (one statement), in the transaction of the change,
 * as recordAudit does one: a reorder writes an entry per row it moves.
 */
export async function recordAudits(
  tx: Executor,
  teamId: string,
  actorId: string,
  records: AuditRecord[],
  repo: Pick<AuditRepository, 'insertAuditEntries'> = auditRepository,
): Promise<void> {
  await repo.insertAuditEntries(
    tx,
    records.map((record) => entryOf(teamId, actorId, record)),
  );
}

/** A page of the team's log, newest first, with the users its entries name (the endpoint checked VIEW_AUDIT_LOG). */
export async function listAuditLogs(
  db: Executor,
  access: TeamAccess,
  query: ListAuditLogsQuery,
  repo: AuditRepository = auditRepository,
): Promise<{ auditLogs: AuditEntry[]; users: ModerationUser[] }> {
  const rows = await repo.listAuditEntries(db, access.team.id, query);
  const userIds = new Set<string>();
  for (const row of rows) {
    if (row.actorId) userIds.add(row.actorId);
    if (row.targetType === 'user' && row.targetId) userIds.add(row.targetId);
  }
  const users = await repo.findUsers(db, [...userIds]);
  return { auditLogs: rows.map(toAuditEntry), users: users.map(toModerationUser) };
}
