import { describe, expect, it } from 'vitest';
import { EMBED_LIMITS, embedSchema, embedsSchema } from './embeds';

const full = {
  color: 0x5b3fe0,
  author: { name: 'Rally Bot', icon_url: 'https://cdn.example/a.png', url: 'https://example.com' },
  title: 'Patch notes',
  url: 'https://example.com/notes',
  description: '**Bold** changes',
  fields: [
    { name: 'Maps', value: 'Two new', inline: true },
    { name: 'Modes', value: 'Ranked', inline: true },
  ],
  image: { url: 'https://cdn.example/i.png' },
  thumbnail: { url: 'https://cdn.example/t.png' },
  footer: { text: 'v1.2', icon_url: 'https://cdn.example/f.png' },
  timestamp: '2026-11-23T20:00:00.000Z',
};

describe('embedSchema', () => {
  it('accepts the Embed shape of 001 §3', () => {
    expect(embedSchema.parse(full)).toEqual(full);
    expect(embedSchema.safeParse({ image: { url: 'https://cdn.example/i.png' } }).success).toBe(true);
  });

  it('refuses what is out of bounds or unsafe', () => {
    const bad = [
      {},
      { title: 'x'.repeat(EMBED_LIMITS.title + 1) },
      { description: 'x'.repeat(EMBED_LIMITS.description + 1) },
      { title: 't', fields: Array.from({ length: EMBED_LIMITS.fields + 1 }, () => ({ name: 'n', value: 'v' })) },
      { title: 't', fields: [{ name: 'x'.repeat(EMBED_LIMITS.fieldName + 1), value: 'v' }] },
      { title: 't', fields: [{ name: 'n', value: 'x'.repeat(EMBED_LIMITS.fieldValue + 1) }] },
      { footer: { text: 'x'.repeat(EMBED_LIMITS.footer + 1) } },
      { author: { name: 'x'.repeat(EMBED_LIMITS.author + 1) } },
      { title: 't', url: 'javascript:alert(1)' },
      { title: 't', image: { url: 'http://cdn.example/i.png' } },
      { title: 't', image: { url: 'data:image/png;base64,AAAA' } },
      { title: 't', thumbnail: { url: 'https://user:pw@cdn.example/t.png' } },
      { title: 't', color: 0x1000000 },
      { title: 't\u0000' },
    ];
    for (const embed of bad) expect(embedSchema.safeParse(embed).success, JSON.stringify(embed).slice(0, 80)).toBe(false);
  });

  it('bounds a message: 10 embeds, 6000 characters of text together', () => {
    expect(embedsSchema.safeParse(Array.from({ length: EMBED_LIMITS.perMessage + 1 }, () => ({ title: 't' }))).success).toBe(false);
    const big = { description: 'x'.repeat(3000) };
    expect(embedsSchema.safeParse([big, big]).success).toBe(true);
    expect(embedsSchema.safeParse([big, big, { title: 'one more' }]).success).toBe(false);
  });
});
