import { DEFAULT_USER_SETTINGS, type SettingsChange, type UserSettings } from '@rally/shared/api/users';
import { notFound } from '../../lib/errors';
import { publishEvent, type Publisher } from '../../lib/events';
import type { ServiceDeps } from '../../lib/service-deps';
import { updateUserSettings } from './repository';

/** The user's settings as the API answers them: the defaults fill what a stored document lacks. */
export function settingsOf(stored: Partial<UserSettings>): UserSettings {
  return { ...DEFAULT_USER_SETTINGS, ...stored };
}

/**
 * Change the caller's app settings (POST /api/v1/me/settings: language, developer mode, left
 * sidebar); the body was validated by the endpoint's schema, so only known keys with allowed
 * values arrive here. An empty change writes nothing and answers the settings as they are; a change
 * reaches the user's other sessions as USER_SETTINGS_UPDATED.
 */
export async function updateSettings(deps: ServiceDeps, userId: string, stored: UserSettings, change: SettingsChange): Promise<UserSettings> {
  if (Object.keys(change).length === 0) return settingsOf(stored);
  const row = await updateUserSettings(deps.db, userId, change);
  if (!row) throw notFound('user_not_found');
  const settings = settingsOf(row);
  await publishSettings(deps, userId, settings);
  return settings;
}

/** The user's settings after a change, to all their sessions (the settings screen of another device follows). */
export async function publishSettings(publisher: Publisher, userId: string, settings: UserSettings): Promise<void> {
  await publishEvent(publisher, { audience: { kind: 'users', userIds: [userId] }, event: { type: 'USER_SETTINGS_UPDATED', data: settings } });
}
