import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { twoFactorSetupResponseSchema, twoFactorVerifyResponseSchema } from '@rally/shared/api/two-factor';
import { twoFactorBackupCodes, users } from '../../db/schema';
import { call, withTestApp } from '../../../test/helpers/app';
import { registerViaApi, sessionCookieFrom, solveCaptcha } from '../../../test/helpers/auth';
import { makeUser } from '../../../test/helpers/factories';
import { first } from '../../../test/helpers/rows';
import { appCode, markVerified, stepUpWith, withTwoFactor } from '../../../test/helpers/two-factor';
import { hashBackupCode } from './backup-codes';
import { totpCode, totpStep } from './totp';

const TWO_FA = { success: false, code: 'two_factor_required', message: '2FA' };

describe('two-factor setup, verify and disable', () => {
  // Addresses must be verified here (as with SMTP_URL set); the fixtures' users are verified unless said.
  const ctx = withTestApp({ RATE_LIMIT_REGISTER: '1000/3600', RATE_LIMIT_LOGIN: '1000/300', EMAIL_VERIFICATION: 'required' });
  const userRow = async (id: string) => first(await ctx.db.select().from(users).where(eq(users.id, id)));
  const me = async (cookie: string) => (await call(ctx.app, 'GET', '/api/v1/me', { cookie })).json().user;
  const setup = (cookie: string) => call(ctx.app, 'POST', '/api/v1/me/2fa/setup', { cookie });
  const verify = (cookie: string, code: unknown) => call(ctx.app, 'POST', '/api/v1/me/2fa/verify', { cookie, body: { code } });
  const disable = (cookie: string, body: Record<string, unknown> = {}) => call(ctx.app, 'POST', '/api/v1/me/2fa/disable', { cookie, body });

  it('refuses setup while the e-mail is unverified, with nothing stored', async () => {
    const user = await makeUser(ctx.app, undefined, { verified: false });
    const res = await setup(user.cookie);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      success: false,
      code: 'verify_your_email',
      message: 'Please verify your email address first. Check your inbox for the verification link.',
    });
    expect((await userRow(user.id)).twoFactorSecret).toBeNull();
  });

  it('sets up a pending secret with its QR code, turns 2FA on with a code of it, and answers 12 single-use backup codes', async () => {
    const user = await makeUser(ctx.app);
    await markVerified(ctx.app, user);
    const res = await setup(user.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const { message, data } = twoFactorSetupResponseSchema.parse(res.json());
    expect(message).toBe('2FA setup started');
    expect(data!.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(data!.qr).toMatch(/^data:image\/png;base64,[A-Za-z0-9+/]+=*$/);
    expect(Buffer.from(data!.qr.split(',')[1]!, 'base64').subarray(1, 4).toString()).toBe('PNG');
    // Pending: stored, but not on.
    let row = await userRow(user.id);
    expect(row.twoFactorSecret).toBe(data!.secret);
    expect(row.twoFactorEnabledAt).toBeNull();
    expect((await me(user.cookie)).twoFA).toBe(false);

    // A code that is not six digits is refused by the schema; a wrong one by the secret.
    const malformed = await verify(user.cookie, '12345');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().errors).toEqual({ code: 'Enter the 6-digit code' });
    const wrongCode = totpCode(data!.secret, totpStep(Date.now()) + 5);
    const wrong = await verify(user.cookie, wrongCode);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'two_factor_invalid_code', message: 'Invalid code' });
    expect((await userRow(user.id)).twoFactorEnabledAt).toBeNull();

    const ok = await verify(user.cookie, appCode(data!.secret));
    expect(ok.statusCode).toBe(200);
    const { backupCodes } = twoFactorVerifyResponseSchema.parse(ok.json()).data;
    expect(backupCodes).toHaveLength(12);
    for (const code of backupCodes) expect(code).toMatch(/^[a-z0-9]{4}-[a-z0-9]{4}-[a-z0-9]{4}$/);
    expect(new Set(backupCodes).size).toBe(12);
    row = await userRow(user.id);
    expect(row.twoFactorEnabledAt).not.toBeNull();
    expect(row.twoFactorLastStep).not.toBeNull();
    // Only the hashes are stored.
    const stored = await ctx.db.select().from(twoFactorBackupCodes).where(eq(twoFactorBackupCodes.userId, user.id));
    expect(stored.map((r) => r.codeHash).sort()).toEqual(backupCodes.map(hashBackupCode).sort());
    expect(JSON.stringify(stored)).not.toContain(backupCodes[0]!.replace(/-/g, ''));
    expect((await me(user.cookie)).twoFA).toBe(true);

    // While on: setup says so and changes nothing; verify is refused.
    const again = await setup(user.cookie);
    expect(again.json()).toEqual({ success: true, message: '2FA already setup', data: null });
    expect((await userRow(user.id)).twoFactorSecret).toBe(data!.secret);
    expect((await verify(user.cookie, appCode(data!.secret, 1))).statusCode).toBe(409);
  });

  it('turns 2FA off only with a second factor, clearing the secret and the backup codes', async () => {
    const user = await makeUser(ctx.app);
    const { secret } = await withTwoFactor(ctx.app, user);
    const bare = await disable(user.cookie);
    expect(bare.statusCode).toBe(401);
    expect(bare.json()).toEqual(TWO_FA);
    const wrong = await disable(user.cookie, stepUpWith(totpCode(secret, totpStep(Date.now()) + 7)));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'two_factor_invalid_code', errors: { twoFactorCode: 'Invalid code' } });
    expect((await userRow(user.id)).twoFactorEnabledAt).not.toBeNull();

    const ok = await disable(user.cookie, stepUpWith(appCode(secret)));
    expect(ok.statusCode).toBe(200);
    const row = await userRow(user.id);
    expect([row.twoFactorSecret, row.twoFactorEnabledAt, row.twoFactorLastStep]).toEqual([null, null, null]);
    expect(await ctx.db.select().from(twoFactorBackupCodes).where(eq(twoFactorBackupCodes.userId, user.id))).toEqual([]);
    expect((await me(user.cookie)).twoFA).toBe(false);
    const off = await disable(user.cookie);
    expect(off.statusCode).toBe(400);
    expect(off.json().code).toBe('two_factor_not_enabled');
  });

  it('turns 2FA off with a backup code, which then is spent', async () => {
    const user = await makeUser(ctx.app);
    const { backupCodes } = await withTwoFactor(ctx.app, user);
    const code = first(backupCodes);
    expect((await disable(user.cookie, stepUpWith(code.toUpperCase(), 'backup'))).statusCode).toBe(200);
    expect((await userRow(user.id)).twoFactorEnabledAt).toBeNull();
  });
});

describe('login with two-factor authentication', () => {
  const ctx = withTestApp({ RATE_LIMIT_REGISTER: '1000/3600', RATE_LIMIT_LOGIN: '1000/300' });
  let addressCounter = 0;
  const login = (body: Record<string, unknown>) =>
    call(ctx.app, 'POST', '/api/v1/login', { body, headers: { 'x-forwarded-for': `198.51.100.${++addressCounter}` } });

  async function accountWithTwoFactor() {
    const { body, user } = await registerViaApi(ctx.app);
    const fixture = await withTwoFactor(ctx.app, { id: user!.id });
    return { email: body.email, password: body.password, id: user!.id, ...fixture };
  }

  it('asks for the second factor after the right password, and signs in with an app code once', async () => {
    const account = await accountWithTwoFactor();
    const credentials = { email: account.email, password: account.password };
    const bare = await login(credentials);
    expect(bare.statusCode).toBe(401);
    expect(bare.json()).toEqual(TWO_FA);
    expect(sessionCookieFrom(bare)).toBeNull();

    // A wrong password with a right code: the usual refusal, and the code is not spent.
    const code = appCode(account.secret);
    const wrongPassword = await login({ email: account.email, password: 'not the password', ...stepUpWith(code) });
    expect(wrongPassword.statusCode).toBe(401);
    expect(wrongPassword.json().code).toBe('invalid_credentials');

    const ok = await login({ ...credentials, ...stepUpWith(code) });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user).toMatchObject({ id: account.id, twoFA: true });
    expect(sessionCookieFrom(ok)).not.toBeNull();

    // The same code again (a replay) is refused: a step is accepted once.
    const replay = await login({ ...credentials, ...stepUpWith(code) });
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toMatchObject({ code: 'two_factor_invalid_code', message: 'Invalid code' });
    expect(sessionCookieFrom(replay)).toBeNull();
    // The next step's code still works.
    expect((await login({ ...credentials, ...stepUpWith(appCode(account.secret, 1)) })).statusCode).toBe(200);
  });

  it('signs in with a backup code (dashes and case ignored) once; its second use is refused', async () => {
    const account = await accountWithTwoFactor();
    const credentials = { email: account.email, password: account.password };
    const code = first(account.backupCodes);
    const ok = await login({ ...credentials, ...stepUpWith(code.replace(/-/g, '').toUpperCase(), 'backup') });
    expect(ok.statusCode).toBe(200);
    const used = first(
      await ctx.db
        .select()
        .from(twoFactorBackupCodes)
        .where(eq(twoFactorBackupCodes.codeHash, hashBackupCode(code))),
    );
    expect(used.usedAt).not.toBeNull();
    const again = await login({ ...credentials, ...stepUpWith(code, 'backup') });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'two_factor_invalid_backup_code', message: 'Invalid backup code' });
    // Another user's code, or an app code sent as a backup code, is no backup code of this account.
    const other = await accountWithTwoFactor();
    expect((await login({ ...credentials, ...stepUpWith(first(other.backupCodes), 'backup') })).statusCode).toBe(400);
    expect((await login({ ...credentials, ...stepUpWith(appCode(account.secret), 'backup') })).statusCode).toBe(400);
  });

  it('takes the code in a retry that carries the captcha already spent by the first try', async () => {
    const account = await accountWithTwoFactor();
    for (let i = 0; i < 3; i++) expect((await login({ email: account.email, password: `wrong-${i}` })).statusCode).toBe(401);
    const captchaToken = await solveCaptcha(ctx.app);
    const credentials = { email: account.email, password: account.password, captchaToken };
    expect((await login(credentials)).json().code).toBe('two_factor_required');
    // The web client sends the same body again with the code: the right password cleared the failures.
    expect((await login({ ...credentials, ...stepUpWith(appCode(account.secret)) })).statusCode).toBe(200);
  });

  it('refuses codes with 429 and Retry-After after 5 failures, even a right one', async () => {
    const account = await accountWithTwoFactor();
    const credentials = { email: account.email, password: account.password };
    const wrong = totpCode(account.secret, totpStep(Date.now()) + 9);
    for (let i = 0; i < 5; i++) expect((await login({ ...credentials, ...stepUpWith(wrong) })).statusCode).toBe(400);
    const limited = await login({ ...credentials, ...stepUpWith(appCode(account.secret)) });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(sessionCookieFrom(limited)).toBeNull();
    // The right code was not checked, so it was not spent: nothing recorded for its step.
    expect(first(await ctx.db.select().from(users).where(eq(users.id, account.id))).twoFactorLastStep).toBeNull();
  });
});
