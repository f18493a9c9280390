import type { Page } from '@playwright/test';
import { PICTURE_VARIANTS, snap } from '../../fixtures/screenshots';
import { expect, test } from '../../fixtures/test';

/** Log out (the user settings' button and the sidebar's) asks first: Cancel and Escape keep the session, Log Out ends it. */

const confirmDialog = (page: Page, name = 'Log Out') => page.getByRole('dialog', { name });

async function openSettings(page: Page, name = 'User settings', title = 'Settings') {
  await page.getByRole('navigation').getByRole('button', { name }).click();
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toBeVisible();
  return dialog;
}

test('Log out in the settings asks first; Escape and Cancel keep the session; the keyboard confirms', async ({ signedInPage: page, user }) => {
  const settings = await openSettings(page);
  const logOut = settings.getByRole('button', { name: 'Log out' });

  await test.step('Escape keeps the session and the settings', async () => {
    await logOut.click();
    const dialog = confirmDialog(page);
    await expect(dialog.getByText('Are you sure you want to log out?')).toBeVisible();
    // The safe choice has the focus first.
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(settings).toBeVisible();
    await expect(logOut).toBeFocused();
    expect((await user.api.get('/api/v1/me')).status()).toBe(200);
  });

  await test.step('Cancel, by keyboard, keeps it too', async () => {
    await page.keyboard.press('Enter');
    await expect(confirmDialog(page).getByRole('button', { name: 'Cancel' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(confirmDialog(page)).toBeHidden();
    expect((await user.api.get('/api/v1/me')).status()).toBe(200);
  });

  await test.step('Tab to Log Out and Enter: signed out, on the landing page', async () => {
    await logOut.click();
    const confirm = confirmDialog(page).getByRole('button', { name: 'Log Out', exact: true });
    for (let i = 0; i < 3 && !(await confirm.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
    await expect(confirm).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('button', { name: 'Log in' }).first()).toBeVisible();
    expect((await user.api.get('/api/v1/me')).status()).toBe(401);
  });
});

test("the sidebar's Log out asks the same", async ({ signedInPage: page, user }) => {
  await page.getByRole('navigation').getByRole('button', { name: 'Log out' }).click();
  await confirmDialog(page).getByRole('button', { name: 'Cancel' }).click();
  await expect(confirmDialog(page)).toBeHidden();
  expect((await user.api.get('/api/v1/me')).status()).toBe(200);
  await page.getByRole('navigation').getByRole('button', { name: 'Log out' }).click();
  await confirmDialog(page).getByRole('button', { name: 'Log Out', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Log in' }).first()).toBeVisible();
  expect((await user.api.get('/api/v1/me')).status()).toBe(401);
});

for (const { language, size, viewport } of PICTURE_VARIANTS) {
  test(`pictures: the log out confirmation (${language}, ${size})`, async ({ signedInPage: page }, testInfo) => {
    await page.setViewportSize(viewport);
    await page.evaluate((lng) => localStorage.setItem('rally.language', lng), language);
    await page.reload();
    const en = language === 'en';
    const settings = await openSettings(page, en ? 'User settings' : 'Kullanıcı ayarları', en ? 'Settings' : 'Ayarlar');
    await settings.getByRole('button', { name: en ? 'Log out' : 'Çıkış yap' }).click();
    await expect(confirmDialog(page, en ? 'Log Out' : 'Çıkış Yap').getByRole('button', { name: en ? 'Cancel' : 'Vazgeç' })).toBeFocused();
    await snap(page, testInfo, `settings-logout-confirm-${language}-${size}`);
  });
}
