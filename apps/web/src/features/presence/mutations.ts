import { Presence } from '@rally/shared/api/users';
import type { PublicUser } from '@rally/shared/api/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api';
import { updateMeSettings } from '../auth/cache';
import { useMe } from '../auth/queries';

type PresenceValue = PublicUser['presence'];

/** The status the signed-in user chose (settings.presence; online when never chosen). */
export function useChosenPresence(): PresenceValue {
  return useMe().data?.settings.presence ?? Presence.ONLINE;
}

/**
 * Choose a status (POST /api/v1/me/presence): the menu shows it at once and goes back if the server
 * refuses; what the user shows everywhere arrives as PRESENCE_UPDATE.
 */
export function useSetPresence() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (status: PresenceValue) => call('setPresence', { body: { status } }),
    onMutate: (status) => {
      let previous: PresenceValue | undefined;
      updateMeSettings(qc, (settings) => {
        previous = settings.presence;
        return { ...settings, presence: status };
      });
      return { previous };
    },
    onError: (_err, _status, context) => updateMeSettings(qc, (settings) => ({ ...settings, presence: context?.previous })),
  });
}
