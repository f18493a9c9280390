import type { FeatureEventHandlers } from '../../lib/gateway/event-handlers';
import { updateMeSettings } from '../auth/cache';

export const settingsEvents = {
  /**
   * The user's settings changed (on this device or another): `me` takes them, so the settings screen,
   * developer mode's Copy ID and the sidebar's place follow. The language of this page stays the one
   * chosen on this device (use-account-language.ts).
   */
  USER_SETTINGS_UPDATED(qc, settings) {
    updateMeSettings(qc, () => settings);
  },
} satisfies FeatureEventHandlers;
