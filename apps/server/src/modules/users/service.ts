import { DEFAULT_USER_SETTINGS, type SettingsChange, type UserSettings } from '@rally/shared/api/users';
import { notFound } from '../../lib/errors';
import type { ServiceDeps } from '../../lib/service-deps';
import { updateUserSettings } from './repository';

/** The user's settings as the API answers them: the defaults fill what a stored document lacks. */
export function settingsOf(stored: Partial<UserSettings>): UserSettings {
  return { ...DEFAULT_USER_SETTINGS, ...stored };
}

/**
 * Change the caller's app settings (POST /api/v1/me/settings: language, developer mode, left
 * sidebar); the body was validated by the endpoint's schema, so only known keys with allowed
 * values arrive here. An empty change writes nothing and answers the settings as they are.
 */
export async function updateSettings(deps: Pick<ServiceDeps, 'db'>, userId: string, stored: UserSettings, change: SettingsChange): Promise<UserSettings> {
  if (Object.keys(change).length === 0) return settingsOf(stored);
  const settings = await updateUserSettings(deps.db, userId, change);
  if (!settings) throw notFound('user_not_found');
  return settingsOf(settings);
}
