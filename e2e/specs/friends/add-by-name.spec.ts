import type { Page } from '@playwright/test';
import { registerUser } from '../../fixtures/api';
import { PICTURE_VARIANTS, snap } from '../../fixtures/screenshots';
import { expect, test } from '../../fixtures/test';

/**
 * Friends by the name people see: registration turns a name like `e2e_1a2b3c4d` (underscores,
 * spaces) into a handle (`e2e-1a2b3c4d`); Add Friend takes the name as it was typed at sign-up as
 * well as the @handle, and the first screen after sign-up tells the user their handle.
 */

const tab = (page: Page, name: RegExp | string) => page.getByRole('tab', { name });
const panel = (page: Page) => page.getByRole('tabpanel');

test('adds a friend by the name they signed up with (an underscore in it), and by @handle', async ({ signedInPage: alice, secondUser: bob }, testInfo) => {
  expect(bob.username).toContain('_');
  await alice.goto('/me/friends');
  await tab(alice, 'Add Friend').click();
  const field = panel(alice).getByRole('textbox', { name: 'Name or @handle' });
  const submit = panel(alice).getByRole('button', { name: 'Send Friend Request' });
  await field.fill(bob.username.toUpperCase());
  await expect(submit).toBeEnabled();
  await submit.click();
  await expect(alice.getByText(`Friend request sent to ${bob.username}`)).toBeVisible();
  await tab(alice, /^Pending/).click();
  await expect(
    panel(alice)
      .getByRole('listitem')
      .filter({ hasText: `@${bob.slug}` }),
  ).toContainText('Outgoing Friend Request');

  // The handle as it is shown (with its @) finds him too: the request is already there.
  await tab(alice, 'Add Friend').click();
  await field.fill(`@${bob.slug}`);
  await submit.click();
  await expect(panel(alice).getByText('You have already sent this user a friend request')).toBeVisible();
  await snap(alice, testInfo, 'add-by-name-refusal');
});

/** The handle right after sign-up (the welcome tour) and in My Account, at desktop (English) and phone (Turkish) sizes. */
for (const { language, size, viewport } of PICTURE_VARIANTS) {
  test(`pictures: the handle in the welcome tour and My Account (${language}, ${size})`, async ({ browser, playwright }, testInfo) => {
    const fresh = await registerUser(playwright.request, 'new_me', { tour: 'keep' });
    try {
      const context = await browser.newContext({ viewport, storageState: await fresh.api.storageState() });
      const page = await context.newPage();
      await page.goto('/');
      await page.evaluate((lng) => localStorage.setItem('rally.language', lng), language);
      await page.reload();
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      const tour = page.getByRole('dialog', { name: language === 'en' ? 'Welcome to Rally' : /Rally/ });
      await expect(tour.getByText(`@${fresh.slug}`)).toBeVisible();
      await snap(page, testInfo, `handle-pic-tour-${language}-${size}`);
      await tour.getByRole('button', { name: language === 'en' ? 'Skip the tour' : /Turu/ }).click();
      await expect(tour).toBeHidden();
      await page
        .getByRole('button', { name: language === 'en' ? 'User settings' : 'Kullanıcı ayarları' })
        .first()
        .click();
      const account = page.getByRole('dialog', { name: language === 'en' ? 'Settings' : 'Ayarlar' }).getByRole('tabpanel');
      await expect(account.getByText(language === 'en' ? 'Friends add you with this handle.' : 'Arkadaşların seni bu kısa adla ekler.')).toBeVisible();
      await snap(page, testInfo, `handle-pic-account-${language}-${size}`);
      await context.close();
    } finally {
      await fresh.api.dispose();
    }
  });
}
