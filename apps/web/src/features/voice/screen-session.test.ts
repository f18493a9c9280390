import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { VoiceJoin } from '@rally/shared/api/voice';
import type { ParticipantState } from '@rally/shared/voice/signaling';
import type { VoiceConnectionEvents } from './voice-connection';

/** What the session asked of its connection (the real one needs a browser's WebRTC). */
const calls: string[] = [];
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
    shareScreen() {
      calls.push('share');
    }
    stopScreen() {
      calls.push('stop');
    }
    watch(userIds: string[]) {
      calls.push(`watch ${userIds.join(',')}`);
    }
    leave() {
      calls.push('leave');
    }
  },
}));

/** The browser's picker: what getDisplayMedia would give, a cancel (null), or a failure. */
const capture = vi.fn<(cap: VoiceJoin['screenCap']) => Promise<EventTarget | null>>();
vi.mock('./screen-share', async (original) => ({
  ...(await original<typeof import('./screen-share')>()),
  captureScreen: (cap: VoiceJoin['screenCap']) => capture(cap),
}));

const session = await import('./voice-session');

const JOIN: VoiceJoin = {
  token: 't',
  userId: '1',
  channelId: 'c',
  endpoint: '/api/v1/voice/sfu',
  region: 'us-east-1',
  iceServers: [],
  screenCap: { width: 1920, height: 1080, fps: 60 },
};
const sharing = (userId: string): ParticipantState => ({ userId, muted: false, deafened: false, speaking: false, sources: ['microphone', 'screen'] });
const talking = (userId: string): ParticipantState => ({ ...sharing(userId), sources: ['microphone'] });

/** A captured screen's track: it can end (the browser's "Stop sharing"). */
function fakeTrack() {
  const track = new EventTarget() as EventTarget & { stopped: boolean; stop: () => void };
  track.stopped = false;
  track.stop = () => (track.stopped = true);
  return track;
}

beforeEach(() => {
  session.voiceJoined('team', JOIN);
  events?.state('connected');
});
afterEach(() => {
  session.leaveVoice();
  calls.length = 0;
  capture.mockReset();
});

describe('the screen share of the session', () => {
  it("shares what the picker gives within the join's cap, and stops when the browser's own Stop sharing ends the track", async () => {
    const track = fakeTrack();
    capture.mockResolvedValue(track);
    await session.startScreenShare();
    expect(capture).toHaveBeenCalledWith(JOIN.screenCap);
    expect(calls).toEqual(['share']);
    expect(session.currentVoiceSession()?.screen).toBe('on');

    track.dispatchEvent(new Event('ended'));
    expect(calls).toEqual(['share', 'stop']);
    expect(session.currentVoiceSession()?.screen).toBe('off');
  });

  it('does nothing on a cancelled picker, and rejects (nothing shared) when capture fails', async () => {
    capture.mockResolvedValue(null);
    await session.startScreenShare();
    expect(session.currentVoiceSession()?.screen).toBe('off');

    capture.mockRejectedValue(new Error('NotReadableError'));
    await expect(session.startScreenShare()).rejects.toThrow('NotReadableError');
    expect(session.currentVoiceSession()?.screen).toBe('off');
    expect(calls).toEqual([]);
  });

  it("tells the SFU's refusal to the listeners, and the share is off", async () => {
    capture.mockResolvedValue(fakeTrack());
    await session.startScreenShare();
    const told: string[] = [];
    const unsubscribe = session.onScreenShareStopped((reason) => told.push(reason));
    events?.unpublished('screen', 'screenshare_limit_reached');
    unsubscribe();
    expect(told).toEqual(['screenshare_limit_reached']);
    expect(session.currentVoiceSession()?.screen).toBe('off');
  });

  it('watches the screens picked, and drops a share that stopped or whose sharer left', () => {
    events?.participants([sharing('2'), sharing('3')]);
    session.setWatching('2', true);
    session.setWatching('3', true);
    expect(session.currentVoiceSession()?.watching).toEqual(['2', '3']);
    events?.participants([talking('2'), sharing('3')]);
    expect(session.currentVoiceSession()?.watching).toEqual(['3']);
    session.setWatching('3', false);
    expect(calls).toEqual(['watch 2', 'watch 2,3', 'watch 3', 'watch ']);
  });
});
