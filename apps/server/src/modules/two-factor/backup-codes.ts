import { createHash, randomInt } from 'node:crypto';
import { LIMITS } from '@rally/shared/limits';
import { normalizeBackupCode } from '@rally/shared/api/two-factor';

/** Lowercase letters and digits: a backup code's 12 characters carry about 62 bits. */
const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** One new backup code as shown: xxxx-xxxx-xxxx (a uniform choice of each character). */
export function newBackupCode(): string {
  let code = '';
  for (let i = 0; i < LIMITS.twoFactor.backupCodeLength; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return code.match(/.{4}/g)!.join('-');
}

/** A fresh set of backup codes (LIMITS.twoFactor.backupCodes of them, all different). */
export function newBackupCodes(): string[] {
  const codes = new Set<string>();
  while (codes.size < LIMITS.twoFactor.backupCodes) codes.add(newBackupCode());
  return [...codes];
}

/** What is stored of a backup code: the SHA-256 of its normalised form (dashes and case ignored). */
export const hashBackupCode = (code: string): string => createHash('sha256').update(normalizeBackupCode(code)).digest('hex');
