import { describe, expect, it } from 'vitest';
import type { StandardEmoji } from '../../emoji/emoji-data';
import { EMOJI_SUGGESTIONS_MAX, emojiSuggestionsFor, mentionQueryAt, suggestionsFor } from './mention-query';

const names = {
  users: [
    { id: '1', username: 'ada' },
    { id: '2', username: 'brada' },
  ],
  roles: [{ id: '10', name: 'Admins' }],
  channels: [
    { id: '20', name: 'general' },
    { id: '21', name: 'games' },
  ],
};

describe('mention autocomplete', () => {
  it('finds the mention being typed at the caret', () => {
    expect(mentionQueryAt('hi @ad', 6)).toEqual({ trigger: '@', query: 'ad', start: 3 });
    expect(mentionQueryAt('#ga', 3)).toEqual({ trigger: '#', query: 'ga', start: 0 });
    expect(mentionQueryAt('@', 1)).toEqual({ trigger: '@', query: '', start: 0 });
    expect(mentionQueryAt('a@ad', 4)).toBeNull();
    expect(mentionQueryAt('@ad done', 8)).toBeNull();
    expect(mentionQueryAt('`@ad', 4)).toBeNull();
  });

  it('suggests members, then roles, then @everyone/@here; channels for #; prefix matches first', () => {
    expect(suggestionsFor({ trigger: '@', query: 'ad', start: 0 }, names).map((s) => s.name)).toEqual(['ada', 'brada', 'Admins']);
    expect(suggestionsFor({ trigger: '@', query: 'ad', start: 0 }, names).map((s) => s.kind)).toEqual(['user', 'user', 'role']);
    expect(suggestionsFor({ trigger: '@', query: 'e', start: 0 }, names).map((s) => s.name)).toEqual(['everyone', 'here']);
    expect(suggestionsFor({ trigger: '#', query: 'g', start: 0 }, names).map((s) => s.name)).toEqual(['general', 'games']);
  });

  it('suggests mentions with the text that replaces the trigger', () => {
    expect(suggestionsFor({ trigger: '@', query: 'ada', start: 0 }, names)[0]).toMatchObject({ name: 'ada', text: '@ada' });
    expect(suggestionsFor({ trigger: '#', query: 'gen', start: 0 }, names)[0]).toMatchObject({ name: 'general', text: '#general' });
  });
});

const standard: StandardEmoji[] = [
  { emoji: '😀', name: 'grinning face', alias: 'grinning' },
  { emoji: '🎉', name: 'party popper', alias: 'tada' },
  { emoji: '🥳', name: 'partying face', alias: 'partying_face' },
  { emoji: '🪅', name: 'piñata', alias: null },
];
const custom = [
  { id: '101', name: 'party_parrot', url: '/uploads/emojis/101.webp' },
  { id: '102', name: 'gg', url: '/uploads/emojis/102.webp' },
  { id: '201', name: 'party_parrot', url: '/uploads/emojis/201.webp' },
];

describe('emoji autocomplete', () => {
  it('opens on `:` and two name characters after a space or the start', () => {
    expect(mentionQueryAt(':pa', 3)).toEqual({ trigger: ':', query: 'pa', start: 0 });
    expect(mentionQueryAt('gg :+1', 6)).toEqual({ trigger: ':', query: '+1', start: 3 });
    expect(mentionQueryAt('line\n:par', 9)).toEqual({ trigger: ':', query: 'par', start: 5 });
    expect(mentionQueryAt(':p', 2)).toBeNull();
    expect(mentionQueryAt('x:pa', 4)).toBeNull();
    expect(mentionQueryAt('10:30', 5)).toBeNull();
    expect(mentionQueryAt(':pa rty', 7)).toBeNull();
    expect(mentionQueryAt(':pa.r', 5)).toBeNull();
    expect(mentionQueryAt(':party:', 7)).toBeNull();
    expect(mentionQueryAt('`:pa', 4)).toBeNull();
  });

  it('a colon inside a mention being typed is part of it', () => {
    expect(mentionQueryAt('@ada:x', 6)).toEqual({ trigger: '@', query: 'ada:x', start: 0 });
  });

  it('suggests team emoji first (one per name), then standard ones by alias or name, prefixes first', () => {
    const found = emojiSuggestionsFor('part', custom, standard);
    expect(found.map((s) => [s.kind, s.name, s.text])).toEqual([
      ['emoji', ':party_parrot:', ':party_parrot:'],
      ['standard', ':tada:', '🎉'],
      ['standard', ':partying_face:', '🥳'],
    ]);
    expect(found[0]?.glyph).toEqual({ image: '/uploads/emojis/101.webp' });
    expect(emojiSuggestionsFor('PIÑ', [], standard).map((s) => s.name)).toEqual(['piñata']);
    expect(emojiSuggestionsFor('gg', custom, null).map((s) => s.text)).toEqual([':gg:']);
  });

  it('lists at most 16', () => {
    const many = Array.from({ length: 30 }, (_, i) => ({ id: String(i), name: `pack_${i}`, url: `/u/${i}` }));
    expect(emojiSuggestionsFor('pack', many, standard)).toHaveLength(EMOJI_SUGGESTIONS_MAX);
  });
});
