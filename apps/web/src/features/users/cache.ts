import type { UserProfile } from '@rally/shared/api/profile';
import type { PublicUser } from '@rally/shared/api/users';
import type { DispatchData } from '@rally/shared/gateway/protocol';
import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../lib/query-keys';
import { updateMeUser } from '../auth/cache';
import { renameDmUser } from '../dms/cache';
import { setAuthorFields } from '../messages/update-cache';
import { renameFriend } from '../friends/cache';
import { updateMemberEverywhere } from '../teams/cache';

type PresenceValue = PublicUser['presence'];

/**
 * The presences heard in this session, by user: a member list whose request was answered from the
 * database before a change it missed the event of (the event came before the answer) takes them
 * over (members-queries.ts).
 */
export function heardPresences(qc: QueryClient): Record<string, PresenceValue> | undefined {
  return qc.getQueryData(queryKeys.presence);
}

/** Remember a presence heard in this session. */
export function rememberPresence(qc: QueryClient, userId: string, presence: PresenceValue): void {
  qc.setQueryData<Record<string, PresenceValue>>(queryKeys.presence, (old) => ({ ...old, [userId]: presence }));
}

/** Forget the presences heard (a new session's READY brings them afresh). */
export function forgetPresences(qc: QueryClient): void {
  qc.removeQueries({ queryKey: queryKeys.presence, exact: true });
}

/** A change of a user's custom status, activity, avatar or banner (USER_PROFILE_UPDATED): a field left out did not change. */
export type ProfileChange = DispatchData<'USER_PROFILE_UPDATED'>;

/** A user's username, status, activity, avatar or banner changed: in every loaded profile of theirs (whatever the team) and every loaded member list. */
export function applyProfileChange(qc: QueryClient, { userId, username, status, activity, profilePicture, banner }: ProfileChange): void {
  const profile: Partial<UserProfile> = {
    ...(username !== undefined && { username }),
    ...(status !== undefined && { status }),
    ...(activity !== undefined && { activity }),
    ...(profilePicture !== undefined && { profilePicture }),
    ...(banner !== undefined && { banner }),
  };
  qc.setQueriesData<UserProfile>({ queryKey: queryKeys.userProfile(userId, null).slice(0, 3) }, (old) => (old ? { ...old, ...profile } : old));
  updateMemberEverywhere(qc, userId, (m) => ({
    ...m,
    ...(username !== undefined && { username }),
    ...(status !== undefined && { userStatus: status }),
    ...(activity !== undefined && { userRPC: activity }),
    ...(profilePicture !== undefined && { profilePicture }),
  }));
}

/** A user's new username: their profiles and member lists, the friends list, direct chats, their messages, and `me` when it is the signed-in user. */
export function applyUsernameChange(qc: QueryClient, userId: string, username: string): void {
  applyProfileChange(qc, { userId, username });
  setAuthorFields(qc, userId, { username });
  renameFriend(qc, userId, username);
  renameDmUser(qc, userId, username);
  updateMeUser(qc, (user) => (user.id === userId ? { ...user, username } : user));
}
