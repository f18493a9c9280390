import { registerUser } from '../../fixtures/api';
import { snap } from '../../fixtures/screenshots';
import { expect, test } from '../../fixtures/test';

/**
 * The app tour that greets a new account (its birthdate and policy prompts are for accounts that
 * registration cannot make — no birthdate, made before the policy date — and are tested on the
 * server and in the form's unit tests).
 */
test('a new account takes the app tour: create a team, then invite a friend; it does not come back', async ({ playwright, openAs }, testInfo) => {
  const newcomer = await registerUser(playwright.request, 'tour', { tour: 'keep' });
  try {
    const page = await openAs(newcomer);
    const tour = page.getByRole('dialog', { name: 'Welcome to Rally' });
    await expect(tour.getByRole('heading', { name: 'Start a team for your squad' })).toBeVisible();
    await snap(page, testInfo, 'prompts-1-tour-create-team');

    // Step 1 leads to the real create-team dialog; the tour steps aside meanwhile.
    await tour.getByRole('button', { name: 'Create a team' }).click();
    const create = page.getByRole('dialog', { name: /create.*team/i });
    await expect(create).toBeVisible();
    await expect(tour).toBeHidden();
    await page.keyboard.press('Escape');
    await expect(create).toBeHidden();

    // Then step 2, the friend invite link.
    await expect(tour.getByRole('heading', { name: 'Invite a friend' })).toBeVisible();
    await snap(page, testInfo, 'prompts-2-tour-invite-friend');
    await tour.getByRole('button', { name: 'Get my invite link' }).click();
    const invite = page.getByRole('dialog', { name: /friend/i });
    await expect(invite.getByRole('textbox')).toHaveValue(/\/friendinvite\?code=/);
    await invite.getByRole('button', { name: 'Close', exact: true }).last().click();
    await expect(invite).toBeHidden();
    await expect(tour).toBeHidden();

    // Finished on the account: a reload shows no tour.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Your teams' })).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  } finally {
    await newcomer.api.dispose();
  }
});

test('the tour can be skipped step by step or as a whole, with the keyboard, in Turkish too', async ({ playwright, openAs }, testInfo) => {
  const newcomer = await registerUser(playwright.request, 'skip', { tour: 'keep' });
  try {
    const page = await openAs(newcomer);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.evaluate(() => localStorage.setItem('rally.language', 'tr'));
    await page.reload();
    const tour = page.getByRole('dialog', { name: "Rally'ye hoş geldin" });
    await expect(tour.getByRole('heading', { name: 'Ekibin için bir takım kur' })).toBeVisible();
    await snap(page, testInfo, 'prompts-3-tour-tr-mobile');
    await tour.getByRole('button', { name: 'Bu adımı atla' }).focus();
    await page.keyboard.press('Enter');
    await expect(tour.getByRole('heading', { name: 'Arkadaşını davet et' })).toBeVisible();
    await tour.getByRole('button', { name: 'Turu atla' }).click();
    await expect(tour).toBeHidden();
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  } finally {
    await newcomer.api.dispose();
  }
});
