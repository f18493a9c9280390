import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { LEGAL_PAGES } from '@rally/shared/api/site';
import { mailOutbox } from '../../db/schema';
import { call, withTestApp } from '../../../test/helpers/app';
import { solveCaptcha } from '../../../test/helpers/auth';

const OPERATOR = {
  OPERATOR_NAME: 'Example Games Ltd.',
  OPERATOR_EMAIL: 'hello@example-games.test',
  OPERATOR_ADDRESS: '1 Test Street, Istanbul',
  SECURITY_EMAIL: 'security@example-games.test',
};

describe('legal pages, download and security reports', () => {
  const ctx = withTestApp({ ...OPERATOR, RATE_LIMIT_SECURITY_REPORT: '2/3600' });

  it('serves every legal page in English and Turkish with the operator named and no placeholder left', async () => {
    for (const page of LEGAL_PAGES) {
      for (const locale of ['en', 'tr'] as const) {
        const res = await call(ctx.app, 'GET', `/api/v1/legal/${page}?locale=${locale}`);
        expect(res.statusCode).toBe(200);
        const body = res.json<{ page: string; locale: string; markdown: string }>();
        expect(body).toMatchObject({ success: true, page, locale });
        expect(body.markdown).toMatch(/^# \S/);
        expect(body.markdown).not.toMatch(/\{\{\w+\}\}/);
      }
    }
    const privacy = (await call(ctx.app, 'GET', '/api/v1/legal/privacy?locale=tr')).json<{ markdown: string }>().markdown;
    expect(privacy).toContain('Gizlilik Politikası');
    expect(privacy).toContain('**Example Games Ltd.**');
    expect(privacy).toContain('hello@example-games.test');
    const contact = (await call(ctx.app, 'GET', '/api/v1/legal/contact')).json<{ markdown: string }>().markdown;
    expect(contact).toContain('security@example-games.test');
    expect(contact).toContain('1 Test Street, Istanbul');
  });

  it('answers 404 legal_page_not_found for an unknown page, and 400 for an unknown language', async () => {
    for (const page of ['nope', '..%2F..%2Fpackage.json', 'TOS']) {
      const res = await call(ctx.app, 'GET', `/api/v1/legal/${page}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ success: false, code: 'legal_page_not_found' });
    }
    expect((await call(ctx.app, 'GET', '/api/v1/legal/tos?locale=de')).statusCode).toBe(400);
  });

  it('answers 404 download_unavailable while no Windows download is configured', async () => {
    for (const url of ['/api/github/latest/windows', '/api/v1/github/latest/windows']) {
      const res = await call(ctx.app, 'GET', url);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ success: false, code: 'download_unavailable' });
    }
  });

  it("mails a security report to the security contact (the outbox without SMTP), escaping the reporter's text", async () => {
    const title = `XSS in <b>profile</b> ${Date.now()}`;
    const res = await call(ctx.app, 'POST', '/api/v1/security/reports', {
      headers: { 'x-forwarded-for': '203.0.113.10' },
      body: {
        email: 'finder@example.test',
        title,
        description: 'Steps:\n1. open the profile\n2. see <script>alert(1)</script> run',
        captchaToken: await solveCaptcha(ctx.app),
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    await ctx.app.mailer.idle();
    const rows = await ctx.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.subject, `[Rally security report] ${title}`));
    expect(rows).toHaveLength(1);
    const [mail] = rows;
    expect(mail!.recipient).toBe('security@example-games.test');
    expect(mail!.text).toContain('From: finder@example.test');
    expect(mail!.text).toContain('2. see <script>alert(1)</script> run');
    expect(mail!.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail!.html).not.toContain('<script>');
  });

  it('refuses a report without a captcha or with a too short description, mailing nothing', async () => {
    const title = `refused ${Date.now()}`;
    const noCaptcha = await call(ctx.app, 'POST', '/api/v1/security/reports', {
      headers: { 'x-forwarded-for': '203.0.113.11' },
      body: { email: 'a@example.test', title, description: 'long enough description here' },
    });
    expect(noCaptcha.statusCode).toBe(400);
    expect(noCaptcha.json()).toMatchObject({ errors: { captchaToken: 'Please complete the captcha' } });
    const short = await call(ctx.app, 'POST', '/api/v1/security/reports', {
      headers: { 'x-forwarded-for': '203.0.113.12' },
      body: { email: 'a@example.test', title, description: 'too short', captchaToken: 'x' },
    });
    expect(short.json()).toMatchObject({ errors: { description: 'Please describe the issue in 20 to 10,000 characters' } });
    await ctx.app.mailer.idle();
    expect(
      await ctx.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.subject, `[Rally security report] ${title}`)),
    ).toHaveLength(0);
  });

  it('counts reports per address (RATE_LIMIT_SECURITY_REPORT)', async () => {
    const headers = { 'x-forwarded-for': '203.0.113.77' };
    const send = async () =>
      call(ctx.app, 'POST', '/api/v1/security/reports', {
        headers,
        body: { email: 'a@example.test', title: 'rate', description: 'a description that is long enough', captchaToken: await solveCaptcha(ctx.app) },
      });
    const answers = [await send(), await send(), await send()].map((r) => r.statusCode);
    expect(answers.at(-1)).toBe(429);
  });
});

describe('with DOWNLOAD_WINDOWS_URL and LEGAL_DIR', () => {
  const legalDir = mkdtempSync(join(tmpdir(), 'rally-legal-'));
  mkdirSync(join(legalDir, 'en'));
  writeFileSync(join(legalDir, 'en', 'tos.md'), '# Our own terms\n\nRun by {{operatorName}}.\n');
  const ctx = withTestApp({ DOWNLOAD_WINDOWS_URL: 'https://downloads.example.test/Rally-Setup.exe', LEGAL_DIR: legalDir, OPERATOR_NAME: 'Own Operator' });

  it('answers the configured Windows download URL', async () => {
    const res = await call(ctx.app, 'GET', '/api/github/latest/windows');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, url: 'https://downloads.example.test/Rally-Setup.exe' });
  });

  it("serves the operator's own page from LEGAL_DIR, and Rally's for a page or language it lacks", async () => {
    const own = (await call(ctx.app, 'GET', '/api/v1/legal/tos?locale=en')).json<{ markdown: string }>();
    expect(own.markdown).toBe('# Our own terms\n\nRun by Own Operator.\n');
    const trTos = (await call(ctx.app, 'GET', '/api/v1/legal/tos?locale=tr')).json<{ markdown: string }>();
    expect(trTos.markdown).toMatch(/^# Hizmet Koşulları/);
    const privacy = (await call(ctx.app, 'GET', '/api/v1/legal/privacy')).json<{ markdown: string }>();
    expect(privacy.markdown).toMatch(/^# Privacy Policy/);
    expect(privacy.markdown).toContain('Own Operator');
    // No OPERATOR_ADDRESS: the page says so, in its language.
    expect(privacy.markdown).toContain('(postal address not given yet)');
    const trPrivacy = (await call(ctx.app, 'GET', '/api/v1/legal/privacy?locale=tr')).json<{ markdown: string }>();
    expect(trPrivacy.markdown).toContain('**Own Operator** (posta adresi henüz belirtilmedi)');
  });
});
