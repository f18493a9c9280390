import type { DispatchData } from '@rally/shared/gateway/protocol';
import { ApiError } from '../../lib/api';
import { openAppPath } from '../../lib/app-navigation';
import { readVoiceJoin } from './queries';
import { currentVoiceSession, setVoiceDeafened, voiceJoined, voiceRequested, voiceRequestFailed, type VoiceSession } from './voice-session';

export type VoiceMove = DispatchData<'VOICE_MOVE'>;

/**
 * Whether this tab's call is the one a move takes: in the source channel of the team, live, or
 * just ended by the move itself (the SFU's `voice_moved` may come before the event).
 */
export function isMovedCall(session: Pick<VoiceSession, 'teamId' | 'channelId' | 'state' | 'reason'> | null, move: VoiceMove): boolean {
  if (!session || session.teamId !== move.teamId || session.channelId !== move.fromChannelId) return false;
  return session.state !== 'disconnected' || session.reason === 'voice_moved';
}

/**
 * VOICE_MOVE (001 §4 voice move: leave the current room, join the target with the given token,
 * navigate to the new channel). Only the tab that holds the call in the source channel follows:
 * it leaves that room without a word, opens the target channel and joins it with the move grant
 * (past its user limit), still deafened if it was. Other tabs of the user, and a call already left,
 * ignore it.
 */
export async function followVoiceMove(move: VoiceMove): Promise<void> {
  const session = currentVoiceSession();
  if (!session || !isMovedCall(session, move)) return;
  voiceRequested(move.teamId, move.channelId);
  openAppPath(`/teams/${move.teamId}/channels/${move.channelId}`);
  try {
    const join = await readVoiceJoin(move.teamId, move.channelId, move.token);
    // The user may have gone elsewhere (or left) meanwhile: then that choice stands.
    const now = currentVoiceSession();
    if (now?.channelId !== move.channelId || now.state !== 'request') return;
    voiceJoined(move.teamId, join);
    if (session.deafened) setVoiceDeafened(true);
  } catch (err) {
    voiceRequestFailed(err instanceof ApiError && err.code ? err.code : 'voice_unavailable');
  }
}
