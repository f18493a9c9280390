import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { withTestApp } from '../../../test/helpers/app';
import { mailOutbox } from '../../db/schema';
import { OUTBOX_KEEP_DAYS, OUTBOX_KEEP_MAILS, trimOutbox } from './outbox';
import { insertOutboxMail, trimOutboxMails } from './repository';

const mail = (n: number) => ({ to: `user${n}@example.com`, subject: `mail ${n}`, text: 'a link', html: '<p>a link</p>' });

/** The development outbox (no SMTP_URL) keeps what a developer looks at, not every mail ever sent (SECURITY.md). */
describe('the mail outbox trim', () => {
  const ctx = withTestApp();
  const subjects = async () => (await ctx.db.select({ subject: mailOutbox.subject }).from(mailOutbox).orderBy(asc(mailOutbox.id))).map((r) => r.subject);

  it(`keeps the mails of the last ${OUTBOX_KEEP_DAYS} days, at most the newest ${OUTBOX_KEEP_MAILS}`, async () => {
    expect([OUTBOX_KEEP_DAYS, OUTBOX_KEEP_MAILS]).toEqual([7, 1000]);
    await ctx.db.delete(mailOutbox);
    for (const n of [1, 2, 3]) await insertOutboxMail(ctx.db, mail(n));
    const now = new Date();
    await ctx.db
      .update(mailOutbox)
      .set({ createdAt: new Date(now.getTime() - (OUTBOX_KEEP_DAYS * 86_400_000 + 60_000)) })
      .where(eq(mailOutbox.subject, 'mail 1'));
    expect(await trimOutbox(ctx.db, now)).toBe(1);
    expect(await subjects()).toEqual(['mail 2', 'mail 3']);
    expect(await trimOutbox(ctx.db, now)).toBe(0);
  });

  it('drops the oldest beyond the number it keeps, and nothing while there are fewer', async () => {
    await ctx.db.delete(mailOutbox);
    for (const n of [1, 2, 3, 4, 5]) await insertOutboxMail(ctx.db, mail(n));
    const longAgo = new Date(0);
    expect(await trimOutboxMails(ctx.db, longAgo, 10)).toBe(0);
    expect(await trimOutboxMails(ctx.db, longAgo, 3)).toBe(2);
    expect(await subjects()).toEqual(['mail 3', 'mail 4', 'mail 5']);
  });
});
