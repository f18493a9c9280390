import type { AuditChange } from '@rally/shared/api/moderation';
import type { Member, Team } from '@rally/shared/api/teams';
import { LIMITS } from '@rally/shared/limits';
import { publishEvent } from '../../lib/events';
import { AppError, badRequest, forbidden, notFound } from '../../lib/errors';
import type { ServiceDeps } from '../../lib/service-deps';
import { recordAudit } from '../audit/service';
import type { TeamAccess } from '../permissions/access';
import { removeUploads, replaceHeldImage, type StorageDeps } from '../uploads/records';
import { releaseTeamUploads } from '../uploads/repository';
import { toMember, toTeam, type TeamRow } from './mappers';
import { teamRepository } from './repository';
import { teamSettingsRepository, type TeamChanges, type TeamSettingsRepository } from './settings-repository';

/** The overview tab's changes, validated by updateTeamRequestSchema (pictures already checked to be this server's uploads). */
export interface TeamUpdate {
  name?: string;
  description?: string | null;
  isSafeForTeen?: boolean;
  profilePicture?: string | null;
  banner?: string | null;
}

const EDITABLE = ['name', 'description', 'isSafeForTeen', 'profilePicture', 'banner'] as const;

/** The team's images and the upload kind each takes (POST /api/v1/upload `type`). */
const TEAM_IMAGES = [
  ['profilePicture', 'teamIcon'],
  ['banner', 'teamBanner'],
] as const;

/**
 * The rules of 001 §5 on the stored team: while it is safe for teen its name and banner are
 * locked; safe for teen cannot be switched in a team of more than 100 members.
 */
function assertMayChange(team: TeamRow, changes: TeamChanges): void {
  if (team.isSafeForTeen && (changes.name !== undefined || changes.banner !== undefined)) throw new AppError(403, 'team_safe_for_teen_locked');
  if (changes.isSafeForTeen !== undefined && team.memberCount > LIMITS.safeForTeenMembers) {
    throw new AppError(403, 'team_safe_for_teen_member_limit', undefined, { max: LIMITS.safeForTeenMembers });
  }
}

/**
 * Change the team's settings (the endpoint checked MANAGE_TEAM). In one transaction, with the
 * team's row locked: the locks are checked on the stored team, fields equal to the stored ones are
 * dropped, the rest written with a TEAM_UPDATED audit entry (old → new per key). A new picture or
 * banner must be the caller's own unused upload (400 upload_not_own, upload_in_use), held by the
 * team from now; the one it replaces is released (uploads/records.ts replaceHeldImage) and its file
 * removed after the commit. Then the team's sessions get TEAM_UPDATED. Nothing that differs: the
 * team as it is, no entry, no event.
 */
export async function updateTeamSettings(
  deps: StorageDeps,
  access: TeamAccess,
  update: TeamUpdate,
  repo: TeamSettingsRepository = teamSettingsRepository,
): Promise<Team> {
  const teamId = access.team.id;
  const now = new Date();
  const result = await deps.db.transaction(async (tx) => {
    const team = await repo.lockTeam(tx, teamId);
    if (!team) throw notFound('team_not_found');
    const description = update.description === '' ? null : update.description;
    const wanted: TeamChanges = { ...update, ...(update.description !== undefined ? { description } : {}) };
    const changes: TeamChanges = {};
    const audit: AuditChange[] = [];
    for (const key of EDITABLE) {
      const value = wanted[key];
      if (value === undefined || value === team[key]) continue;
      Object.assign(changes, { [key]: value });
      audit.push({ key, old: team[key], new: value });
    }
    if (audit.length === 0) return { team, changed: false, files: [] };
    assertMayChange(team, changes);
    const files: string[] = [];
    for (const [field, kind] of TEAM_IMAGES) {
      const next = changes[field];
      if (next === undefined) continue;
      files.push(...(await replaceHeldImage(tx, { kind, field, uploaderId: access.userId, holderId: teamId, old: team[field], next }, now)));
    }
    const updated = await repo.updateTeam(tx, teamId, changes);
    if (!updated) throw notFound('team_not_found');
    await recordAudit(tx, teamId, access.userId, { action: 'TEAM_UPDATED', targetType: 'team', targetId: teamId, changes: audit });
    return { team: updated, changed: true, files };
  });
  const team = toTeam(result.team);
  if (result.changed) await publishTeamUpdated(deps, team);
  await removeUploads(deps, result.files, now);
  return team;
}

async function publishTeamUpdated(deps: ServiceDeps, team: Team): Promise<void> {
  deps.accessCache.forget(); // the team row (its owner among its fields) changed
  await publishEvent(deps, { audience: { kind: 'team', teamId: team.id }, event: { type: 'TEAM_UPDATED', data: team } });
}

/**
 * Give the team to another member (the endpoint checked that the caller owns it): not a bot, not
 * the owner already (001 §5). In one transaction with the team's row locked: that the caller still
 * owns it (403, before anything they sent is looked at), then the new owner, and a
 * TEAM_UPDATED audit entry (owner old → new). Then TEAM_UPDATED to the team; the gateway reloads
 * what its sessions may view (the new owner sees every channel, the old one may see less).
 */
export async function changeOwner(
  deps: ServiceDeps,
  access: TeamAccess,
  ownerId: string,
  repo: TeamSettingsRepository = teamSettingsRepository,
): Promise<Team> {
  const teamId = access.team.id;
  const updated = await deps.db.transaction(async (tx) => {
    const team = await repo.lockTeam(tx, teamId);
    if (!team) throw notFound('team_not_found');
    if (team.ownerId !== access.userId) throw forbidden();
    if (ownerId === team.ownerId) throw badRequest('owner_change_same', { owner: 'owner_change_same' });
    const member = await teamRepository.findMember(tx, teamId, ownerId);
    if (!member) throw notFound('member_not_found');
    if (member.bot || member.system) throw badRequest('owner_change_bot', { owner: 'owner_change_bot' });
    const row = await repo.updateTeam(tx, teamId, { ownerId });
    if (!row) throw notFound('team_not_found');
    await recordAudit(tx, teamId, access.userId, {
      action: 'TEAM_UPDATED',
      targetType: 'team',
      targetId: teamId,
      changes: [{ key: 'owner', old: team.ownerId, new: ownerId }],
    });
    return row;
  });
  const team = toTeam(updated);
  await publishTeamUpdated(deps, team);
  return team;
}

/**
 * Delete the team (the endpoint checked that the caller owns it), only when `name` is exactly its
 * name (001 §5: typed in the confirmation). Everything of the team goes with its row; its files
 * (picture, banner, emoji, its channels' attachments) are released in the same transaction and
 * removed after it (uploads/records.ts). Then its sessions get TEAM_DELETED and stop hearing it.
 */
export async function deleteTeam(deps: StorageDeps, access: TeamAccess, name: string, repo: TeamSettingsRepository = teamSettingsRepository): Promise<void> {
  const teamId = access.team.id;
  const now = new Date();
  const files = await deps.db.transaction(async (tx) => {
    const team = await repo.lockTeam(tx, teamId);
    if (!team) throw notFound('team_not_found');
    if (team.name !== name) throw badRequest('team_delete_name_mismatch', { name: 'team_delete_name_mismatch' });
    const released = await releaseTeamUploads(tx, teamId, now);
    await repo.deleteTeam(tx, teamId);
    return released;
  });
  await removeUploads(deps, files, now);
  deps.accessCache.forget();
  await publishEvent(deps, { audience: { kind: 'team', teamId }, event: { type: 'TEAM_DELETED', data: { teamId } } });
}

/**
 * Order the user's team list (priority per membership), in one statement. 400 team_priority_invalid,
 * changing nothing, when an id is not one of the user's teams (the schema refused repeats and more ids than LIMITS.teamsPerUser). Then the
 * user's sessions (the other devices too) get TEAMS_PRIORITY_UPDATED with the whole list in its new
 * order, read in the same transaction.
 */
export async function reorderTeams(
  deps: ServiceDeps,
  userId: string,
  teamIds: readonly string[],
  repo: TeamSettingsRepository = teamSettingsRepository,
): Promise<void> {
  const order = await deps.db.transaction(async (tx) => {
    if ((await repo.setTeamListOrder(tx, userId, teamIds)) !== teamIds.length) throw badRequest('team_priority_invalid');
    return repo.teamListOrder(tx, userId);
  });
  await publishEvent(deps, { audience: { kind: 'users', userIds: [userId] }, event: { type: 'TEAMS_PRIORITY_UPDATED', data: { teamIds: order } } });
}

/** The caller as a member of the team (the endpoint checked membership). */
export async function myMember(deps: ServiceDeps, access: TeamAccess): Promise<Member> {
  const row = await teamRepository.findMember(deps.db, access.team.id, access.userId);
  if (!row) throw notFound('team_not_found');
  return toMember(row, access.team, access.roles);
}
