// @vitest-environment node
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import tr from './tr';

/**
 * The Turkish texts follow docs/i18n-glossary.md: none matches a pattern of its "Forbidden variants"
 * list (the plural register, the terms it replaced), read from the glossary itself so that the two
 * cannot drift apart.
 */
const glossary = readFileSync(new URL('../../../../docs/i18n-glossary.md', import.meta.url), 'utf8');

/** The patterns of the list: the first `code` of each "- " line of the section. */
function forbiddenPatterns(markdown: string): RegExp[] {
  const section = markdown.split(/^## /m).find((part) => part.startsWith('Forbidden variants'));
  if (!section) throw new Error('docs/i18n-glossary.md has no "Forbidden variants" section');
  return section
    .split('\n')
    .filter((line) => line.startsWith('- `'))
    .map((line) => new RegExp(line.slice(3, line.indexOf('`', 3)), 'iu'));
}

/** Every text of a namespace tree, with its key path. */
function* texts(value: unknown, path: string): Generator<[string, string]> {
  if (typeof value === 'string') yield [path, value];
  else if (value !== null && typeof value === 'object') for (const [key, child] of Object.entries(value)) yield* texts(child, `${path}.${key}`);
}

describe('Turkish glossary', () => {
  const patterns = forbiddenPatterns(glossary);

  it('lists its forbidden variants', () => {
    expect(patterns.length).toBeGreaterThanOrEqual(5);
    expect('Kanala hoş geldiniz!').toMatch(patterns[0]!); // the first pattern is the plural greeting
    expect(patterns.some((p) => p.test('Adı daha sonra değiştirebilirsiniz.'))).toBe(true);
    expect(patterns.some((p) => p.test('Adı daha sonra değiştirebilirsin.'))).toBe(false);
  });

  it('no Turkish text uses a forbidden variant', () => {
    const found: string[] = [];
    for (const [namespace, tree] of Object.entries(tr)) {
      for (const [key, text] of texts(tree, namespace)) {
        const bare = text.replace(/\{\{\w+\}\}/g, '');
        const hit = patterns.find((p) => p.test(bare));
        if (hit) found.push(`${key}: "${text}" matches ${hit.source}`);
      }
    }
    expect(found).toEqual([]);
  });
});
