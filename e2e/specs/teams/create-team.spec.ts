import { expect, test } from '../../fixtures/test';
import { snap } from '../../fixtures/screenshots';
import { expectChannelOpen } from '../../fixtures/ui';

test('a signed-in user creates a team in the dialog and lands in its #general', async ({ signedInPage: page }, testInfo) => {
  const name = `Squad ${Date.now().toString(36).slice(-4)}`;
  await page.getByRole('button', { name: 'Create a team' }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'Team name' }).fill(name);
  await snap(page, testInfo, 'teams-1-create-team-dialog');
  await dialog.getByRole('button', { name: 'Create', exact: true }).click();

  await expect(dialog).toBeHidden();
  // The team page opens on its first text channel, #general.
  await expectChannelOpen(page);
  await expect(page.getByText(name).first()).toBeVisible();
  await snap(page, testInfo, 'teams-2-team-created');
});
