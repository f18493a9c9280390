import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { call, withTestApp, type TestApp } from '../../../test/helpers/app';
import { registerViaApi } from '../../../test/helpers/auth';
import { makeUser } from '../../../test/helpers/factories';
import { first } from '../../../test/helpers/rows';
import { appCode, stepUpWith, withTwoFactor } from '../../../test/helpers/two-factor';

const PASSWORD = 'correct horse';
const TWO_FA = { success: false, code: 'two_factor_required', message: '2FA' };

interface Account {
  id: string;
  email: string;
  cookie: string;
}

/**
 * Every sensitive call of 000 §7's two-factor retry (login, turning 2FA off, e-mail change, account
 * deletion, slug change, viewing the e-mail): for an account with 2FA, without a code it answers
 * '2FA' and changes nothing; with a code of the authenticator it goes through.
 */
const SENSITIVE: {
  name: string;
  send: (t: TestApp, who: Account, extra: object) => ReturnType<typeof call>;
  changed: (t: TestApp, who: Account) => Promise<boolean>;
}[] = [
  {
    name: 'login',
    send: (t, who, extra) => call(t.app, 'POST', '/api/v1/login', { body: { email: who.email, password: PASSWORD, ...extra } }),
    changed: async () => false,
  },
  {
    name: 'turning 2FA off',
    send: (t, who, extra) => call(t.app, 'POST', '/api/v1/me/2fa/disable', { cookie: who.cookie, body: extra }),
    changed: async (t, who) => (await row(t, who.id)).twoFactorEnabledAt === null,
  },
  {
    name: 'e-mail change',
    send: (t, who, extra) =>
      call(t.app, 'POST', '/api/v1/me/email/change', { cookie: who.cookie, body: { email: `new-${who.id}@example.com`, password: PASSWORD, ...extra } }),
    changed: async (t, who) => (await row(t, who.id)).email !== who.email,
  },
  {
    name: 'account deletion',
    send: (t, who, extra) => call(t.app, 'DELETE', '/api/v1/me', { cookie: who.cookie, body: { password: PASSWORD, ...extra } }),
    changed: async (t, who) => (await row(t, who.id)).deletedAt !== null,
  },
  {
    name: 'slug change',
    send: (t, who, extra) =>
      call(t.app, 'POST', '/api/v1/me/profile/slug', { cookie: who.cookie, body: { slug: `s-${who.id.slice(-8)}`, password: PASSWORD, ...extra } }),
    changed: async (t, who) => (await row(t, who.id)).slug === `s-${who.id.slice(-8)}`,
  },
  {
    name: 'viewing the e-mail',
    send: (t, who, extra) => call(t.app, 'POST', '/api/v1/me/email', { cookie: who.cookie, body: { password: PASSWORD, ...extra } }),
    changed: async () => false,
  },
];

const row = async (t: TestApp, id: string) => first(await t.db.select().from(users).where(eq(users.id, id)));

describe('two-factor step-up on every sensitive call', () => {
  const ctx = withTestApp({ RATE_LIMIT_REGISTER: '1000/3600', RATE_LIMIT_LOGIN: '1000/300' });

  async function account(): Promise<Account & { secret: string }> {
    const { user, cookie, body } = await registerViaApi(ctx.app, { password: PASSWORD });
    if (!user || !cookie) throw new Error('registration failed');
    const { secret } = await withTwoFactor(ctx.app, user);
    return { id: user.id, email: body.email, cookie, secret };
  }

  it.each(SENSITIVE)('$name: 401 "2FA" without a code, nothing changed; done with an app code', async ({ send, changed }) => {
    const who = await account();
    const asked = await send(ctx, who, {});
    expect(asked.statusCode).toBe(401);
    expect(asked.json()).toEqual(TWO_FA);
    expect(await changed(ctx, who)).toBe(false);

    const wrong = await send(ctx, who, stepUpWith('000000'));
    expect(wrong.statusCode).toBe(400);
    expect(await changed(ctx, who)).toBe(false);

    const done = await send(ctx, who, stepUpWith(appCode(who.secret)));
    expect(done.statusCode, done.body).toBeLessThan(300);
  });

  it('asks nothing more of an account without 2FA, and 2FA setup needs no verified address where verification is off', async () => {
    const { user, cookie } = await registerViaApi(ctx.app, { password: PASSWORD });
    const viewed = await call(ctx.app, 'POST', '/api/v1/me/email', { cookie: cookie!, body: { password: PASSWORD } });
    expect(viewed.statusCode).toBe(200);
    expect(viewed.json().email).toBe((await row(ctx, user!.id)).email);
    const unverified = await makeUser(ctx.app, undefined, { verified: false });
    expect((await call(ctx.app, 'POST', '/api/v1/me/2fa/setup', { cookie: unverified.cookie })).statusCode).toBe(200);
  });
});
