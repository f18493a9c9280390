import type { UpdatePrivacy } from '@rally/shared/api/friends';
import type { MeResponse, SettingsChange } from '@rally/shared/api/users';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import i18n, { setLanguage } from '../../i18n';
import { call } from '../../lib/api';
import { isLanguage } from '../../lib/language';
import { queryKeys } from '../../lib/query-keys';
import { updateMeSettings } from '../auth/cache';

type Settings = MeResponse['settings'];

const settingsNow = (qc: QueryClient) => qc.getQueryData<MeResponse | null>(queryKeys.me)?.settings;

/**
 * Change the app settings (POST /api/v1/me/settings: language, developer mode, left sidebar). The
 * screen follows at once — a new language is applied as it is chosen — and goes back to what it was
 * if the server refuses (the caller shows the server's message, 000 §8).
 */
export function useUpdateSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (change: SettingsChange) => (await call('updateSettings', { body: { settings: change } })).settings,
    onMutate: (change) => {
      const previous = settingsNow(qc);
      const previousLanguage = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : undefined;
      updateMeSettings(qc, (settings) => ({ ...settings, ...change }));
      if (change.locale) void setLanguage(change.locale);
      return { previous, previousLanguage };
    },
    onSuccess: (settings) => updateMeSettings(qc, () => settings),
    onError: (_err, change, context) => {
      if (context?.previous) {
        const previous = context.previous;
        updateMeSettings(qc, () => previous);
      }
      if (change.locale && context?.previousLanguage) void setLanguage(context.previousLanguage);
    },
  });
}

/**
 * Change who may send the user friend requests and direct messages (POST /api/v1/me/settings/privacy):
 * the choice shows at once and goes back if the server refuses.
 */
export function useUpdatePrivacy() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (privacy: UpdatePrivacy['privacy']) => (await call('updatePrivacy', { body: { privacy } })).privacy,
    onMutate: (change) => {
      const previous: Settings['privacy'] | undefined = settingsNow(qc)?.privacy;
      updateMeSettings(qc, (settings) => ({ ...settings, privacy: { ...settings.privacy, ...change } }));
      return { previous };
    },
    onSuccess: (privacy) => updateMeSettings(qc, (settings) => ({ ...settings, privacy })),
    onError: (_err, _change, context) => {
      const previous = context?.previous;
      if (previous) updateMeSettings(qc, (settings) => ({ ...settings, privacy: previous }));
    },
  });
}
