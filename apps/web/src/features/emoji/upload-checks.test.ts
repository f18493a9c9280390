import { LIMITS } from '@rally/shared/limits';
import { describe, expect, it } from 'vitest';
import { checkEmojiFiles, EMOJI_ACCEPT, isEmojiFormat } from './upload-checks';

const file = (name: string, type: string, size = 1000) => ({ name, type, size });

describe('emoji upload checks', () => {
  it('accepts webp, png and gif by type, or by extension when the type is unknown', () => {
    expect(isEmojiFormat(file('a.png', 'image/png'))).toBe(true);
    expect(isEmojiFormat(file('a', 'image/webp'))).toBe(true);
    expect(isEmojiFormat(file('a.GIF', ''))).toBe(true);
    expect(isEmojiFormat(file('a.jpg', 'image/jpeg'))).toBe(false);
    expect(isEmojiFormat(file('a.png', 'text/plain'))).toBe(false);
    expect(isEmojiFormat(file('a.svg', ''))).toBe(false);
    expect(EMOJI_ACCEPT).toBe('image/webp,.webp,image/png,.png,image/gif,.gif');
  });

  it('answers the first problem: none chosen, too many at once, no room left, a format, a size', () => {
    const ok = file('ok.png', 'image/png');
    expect(checkEmojiFiles([ok, file('b.gif', 'image/gif', LIMITS.emoji.fileMaxBytes)], 0)).toBeNull();
    expect(checkEmojiFiles([], 0)).toEqual({ code: 'emoji_files_missing' });
    expect(
      checkEmojiFiles(
        Array.from({ length: LIMITS.emoji.perUpload + 1 }, () => ok),
        0,
      ),
    ).toEqual({ code: 'emoji_files_too_many' });
    expect(checkEmojiFiles([ok, ok], LIMITS.emoji.perTeam - 1)).toEqual({ code: 'emoji_limit' });
    expect(checkEmojiFiles([ok, file('c.jpg', 'image/jpeg')], 0)).toEqual({ code: 'emoji_file_invalid', file: 'c.jpg' });
    expect(checkEmojiFiles([ok, file('big.png', 'image/png', LIMITS.emoji.fileMaxBytes + 1)], 0)).toEqual({ code: 'emoji_file_too_large', file: 'big.png' });
  });
});
