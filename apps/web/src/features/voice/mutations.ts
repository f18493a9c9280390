import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Channel } from '@rally/shared/api/teams';
import type { VoiceRegion } from '@rally/shared/voice/regions';
import { ApiError, call } from '../../lib/api';
import { upsertChannel } from '../teams/cache';
import { readVoiceJoin } from './queries';
import { voiceJoined, voiceRequested, voiceRequestFailed } from './voice-session';

/**
 * Join a voice channel (001 §4 voice join: request, then joining, then connected): the token from
 * GET …/channels/{id}/join, then the SFU. A refusal ('Channel is full') ends the request with it.
 */
export function useJoinVoice() {
  return useMutation({
    mutationFn: async ({ teamId, channelId }: { teamId: string; channelId: string }) => {
      voiceRequested(teamId, channelId);
      return { teamId, join: await readVoiceJoin(teamId, channelId) };
    },
    onSuccess: ({ teamId, join }) => voiceJoined(teamId, join),
    onError: (err) => voiceRequestFailed(err instanceof ApiError && err.code ? err.code : 'voice_unavailable'),
  });
}

/** Take a member out of a voice channel (DISCONNECT): the SFU ends their call; VOICE_LEFT updates the lists. */
export function useDisconnectVoice() {
  return useMutation({
    mutationFn: ({ teamId, channelId, userId }: { teamId: string; channelId: string; userId: string }) =>
      call('disconnectVoice', { params: { teamId, channelId, userId } }),
  });
}

/** Move a member to another voice channel (MOVE_MEMBERS): they are sent VOICE_MOVE and follow; VOICE_LEFT and VOICE_JOINED update the lists. */
export function useMoveVoice() {
  return useMutation({
    mutationFn: ({ teamId, channelId, userId, fromChannelId }: { teamId: string; channelId: string; userId: string; fromChannelId: string }) =>
      call('moveVoice', { params: { teamId, channelId }, body: { userId, fromChannelId } }),
  });
}

/** Set a voice channel's region (MANAGE_CHANNEL): into the channel's cache at once; CHANNEL_UPDATED tells the others. */
export function useSetVoiceRegion(teamId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ channel, region }: { channel: Channel; region: VoiceRegion }) => {
      const answer = await call('setVoiceRegion', { params: { teamId, channelId: channel.id }, body: { region } });
      return { ...channel, region: answer.region };
    },
    onSuccess: (channel) => upsertChannel(qc, channel),
  });
}
