import { useQuery } from '@tanstack/react-query';
import type { VoiceJoin } from '@rally/shared/api/voice';
import { call } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';

/**
 * Who is in each voice channel of a team (GET /api/v1/teams/{teamId}/voice), kept current by the
 * VOICE_* live events (events.ts). Fetched again after a reconnect (READY), one retry after 1 s.
 */
export function useVoiceStates(teamId: string) {
  return useQuery({
    queryKey: queryKeys.voiceStates(teamId),
    queryFn: async ({ signal }) => (await call('voiceStates', { params: { teamId } }, { signal })).channels,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    retry: 1,
    retryDelay: 1000,
  });
}

/**
 * What joining a voice channel needs (GET …/channels/{id}/join: a token for the SFU, its address,
 * the ICE servers and the screen cap): read right before connecting, never cached (the token
 * lasts a minute). `moveToken`: the grant of a moderator's move (VOICE_MOVE, voice-move.ts). The
 * join itself is useJoinVoice (mutations.ts).
 */
export async function readVoiceJoin(teamId: string, channelId: string, moveToken?: string): Promise<VoiceJoin> {
  const { success: _success, ...join } = await call('joinVoice', { params: { teamId, channelId }, query: { token: moveToken } });
  return join;
}

/** Every voice region with the probe address of the SFU node serving it, null where none does (the region panel). */
export function useVoiceRegions() {
  return useQuery({
    queryKey: queryKeys.voiceRegions,
    queryFn: async ({ signal }) => (await call('voiceRegions', {}, { signal })).regions,
    staleTime: 5 * 60_000,
  });
}
