import { describe, expect, it } from 'vitest';
import { mentionQueryAt, suggestionsFor } from './mention-query';

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
});
