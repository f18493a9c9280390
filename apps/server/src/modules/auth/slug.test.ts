import { describe, expect, it } from 'vitest';
import { slugBase, slugWithSuffix } from './slug';

describe('slugs from usernames', () => {
  it.each([
    ['Ada', 'ada'],
    ['Ada Lovelace', 'ada-lovelace'],
    ['pro_gamer  99', 'pro-gamer-99'],
    ['Çağrı Işık', 'cagri-isik'],
    ['İstanbul Öğüş', 'istanbul-ogus'],
    ['-edge-', 'edge'],
    ['🎮 Zeus 🎮', 'zeus'],
    ['abcdefghijklmnopqrstuvwxyz', 'abcdefghijklmnopqrst'],
    ['abcdefghijklmnopqrs tuv', 'abcdefghijklmnopqrs'],
    ['🎮🎮', ''],
  ])('%j → %j', (username, slug) => {
    expect(slugBase(username)).toBe(slug);
  });

  it('adds a random 4-character suffix within 20 characters', () => {
    expect(slugWithSuffix('ada')).toMatch(/^ada-[a-z0-9]{4}$/);
    expect(slugWithSuffix('abcdefghijklmnopqrst')).toMatch(/^abcdefghijklmno-[a-z0-9]{4}$/);
    expect(slugWithSuffix('abcdefghijklmn-pqrst')).toMatch(/^abcdefghijklmn-[a-z0-9]{4}$/);
    expect(slugWithSuffix('')).toMatch(/^user-[a-z0-9]{4}$/);
    const many = new Set(Array.from({ length: 50 }, () => slugWithSuffix('x')));
    expect(many.size).toBeGreaterThan(45);
  });
});
