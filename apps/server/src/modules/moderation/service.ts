import { escapeMarkdown } from '@rally/shared/markdown/escape';
import type { Ban } from '@rally/shared/api/moderation';
import { canLeaveTeam } from '@rally/shared/permissions-rank';
import type { Executor } from '../../db/client';
import { publishEvent } from '../../lib/events';
import { conflict, forbidden, notFound } from '../../lib/errors';
import type { ServiceDeps } from '../../lib/service-deps';
import { recordAudit } from '../audit/service';
import { toModerationUser } from '../audit/mappers';
import type { TeamAccess } from '../permissions/access';
import { assertActsOnMember } from '../permissions/assert';
import { moderationRepository, type ModerationRepository } from './repository';
import { sendSystemMessage } from '../dms/system';

/**
 * 403 unless the actor may kick or ban the target member (spec 001 §6, docs/permissions.md "Rank"):
 * never the team's creator (with its own text), never oneself, and only from strictly above.
 */
function assertMayModerate(access: TeamAccess, target: TeamAccess): void {
  if (target.userId === access.team.ownerId) throw forbidden('team_owner_protected');
  assertActsOnMember(access, target);
}

/** The target's access as a member of the actor's team, or null when they are not one (through the request's cache). */
function targetAccess(deps: ServiceDeps, access: TeamAccess, userId: string): Promise<TeamAccess | null> {
  return deps.accessCache.team(access.team.id, userId);
}

/** Inside a transaction: remove the member and count them out; false when they were not a member. */
export async function removeMember(tx: Executor, teamId: string, userId: string, repo: ModerationRepository): Promise<boolean> {
  if (!(await repo.deleteMember(tx, teamId, userId))) return false;
  await repo.addToMemberCount(tx, teamId, -1);
  return true;
}

/**
 * After a member left or was removed: the team's sessions (the member's own among them) get
 * USER_LEFT_TEAM, and the gateway then stops sending the member the team's events
 * (modules/permissions/visibility-changes.ts, `leave`).
 */
export async function publishMemberLeft(deps: ServiceDeps, teamId: string, userId: string): Promise<void> {
  deps.accessCache.forget(); // the membership just changed
  await publishEvent(deps, { audience: { kind: 'team', teamId }, event: { type: 'USER_LEFT_TEAM', data: { teamId, userId } } });
}

/**
 * Kick a member (the endpoint checked KICK_MEMBERS): not the creator, only from above. In one
 * transaction the membership goes, the count drops and a USER_KICKED entry is written; then the
 * user is told in their system chat (dms/system.ts).
 */
export async function kickMember(deps: ServiceDeps, access: TeamAccess, userId: string, repo: ModerationRepository = moderationRepository): Promise<void> {
  const target = await targetAccess(deps, access, userId);
  if (!target) throw notFound('member_not_found');
  assertMayModerate(access, target);
  const teamId = access.team.id;
  await deps.db.transaction(async (tx) => {
    if (!(await removeMember(tx, teamId, userId, repo))) throw notFound('member_not_found');
    await recordAudit(tx, teamId, access.userId, { action: 'USER_KICKED', targetType: 'user', targetId: userId }, repo);
  });
  await publishMemberLeft(deps, teamId, userId);
  await sendSystemMessage(deps, userId, 'kicked', { team: escapeMarkdown(access.team.name) });
}

/**
 * Ban a user (the endpoint checked BAN_MEMBERS). A member must be below the actor and not the
 * creator, and is removed; a user who is not a member (any more) can be banned too. In one
 * transaction, with the user's row locked (invite joins lock it too, so a join cannot slip in
 * between): the ban, the removal, and a USER_BANNED entry with the reason. A member so removed is
 * then told, with the reason, in their system chat (dms/system.ts); a user banned before joining is not.
 */
export async function banMember(
  deps: ServiceDeps,
  access: TeamAccess,
  userId: string,
  reason: string | undefined,
  repo: ModerationRepository = moderationRepository,
): Promise<void> {
  const target = await targetAccess(deps, access, userId);
  if (target) assertMayModerate(access, target);
  else if (userId === access.team.ownerId) throw forbidden('team_owner_protected');
  const teamId = access.team.id;
  const stored = reason ? reason : null;
  const removed = await deps.db.transaction(async (tx) => {
    if (!(await repo.lockUser(tx, userId))) throw notFound('user_not_found');
    if (!(await repo.insertBan(tx, { teamId, userId, reason: stored, actorId: access.userId }))) throw conflict('ban_exists');
    const wasMember = await removeMember(tx, teamId, userId, repo);
    await recordAudit(
      tx,
      teamId,
      access.userId,
      { action: 'USER_BANNED', targetType: 'user', targetId: userId, changes: [{ key: 'reason', old: null, new: stored }] },
      repo,
    );
    return wasMember;
  });
  if (!removed) return;
  await publishMemberLeft(deps, teamId, userId);
  const team = escapeMarkdown(access.team.name);
  await sendSystemMessage(deps, userId, stored ? 'bannedWithReason' : 'banned', { team, reason: escapeMarkdown(stored ?? '') });
}

/** Lift a ban (the endpoint checked BAN_MEMBERS): the ban goes and a USER_UNBANNED entry is written, in one transaction. */
export async function unbanMember(deps: ServiceDeps, access: TeamAccess, userId: string, repo: ModerationRepository = moderationRepository): Promise<void> {
  const teamId = access.team.id;
  await deps.db.transaction(async (tx) => {
    const ban = await repo.deleteBan(tx, teamId, userId);
    if (!ban) throw notFound('ban_not_found');
    await recordAudit(
      tx,
      teamId,
      access.userId,
      { action: 'USER_UNBANNED', targetType: 'user', targetId: userId, changes: [{ key: 'reason', old: ban.reason, new: null }] },
      repo,
    );
  });
}

/** The team's bans, newest first (the endpoint checked BAN_MEMBERS). */
export async function listBans(db: Executor, access: TeamAccess, limit: number, repo: ModerationRepository = moderationRepository): Promise<Ban[]> {
  const rows = await repo.listBans(db, access.team.id, limit);
  return rows.map(({ ban, user }) => ({ user: toModerationUser(user), reason: ban.reason, createdAt: ban.createdAt.toISOString() }));
}

/** Leave a team (the endpoint checked membership); its creator cannot (spec 001 §6). Not an audit entry: nobody moderated. */
export async function leaveTeam(deps: ServiceDeps, access: TeamAccess, repo: ModerationRepository = moderationRepository): Promise<void> {
  if (!canLeaveTeam({ ownerId: access.team.ownerId, userId: access.userId })) throw forbidden('team_owner_cannot_leave');
  const teamId = access.team.id;
  await deps.db.transaction(async (tx) => {
    if (!(await removeMember(tx, teamId, access.userId, repo))) throw notFound('team_not_found');
  });
  await publishMemberLeft(deps, teamId, access.userId);
}
