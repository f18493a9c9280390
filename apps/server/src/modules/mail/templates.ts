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
  return linkMail(to, locale, t.subject, { greeting: t.greeting(username), intro: t.intro, button: t.button, link, after: [t.expiry, t.ignore] });
}

/** A mail of one link: a greeting, an introduction, the link as a button and as text, and closing lines. */
function linkMail(
  to: string,
  locale: Locale,
  subject: string,
  lines: { greeting: string; intro: string; button: string; link: string; after: string[] },
): Mail {
  const text = [lines.greeting, '', lines.intro, '', lines.link, '', ...lines.after, '', '— Rally'].join('\n');
  const html = [
    '<!doctype html>',
    `<html lang="${locale}"><body style="font-family: sans-serif; line-height: 1.5; color: #1f2328;">`,
    `<p>${escapeHtml(lines.greeting)}</p>`,
    `<p>${escapeHtml(lines.intro)}</p>`,
    `<p><a href="${escapeHtml(lines.link)}" style="display: inline-block; padding: 10px 16px; background: #5865f2; color: #ffffff; text-decoration: none; border-radius: 6px;">${escapeHtml(lines.button)}</a></p>`,
    `<p style="word-break: break-all; font-size: 13px;">${escapeHtml(lines.link)}</p>`,
    `<p>${lines.after.map(escapeHtml).join('<br>')}</p>`,
    '<p>— Rally</p>',
    '</body></html>',
  ].join('\n');
  return { to, subject, text, html };
}

const VERIFY_TEXTS: Record<Locale, { subject: string; greeting: (username: string) => string; intro: string; button: string; expiry: string; ignore: string }> =
  {
    en: {
      subject: 'Verify your Rally email address',
      greeting: (username) => `Hi ${username},`,
      intro: 'Open this link to verify the email address of your Rally account:',
      button: 'Verify my email',
      expiry: 'The link expires in 24 hours.',
      ignore: 'If you did not create a Rally account or change its email, ignore this mail.',
    },
    tr: {
      subject: 'Rally e-posta adresini doğrula',
      greeting: (username) => `Merhaba ${username},`,
      intro: 'Rally hesabının e-posta adresini doğrulamak için bu bağlantıyı aç:',
      button: 'E-postamı doğrula',
      expiry: 'Bağlantı 24 saat sonra geçersiz olur.',
      ignore: 'Bir Rally hesabı açmadıysan ya da e-postasını değiştirmediysen bu e-postayı dikkate alma.',
    },
  };

/** The mail with an e-mail verification link (/emailVerify?key&date&email), in the user's language. */
export function emailVerificationMail(to: string, locale: Locale, username: string, link: string): Mail {
  const t = VERIFY_TEXTS[locale];
  return linkMail(to, locale, t.subject, { greeting: t.greeting(username), intro: t.intro, button: t.button, link, after: [t.expiry, t.ignore] });
}

const EMAIL_CHANGED_TEXTS: Record<Locale, { subject: string; greeting: (username: string) => string; body: (email: string) => string; help: string }> = {
  en: {
    subject: 'Your Rally email address was changed',
    greeting: (username) => `Hi ${username},`,
    body: (email) => `The email address of your Rally account was changed to ${email}. This address no longer signs in.`,
    help: 'If you did not do this, reset your password and contact us right away.',
  },
  tr: {
    subject: 'Rally e-posta adresin değiştirildi',
    greeting: (username) => `Merhaba ${username},`,
    body: (email) => `Rally hesabının e-posta adresi ${email} olarak değiştirildi. Bu adresle artık giriş yapılamaz.`,
    help: 'Bunu sen yapmadıysan hemen şifreni sıfırla ve bize ulaş.',
  },
};

/** The notice to the old address after an e-mail change (plain text and HTML). */
export function emailChangedMail(to: string, locale: Locale, username: string, newEmail: string): Mail {
  const t = EMAIL_CHANGED_TEXTS[locale];
  const text = [t.greeting(username), '', t.body(newEmail), t.help, '', '— Rally'].join('\n');
  const html = [
    '<!doctype html>',
    `<html lang="${locale}"><body style="font-family: sans-serif; line-height: 1.5; color: #1f2328;">`,
    `<p>${escapeHtml(t.greeting(username))}</p>`,
    `<p>${escapeHtml(t.body(newEmail))}<br>${escapeHtml(t.help)}</p>`,
    '<p>— Rally</p>',
    '</body></html>',
  ].join('\n');
  return { to, subject: t.subject, text, html };
}
