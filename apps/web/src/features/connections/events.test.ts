// @vitest-environment node
import type { Connection } from '@rally/shared/api/connections';
import { DEFAULT_USER_SETTINGS, type MeResponse } from '@rally/shared/api/users';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { createDispatcher } from '../../lib/gateway/dispatcher';
import { queryKeys } from '../../lib/query-keys';
import { liveEvents } from '../shell/live-events';

const kick: Connection = { id: '10', provider: 'kick', providerUserId: '4242', username: 'StreamerOne', createdAt: '2026-01-01T00:00:00.000Z' };

describe('CONNECTIONS_UPDATED', () => {
  it('puts the connections another tab made into the list and into `me`, and leaves a signed-out cache alone', () => {
    const qc = new QueryClient();
    const d = createDispatcher(qc, liveEvents);
    qc.setQueryData(queryKeys.connections, []);
    qc.setQueryData(queryKeys.me, { success: true, user: { id: '1', connections: [] }, settings: DEFAULT_USER_SETTINGS, location: 'TR' });
    d.dispatch({ type: 'CONNECTIONS_UPDATED', data: { connections: [kick] } });
    expect(qc.getQueryData(queryKeys.connections)).toEqual([kick]);
    expect(qc.getQueryData<MeResponse>(queryKeys.me)?.user.connections).toEqual([kick]);

    d.dispatch({ type: 'CONNECTIONS_UPDATED', data: { connections: [] } });
    expect(qc.getQueryData(queryKeys.connections)).toEqual([]);
    qc.setQueryData(queryKeys.me, null);
    d.dispatch({ type: 'CONNECTIONS_UPDATED', data: { connections: [kick] } });
    expect(qc.getQueryData(queryKeys.me)).toBeNull();
  });
});
