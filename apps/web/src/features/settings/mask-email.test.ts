import { describe, expect, it } from 'vitest';
import { maskEmail } from './mask-email';

describe('maskEmail', () => {
  it('keeps the first character and the domain, hiding the rest of the name and its length', () => {
    expect(maskEmail('alice@example.com')).toBe('a***@example.com');
    expect(maskEmail('a@example.com')).toBe('a***@example.com');
    expect(maskEmail('bob.smith.long@example.com')).toBe('b***@example.com');
  });

  it('uses the last @ (a quoted name may hold one) and hides anything that is not an address', () => {
    expect(maskEmail('"a@b"@example.com')).toBe('"***@example.com');
    expect(maskEmail('no-at-sign')).toBe('***');
    expect(maskEmail('@example.com')).toBe('***');
  });
});
