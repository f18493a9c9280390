import { describe, expect, it } from 'vitest';
import { isMovedCall, type VoiceMove } from './voice-move';

const move: VoiceMove = { teamId: 't1', fromChannelId: 'a', channelId: 'b', token: 'grant' };

describe('which tab follows a voice move', () => {
  it('the one whose call is in the source channel, live or just ended by the move', () => {
    expect(isMovedCall({ teamId: 't1', channelId: 'a', state: 'connected', reason: null }, move)).toBe(true);
    expect(isMovedCall({ teamId: 't1', channelId: 'a', state: 'joining', reason: null }, move)).toBe(true);
    expect(isMovedCall({ teamId: 't1', channelId: 'a', state: 'disconnected', reason: 'voice_moved' }, move)).toBe(true);
  });

  it('not a tab without a call, in another channel or team, or whose call ended otherwise', () => {
    expect(isMovedCall(null, move)).toBe(false);
    expect(isMovedCall({ teamId: 't1', channelId: 'c', state: 'connected', reason: null }, move)).toBe(false);
    expect(isMovedCall({ teamId: 't2', channelId: 'a', state: 'connected', reason: null }, move)).toBe(false);
    expect(isMovedCall({ teamId: 't1', channelId: 'a', state: 'disconnected', reason: 'voice_disconnected' }, move)).toBe(false);
  });
});
