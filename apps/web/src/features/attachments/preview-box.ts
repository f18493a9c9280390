/** The largest box an image or video of a message shows in (CSS pixels); larger ones scale down. */
export const PREVIEW_MAX = { width: 400, height: 300 } as const;

/**
 * The box a preview reserves before it loads (so nothing below it moves when it does): the file's
 * own size scaled down to fit `max` with its aspect ratio kept, never scaled up; the whole box when
 * the size is unknown.
 */
export function previewBox(
  width: number | null,
  height: number | null,
  max: { width: number; height: number } = PREVIEW_MAX,
): { width: number; height: number } {
  if (!width || !height || width <= 0 || height <= 0) return { width: max.width, height: max.height };
  const scale = Math.min(1, max.width / width, max.height / height);
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}
