import type { QueryClient } from '@tanstack/react-query';
import type { FeatureEventHandlers } from '../../lib/gateway/event-handlers';
import { reloadVoiceStates, voiceParticipantLeft, voiceParticipantSet } from './cache';
import { followVoiceMove } from './voice-move';

/** READY: who is in voice may have changed while the session was away. */
export function applyVoiceReady(qc: QueryClient): void {
  reloadVoiceStates(qc);
}

/** 001 §4: voice join, metadata and leave keep each team's channel participants current; a move takes this tab's call along. */
export const voiceEvents = {
  VOICE_JOINED(qc, { teamId, channelId, participant }) {
    voiceParticipantSet(qc, teamId, channelId, participant);
  },
  VOICE_UPDATED(qc, { teamId, channelId, participant }) {
    voiceParticipantSet(qc, teamId, channelId, participant);
  },
  VOICE_LEFT(qc, { teamId, channelId, userId }) {
    voiceParticipantLeft(qc, teamId, channelId, userId);
  },
  VOICE_MOVE(_qc, move) {
    void followVoiceMove(move);
  },
} satisfies FeatureEventHandlers;
