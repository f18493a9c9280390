import { describe, expect, it } from 'vitest';
import { activeTypers } from './typing-cache';
import { typingText } from './typing-text';

describe('typingText', () => {
  it('names one, two, and up to five typers, then counts them', () => {
    expect(typingText([])).toBeNull();
    expect(typingText(['ada'])).toEqual({ key: 'typing.one', values: { name: 'ada' } });
    expect(typingText(['ada', 'bo'])).toEqual({ key: 'typing.two', values: { first: 'ada', second: 'bo' } });
    expect(typingText(['a', 'b', 'c', 'd', 'e'])).toEqual({ key: 'typing.several', values: { names: 'a, b, c, d', last: 'e' } });
    expect(typingText(['a', 'b', 'c', 'd', 'e', 'f'])).toEqual({ key: 'typing.many', values: { count: 6 } });
  });
});

describe('activeTypers', () => {
  it('drops an entry 5 s after its last event', () => {
    const entries = [
      { userId: '1', username: 'old', lastTyping: 1_000 },
      { userId: '2', username: 'new', lastTyping: 4_000 },
    ];
    expect(activeTypers(entries, 5_999).map((e) => e.username)).toEqual(['old', 'new']);
    expect(activeTypers(entries, 6_000).map((e) => e.username)).toEqual(['new']);
  });
});
