import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Time-based one-time passwords (RFC 6238 over RFC 4226 HOTP) with HMAC-SHA1, 6 digits and 30-second
 * steps: what authenticator apps compute from the secret of an otpauth:// URI. Secrets travel in
 * base32 (RFC 4648, no padding). Tested against the RFCs' vectors (totp.test.ts).
 */
export const TOTP_STEP_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** Codes of this many steps before or after the current one are accepted too (clock drift). */
export const TOTP_DRIFT_STEPS = 1;
/** 20 random bytes: the length of an HMAC-SHA1 key (RFC 4226 §4 R6 recommends 160 bits). */
export const SECRET_BYTES = 20;

const BASE32_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** RFC 4648 §6 base32, without the `=` padding (as otpauth:// URIs carry it). */
export function base32Encode(bytes: Uint8Array): string {
  let out = '';
  let buffer = 0;
  let bits = 0;
  for (const byte of bytes) {
    buffer = (buffer << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32_ALPHABET[(buffer >>> (bits - 5)) & 31];
      bits -= 5;
    }
    buffer &= (1 << bits) - 1;
  }
  if (bits > 0) out += BASE32_ALPHABET[(buffer << (5 - bits)) & 31];
  return out;
}

/** Decode base32 (case, spaces and `=` padding ignored); throws on any other character. */
export function base32Decode(text: string): Buffer {
  const clean = text.replace(/[\s=]/g, '').toUpperCase();
  const out: number[] = [];
  let buffer = 0;
  let bits = 0;
  for (const char of clean) {
    const value = BASE32_ALPHABET.indexOf(char);
    if (value < 0) throw new Error('invalid base32');
    buffer = (buffer << 5) | value;
    bits += 5;
    if (bits >= 8) {
      out.push((buffer >>> (bits - 8)) & 255);
      bits -= 8;
    }
    buffer &= (1 << bits) - 1;
  }
  return Buffer.from(out);
}

/** A new secret: 20 random bytes in base32 (32 characters). */
export const newTotpSecret = (): string => base32Encode(randomBytes(SECRET_BYTES));

/** RFC 4226 HOTP: the `digits`-digit code of the key for a counter (dynamic truncation of HMAC-SHA1). */
export function hotp(key: Uint8Array, counter: number, digits = TOTP_DIGITS): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac('sha1', key).update(message).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, '0');
}

/** The time step of an instant (ms since the epoch): RFC 6238 T = floor((now - T0) / X) with T0 = 0. */
export const totpStep = (nowMs: number): number => Math.floor(nowMs / 1000 / TOTP_STEP_SECONDS);

/** The code of a base32 secret for a time step. */
export const totpCode = (secret: string, step: number, digits = TOTP_DIGITS): string => hotp(base32Decode(secret), step, digits);

/**
 * The time step whose code `code` is, within TOTP_DRIFT_STEPS of now, and newer than `lastStep`
 * (RFC 6238 §5.2: a code is accepted once); null when none matches. Compared in constant time.
 */
export function matchTotp(secret: string, code: string, lastStep: number | null, nowMs = Date.now()): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const key = base32Decode(secret);
  const given = Buffer.from(code);
  const current = totpStep(nowMs);
  for (let step = current - TOTP_DRIFT_STEPS; step <= current + TOTP_DRIFT_STEPS; step++) {
    if (lastStep !== null && step <= lastStep) continue;
    if (timingSafeEqual(Buffer.from(hotp(key, step)), given)) return step;
  }
  return null;
}

/** The otpauth:// URI that authenticator apps read from the QR code (Key Uri Format). */
export function otpauthUri(secret: string, account: string, issuer = 'Rally'): string {
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(account)}`;
  return `otpauth://totp/${label}?secret=${secret}&issuer=${encodeURIComponent(issuer)}`;
}
