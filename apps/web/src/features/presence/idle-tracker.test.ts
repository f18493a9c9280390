import { Presence } from '@rally/shared/api/users';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IDLE_AFTER_MS, IdleTracker } from './idle-tracker';

describe('IdleTracker', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('reports idle after the quiet time, online at the next input, and nothing else', () => {
    const reports: number[] = [];
    const tracker = new IdleTracker(
      (p) => reports.push(p),
      () => Date.now(),
    );
    vi.advanceTimersByTime(IDLE_AFTER_MS - 1);
    expect(reports).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(reports).toEqual([Presence.IDLE]);
    tracker.activity();
    tracker.activity();
    expect(reports).toEqual([Presence.IDLE, Presence.ONLINE]);
    tracker.stop();
  });

  it('keeps a user who keeps using the page online', () => {
    const reports: number[] = [];
    const tracker = new IdleTracker(
      (p) => reports.push(p),
      () => Date.now(),
    );
    for (let i = 0; i < 10; i++) {
      vi.advanceTimersByTime(IDLE_AFTER_MS / 2);
      tracker.activity();
    }
    expect(reports).toEqual([]);
    tracker.stop();
    vi.advanceTimersByTime(IDLE_AFTER_MS * 2);
    expect(reports).toEqual([]);
  });
});
