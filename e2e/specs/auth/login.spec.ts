import { expect, test } from '../../fixtures/test';
import { snap } from '../../fixtures/screenshots';

/** Logging in is the flow under test: the `user` fixture is registered through the API, signed out in this browser. */
test('a registered user logs in through the dialog', async ({ page, user }, testInfo) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Log in' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Welcome back!' });
  await dialog.getByRole('textbox', { name: 'Email' }).fill(user.email);
  await dialog.getByLabel('Password').fill(user.password);
  await snap(page, testInfo, 'auth-2-login-dialog');
  await dialog.getByRole('button', { name: 'Log in' }).click();

  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Your teams' })).toBeVisible();
  await snap(page, testInfo, 'auth-3-logged-in-home');
});
