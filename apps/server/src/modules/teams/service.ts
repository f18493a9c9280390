import type { Category, Channel, Member, Team } from '@rally/shared/api/teams';
import type { DispatchData } from '@rally/shared/gateway/protocol';
import type { Locale } from '@rally/shared/i18n/errors';
import { LIMITS } from '@rally/shared/limits';
import { DEFAULT_ROLE_PERMISSIONS } from '@rally/shared/permissions';
import type { Executor } from '../../db/client';
import { AppError, notFound } from '../../lib/errors';
import { newId } from '../../lib/snowflake';
import { readAll } from '../../db/read-all';
import { loadTeamAccess, type TeamAccess } from '../permissions/access';
import { takeImageUpload } from '../uploads/records';
import { publishEvent } from '../../lib/events';
import type { ServiceDeps } from '../../lib/service-deps';
import { memberPermissions, toMember, toTeam } from './mappers';
import { teamStateOf } from './ready';
import { teamRepository, type TeamRepository } from './repository';

export type JoinedTeam = DispatchData<'USER_JOINED_TEAM'>;

export const DEFAULT_ROLE_NAME = '@everyone';
/**
 * Names of a new team's categories and channels, in the creator's language (like the rest of a new
 * team, they can be renamed): a text category with #general, and a voice category with a General
 * voice channel, as Discord starts a server.
 */
export const DEFAULT_CHANNEL_NAMES: Record<Locale, { category: string; channel: string; voiceCategory: string; voiceChannel: string }> = {
  en: { category: 'Text Channels', channel: 'general', voiceCategory: 'Voice Channels', voiceChannel: 'General' },
  tr: { category: 'Metin Kanalları', channel: 'genel', voiceCategory: 'Ses Kanalları', voiceChannel: 'Genel' },
};

export interface CreateTeamInput {
  /** Already trimmed and length-checked by createTeamRequestSchema. */
  name: string;
  /** An upload URL of a teamIcon, checked by the route (uploads/keys.ts); the creator's own unused upload, which the team then holds. */
  profilePicture?: string | null;
  /** Language of the creator: names the default category and channel. */
  locale?: Locale;
}

/**
 * Create a team in one transaction: the team, its default role (id = team id), the owner as its
 * first member, a 'Text Channels' category with a 'general' text channel and a 'Voice Channels' category with a 'General'
 * voice channel (named in the creator's language, DEFAULT_CHANNEL_NAMES); its
 * picture, when given, must be the creator's own unused upload (400 upload_not_own, upload_in_use). Then the owner's
 * sessions receive USER_JOINED_TEAM (the same shape READY gives for a team).
 */
export async function createTeam(deps: ServiceDeps, userId: string, input: CreateTeamInput, repo: TeamRepository = teamRepository): Promise<Team> {
  const joined = await deps.db.transaction(async (tx) => {
    await assertMayJoinAnotherTeam(tx, userId, repo);
    const teamId = newId();
    await repo.insertTeam(tx, { id: teamId, name: input.name, profilePicture: input.profilePicture ?? null, ownerId: userId, memberCount: 1 });
    if (input.profilePicture)
      await takeImageUpload(tx, { url: input.profilePicture, kind: 'teamIcon', uploaderId: userId, holderId: teamId, field: 'profilePicture' });
    await repo.insertRole(tx, { id: teamId, teamId, name: DEFAULT_ROLE_NAME, permissions: DEFAULT_ROLE_PERMISSIONS, priority: 0 });
    await repo.insertMember(tx, teamId, userId);
    const categoryId = newId();
    const voiceCategoryId = newId();
    const names = DEFAULT_CHANNEL_NAMES[input.locale ?? 'en'];
    await repo.insertChannels(tx, [
      { id: categoryId, teamId, type: 'category', name: names.category, priority: 0 },
      { id: newId(), teamId, type: 'text', name: names.channel, parentId: categoryId, priority: 0 },
      { id: voiceCategoryId, teamId, type: 'category', name: names.voiceCategory, priority: 1 },
      { id: newId(), teamId, type: 'voice', name: names.voiceChannel, parentId: voiceCategoryId, priority: 1 },
    ]);
    return loadJoinedTeam(tx, teamId, userId);
  });
  await publishEvent(deps, { audience: { kind: 'users', userIds: [userId] }, event: { type: 'USER_JOINED_TEAM', data: joined } });
  return joined.team;
}

/**
 * Inside a transaction: refuse when the user is already in LIMITS.teamsPerUser teams. Locks the
 * user's row first, so that concurrent creates and joins of one user are counted in turn.
 */
export async function assertMayJoinAnotherTeam(tx: Executor, userId: string, repo: TeamRepository = teamRepository): Promise<void> {
  await repo.lockUser(tx, userId);
  if ((await repo.countTeamsOfUser(tx, userId)) >= LIMITS.teamsPerUser) {
    throw new AppError(400, 'team_limit_reached', undefined, { max: LIMITS.teamsPerUser });
  }
}

/**
 * Inside a transaction: add the user to the team (with the team limit) and count them. Returns
 * false, changing nothing, when the user already is a member.
 */
export async function addMember(tx: Executor, teamId: string, userId: string, repo: TeamRepository = teamRepository): Promise<boolean> {
  await assertMayJoinAnotherTeam(tx, userId, repo);
  if (!(await repo.insertMember(tx, teamId, userId))) return false;
  await repo.addToMemberCount(tx, teamId, 1);
  return true;
}

/** After a user joined (invite, later applications and templates): tell their sessions and the team. */
export async function publishMemberJoined(
  deps: ServiceDeps,
  teamId: string,
  userId: string,
  /** The joiner's access as the join's transaction read it (committed by now), so that it is not read twice. */
  loaded: TeamAccess | null = null,
  repo: TeamRepository = teamRepository,
): Promise<JoinedTeam> {
  deps.accessCache.forget(); // the membership just changed
  const [access, row] = await readAll(deps.db, [
    () => (loaded ? Promise.resolve(loaded) : deps.accessCache.team(teamId, userId)),
    () => repo.findMember(deps.db, teamId, userId),
  ]);
  if (!access) throw notFound('team_not_found');
  const joined = joinedTeamOf(access);
  await publishEvent(deps, { audience: { kind: 'users', userIds: [userId] }, event: { type: 'USER_JOINED_TEAM', data: joined } });
  if (row)
    await publishEvent(deps, {
      audience: { kind: 'team', teamId },
      event: { type: 'TEAM_MEMBER_ADDED', data: { teamId, member: toMember(row, access.team, access.roles) } },
    });
  return joined;
}

/** The team as its member sees it: team, viewable channels and categories, roles (READY's shape for one team). */
export function joinedTeamOf(access: TeamAccess): JoinedTeam {
  const state = teamStateOf([access]);
  return { team: toTeam(access.team), channels: state.channels, categories: state.categories, roles: state.roles };
}

/** Inside a transaction: the team as the member sees it (joinedTeamOf), read through `tx`. */
export async function loadJoinedTeam(tx: Executor, teamId: string, userId: string): Promise<JoinedTeam> {
  const access = await loadTeamAccess(tx, teamId, userId);
  if (!access) throw notFound('team_not_found');
  return joinedTeamOf(access);
}

/** The user's teams, in the order of their team list (reorderTeams), then as they joined. */
export async function listTeams(db: Executor, userId: string, repo: TeamRepository = teamRepository): Promise<Team[]> {
  return (await repo.listTeamsOfUser(db, userId)).map(toTeam);
}

/** Channels and categories of a team that the member may view (the endpoint checked membership). */
export function viewableChannels(access: TeamAccess): { channels: Channel[]; categories: Category[] } {
  const { channels, categories } = teamStateOf([access]);
  return { channels, categories };
}

/** Members of a team (roles, team permissions, presence), oldest first, for a member (the endpoint checked membership). */
export async function listTeamMembers(db: Executor, access: TeamAccess, repo: TeamRepository = teamRepository): Promise<Member[]> {
  const rows = await repo.listMembers(db, access.team.id);
  // Members who hold the same roles have the same mask: computed once per set of roles (and for the owner).
  const masks = new Map<string, number>();
  return rows.map((row) => {
    const key = row.userId === access.team.ownerId ? 'owner' : row.roleIds.join(',');
    let mask = masks.get(key);
    if (mask === undefined) masks.set(key, (mask = memberPermissions(row, access.team, access.roles)));
    return toMember(row, access.team, access.roles, mask);
  });
}
