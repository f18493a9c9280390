import { randomInt } from 'node:crypto';
import { LIMITS } from '@rally/shared/limits';
import type { Executor } from '../../db/client';
import { slugExists } from '../users/repository';

const SUFFIX_LENGTH = 4;
const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/**
 * The slug a username suggests: lower-case ASCII letters, digits and hyphens (accents dropped,
 * Turkish dotless ı as i, spaces and underscores as hyphens), at most 20 characters. May be shorter
 * than 3 or empty (an emoji-only name): uniqueSlug pads it.
 */
export function slugBase(username: string): string {
  return username
    .replace(/ı/g, 'i')
    .toLowerCase()
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[\s_]+/g, '-')
    .replace(/[^a-z0-9-]/g, '')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, LIMITS.slug.max)
    .replace(/-$/, '');
}

/** `base-xxxx` within 20 characters; `user-xxxx` for an empty base. */
function randomChars(length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += ALPHABET[randomInt(ALPHABET.length)];
  return out;
}

export function slugWithSuffix(base: string): string {
  const suffix = randomChars(SUFFIX_LENGTH);
  const head = (base || 'user').slice(0, LIMITS.slug.max - SUFFIX_LENGTH - 1).replace(/-$/, '');
  return `${head}-${suffix}`;
}

/** A free slug for a username: its base when long enough and free, else the base with a random suffix. */
export async function uniqueSlug(db: Executor, username: string): Promise<string> {
  const base = slugBase(username);
  if (base.length >= LIMITS.slug.min && !(await slugExists(db, base))) return base;
  for (let attempt = 0; attempt < 8; attempt++) {
    const candidate = slugWithSuffix(base);
    if (!(await slugExists(db, candidate))) return candidate;
  }
  // 36^4 suffixes per base: eight collisions in a row means the base is crowded; leave it.
  return `u-${randomChars(12)}`;
}
