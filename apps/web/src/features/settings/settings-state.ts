import { DEFAULT_USER_SETTINGS } from '@rally/shared/api/users';
import { useMe } from '../auth/queries';

/**
 * Reads of the signed-in user's settings (the `me` cache, which the settings mutations write): the
 * defaults stand in while it loads.
 */

/** Whether developer mode is on: "Copy ID" shows on messages, users, channels and teams (000 §3, 001 §6). */
export function useDeveloperMode(): boolean {
  return useMe().data?.settings.developerMode.isEnabled ?? DEFAULT_USER_SETTINGS.developerMode.isEnabled;
}

/** Whether the team sidebar sits on the left on screens wider than 600 px (001 §2); a strip at the top otherwise. */
export function useLeftSidebar(): boolean {
  return useMe().data?.settings.leftSidebar.isEnabled ?? DEFAULT_USER_SETTINGS.leftSidebar.isEnabled;
}
