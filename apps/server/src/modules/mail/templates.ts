import type { Locale } from '@rally/shared/i18n/errors';
import { escapeHtml } from './html';
import type { Mail } from './mailer';

interface ResetTexts {
  subject: string;
  greeting: (username: string) => string;
  intro: string;
  button: string;
  expiry: string;
  ignore: string;
}

/** The password reset mail's texts in each language of the app. */
const RESET_TEXTS: Record<Locale, ResetTexts> = {
  en: {
    subject: 'Reset your Rally password',
    greeting: (username) => `Hi ${username},`,
    intro: 'We received a request to reset the password of your Rally account. Open this link to choose a new password:',
    button: 'Choose a new password',
    expiry: 'The link works once and expires in 1 hour.',
    ignore: 'If you did not ask for this, ignore this mail: your password stays the same.',
  },
  tr: {
    subject: 'Rally şifreni sıfırla',
    greeting: (username) => `Merhaba ${username},`,
    intro: 'Rally hesabının şifresini sıfırlamak için bir istek aldık. Yeni bir şifre belirlemek için bu bağlantıyı aç:',
    button: 'Yeni şifre belirle',
    expiry: 'Bağlantı yalnızca bir kez kullanılabilir ve 1 saat sonra geçersiz olur.',
    ignore: 'Bu isteği sen yapmadıysan bu e-postayı dikkate alma: şifren değişmez.',
  },
};

/** The mail with a password reset link, in the user's language: plain text and a simple HTML twin. */
export function passwordResetMail(to: string, locale: Locale, username: string, link: string): Mail {
  const t = RESET_TEXTS[locale];
  const text = [t.greeting(username), '', t.intro, '', link, '', t.expiry, t.ignore, '', '— Rally'].join('\n');
  const html = [
    '<!doctype html>',
    `<html lang="${locale}"><body style="font-family: sans-serif; line-height: 1.5; color: #1f2328;">`,
    `<p>${escapeHtml(t.greeting(username))}</p>`,
    `<p>${escapeHtml(t.intro)}</p>`,
    `<p><a href="${escapeHtml(link)}" style="display: inline-block; padding: 10px 16px; background: #5865f2; color: #ffffff; text-decoration: none; border-radius: 6px;">${escapeHtml(t.button)}</a></p>`,
    `<p style="word-break: break-all; font-size: 13px;">${escapeHtml(link)}</p>`,
    `<p>${escapeHtml(t.expiry)}<br>${escapeHtml(t.ignore)}</p>`,
    '<p>— Rally</p>',
    '</body></html>',
  ].join('\n');
  return { to, subject: t.subject, text, html };
}
