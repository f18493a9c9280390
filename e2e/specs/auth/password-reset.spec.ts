import type { BrowserContext, Page } from '@playwright/test';
import { PICTURE_VARIANTS, snap } from '../../fixtures/screenshots';
import { expect, test } from '../../fixtures/test';
import type { ApiUser } from '../../fixtures/api';
import { SERVER_URL } from '../../fixtures/server';

/**
 * The reset link mailed to `email`, read from the development outbox page (/dev/outbox: the e2e
 * server has no SMTP_URL, and the browser is on 127.0.0.1), in a page of its own that is closed after.
 */
async function resetLinkFromOutbox(context: BrowserContext, email: string): Promise<string> {
  const outbox = await context.newPage();
  try {
    await outbox.goto('/dev/outbox');
    await expect(outbox.getByRole('heading', { level: 1, name: 'Mail outbox' })).toBeVisible();
    const link = outbox.getByRole('article').filter({ hasText: email }).first().getByRole('link');
    const href = await link.getAttribute('href');
    if (!href) throw new Error(`no reset link for ${email} in the outbox`);
    return href;
  } finally {
    await outbox.close();
  }
}

/** Ask for a reset of the user's password through the API (the flow itself is tested through the dialog). */
async function requestResetByApi(user: ApiUser): Promise<void> {
  const res = await user.api.post('/api/v1/resetpassword/request', { data: { email: user.email } });
  expect(res.status()).toBe(200);
}

const loginDialog = (page: Page) => page.getByRole('dialog', { name: 'Welcome back!' });

test('a user resets a forgotten password from the login dialog and logs in with the new one', async ({ page, user }, testInfo) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Log in' }).first().click();
  await expect(loginDialog(page).getByRole('button', { name: 'Forgot your password?' })).toBeVisible();
  await snap(page, testInfo, 'password-reset-0-login-dialog');
  await loginDialog(page).getByRole('button', { name: 'Forgot your password?' }).click();

  const forgot = page.getByRole('dialog', { name: 'Forgot your password?' });
  await forgot.getByRole('textbox', { name: 'Email' }).fill(user.email);
  await forgot.getByRole('button', { name: 'Send reset link' }).click();
  await expect(forgot.getByRole('status')).toContainText(`If an account uses ${user.email}, a link to reset its password is on its way.`);
  await snap(page, testInfo, 'password-reset-1-requested');

  const link = await resetLinkFromOutbox(page.context(), user.email);
  expect(new URL(link).origin).toBe(SERVER_URL);
  expect(new URL(link).pathname).toMatch(/^\/resetpassword\/[\w-]{43}$/);
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  const password = page.getByLabel('New password', { exact: true });
  const confirm = page.getByLabel('Confirm new password', { exact: true });
  await password.fill('123');
  await password.blur();
  await expect(page.getByText('Password must be at least 6 characters long')).toBeVisible();
  await password.fill('my new secret');
  await confirm.fill('my new secrex');
  await confirm.blur();
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reset password' })).toBeDisabled();
  // Keyboard: fix the confirmation and submit with Enter.
  await confirm.fill('my new secret');
  await confirm.press('Enter');

  await expect(page.getByText('Password reset successfully')).toBeVisible();
  // After 2 s: /login, which is the home page with the login dialog open.
  await expect(loginDialog(page)).toBeVisible();
  await expect(page).toHaveURL(/\/$/);

  // The sessions of the account ended (the API context's is gone), and the old password no longer works.
  expect((await user.api.get('/api/v1/me')).status()).toBe(401);
  expect((await user.api.post('/api/v1/login', { data: { email: user.email, password: user.password } })).status()).toBe(401);

  await loginDialog(page).getByRole('textbox', { name: 'Email' }).fill(user.email);
  await loginDialog(page).getByLabel('Password').fill('my new secret');
  await loginDialog(page).getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('heading', { name: 'Your teams' })).toBeVisible();

  // The link works once: opened again, it goes to /login with the reason.
  await page.goto(link);
  await expect(page.getByText('This password reset link is invalid or has expired')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
});

test('an invalid reset link goes to /login and opens the login dialog', async ({ page }) => {
  await page.goto('/resetpassword/not-a-real-token');
  await expect(loginDialog(page)).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('This password reset link is invalid or has expired')).toBeVisible();
});

/** Pictures of the reset page, empty and with the confirmation's error, in English on a desktop and Turkish on a phone. */
for (const { language, size, viewport } of PICTURE_VARIANTS) {
  test(`pictures: reset password page (${language}, ${size})`, async ({ page, user }, testInfo) => {
    await requestResetByApi(user);
    const link = await resetLinkFromOutbox(page.context(), user.email);
    await page.setViewportSize(viewport);
    await page.goto('/');
    await page.evaluate((lng) => localStorage.setItem('rally.language', lng), language);
    await page.goto(link);
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    const texts =
      language === 'en' ? { title: 'Reset your password', confirm: 'Confirm new password' } : { title: 'Şifreni sıfırla', confirm: 'Yeni şifreyi onayla' };
    await expect(page.getByRole('heading', { name: texts.title })).toBeVisible();
    await snap(page, testInfo, `password-reset-pic-form-${language}-${size}`);
    await page.getByLabel(language === 'en' ? 'New password' : 'Yeni şifre', { exact: true }).fill('secret1');
    await page.getByLabel(texts.confirm, { exact: true }).fill('secret2');
    await page.getByLabel(texts.confirm, { exact: true }).blur();
    await expect(page.getByText(language === 'en' ? 'Passwords do not match' : 'Şifreler eşleşmiyor')).toBeVisible();
    await snap(page, testInfo, `password-reset-pic-mismatch-${language}-${size}`);
  });
}
