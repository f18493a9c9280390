import { afterEach, describe, expect, it, vi } from 'vitest';
import type { VoiceJoin } from '@rally/shared/api/voice';
import type { VoiceConnectionEvents } from './voice-connection';

/** The session's connection, whose events the test plays (the real one needs a browser's WebRTC). */
let events: VoiceConnectionEvents | null = null;
vi.mock('./voice-connection', () => ({
  VoiceConnection: class {
    muted = false;
    constructor(
      readonly join: VoiceJoin,
      connectionEvents: VoiceConnectionEvents,
    ) {
      events = connectionEvents;
    }
    leave() {}
  },
}));

const session = await import('./voice-session');
const { onVoiceRemoval } = await import('./voice-removal');

const JOIN: VoiceJoin = {
  token: 't',
  userId: '1',
  channelId: 'c',
  endpoint: '/api/v1/voice/sfu',
  region: 'us-east-1',
  iceServers: [],
  screenCap: { width: 1280, height: 720, fps: 30 },
};

afterEach(() => session.leaveVoice());

describe('a call ended by the server', () => {
  it('tells the removal listeners why when the user was taken out, and keeps the reason as the status', () => {
    const told: string[] = [];
    const off = onVoiceRemoval((reason) => told.push(reason));
    session.voiceJoined('team', JOIN);
    events?.state('connected');
    events?.state('disconnected', 'voice_team_left');
    expect(told).toEqual(['voice_team_left']);
    expect(session.currentVoiceSession()).toMatchObject({ state: 'disconnected', reason: 'voice_team_left' });

    session.voiceJoined('team', JOIN);
    events?.state('disconnected', 'voice_access_lost');
    expect(told).toEqual(['voice_team_left', 'voice_access_lost']);
    off();
  });

  it('tells nothing for other endings (a lost connection, a moderator disconnect shown in the bar, a move)', () => {
    const told: string[] = [];
    const off = onVoiceRemoval((reason) => told.push(reason));
    for (const reason of ['voice_connection_failed', 'voice_disconnected', 'voice_moved', undefined]) {
      session.voiceJoined('team', JOIN);
      events?.state('disconnected', reason);
    }
    expect(told).toEqual([]);
    off();
  });
});
