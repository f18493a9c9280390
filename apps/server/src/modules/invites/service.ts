import { randomInt } from 'node:crypto';
import type { Invite, InviteLookupResponse, Team } from '@rally/shared/api/teams';
import { LIMITS } from '@rally/shared/limits';
import type { Executor } from '../../db/client';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import { insertJoinMessage, publishSystemMessage } from '../messages/system';
import { loadTeamAccess, type TeamAccess } from '../permissions/access';
import { toTeam } from '../teams/mappers';
import { teamRepository } from '../teams/repository';
import type { ServiceDeps } from '../../lib/service-deps';
import { addMember, publishMemberJoined } from '../teams/service';
import { isInviteUsable, toInvite } from './mappers';
import { inviteRepository, type InviteRepository } from './repository';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** LIMITS.inviteCode.length characters of base62, each drawn uniformly with the crypto RNG. */
export function generateInviteCode(): string {
  let code = '';
  for (let i = 0; i < LIMITS.inviteCode.length; i++) code += BASE62[randomInt(BASE62.length)];
  return code;
}

/** The parsed create body (createInviteRequestSchema's output; its teamId is the access's team). */
export interface CreateInviteInput {
  applicationEnabled: boolean;
  maxUses: number | null;
  expiresAt: string | null;
}

/** Create an invite to the team of `access`, as its member (the endpoint checked CREATE_INVITES). */
export async function createInvite(db: Executor, access: TeamAccess, input: CreateInviteInput, repo: InviteRepository = inviteRepository): Promise<Invite> {
  // 62^8 codes: a collision is rare; draw again when one happens.
  for (let attempt = 0; attempt < 5; attempt++) {
    const row = await repo.insertInvite(db, {
      code: generateInviteCode(),
      teamId: access.team.id,
      inviterId: access.userId,
      maxUses: input.maxUses,
      applicationEnabled: input.applicationEnabled,
      expiresAt: input.expiresAt ? new Date(input.expiresAt) : null,
    });
    if (row) return toInvite(row);
  }
  throw new AppError(500, 'internal');
}

/** The team's invites, newest first, expired and used-up ones too (the endpoint checked MANAGE_TEAM). */
export async function listInvites(db: Executor, access: TeamAccess, repo: InviteRepository = inviteRepository): Promise<Invite[]> {
  return (await repo.listInvitesOfTeam(db, access.team.id)).map(toInvite);
}

/** Delete an invite of the team (the endpoint checked MANAGE_TEAM); 404 invite_invalid when the team has none of that code. */
export async function deleteInvite(db: Executor, access: TeamAccess, code: string, repo: InviteRepository = inviteRepository): Promise<void> {
  if (!(await repo.deleteInvite(db, access.team.id, code))) throw notFound('invite_invalid');
}

/** What anyone may see of a usable invite (the lookup answer without its envelope). */
export type InviteDetails = Omit<InviteLookupResponse, 'success' | 'message'>;

/**
 * What the invite page shows; public. Unknown, expired and used-up invites are all 404
 * invite_invalid. `viewerId` (a signed-in viewer who asked with ?user=true) adds isMember.
 */
export async function lookupInvite(db: Executor, code: string, viewerId: string | null, repo: InviteRepository = inviteRepository): Promise<InviteDetails> {
  const found = code ? await repo.findInviteWithTeam(db, code) : null;
  if (!found || !isInviteUsable(found.invite, new Date())) throw notFound('invite_invalid');
  const details: InviteDetails = {
    code: found.invite.code,
    team: toTeam(found.team),
    teamOwner: found.owner,
    applicationEnabled: found.invite.applicationEnabled,
    // Application forms are a later issue: no questions exist yet.
    applicationQuestions: { enabled: found.invite.applicationEnabled, questions: [] },
  };
  if (viewerId) details.isMember = await teamRepository.isMember(db, found.team.id, viewerId);
  return details;
}

/**
 * Join a team through an invite. In one transaction: add the member (team limit, 409 when already
 * one), count the use with a conditional UPDATE (so maxUses holds under concurrency) that also
 * reads whether the user is banned from the team (403 team_banned, undoing both), raise the
 * member count. Then the joiner's sessions get USER_JOINED_TEAM and the team TEAM_MEMBER_ADDED.
 */
export async function joinInvite(deps: ServiceDeps, code: string, userId: string, repo: InviteRepository = inviteRepository): Promise<Team> {
  const invite = code ? await repo.findInvite(deps.db, code) : null;
  if (!invite || !isInviteUsable(invite, new Date())) throw notFound('invite_invalid');
  // Applications (answers reviewed by the team) are a later issue; such an invite cannot be used yet.
  if (invite.applicationEnabled) throw badRequest('invite_applications_unavailable');
  if (await teamRepository.isMember(deps.db, invite.teamId, userId)) throw conflict('invite_already_member');
  const welcome = await deps.db.transaction(async (tx) => {
    if (!(await addMember(tx, invite.teamId, userId))) throw conflict('invite_already_member');
    const claimed = await repo.claimInviteUse(tx, invite.code, userId, new Date());
    if (!claimed) throw notFound('invite_invalid');
    // Read after addMember locked the user's row: a ban written meanwhile has committed (a ban locks it too).
    if (claimed.banned) throw forbidden('team_banned');
    // "<user> joined the team." in the team's system channel (messages/system.ts), with the join.
    const access = await loadTeamAccess(tx, invite.teamId, userId);
    return { access, message: access ? await insertJoinMessage(tx, access) : null };
  });
  const joined = await publishMemberJoined(deps, invite.teamId, userId, welcome.access);
  // After USER_JOINED_TEAM: the joiner's sessions hear the channel by then.
  if (welcome.message) await publishSystemMessage(deps, welcome.message);
  return joined.team;
}
