import type { VoiceParticipant } from '@rally/shared/api/voice';
import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../lib/query-keys';

/** A team's voice channels and who is in each ({ [channelId]: participants }). */
export type VoiceStates = Record<string, VoiceParticipant[]>;

/**
 * The one place that writes the voice caches: the live events go through these. A team whose
 * states are not loaded is left alone (they are fetched whole when its channel list shows).
 */
function updateTeam(qc: QueryClient, teamId: string, update: (states: VoiceStates) => VoiceStates): void {
  qc.setQueryData<VoiceStates>(queryKeys.voiceStates(teamId), (old) => (old === undefined ? old : update(old)));
}

/** Someone joined a channel, or their state changed: their entry there, and in no other channel of the team. */
export function voiceParticipantSet(qc: QueryClient, teamId: string, channelId: string, participant: VoiceParticipant): void {
  updateTeam(qc, teamId, (states) => {
    const next: VoiceStates = {};
    for (const [id, list] of Object.entries(states)) {
      const kept = id === channelId ? list : list.filter((p) => p.userId !== participant.userId);
      if (kept.length > 0) next[id] = kept;
    }
    const here = next[channelId] ?? [];
    next[channelId] = here.some((p) => p.userId === participant.userId)
      ? here.map((p) => (p.userId === participant.userId ? participant : p))
      : [...here, participant];
    return next;
  });
}

/** Someone left a channel. */
export function voiceParticipantLeft(qc: QueryClient, teamId: string, channelId: string, userId: string): void {
  updateTeam(qc, teamId, (states) => {
    const list = states[channelId];
    if (!list?.some((p) => p.userId === userId)) return states;
    const rest = list.filter((p) => p.userId !== userId);
    const next = { ...states };
    if (rest.length > 0) next[channelId] = rest;
    else delete next[channelId];
    return next;
  });
}

/** After a reconnect, every team's voice states are read again (events may have been missed). */
export function reloadVoiceStates(qc: QueryClient): void {
  void qc.invalidateQueries({ queryKey: ['teams'], predicate: (query) => query.queryKey[2] === 'voice' });
}
