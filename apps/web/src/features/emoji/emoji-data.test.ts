import { describe, expect, it } from 'vitest';
import { groupEmoji, matchesEmoji } from './emoji-data';

describe('emoji data', () => {
  const rows = [
    { hexcode: '1F44D', label: 'thumbs up', unicode: '👍️', group: 1, order: 2, tags: [] },
    { hexcode: '1F600', label: 'grinning face', unicode: '😀', group: 0, order: 1, tags: [] },
    { hexcode: '1F3FB', label: 'light skin tone', unicode: '🏻', group: 2, order: 3, tags: [] },
    { hexcode: '1F1E6', label: 'regional indicator A', unicode: '🇦', tags: [] },
  ];
  const categories = groupEmoji(rows, { '1F44D': ['+1', 'thumbsup'], '1F600': 'grinning' });

  it('groups by emojibase category, leaving out components and letters, with the first alias', () => {
    expect(categories.find((c) => c.key === 'smileys-emotion')?.emojis).toEqual([{ emoji: '😀', name: 'grinning face', alias: 'grinning' }]);
    expect(categories.find((c) => c.key === 'people-body')?.emojis).toEqual([{ emoji: '👍️', name: 'thumbs up', alias: '+1' }]);
    expect(categories.flatMap((c) => c.emojis)).toHaveLength(2);
  });

  it('searches case-insensitively on the name (a word start) or the first alias', () => {
    const thumbs = { name: 'thumbs up', alias: '+1' };
    expect(matchesEmoji(thumbs, 'THUMBS')).toBe(true);
    expect(matchesEmoji(thumbs, 'Up')).toBe(true);
    expect(matchesEmoji(thumbs, '+1')).toBe(true);
    expect(matchesEmoji(thumbs, 'humbs')).toBe(false);
    expect(matchesEmoji({ name: 'grinning face', alias: 'grinning' }, 'grin')).toBe(true);
    expect(matchesEmoji(thumbs, '  ')).toBe(true);
  });
});
