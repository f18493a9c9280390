import fs from 'node:fs';
import type { APIRequest, APIRequestContext, Locator, Page } from '@playwright/test';
import { totpCode, totpStep } from '../../../apps/server/src/modules/two-factor/totp';
import { SERVER_URL } from '../../fixtures/server';
import { PICTURE_VARIANTS, snap } from '../../fixtures/screenshots';
import { expect, test } from '../../fixtures/test';

/**
 * Two-factor authentication (spec 000 §4, §7): a verified user turns it on with the code of the
 * secret shown on screen (computed here as an authenticator app would), saves the backup codes,
 * then signs in through the 2FA code dialog with an app code, and once with a backup code, whose
 * second use is refused, and turns it off through the same code dialog. The Sessions tab lists this
 * device and signs the others out. The suite's server delivers no mail, so its accounts count as
 * verified (EMAIL_VERIFICATION unset, README "Mail") and may turn 2FA on.
 */

/** The authenticator app: the code of `secret` this many 30-second steps from now. */
const appCode = (secret: string, offset = 0) => totpCode(secret, totpStep(Date.now()) + offset);

async function openSettings(page: Page): Promise<Locator> {
  await page.getByRole('navigation').getByRole('button', { name: 'User settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function logOut(page: Page): Promise<void> {
  const settings = await openSettings(page);
  await settings.getByRole('button', { name: 'Log out' }).click();
  await page.getByRole('dialog', { name: 'Log Out' }).getByRole('button', { name: 'Log Out', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Log in' }).first()).toBeVisible();
}

/** Log in with the password: the 2FA code dialog opens (the login dialog waits behind it). */
async function logInUntilCodeAsked(page: Page, email: string, password: string): Promise<{ login: Locator; code: Locator }> {
  await page.getByRole('button', { name: 'Log in' }).first().click();
  const login = page.getByRole('dialog', { name: 'Welcome back!' });
  await login.getByRole('textbox', { name: 'Email' }).fill(email);
  await login.getByLabel('Password').fill(password);
  await login.getByRole('button', { name: 'Log in' }).click();
  const code = page.getByRole('dialog', { name: 'Two-factor authentication' });
  await expect(code).toBeVisible();
  return { login, code };
}

/** Another device: a request context signed in as the user through the login API. */
async function signInElsewhere(playwright: { request: APIRequest }, user: { email: string; password: string }): Promise<APIRequestContext> {
  const api = await playwright.request.newContext({ baseURL: SERVER_URL, extraHTTPHeaders: { 'x-rally-request': '1' } });
  const res = await api.post('/api/v1/login', { data: { email: user.email, password: user.password } });
  expect(res.status()).toBe(200);
  return api;
}

async function expectSignedIn(page: Page, login: Locator): Promise<void> {
  await expect(login).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Your teams' })).toBeVisible();
}

test('sessions and two-factor: sign other devices out, turn 2FA on, sign in with an app code and with a backup code once, turn it off', async ({
  user,
  openAs,
  playwright,
}, testInfo) => {
  const page = await openAs(user);
  let secret = '';
  let backupCodes: string[] = [];

  await test.step('Sessions: sign out one other device, then all the others', async () => {
    const others = [await signInElsewhere(playwright, user), await signInElsewhere(playwright, user)];
    const settings = await openSettings(page);
    await settings.getByRole('tab', { name: 'Sessions' }).click();
    const items = settings.getByRole('list', { name: 'Signed-in devices' }).getByRole('listitem');
    await expect(items).toHaveCount(3);
    await expect(items.filter({ hasText: 'This device' })).toHaveCount(1);
    await items
      .filter({ hasNotText: 'This device' })
      .first()
      .getByRole('button', { name: /^Sign out / })
      .click();
    await expect(items).toHaveCount(2);
    await settings.getByRole('button', { name: 'Sign out all other sessions' }).click();
    const confirm = page.getByRole('dialog', { name: 'Sign out all other sessions' });
    await confirm.getByRole('button', { name: 'Sign out all other sessions' }).click();
    await expect(confirm).toBeHidden();
    await expect(items).toHaveCount(1);
    for (const other of others) {
      expect((await other.get('/api/v1/me')).status()).toBe(401);
      await other.dispose();
    }
    expect((await page.request.get('/api/v1/me')).status()).toBe(200);
    await settings.getByRole('tab', { name: 'My account' }).click();
  });

  await test.step('My account: enable, scan (read the key), confirm with a code', async () => {
    const settings = page.getByRole('dialog', { name: 'Settings' });
    await expect(settings.getByText('Off', { exact: true })).toBeVisible();
    await settings.getByRole('button', { name: 'Enable two-factor authentication' }).click();
    const setup = page.getByRole('dialog', { name: 'Set up two-factor authentication' });
    await expect(setup.getByRole('img', { name: 'QR code to scan with your authenticator app' })).toBeVisible();
    secret = (await setup.getByTestId('two-factor-secret').textContent()) ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await snap(page, testInfo, 'two-factor-1-setup');

    // A wrong code is refused under the field; the right one turns it on.
    await setup.getByRole('textbox', { name: '6-digit code' }).fill(appCode(secret, 5));
    await setup.getByRole('button', { name: 'Turn on' }).click();
    await expect(setup.getByText('Invalid code')).toBeVisible();
    await setup.getByRole('textbox', { name: '6-digit code' }).fill(appCode(secret));
    await setup.getByRole('button', { name: 'Turn on' }).click();

    const codes = page.getByRole('dialog', { name: 'Save your backup codes' });
    const items = codes.getByRole('list', { name: 'Backup codes' }).getByRole('listitem');
    await expect(items).toHaveCount(12);
    backupCodes = await items.allTextContents();
    for (const code of backupCodes) expect(code).toMatch(/^[a-z0-9]{4}-[a-z0-9]{4}-[a-z0-9]{4}$/);
    await snap(page, testInfo, 'two-factor-2-backup-codes');

    const download = page.waitForEvent('download');
    await codes.getByRole('button', { name: 'Download backup codes' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('2fa-backup-codes.txt');
    const saved = fs.readFileSync(await file.path(), 'utf8');
    for (const code of backupCodes) expect(saved).toContain(code);

    await codes.getByRole('button', { name: 'Done' }).click();
    await expect(settings.getByText('On', { exact: true })).toBeVisible();
    await expect(settings.getByRole('button', { name: 'Disable two-factor authentication' })).toBeVisible();
  });

  await test.step('Sessions: this device is listed and marked', async () => {
    const settings = page.getByRole('dialog', { name: 'Settings' });
    await settings.getByRole('tab', { name: 'Sessions' }).click();
    const list = settings.getByRole('list', { name: 'Signed-in devices' });
    await expect(list.getByRole('listitem').filter({ hasText: 'This device' })).toHaveCount(1);
    await expect(list.getByRole('listitem').filter({ hasText: 'This device' })).toContainText(/Chrome on \w+/);
    await snap(page, testInfo, 'two-factor-3-sessions');
    await page.keyboard.press('Escape');
  });

  await test.step('log out, then log in through the 2FA code dialog with an app code', async () => {
    await logOut(page);
    const { login, code } = await logInUntilCodeAsked(page, user.email, user.password);
    await snap(page, testInfo, 'two-factor-4-login-code');
    // The code that turned 2FA on was spent: the next step's code (within the accepted drift) signs in.
    await code.getByRole('textbox', { name: 'Authentication code' }).fill(appCode(secret, 1));
    await code.getByRole('button', { name: 'Verify' }).click();
    await expect(code).toBeHidden();
    await expectSignedIn(page, login);
  });

  const [backupCode] = backupCodes;
  if (!backupCode) throw new Error('no backup codes were shown');

  await test.step('log out, then log in with a backup code', async () => {
    await logOut(page);
    const { login, code } = await logInUntilCodeAsked(page, user.email, user.password);
    await code.getByRole('button', { name: 'Use a backup code instead' }).click();
    await code.getByRole('textbox', { name: 'Backup code' }).fill(backupCode.toUpperCase());
    await snap(page, testInfo, 'two-factor-5-login-backup');
    await code.getByRole('button', { name: 'Verify' }).click();
    await expectSignedIn(page, login);
  });

  await test.step('the same backup code is refused the second time; cancelling gives the login up', async () => {
    await logOut(page);
    const { login, code } = await logInUntilCodeAsked(page, user.email, user.password);
    await code.getByRole('button', { name: 'Use a backup code instead' }).click();
    await code.getByRole('textbox', { name: 'Backup code' }).fill(backupCode);
    await code.getByRole('button', { name: 'Verify' }).click();
    await expect(code.getByText('Invalid backup code')).toBeVisible();
    await code.getByRole('button', { name: 'Cancel' }).click();
    await expect(code).toBeHidden();
    // Still signed out: the login dialog is there to try again, with no error of its own.
    await expect(login).toBeVisible();
    await expect(login.getByRole('alert')).toHaveCount(0);
  });

  await test.step('turning 2FA off asks for a code too, through the same dialog', async () => {
    const [, secondCode, thirdCode] = backupCodes;
    const login = page.getByRole('dialog', { name: 'Welcome back!' });
    await login.getByRole('button', { name: 'Log in' }).click();
    const code = page.getByRole('dialog', { name: 'Two-factor authentication' });
    await code.getByRole('button', { name: 'Use a backup code instead' }).click();
    await code.getByRole('textbox', { name: 'Backup code' }).fill(secondCode!);
    await code.getByRole('button', { name: 'Verify' }).click();
    await expectSignedIn(page, login);

    const settings = await openSettings(page);
    await expect(settings.getByText('On', { exact: true })).toBeVisible();
    await snap(page, testInfo, 'two-factor-6-account-on');
    await settings.getByRole('button', { name: 'Disable two-factor authentication' }).click();
    await expect(code).toBeVisible();
    await code.getByRole('button', { name: 'Use a backup code instead' }).click();
    await code.getByRole('textbox', { name: 'Backup code' }).fill(thirdCode!);
    await code.getByRole('button', { name: 'Verify' }).click();
    await expect(code).toBeHidden();
    await expect(settings.getByText('Off', { exact: true })).toBeVisible();
    await expect(settings.getByRole('button', { name: 'Enable two-factor authentication' })).toBeVisible();
  });
});

for (const { language, size, viewport } of PICTURE_VARIANTS) {
  test(`pictures: two-factor and sessions (${language}, ${size})`, async ({ user, openAs }, testInfo) => {
    const page = await openAs(user);
    await page.setViewportSize(viewport);
    await page.evaluate((lng) => localStorage.setItem('rally.language', lng), language);
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    const en = language === 'en';
    await page
      .getByRole('navigation')
      .getByRole('button', { name: en ? 'User settings' : 'Kullanıcı ayarları' })
      .click();
    const settings = page.getByRole('dialog', { name: en ? 'Settings' : 'Ayarlar' });
    await settings.getByRole('button', { name: en ? 'Enable two-factor authentication' : 'İki adımlı doğrulamayı aç' }).click();
    const setup = page.getByRole('dialog', { name: en ? 'Set up two-factor authentication' : 'İki adımlı doğrulamayı kur' });
    const secret = (await setup.getByTestId('two-factor-secret').textContent()) ?? '';
    await snap(page, testInfo, `two-factor-pic-setup-${language}-${size}`);
    await setup.getByRole('textbox', { name: en ? '6-digit code' : '6 haneli kod' }).fill(appCode(secret));
    await setup.getByRole('button', { name: en ? 'Turn on' : 'Aç' }).click();
    const codes = page.getByRole('dialog', { name: en ? 'Save your backup codes' : 'Yedek kodlarını kaydet' });
    await expect(codes.getByRole('listitem')).toHaveCount(12);
    await snap(page, testInfo, `two-factor-pic-codes-${language}-${size}`);
    await codes.getByRole('button', { name: en ? 'Done' : 'Tamam' }).click();

    await settings.getByRole('button', { name: en ? 'Disable two-factor authentication' : 'İki adımlı doğrulamayı kapat' }).click();
    const code = page.getByRole('dialog', { name: en ? 'Two-factor authentication' : 'İki adımlı doğrulama' });
    await expect(code).toBeVisible();
    await snap(page, testInfo, `two-factor-pic-code-${language}-${size}`);
    await code.getByRole('button', { name: en ? 'Cancel' : 'İptal' }).click();
    await expect(code).toBeHidden();
    await expect(settings.getByText(en ? 'On' : 'Açık', { exact: true })).toBeVisible();
    await snap(page, testInfo, `two-factor-pic-account-${language}-${size}`);

    await settings.getByRole('tab', { name: en ? 'Sessions' : 'Oturumlar' }).click();
    await expect(settings.getByText(en ? 'This device' : 'Bu cihaz')).toBeVisible();
    await snap(page, testInfo, `two-factor-pic-sessions-${language}-${size}`);
  });
}
