import { describe, expect, it } from 'vitest';
import { panelAfterSwipe, PANEL_IDS } from './swipe';

describe('panelAfterSwipe', () => {
  it('moves to the next panel on a left swipe and back on a right swipe', () => {
    expect(panelAfterSwipe('list', PANEL_IDS, -120, 5)).toBe('content');
    expect(panelAfterSwipe('content', PANEL_IDS, -120, 5)).toBe('members');
    expect(panelAfterSwipe('content', PANEL_IDS, 120, 5)).toBe('list');
  });

  it('does not wrap around at the ends', () => {
    expect(panelAfterSwipe('members', PANEL_IDS, -120, 0)).toBeNull();
    expect(panelAfterSwipe('list', PANEL_IDS, 120, 0)).toBeNull();
    expect(panelAfterSwipe('content', ['list', 'content'], -120, 0)).toBeNull();
  });

  it('ignores short or mostly vertical moves (scrolling)', () => {
    expect(panelAfterSwipe('content', PANEL_IDS, -30, 0)).toBeNull();
    expect(panelAfterSwipe('content', PANEL_IDS, -80, 100)).toBeNull();
  });
});
