import type { ReadyData } from '@rally/shared/gateway/protocol';
import type { QueryClient } from '@tanstack/react-query';
import type { FeatureEventHandlers } from '../../lib/gateway/event-handlers';
import { updateMeUser } from '../auth/cache';
import { setFriendImages, setFriendPresence } from '../friends/cache';
import { updateMemberEverywhere } from '../teams/cache';
import { setDmPresence, setDmUserImages } from '../dms/cache';
import { setAuthorFields } from '../messages/update-cache';
import { applyProfileChange, applyUsernameChange, forgetPresences, rememberPresence } from './cache';

/** READY: the signed-in user as the gateway sees them; the presences heard in a previous session are forgotten. */
export function applyMeReady(qc: QueryClient, data: ReadyData): void {
  updateMeUser(qc, (user) => ({ ...user, ...data.user }));
  forgetPresences(qc);
}

export const userEvents = {
  /** Users' presences: in every loaded member list, the friends list, and in `me` for the signed-in user. */
  PRESENCE_UPDATE(qc, { presences }) {
    for (const { userId, presence } of presences) {
      rememberPresence(qc, userId, presence);
      updateMemberEverywhere(qc, userId, (m) => ({ ...m, presence }));
      setFriendPresence(qc, userId, presence);
      setDmPresence(qc, userId, presence);
      updateMeUser(qc, (user) => (user.id === userId ? { ...user, presence } : user));
    }
  },
  /**
   * A user's username, custom status, activity, avatar or banner: in their loaded profiles and every
   * loaded member list; a username also in friends, chats, their messages and `me`; an avatar or banner also in the
   * friends and direct-chat lists, their messages and `me` when it is the signed-in user.
   */
  USER_PROFILE_UPDATED(qc, change) {
    applyProfileChange(qc, change);
    const { userId, username, profilePicture, banner } = change;
    if (username !== undefined) applyUsernameChange(qc, userId, username);
    if (profilePicture === undefined && banner === undefined) return;
    const images = { ...(profilePicture !== undefined && { profilePicture }), ...(banner !== undefined && { banner }) };
    setFriendImages(qc, userId, images);
    setDmUserImages(qc, userId, images);
    if (profilePicture !== undefined) setAuthorFields(qc, userId, { profilePicture });
    updateMeUser(qc, (user) => (user.id === userId ? { ...user, ...images } : user));
  },
  /** The signed-in user's e-mail address or its verification changed (on any device). */
  EMAIL_CHANGED(qc, { email, verified }) {
    updateMeUser(qc, (user) => ({ ...user, email, verified }));
  },
} satisfies FeatureEventHandlers;
