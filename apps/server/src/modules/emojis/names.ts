import { emojiNameFrom } from '@rally/shared/api/emojis';
import { LIMITS } from '@rally/shared/limits';

/** The name of an upload with no usable character in its file name. */
export const FALLBACK_EMOJI_NAME = 'emoji';

/**
 * An uploaded file's emoji name: its file name without folders and extension, cleaned as the
 * spec's emoji form cleans a name (emojiNameFrom), or `emoji` when nothing is left.
 */
export function nameFromFileName(fileName: string): string {
  const base = fileName.slice(Math.max(fileName.lastIndexOf('/'), fileName.lastIndexOf('\\')) + 1);
  const dot = base.lastIndexOf('.');
  return emojiNameFrom(dot === -1 ? base : base.slice(0, dot)) || FALLBACK_EMOJI_NAME;
}

/**
 * The items with their names made unique against `taken` (the team's names) and one another, in
 * order: a name in use gets the first free suffix `_2`, `_3`, …, its start shortened so that it
 * stays within LIMITS.emoji.nameMax characters.
 */
export function withUniqueNames<T extends { name: string }>(items: readonly T[], taken: Iterable<string>): T[] {
  const used = new Set(taken);
  return items.map((item) => {
    let name = item.name;
    for (let n = 2; used.has(name); n++) {
      const suffix = `_${n}`;
      name = item.name.slice(0, LIMITS.emoji.nameMax - suffix.length) + suffix;
    }
    used.add(name);
    return { ...item, name };
  });
}
