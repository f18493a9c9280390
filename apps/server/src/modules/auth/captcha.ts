import { createChallenge, extractParams, verifySolution } from 'altcha-lib/v1';
import type { Challenge, Payload } from 'altcha-lib/v1/types';
import { z } from 'zod';
import type { Executor } from '../../db/client';
import { badRequest } from '../../lib/errors';
import { deleteExpiredCaptchas, recordUsedCaptcha } from './captcha-repository';

/**
 * ALTCHA proof of work, in the v1 challenge format of altcha-lib (`altcha-lib/v1`): the altcha@3
 * widget turns a v1 challenge into its own format, solves it and answers with a v1 payload, which is
 * what we verify. The expiry travels inside the signed salt.
 */
export const CAPTCHA_TTL_MS = 10 * 60_000;
const ALGORITHM = 'SHA-256';

export function createCaptcha(secret: string, maxNumber: number, now = Date.now()): Promise<Challenge> {
  return createChallenge({ algorithm: ALGORITHM, hmacKey: secret, maxnumber: maxNumber, expires: new Date(now + CAPTCHA_TTL_MS) });
}

/** The widget's payload, decoded from base64 JSON; `took` and any other extra keys are ignored. */
const payloadSchema = z.object({
  algorithm: z.literal(ALGORITHM),
  challenge: z.string().regex(/^[0-9a-f]{64}$/),
  number: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  salt: z.string().min(1).max(512),
  signature: z.string().regex(/^[0-9a-f]{64}$/),
});

export interface VerifiedCaptcha {
  /** The challenge's HMAC signature: unique per challenge, the key of used_captchas. */
  signature: string;
  expiresAt: Date;
}

/** Check a captcha token (signature, solution, expiry) without recording it; null when it does not verify. */
export async function verifyCaptchaToken(secret: string, token: string): Promise<VerifiedCaptcha | null> {
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(token, 'base64').toString('utf8'));
  } catch {
    return null;
  }
  const parsed = payloadSchema.safeParse(decoded);
  if (!parsed.success) return null;
  const payload: Payload = parsed.data;
  const expires = Number(extractParams(payload).expires);
  // Every challenge we issue carries an expiry; one without is not ours.
  if (!Number.isSafeInteger(expires) || expires * 1000 < Date.now()) return null;
  try {
    if (!(await verifySolution(payload, secret, true))) return null;
  } catch {
    return null;
  }
  return { signature: payload.signature, expiresAt: new Date(expires * 1000) };
}

const SWEEP_INTERVAL_MS = 10 * 60_000;
const nextSweepAt = new WeakMap<object, number>();

/**
 * Verify a captcha token and spend it: a solved challenge is accepted once. Throws captcha_invalid
 * (field captchaToken) for a bad, expired or already used token. Expired records are swept now and
 * then (at most every 10 minutes per database handle and process).
 */
export async function consumeCaptcha(db: Executor, secret: string, token: string): Promise<void> {
  const verified = await verifyCaptchaToken(secret, token);
  if (!verified || !(await recordUsedCaptcha(db, verified.signature, verified.expiresAt))) {
    throw badRequest('captcha_invalid', { captchaToken: 'captcha_invalid' });
  }
  const now = Date.now();
  if ((nextSweepAt.get(db) ?? 0) <= now) {
    nextSweepAt.set(db, now + SWEEP_INTERVAL_MS);
    await deleteExpiredCaptchas(db, new Date(now));
  }
}
