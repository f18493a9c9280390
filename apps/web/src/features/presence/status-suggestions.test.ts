import { LIMITS } from '@rally/shared/limits';
import { describe, expect, it } from 'vitest';
import en from '../../locales/en/presence.json';
import tr from '../../locales/tr/presence.json';
import { nextSuggestionStart, shownSuggestions, STATUS_SUGGESTIONS } from './status-suggestions';

describe('status suggestions', () => {
  it('are 30 different ones, each with an English and a Turkish text', () => {
    expect(STATUS_SUGGESTIONS).toHaveLength(LIMITS.status.suggestions);
    expect(new Set(STATUS_SUGGESTIONS.map((s) => s.key)).size).toBe(LIMITS.status.suggestions);
    for (const { key } of STATUS_SUGGESTIONS) {
      expect(en.custom.suggestion[key]).toBeTruthy();
      expect(tr.custom.suggestion[key]).toBeTruthy();
    }
  });

  it('show 3 at a time and go round all of them, wrapping at the end', () => {
    expect(shownSuggestions(0).map((s) => s.key)).toEqual(['gaming', 'raid', 'ranked']);
    expect(shownSuggestions(29).map((s) => s.key)).toEqual(['focus', 'gaming', 'raid']);
    const seen = new Set<string>();
    let start = 0;
    for (let i = 0; i < 10; i++) {
      for (const s of shownSuggestions(start)) seen.add(s.key);
      start = nextSuggestionStart(start);
    }
    expect(seen.size).toBe(30);
    expect(start).toBe(0);
  });
});
