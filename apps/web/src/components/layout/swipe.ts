export const PANEL_IDS = ['list', 'content', 'members'] as const;
export type PanelId = (typeof PANEL_IDS)[number];

/** Minimum horizontal travel (px) that counts as a swipe. */
export const SWIPE_MIN_DISTANCE = 50;

/**
 * Which panel a horizontal swipe leads to, or null when the gesture is not a swipe: it must travel
 * at least SWIPE_MIN_DISTANCE horizontally and clearly more horizontally than vertically. Swiping
 * left (dx < 0) moves to the next panel, right to the previous one; the ends do not wrap.
 */
export function panelAfterSwipe(current: PanelId, available: readonly PanelId[], dx: number, dy: number): PanelId | null {
  if (Math.abs(dx) < SWIPE_MIN_DISTANCE || Math.abs(dx) < Math.abs(dy) * 1.5) return null;
  const index = available.indexOf(current);
  if (index === -1) return available[0] ?? null;
  return available[index + (dx < 0 ? 1 : -1)] ?? null; // past either end: no panel
}
