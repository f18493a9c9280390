import { describe, expect, it } from 'vitest';
import type { ParticipantState } from '@rally/shared/voice/signaling';
import { midCarrying, screenConstraints, sharers, stillWatched } from './screen-share';

const participant = (userId: string, sources: ParticipantState['sources']): ParticipantState => ({
  userId,
  muted: false,
  deafened: false,
  speaking: false,
  sources,
});

describe('screen share', () => {
  it('asks for the cap as the ideal and the most (Plus 1920×1080 at 60, others 1280×720 at 30)', () => {
    expect(screenConstraints({ width: 1920, height: 1080, fps: 60 })).toEqual({
      video: { width: { ideal: 1920, max: 1920 }, height: { ideal: 1080, max: 1080 }, frameRate: { ideal: 60, max: 60 } },
      audio: false,
    });
    expect(screenConstraints({ width: 1280, height: 720, fps: 30 }).video).toMatchObject({ frameRate: { max: 30 }, width: { max: 1280 } });
  });

  it('lists who shares, and keeps watching only the screens still shared', () => {
    const room = [participant('1', ['microphone', 'screen']), participant('2', ['microphone']), participant('3', ['screen'])];
    expect(sharers(room)).toEqual(['1', '3']);
    expect(stillWatched(['3', '2', '9'], room)).toEqual(['3']);
    expect(stillWatched([], room)).toEqual([]);
  });

  it("finds the m-line that carries a participant's source", () => {
    const tracks = { '0': { userId: '1', source: 'microphone' as const }, '2': { userId: '1', source: 'screen' as const }, '3': null };
    expect(midCarrying(tracks, '1', 'screen')).toBe('2');
    expect(midCarrying(tracks, '2', 'screen')).toBeNull();
  });
});
