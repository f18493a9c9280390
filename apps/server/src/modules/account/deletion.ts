import type { StepUp } from '@rally/shared/api/auth';
import { forbidden } from '../../lib/errors';
import type { ServiceDeps } from '../../lib/service-deps';
import { publishFriendRemoved } from '../friends/events';
import { publishMemberLeft, removeMember } from '../moderation/service';
import { moderationRepository } from '../moderation/repository';
import { lockUser } from '../teams/repository';
import { removeUploads } from '../uploads/records';
import { releaseUserUploads } from '../uploads/repository';
import type { SignedInUser } from '../users/repository';
import type { AccountDeps } from './deps';
import { anonymiseUser, deleteFriendships, deletePersonalRows, ownsTeam, teamIdsOf } from './repository';
import { confirmIdentity } from './service';

const ownsATeam = () => forbidden('account_owns_team');

/** GET /api/v1/me/delete (000 §4 check eligibility): not while the user owns a team. */
export async function canDeleteAccount(deps: ServiceDeps, userId: string): Promise<boolean> {
  return !(await ownsTeam(deps.db, userId));
}

/**
 * DELETE /api/v1/me (000 §4 Account deletion): with the password; 403 account_owns_team while the
 * user owns a team. In one transaction, with the user's row locked: the row keeps its id (messages
 * stay and show a deleted user) but its personal data is replaced (anonymiseUser) and deleted_at
 * set; the user leaves every team (as leaving does), friendships and requests, blocks, sessions and
 * everything else of theirs go (deletePersonalRows); their files — avatar, banner, custom
 * backgrounds, uploads never sent, their scheduled messages' attachments — are released
 * (uploads/records.ts; the files of their messages stay with the messages). After the commit: the
 * files are removed, the teams hear USER_LEFT_TEAM, former friends FRIEND_REMOVED, and the
 * sessions' sockets are closed.
 */
export async function deleteAccount(deps: AccountDeps, user: SignedInUser, input: { password: string } & StepUp): Promise<void> {
  if (await ownsTeam(deps.db, user.id)) throw ownsATeam();
  await confirmIdentity(deps, user, input.password, input);
  const now = new Date();
  const { teamIds, friendIds, ended, files } = await deps.db.transaction(async (tx) => {
    await lockUser(tx, user.id);
    // A team handed to the user since the check above.
    if (await ownsTeam(tx, user.id)) throw ownsATeam();
    const teamIds = await teamIdsOf(tx, user.id);
    for (const teamId of teamIds) await removeMember(tx, teamId, user.id, moderationRepository);
    const friendIds = await deleteFriendships(tx, user.id);
    // Before deletePersonalRows: it deletes the scheduled messages that hold some of them.
    const files = await releaseUserUploads(tx, user.id, now);
    const ended = await deletePersonalRows(tx, user.id);
    await anonymiseUser(tx, user.id, now);
    return { teamIds, friendIds, ended, files };
  });
  await removeUploads(deps, files, now);
  for (const teamId of teamIds) await publishMemberLeft(deps, teamId, user.id);
  for (const friendId of friendIds) await publishFriendRemoved(deps, user.id, friendId);
  deps.sockets.closeSessionsOfTokenHashes(ended);
}
