import { describe, expect, it } from 'vitest';
import { highlightParts, parseSearchInput, removeFilter, toSearchQuery } from './search-input';

const scope = {
  teamId: '1',
  members: [
    { id: '10', username: 'Ada' },
    { id: '11', username: 'linus' },
  ],
  channels: [
    { id: '20', name: 'general', type: 'text' },
    { id: '21', name: 'Text Channels', type: 'category' },
  ],
};

describe('search box syntax', () => {
  it('splits words from filters', () => {
    expect(parseSearchInput('from:@ada raid  in:#general boss')).toEqual({ words: 'raid boss', filters: { from: '@ada', in: '#general' } });
    expect(parseSearchInput('FROM:linus after:2026-11-01')).toEqual({ words: '', filters: { from: 'linus', after: '2026-11-01' } });
    expect(parseSearchInput('email:x from: raid')).toEqual({ words: 'email:x from: raid', filters: {} });
  });

  it('removes one filter', () => {
    expect(removeFilter('from:ada raid in:general', 'from')).toBe('raid in:general');
    expect(removeFilter('raid in:general', 'in')).toBe('raid');
  });

  it('resolves filters to the request, case-insensitively', () => {
    expect(toSearchQuery(parseSearchInput('raid from:ADA in:GENERAL'), scope)).toEqual({ query: { teamId: '1', q: 'raid', authorId: '10', channelId: '20' } });
    // A new team's #general and its voice channel General: the name as typed wins.
    const both = { ...scope, channels: [...scope.channels, { id: '22', name: 'General', type: 'voice' }] };
    expect(toSearchQuery(parseSearchInput('in:general'), both)).toMatchObject({ query: { channelId: '20' } });
    expect(toSearchQuery(parseSearchInput('in:#General'), both)).toMatchObject({ query: { channelId: '22' } });
    const dated = toSearchQuery(parseSearchInput('after:2026-11-01 before:2026-11-03'), scope);
    expect(dated).toEqual({ query: { teamId: '1', after: new Date(2026, 10, 1).toISOString(), before: new Date(2026, 10, 3).toISOString() } });
  });

  it('says why a search cannot run', () => {
    expect(toSearchQuery(parseSearchInput('from:nobody'), scope)).toEqual({ error: { kind: 'unknownUser', value: 'nobody' } });
    expect(toSearchQuery(parseSearchInput('in:Text'), scope)).toEqual({ error: { kind: 'unknownChannel', value: 'Text' } });
    expect(toSearchQuery(parseSearchInput('raid before:2026-02-30'), scope)).toEqual({ error: { kind: 'badDate', value: '2026-02-30' } });
    expect(toSearchQuery(parseSearchInput('   '), scope)).toEqual({ error: { kind: 'empty' } });
  });

  it('searches one direct chat: its people for from:, no channel to name', () => {
    const chat = { channelId: '77', members: [{ id: '10', username: 'Ada' }], channels: [] };
    expect(toSearchQuery(parseSearchInput('raid from:ada'), chat)).toEqual({ query: { channelId: '77', q: 'raid', authorId: '10' } });
    expect(toSearchQuery(parseSearchInput('in:general'), chat)).toEqual({ error: { kind: 'unknownChannel', value: 'general' } });
    expect(toSearchQuery(parseSearchInput(''), chat)).toEqual({ error: { kind: 'empty' } });
  });
});

describe('highlightParts', () => {
  it('marks the searched words where they start a word', () => {
    expect(highlightParts('Raid tonight, raiders!', ['raid'])).toEqual([
      { text: 'Raid', match: true },
      { text: ' tonight, ', match: false },
      { text: 'raid', match: true },
      { text: 'ers!', match: false },
    ]);
    expect(highlightParts('abraid', ['raid'])).toEqual([{ text: 'abraid', match: false }]);
    expect(highlightParts('text', [])).toEqual([{ text: 'text', match: false }]);
  });
});
