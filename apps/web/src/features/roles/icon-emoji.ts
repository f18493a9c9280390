/** Whether `value` is exactly one emoji (one grapheme that is a pictograph or a flag), for a role's icon. */
export function isSingleEmoji(value: string): boolean {
  const segments = [...new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(value)];
  const [only] = segments;
  return segments.length === 1 && only !== undefined && /\p{Extended_Pictographic}|\p{Regional_Indicator}/u.test(only.segment);
}
