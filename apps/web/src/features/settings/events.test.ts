// @vitest-environment node
import { DEFAULT_USER_SETTINGS, type MeResponse } from '@rally/shared/api/users';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { createDispatcher } from '../../lib/gateway/dispatcher';
import { queryKeys } from '../../lib/query-keys';
import { liveEvents } from '../shell/live-events';

describe('USER_SETTINGS_UPDATED', () => {
  it('puts the settings a session of the user changed into `me`, and leaves a signed-out cache alone', () => {
    const qc = new QueryClient();
    const d = createDispatcher(qc, liveEvents);
    qc.setQueryData(queryKeys.me, { success: true, user: { id: '1' }, settings: DEFAULT_USER_SETTINGS, location: 'TR' });
    const changed = {
      ...DEFAULT_USER_SETTINGS,
      locale: 'tr' as const,
      developerMode: { isEnabled: true },
      privacy: { friendRequests: 'noone' as const, directMessages: 'friends' as const },
    };
    d.dispatch({ type: 'USER_SETTINGS_UPDATED', data: changed });
    expect(qc.getQueryData<MeResponse>(queryKeys.me)?.settings).toEqual(changed);

    qc.setQueryData(queryKeys.me, null);
    d.dispatch({ type: 'USER_SETTINGS_UPDATED', data: DEFAULT_USER_SETTINGS });
    expect(qc.getQueryData(queryKeys.me)).toBeNull();
  });
});
