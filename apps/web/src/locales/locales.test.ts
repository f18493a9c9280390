import { describe, expect, it } from 'vitest';
import { clientErrorMessages, errorMessages, translateError } from '@rally/shared/i18n/errors';
import en from './en';
import tr from './tr';

/**
 * English and Turkish say the same things: every namespace file of locales/en has its twin in
 * locales/tr with exactly the same keys (nested keys joined with dots, array items by index, plural
 * forms such as `_one` / `_other` as keys of their own) and the same {{variables}}, and the shared
 * error table (packages/shared i18n/errors.ts) has the same codes in both.
 */
const files = import.meta.glob<Record<string, unknown>>('./*/*.json', { eager: true, import: 'default' });
const LANGUAGES = ['en', 'tr'] as const;

function namespacesOf(lng: string): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [path, json] of Object.entries(files)) {
    const m = /^\.\/([^/]+)\/([^/]+)\.json$/.exec(path);
    if (m?.[1] === lng && m[2]) out.set(m[2], json);
  }
  return out;
}

/** Every leaf of a translation tree as `key.path → text`. */
function leaves(value: unknown, prefix = '', out = new Map<string, unknown>()): Map<string, unknown> {
  if (value !== null && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) leaves(child, prefix ? `${prefix}.${key}` : key, out);
  } else {
    out.set(prefix, value);
  }
  return out;
}

const variables = (text: unknown) => [...String(text).matchAll(/\{\{([^{}]*)\}\}/g)].map((m) => m[1]!.trim()).sort(); // group 1 always takes part in a match

function compare(en: Map<string, unknown>, tr: Map<string, unknown>, where: string) {
  expect(
    [...tr.keys()].filter((k) => !en.has(k)),
    `${where}: keys in tr missing from en`,
  ).toEqual([]);
  expect(
    [...en.keys()].filter((k) => !tr.has(k)),
    `${where}: keys in en missing from tr`,
  ).toEqual([]);
  for (const [key, text] of en) {
    for (const [lng, value] of [
      ['en', text],
      ['tr', tr.get(key)],
    ] as const) {
      expect(typeof value === 'string' && value.trim() !== '', `${where} ${lng} ${key}: a non-empty text`).toBe(true);
    }
    expect(variables(tr.get(key)), `${where} ${key}: the same {{variables}}`).toEqual(variables(text));
  }
}

describe('web translations', () => {
  it('have the same namespace files in every language', () => {
    const [en = [], ...others] = LANGUAGES.map((lng) => [...namespacesOf(lng).keys()].sort());
    expect(en.length).toBeGreaterThan(0);
    for (const names of others) expect(names).toEqual(en);
  });

  for (const ns of [...namespacesOf('en').keys()].sort()) {
    it(`${ns}.json has the same keys and variables in en and tr`, () => {
      compare(leaves(namespacesOf('en').get(ns)), leaves(namespacesOf('tr').get(ns)), `${ns}.json`);
    });
  }

  it('each language module (the chunk i18n.ts loads) holds every namespace of its files, and the error table', () => {
    for (const [lng, resources] of [
      ['en', en],
      ['tr', tr],
    ] as const) {
      expect(Object.keys(resources).sort(), lng).toEqual([...new Set([...namespacesOf(lng).keys(), 'errors'])].sort());
      expect(resources.errors, lng).toMatchObject({ ...clientErrorMessages(lng), ...(namespacesOf(lng).get('errors') as object) });
    }
    compare(leaves(en), leaves(tr), 'language modules');
  });

  it('fills the placeholders that are limits, on both ends (a code from a shared schema travels without values)', () => {
    expect(en.errors).toMatchObject({
      channel_description_too_long: 'Description must be at most 1024 characters long',
      message_too_long: 'Messages can be at most {{max}} characters long',
    });
    expect(translateError('slowmode_range', 'tr')).toBe('Yavaş mod 0 ile 21600 saniye arasında olmalıdır');
    expect(translateError('ban_reason_too_long', 'en', { max: 7 })).toBe('Ban reason must be at most 7 characters long');
  });

  it('the shared error table has the same codes and variables in en and tr', () => {
    compare(leaves(errorMessages.en), leaves(errorMessages.tr), 'i18n/errors.ts');
  });
});
