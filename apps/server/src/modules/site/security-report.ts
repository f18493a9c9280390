import type { SecurityReport } from '@rally/shared/api/site';
import type { Config } from '../../env';
import { escapeHtml } from '../mail/html';
import type { Mail, Mailer } from '../mail/mailer';
import { consumeCaptcha } from '../auth/captcha';
import type { Database } from '../../db/client';

export interface SecurityReportDeps {
  db: Database;
  config: Pick<Config, 'SECURITY_EMAIL' | 'OPERATOR_EMAIL'>;
  secret: string;
  mailer: Mailer;
}

/** Who sent the report: their address and, when signed in, their account. */
export interface Reporter {
  address: string;
  userId: string | null;
}

/** The mail to the security contact: the report as the reporter wrote it (escaped in the HTML twin). */
export function securityReportMail(to: string, report: Omit<SecurityReport, 'captchaToken'>, reporter: Reporter): Mail {
  const subject = `[Rally security report] ${report.title}`;
  const meta = [`From: ${report.email}`, `Client address: ${reporter.address}`, `Account: ${reporter.userId ?? 'not signed in'}`];
  const text = [...meta, '', report.title, '', report.description].join('\n');
  const html = [
    '<!doctype html>',
    '<html lang="en"><body style="font-family: sans-serif; line-height: 1.5; color: #1f2328;">',
    `<p>${meta.map(escapeHtml).join('<br>')}</p>`,
    `<h1 style="font-size: 18px;">${escapeHtml(report.title)}</h1>`,
    `<pre style="white-space: pre-wrap; font-family: inherit;">${escapeHtml(report.description)}</pre>`,
    '</body></html>',
  ].join('\n');
  return { to, subject, text, html };
}

/**
 * POST /api/v1/security/reports: the captcha is spent first (one solution, one report), then the
 * report is mailed to SECURITY_EMAIL (OPERATOR_EMAIL when unset); the endpoint counts reports per
 * client address (RATE_LIMIT_SECURITY_REPORT). Nothing is stored but the mail (the outbox without SMTP).
 */
export async function sendSecurityReport(deps: SecurityReportDeps, report: SecurityReport, reporter: Reporter): Promise<void> {
  await consumeCaptcha(deps.db, deps.secret, report.captchaToken);
  const to = deps.config.SECURITY_EMAIL ?? deps.config.OPERATOR_EMAIL;
  deps.mailer.send(securityReportMail(to, { email: report.email, title: report.title, description: report.description }, reporter));
}
