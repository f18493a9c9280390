import { expect, test } from '../../fixtures/test';
import { snap } from '../../fixtures/screenshots';
import { channelPath, expectChannelOpen } from '../../fixtures/ui';

/** The owner makes an invite link in the invite dialog; another person opens it and joins. */
test('an invite link made in the dialog lets another user join the team', async ({ signedInPage: owner, team, secondUser, openAs }, testInfo) => {
  await owner.goto(channelPath(team));
  await owner.getByRole('button', { name: 'Invite', exact: true }).click();
  const dialog = owner.getByRole('dialog');
  const field = dialog.getByRole('textbox', { name: 'Invite link' });
  await expect(field).toHaveValue(/\/invite\/[\w-]+$/);
  await expect(dialog.getByRole('button', { name: 'Copy' })).toBeVisible();
  const link = await field.inputValue();
  await snap(owner, testInfo, 'invites-1-invite-dialog');
  await owner.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  const guest = await openAs(secondUser, link);
  await expect(guest.getByText(team.name).first()).toBeVisible();
  await snap(guest, testInfo, 'invites-2-invite-page');
  await guest.getByRole('button', { name: 'Join team' }).click();
  await expectChannelOpen(guest);
  await snap(guest, testInfo, 'invites-3-joined');
});
