import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, hotp, matchTotp, newTotpSecret, otpauthUri, totpCode, totpStep } from './totp';

// RFC 6238 Appendix B: the SHA1 key is the ASCII "12345678901234567890".
const RFC6238_KEY = Buffer.from('12345678901234567890', 'ascii');
const RFC6238_SHA1: [seconds: number, code: string][] = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
  [20000000000, '65353130'],
];

describe('TOTP (RFC 6238, HMAC-SHA1)', () => {
  it('gives the Appendix B codes, in 8 digits and truncated to 6', () => {
    for (const [seconds, code] of RFC6238_SHA1) {
      const step = totpStep(seconds * 1000);
      expect(hotp(RFC6238_KEY, step, 8)).toBe(code);
      // The 6-digit code is the same binary value modulo 10^6: the last six digits.
      expect(hotp(RFC6238_KEY, step, 6)).toBe(code.slice(2));
    }
  });

  it('gives the RFC 4226 Appendix D HOTP values', () => {
    const expected = ['755224', '287082', '359152', '969429', '338314', '254676', '287922', '162583', '399871', '520489'];
    expected.forEach((code, counter) => expect(hotp(RFC6238_KEY, counter)).toBe(code));
  });

  it('reads the key from base32 like authenticator apps', () => {
    const secret = base32Encode(RFC6238_KEY);
    expect(secret).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
    expect(totpCode(secret, totpStep(59_000))).toBe('287082');
  });

  it('accepts a code of the current step or one step off, once, and nothing further off', () => {
    const secret = newTotpSecret();
    const now = 1_700_000_000_000;
    const step = totpStep(now);
    expect(matchTotp(secret, totpCode(secret, step), null, now)).toBe(step);
    expect(matchTotp(secret, totpCode(secret, step - 1), null, now)).toBe(step - 1);
    expect(matchTotp(secret, totpCode(secret, step + 1), null, now)).toBe(step + 1);
    for (const off of [-3, -2, 2, 3]) {
      const code = totpCode(secret, step + off);
      // A code of a far step may equal a near one by chance (1 in a million); only then is it accepted.
      const nearby = [-1, 0, 1].some((d) => totpCode(secret, step + d) === code);
      if (!nearby) expect(matchTotp(secret, code, null, now)).toBeNull();
    }
    // A step not newer than the last accepted one is refused: a code is good once.
    expect(matchTotp(secret, totpCode(secret, step), step, now)).toBeNull();
    expect(matchTotp(secret, totpCode(secret, step - 1), step, now)).toBeNull();
    expect(matchTotp(secret, totpCode(secret, step + 1), step, now)).toBe(step + 1);
  });

  it('refuses anything that is not six digits', () => {
    const secret = newTotpSecret();
    for (const code of ['', '12345', '1234567', 'abcdef', ' 123456']) expect(matchTotp(secret, code, null)).toBeNull();
  });

  it('makes 20-byte secrets and the otpauth URI of the QR code', () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(base32Decode(secret)).toHaveLength(20);
    expect(otpauthUri(secret, 'ada@example.com')).toBe(`otpauth://totp/Rally:ada%40example.com?secret=${secret}&issuer=Rally`);
  });
});

describe('base32 (RFC 4648 §10 vectors)', () => {
  const vectors: [string, string][] = [
    ['', ''],
    ['f', 'MY======'],
    ['fo', 'MZXQ===='],
    ['foo', 'MZXW6==='],
    ['foob', 'MZXW6YQ='],
    ['fooba', 'MZXW6YTB'],
    ['foobar', 'MZXW6YTBOI======'],
  ];
  it('encodes without padding and decodes with or without it', () => {
    for (const [plain, encoded] of vectors) {
      expect(base32Encode(Buffer.from(plain))).toBe(encoded.replaceAll('=', ''));
      expect(base32Decode(encoded).toString()).toBe(plain);
      expect(base32Decode(encoded.replaceAll('=', '').toLowerCase()).toString()).toBe(plain);
    }
  });
  it('refuses characters outside the alphabet', () => {
    expect(() => base32Decode('MZ1W')).toThrow('invalid base32');
  });
});
