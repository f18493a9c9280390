import type { CustomEmoji } from '@rally/shared/api/reactions';
import { describe, expect, it } from 'vitest';
import { decodeCustomEmoji, emojiTokensAsText, encodeCustomEmoji, usableEmojis } from './emoji-text';

const emoji = (id: string, teamId: string, name: string): CustomEmoji => ({ id, teamId, name, url: `/uploads/emojis/${id}.webp` });
const ALL = [emoji('101', '1', 'party'), emoji('102', '1', 'gg'), emoji('201', '2', 'party'), emoji('202', '2', 'wave')];

describe('usableEmojis', () => {
  it("offers the open team's emoji first, other teams' only with Plus", () => {
    expect(usableEmojis(ALL, '1', false).map((e) => e.id)).toEqual(['101', '102']);
    expect(usableEmojis(ALL, '2', true).map((e) => e.id)).toEqual(['201', '202', '101', '102']);
    expect(usableEmojis(ALL, null, false)).toEqual([]);
    expect(usableEmojis(ALL, null, true).map((e) => e.id)).toEqual(['101', '102', '201', '202']);
  });
});

describe('encodeCustomEmoji', () => {
  const usable = usableEmojis(ALL, '1', true);

  it('turns :name: into <:name:id>, the open team first, several in a row', () => {
    expect(encodeCustomEmoji('gg :party: well played', usable)).toBe('gg <:party:101> well played');
    expect(encodeCustomEmoji(':party::gg::wave:', usable)).toBe('<:party:101><:gg:102><:wave:202>');
    expect(encodeCustomEmoji(':party:\n:gg:', usable)).toBe('<:party:101>\n<:gg:102>');
  });

  it('matches the name as written first, else ignoring case', () => {
    expect(encodeCustomEmoji(':GG:', usable)).toBe('<:gg:102>');
    expect(encodeCustomEmoji(':Party:', [{ id: '9', name: 'Party' }, ...usable])).toBe('<:Party:9>');
  });

  it('leaves unknown names, words, times, escapes, URLs, tokens and code as written', () => {
    for (const text of [
      ':nope:',
      'a:party:',
      ':party:s',
      '10:30:45',
      '\\:party:',
      'https://example.com/:party:/x',
      '<:party:555>',
      '`:party:`',
      '```\n:party:\n```',
      '``a `:party:` b``',
    ]) {
      expect(encodeCustomEmoji(text, usable)).toBe(text);
    }
    expect(encodeCustomEmoji('`x` :gg: `y`', usable)).toBe('`x` <:gg:102> `y`');
    expect(encodeCustomEmoji('`open :gg:', usable)).toBe('`open <:gg:102>');
  });

  it('changes nothing without usable emoji', () => {
    expect(encodeCustomEmoji(':party:', [])).toBe(':party:');
  });
});

describe('decodeCustomEmoji', () => {
  it('shows tokens as :name: outside code and names the emoji they were', () => {
    expect(decodeCustomEmoji('hi <:party:201> <:gg:102> <:party:201> `<:gg:102>` \\<:gg:102>')).toEqual({
      text: 'hi :party: :gg: :party: `<:gg:102>` \\<:gg:102>',
      emojis: [
        { id: '201', name: 'party' },
        { id: '102', name: 'gg' },
      ],
    });
  });

  it('round-trips with encodeCustomEmoji when the decoded emoji come first (even one the editor could not pick)', () => {
    const sent = 'gg <:party:201> <:gone:999>';
    const { text, emojis } = decodeCustomEmoji(sent);
    expect(encodeCustomEmoji(text, [...emojis, ...usableEmojis(ALL, '1', false)])).toBe(sent);
    expect(encodeCustomEmoji(`${text} :gg:`, [...emojis, ...usableEmojis(ALL, '1', false)])).toBe(`${sent} <:gg:102>`);
  });
});

describe('emojiTokensAsText', () => {
  it('writes every token as its :name: for plain previews', () => {
    expect(emojiTokensAsText('gg <:party:101><:wave:202> <@1>')).toBe('gg :party::wave: <@1>');
    expect(emojiTokensAsText('no emoji')).toBe('no emoji');
  });
});
