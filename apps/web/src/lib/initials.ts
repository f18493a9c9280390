/** The first visible character of a name, upper-cased (kept whole for emoji and other surrogate pairs). */
export function firstLetter(name: string): string {
  const trimmed = name.trim();
  let first: string | undefined;
  if (typeof Intl !== 'undefined' && 'Segmenter' in Intl) {
    const seg = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
    first = seg.segment(trimmed)[Symbol.iterator]().next().value?.segment;
  }
  first ??= [...trimmed][0];
  return first?.toLocaleUpperCase() ?? '?'; // none: the name is blank
}

/** A stable hue (0–359) for an id, so a team without a banner still gets its own colour. */
export function hueFromId(id: string): number {
  let h = 0;
  for (let i = 0; i < id.length; i++) h = (h * 31 + id.charCodeAt(i)) >>> 0;
  return h % 360;
}
