import type { Role } from '@rally/shared/api/teams';
import { createContext, useContext } from 'react';

/** What a team's screen offers its parts about members (the member list, the chat's author names). */
export interface ProfileCardApi {
  /** Open the profile card of a member, anchored to the element clicked (the same member again closes it). */
  open: (userId: string, anchor: HTMLElement) => void;
  /** The member's highest displayed-separately role (their name's colour), or null. */
  displayRoleOf: (userId: string) => Role | null;
}

export const ProfileCardContext = createContext<ProfileCardApi | null>(null);

/** The team's profile card opener, or null outside a team's screen (a DM, for example). */
export function useProfileCard(): ProfileCardApi | null {
  return useContext(ProfileCardContext);
}
