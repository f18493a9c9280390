import { expect, test } from '../../fixtures/test';
import { newCredentials } from '../../fixtures/api';
import { PICTURE_VARIANTS, snap } from '../../fixtures/screenshots';
import { openRegisterDialog, registerThroughUi, skipTour, solveCaptchaWidget } from '../../fixtures/ui';

/** Signing up is the flow under test here, so it goes through the page (other specs use the `user` fixture). */
test('a visitor signs up through the dialog and arrives signed in on their home', async ({ page }, testInfo) => {
  await registerThroughUi(page, newCredentials('signup'));
  await skipTour(page);
  await expect(page.getByRole('heading', { name: 'Your teams' })).toBeVisible();
  await snap(page, testInfo, 'auth-1-registered-home');

  // The session is a cookie: it outlives a reload.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Your teams' })).toBeVisible();
});

/** "Create account" stays disabled until every check passes (000 §5), and says what still blocks it; each missing item takes the user to its field. */
test('the disabled Create account lists what is missing, and each item leads to its field', async ({ page }) => {
  const dialog = await openRegisterDialog(page);
  const submit = dialog.getByRole('button', { name: 'Create account' });
  const needed = dialog.getByRole('list').filter({ has: page.getByRole('button', { name: 'Verification' }) });
  await expect(submit).toBeDisabled();
  // A visitor from TR (the test server's loopback) also gives explicit consent.
  const consent = dialog.getByRole('checkbox', { name: /explicit consent/ });
  await expect(consent).toBeVisible();
  await expect(dialog.getByText('Still needed to create your account:')).toBeVisible();
  await expect(needed.getByRole('button')).toHaveText([
    'Username',
    'Email',
    'Password',
    'Date of birth',
    'Terms of Service',
    'Explicit consent',
    'Verification',
  ]);
  await expect(submit).toHaveAccessibleDescription(/^Still needed to create your account: .*Username/);

  await test.step('a filled field leaves the list; a wrong one stays in it', async () => {
    await dialog.getByLabel('Username').fill('newcomer');
    await dialog.getByLabel('Email').fill('not-an-email');
    await expect(needed.getByRole('button')).toHaveText(['Email', 'Password', 'Date of birth', 'Terms of Service', 'Explicit consent', 'Verification']);
  });

  await test.step('an item shows its field error and moves the focus there, by mouse and by keyboard', async () => {
    await needed.getByRole('button', { name: 'Email' }).click();
    await expect(dialog.getByLabel('Email')).toBeFocused();
    await expect(dialog.getByText('Please enter a valid email address')).toBeVisible();
    await dialog.getByLabel('Email').fill(`newcomer${Date.now()}@example.com`);

    await needed.getByRole('button', { name: 'Date of birth' }).focus();
    await page.keyboard.press('Enter');
    await expect(dialog.getByLabel('Day', { exact: true })).toBeFocused();

    await needed.getByRole('button', { name: 'Terms of Service' }).click();
    await expect(dialog.getByRole('checkbox', { name: /Terms of Service/ })).toBeFocused();
    await page.keyboard.press('Space');
    await expect(needed.getByRole('button')).toHaveText(['Password', 'Date of birth', 'Explicit consent', 'Verification']);
  });

  await test.step('once everything passes, the list goes and the button is enabled', async () => {
    await dialog.getByLabel('Password').fill('hunter22');
    await dialog.getByLabel('Day', { exact: true }).selectOption('1');
    await dialog.getByLabel('Month', { exact: true }).selectOption('1');
    await dialog.getByLabel('Year', { exact: true }).selectOption('2000');
    await consent.check();
    await needed.getByRole('button', { name: 'Verification' }).click();
    await expect(dialog.getByRole('checkbox', { name: "I'm not a robot" })).toBeFocused();
    await solveCaptchaWidget(dialog);
    await expect(dialog.getByText('Still needed to create your account:')).toHaveCount(0);
    await expect(submit).toBeEnabled();
  });
});

for (const { language, size, viewport } of PICTURE_VARIANTS) {
  test(`pictures: what the register form still needs (${language}, ${size})`, async ({ page }, testInfo) => {
    await page.setViewportSize(viewport);
    await page.goto('/');
    await page.evaluate((lng) => localStorage.setItem('rally.language', lng), language);
    const en = language === 'en';
    await page.reload();
    await page
      .getByRole('button', { name: en ? 'Sign up' : 'Kayıt ol', exact: true })
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: en ? 'Create an account' : 'Hesap oluştur' });
    await dialog.getByLabel(en ? 'Username' : 'Kullanıcı adı').fill('newcomer');
    await dialog.getByRole('button', { name: en ? 'Email' : 'E-posta', exact: true }).click();
    await expect(dialog.getByText(en ? 'Please enter a valid email address' : 'Lütfen geçerli bir e-posta adresi gir')).toBeVisible();
    await dialog.getByRole('button', { name: en ? 'Create account' : 'Hesap oluştur' }).scrollIntoViewIfNeeded();
    await expect(dialog.getByText(en ? 'Still needed to create your account:' : 'Hesabını oluşturmak için eksik olanlar:')).toBeVisible();
    await snap(page, testInfo, `auth-register-still-needed-${language}-${size}`);
  });
}
