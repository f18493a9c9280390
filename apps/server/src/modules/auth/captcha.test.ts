import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { captchaChallengeSchema } from '@rally/shared/api/auth';
import { usedCaptchas } from '../../db/schema';
import { withTestApp } from '../../../test/helpers/app';
import { solveCaptcha, solveChallengeToken } from '../../../test/helpers/auth';
import { CAPTCHA_TTL_MS, consumeCaptcha, createCaptcha, verifyCaptchaToken } from './captcha';
import { recordUsedCaptcha } from './captcha-repository';

describe('captcha', () => {
  const ctx = withTestApp();

  it('GET /api/v1/captcha gives a signed v1 challenge with the configured difficulty and a 10-minute expiry', async () => {
    const before = Math.floor(Date.now() / 1000);
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/captcha' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const challenge = captchaChallengeSchema.parse(res.json());
    expect(challenge).toMatchObject({ algorithm: 'SHA-256', maxnumber: 1000 });
    const expires = Number(new URLSearchParams(challenge.salt.split('?')[1]).get('expires'));
    expect(expires - before).toBeGreaterThanOrEqual(CAPTCHA_TTL_MS / 1000 - 1);
    expect(expires - before).toBeLessThanOrEqual(CAPTCHA_TTL_MS / 1000 + 1);
    // Signed with app.secret, not merely well-formed.
    const token = await solveChallengeToken(res.json());
    expect(await verifyCaptchaToken(ctx.app.secret, token)).toMatchObject({ signature: challenge.signature });
    expect(await verifyCaptchaToken('some-other-secret-some-other-secret', token)).toBeNull();
  });

  it('does not need the signed-in session or the CSRF header', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/captcha', headers: { 'cf-ipcountry': 'AZ' } });
    expect(res.statusCode).toBe(200);
  });

  it('rejects an expired challenge even when solved correctly', async () => {
    const token = await solveChallengeToken(await createCaptcha(ctx.app.secret, 50, Date.now() - CAPTCHA_TTL_MS - 1000));
    expect(await verifyCaptchaToken(ctx.app.secret, token)).toBeNull();
  });

  it('spends a token once and sweeps expired records', async () => {
    await recordUsedCaptcha(ctx.app.db, 'long-expired', new Date(Date.now() - 60_000));
    const token = await solveCaptcha(ctx.app);
    await consumeCaptcha(ctx.app.db, ctx.app.secret, token);
    expect(await ctx.app.db.select().from(usedCaptchas).where(eq(usedCaptchas.signature, 'long-expired'))).toEqual([]);
    await expect(consumeCaptcha(ctx.app.db, ctx.app.secret, token)).rejects.toMatchObject({
      status: 400,
      code: 'captcha_invalid',
      fieldErrors: { captchaToken: 'captcha_invalid' },
    });
  });
});
