import { describe, expect, it } from 'vitest';
import { firstLetter, hueFromId } from './initials';
import { detectLanguage } from './language';

describe('detectLanguage', () => {
  it('prefers the stored choice, then a supported browser language, then English', () => {
    expect(detectLanguage('tr', ['en-US'])).toBe('tr');
    expect(detectLanguage(null, ['tr-TR', 'en'])).toBe('tr');
    expect(detectLanguage(null, ['de-DE', 'en-GB'])).toBe('en');
    expect(detectLanguage('fr', ['de'])).toBe('en');
    expect(detectLanguage(null, [])).toBe('en');
  });
});

describe('firstLetter', () => {
  it('upper-cases the first visible character and keeps emoji whole', () => {
    expect(firstLetter('  rally squad')).toBe('R');
    expect(firstLetter('ışık')).toBe('I');
    expect(firstLetter('🎮 gamers')).toBe('🎮');
    expect(firstLetter('   ')).toBe('?');
  });
});

describe('hueFromId', () => {
  it('is stable and within 0–359', () => {
    expect(hueFromId('1234567890')).toBe(hueFromId('1234567890'));
    for (const id of ['1', '99', '7382910382910']) {
      expect(hueFromId(id)).toBeGreaterThanOrEqual(0);
      expect(hueFromId(id)).toBeLessThan(360);
    }
  });
});
