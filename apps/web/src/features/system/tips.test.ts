import { describe, expect, it } from 'vitest';
import { nextTipIndex, randomTipIndex } from './tips';

describe('loading tips', () => {
  it('never repeats the current tip when there are several', () => {
    for (const r of [0, 0.2, 0.5, 0.9999]) {
      for (let current = 0; current < 5; current++) {
        const next = nextTipIndex(current, 5, () => r);
        expect(next).not.toBe(current);
        expect(next).toBeGreaterThanOrEqual(0);
        expect(next).toBeLessThan(5);
      }
    }
  });

  it('handles zero or one tip', () => {
    expect(nextTipIndex(0, 1)).toBe(0);
    expect(nextTipIndex(0, 0)).toBe(0);
    expect(randomTipIndex(0)).toBe(0);
  });

  it('picks a start tip in range', () => {
    expect(randomTipIndex(10, () => 0.999999)).toBe(9);
    expect(randomTipIndex(10, () => 0)).toBe(0);
  });
});
