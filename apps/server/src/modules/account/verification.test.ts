import { createHash } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DEFAULT_USER_SETTINGS } from '@rally/shared/api/users';
import { emailVerifications, mailOutbox, users } from '../../db/schema';
import { call, withTestApp, type TestApp } from '../../../test/helpers/app';
import { registerViaApi } from '../../../test/helpers/auth';
import { makeMember, makeTeam, makeUser } from '../../../test/helpers/factories';
import { first } from '../../../test/helpers/rows';
import { withSmtpCapture } from '../../../test/helpers/smtp';

const PASSWORD = 'correct horse';
/** The link of a verification mail: /emailVerify?key=…&date=…&email=… (the HTML escapes & as &amp;). */
const LINK = /\/emailVerify\?key=([\w-]{43})&(?:amp;)?date=(\d+)&(?:amp;)?email=([^\s"<&]+)/;

const verify = (t: TestApp, body: Record<string, unknown>, options: { cookie?: string; url?: string; headers?: Record<string, string> } = {}) =>
  call(t.app, 'POST', options.url ?? '/api/v1/me/email/verify', { body, cookie: options.cookie, headers: options.headers });
const requestKey = (t: TestApp, cookie: string) => call(t.app, 'POST', '/api/v1/me/email/requestkey', { cookie });
const isVerified = async (t: TestApp, id: string) => first(await t.db.select().from(users).where(eq(users.id, id))).verified;

/** The link of the newest outbox mail to `email`. */
async function outboxLink(t: TestApp, email: string): Promise<{ key: string; date: string; email: string }> {
  await t.app.mailer.idle();
  const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, email)).orderBy(desc(mailOutbox.id)).limit(1);
  const match = mail?.text.match(LINK);
  if (!match) throw new Error(`no verification link was mailed to ${email}`);
  return { key: match[1]!, date: match[2]!, email: decodeURIComponent(match[3]!) };
}

describe('e-mail verification over SMTP (required because mail can be delivered)', () => {
  const smtp = withSmtpCapture();
  const ctx = withTestApp(() => ({ SMTP_URL: smtp.url, PUBLIC_URL: 'http://rally.test:8080', RATE_LIMIT_REGISTER: '1000/3600' }));

  it('registration starts unverified and mails a link; the link, opened signed out, verifies the account', async () => {
    const before = smtp.mails.length;
    const { user, cookie, body } = await registerViaApi(ctx.app, { password: PASSWORD, username: 'newcomer' });
    expect(user).toMatchObject({ verified: false });
    await ctx.app.mailer.idle();
    const mail = smtp.mails.slice(before).find((m) => m.to.includes(body.email));
    expect(mail?.raw).toMatch(/^Subject: Verify your Rally email address\r?$/m);
    expect(mail?.raw).toContain('Hi newcomer,');
    // Quoted-printable: '=' travels as =3D.
    const raw = mail!.raw.replace(/=3D/g, '=');
    const [, key, date, email] = raw.match(LINK) ?? [];
    expect(raw).toContain(`http://rally.test:8080/emailVerify?key=${key}&date=${date}&email=`);
    expect(Math.abs(Number(date) - Date.now())).toBeLessThan(60_000);
    expect(decodeURIComponent(email!)).toBe(body.email);
    const [stored] = await ctx.db.select().from(emailVerifications).where(eq(emailVerifications.userId, user!.id));
    expect(stored!.keyHash).toBe(createHash('sha256').update(key!).digest('hex'));
    expect(stored!.expiresAt.getTime() - Date.now()).toBeGreaterThan(23.9 * 3_600_000);

    const since = ctx.events.mark();
    const res = await verify(ctx, { key, email: decodeURIComponent(email!) }, { url: '/api/me/email/verify' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Email Verified' });
    expect(await isVerified(ctx, user!.id)).toBe(true);
    expect(await ctx.db.select().from(emailVerifications).where(eq(emailVerifications.userId, user!.id))).toEqual([]);
    expect(ctx.events.ofType('EMAIL_CHANGED', { since })[0]).toMatchObject({
      audience: { kind: 'users', userIds: [user!.id] },
      event: { data: { email: body.email, verified: true } },
    });
    expect((await call(ctx.app, 'GET', '/api/v1/me', { cookie: cookie! })).json().user.verified).toBe(true);
    // Spent: the same link again is invalid.
    expect((await verify(ctx, { key, email: body.email })).json()).toMatchObject({ code: 'email_verify_invalid', message: 'Invalid Email Verification Link' });
  });
});

describe('e-mail verification, required by EMAIL_VERIFICATION on the outbox', () => {
  const ctx = withTestApp({ EMAIL_VERIFICATION: 'required', RATE_LIMIT_REGISTER: '1000/3600' });

  async function unverified() {
    const { user, cookie, body } = await registerViaApi(ctx.app, { password: PASSWORD });
    if (!user || !cookie) throw new Error('registration failed');
    return { ...user, cookie, email: body.email };
  }

  it('refuses an unverified user’s messages (403 verify_your_email, en and tr); a verified one sends', async () => {
    const owner = await makeUser(ctx.app);
    const user = await unverified();
    const { teamId, generalId } = await makeTeam(ctx.app, owner);
    await makeMember(ctx.app, teamId, user);
    const send = (cookie: string, headers: Record<string, string> = {}, scheduledAt?: string) =>
      call(ctx.app, 'POST', `/api/v1/channels/${generalId}/messages`, { cookie, headers, body: { content: 'hi', ...(scheduledAt && { scheduledAt }) } });
    const refused = await send(user.cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'verify_your_email',
      message: 'Please verify your email address first. Check your inbox for the verification link.',
    });
    expect((await send(user.cookie, { 'accept-language': 'tr' })).json().message).toMatch(/^Lütfen önce e-posta adresini doğrula/);
    expect((await send(user.cookie, {}, new Date(Date.now() + 3_600_000).toISOString())).statusCode).toBe(403);
    // Fixtures are verified: the owner sends.
    const sent = await send(owner.cookie);
    expect(sent.statusCode).toBe(201);
    // Who may not send may not react either.
    const reactPath = `/api/v1/channels/${generalId}/messages/${sent.json().message.id}/reactions/${encodeURIComponent('👍')}`;
    const reaction = await call(ctx.app, 'POST', reactPath, { cookie: user.cookie });
    expect(reaction.statusCode).toBe(403);
    expect(reaction.json()).toMatchObject({ code: 'verify_your_email' });

    const link = await outboxLink(ctx, user.email);
    expect((await verify(ctx, link, { cookie: user.cookie })).statusCode).toBe(200);
    expect((await send(user.cookie)).statusCode).toBe(201);
    expect((await call(ctx.app, 'POST', reactPath, { cookie: user.cookie })).statusCode).toBe(200);
  });

  it('mails a new link on request, at most one a minute; a verified account has nothing to ask', async () => {
    const user = await unverified();
    const first = await outboxLink(ctx, user.email);
    const res = await requestKey(ctx, user.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    const second = await outboxLink(ctx, user.email);
    expect(second.key).not.toBe(first.key);
    const limited = await requestKey(ctx, user.cookie);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    // Both links work until one is used.
    expect((await verify(ctx, first)).statusCode).toBe(200);
    expect((await verify(ctx, second)).statusCode).toBe(400);
    const done = await requestKey(ctx, user.cookie);
    expect(done.statusCode).toBe(409);
    expect(done.json().code).toBe('email_already_verified');
  });

  it('refuses expired, garbled and foreign links, in the caller’s language, and verifies nothing', async () => {
    const user = await unverified();
    const link = await outboxLink(ctx, user.email);
    const other = await makeUser(ctx.app);
    const cases = [
      { key: `${link.key.slice(0, -1)}${link.key.endsWith('A') ? 'B' : 'A'}`, email: link.email },
      { key: 'garbage', email: link.email },
      { key: link.key, email: other.email },
    ];
    for (const body of cases) {
      const res = await verify(ctx, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'email_verify_invalid', message: 'Invalid Email Verification Link' });
    }
    expect((await verify(ctx, { key: '', email: '' })).statusCode).toBe(400);
    expect((await verify(ctx, cases[1]!, { headers: { 'accept-language': 'tr' } })).json().message).toBe('Geçersiz E-posta Doğrulama Bağlantısı');
    await ctx.db
      .update(emailVerifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailVerifications.userId, user.id));
    expect((await verify(ctx, link)).json().code).toBe('email_verify_invalid');
    expect(await isVerified(ctx, user.id)).toBe(false);
  });

  it('an e-mail change makes the account unverified, mails the new address, tells the sessions; old links die', async () => {
    const { user, cookie } = await registerViaApi(ctx.app, { password: PASSWORD, username: 'mover' }, { headers: { 'accept-language': 'tr' } });
    const oldLink = await outboxLink(ctx, user!.email);
    expect((await verify(ctx, oldLink)).statusCode).toBe(200);
    await ctx.db
      .update(users)
      .set({ settings: { ...DEFAULT_USER_SETTINGS, locale: 'tr' } })
      .where(eq(users.id, user!.id));
    const email = `mover_${user!.id}@example.net`;
    const since = ctx.events.mark();
    const res = await call(ctx.app, 'POST', '/api/v1/me/email/change', { cookie: cookie!, body: { email, password: PASSWORD } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, email, verified: false });
    expect(await isVerified(ctx, user!.id)).toBe(false);
    expect(ctx.events.ofType('EMAIL_CHANGED', { since }).map((e) => e.event.data)).toEqual([{ email, verified: false }]);
    await ctx.app.mailer.idle();
    const [notice] = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, user!.email)).orderBy(desc(mailOutbox.id)).limit(1);
    expect(notice!.subject).toBe('Rally e-posta adresin değiştirildi');
    expect(notice!.text).toContain(email);
    const link = await outboxLink(ctx, email);
    expect(link.email).toBe(email);
    expect((await verify(ctx, link)).json()).toEqual({ success: true, message: 'Email Verified' });
    expect(await isVerified(ctx, user!.id)).toBe(true);
  });
});
