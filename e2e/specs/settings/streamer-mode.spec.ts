import type { Page } from '@playwright/test';
import { befriend, createDm, postMessage } from '../../fixtures/api';
import { snap } from '../../fixtures/screenshots';
import { expect, test } from '../../fixtures/test';
import { channelPath, expectChannelOpen } from '../../fixtures/ui';

/**
 * Streamer mode (spec 000 §2 App settings, §3; stored locally): turned on in its panel, a banner
 * says so with Disable; the e-mail (My account), invite links (invite dialog) and the direct-message
 * previews are hidden; Disable brings them back; the recorded shortcut toggles it anywhere.
 */

const banner = (page: Page) => page.getByRole('region', { name: 'Streamer mode notice' });

async function openSettingsTab(page: Page, tab: string) {
  await page.getByRole('navigation').getByRole('button', { name: 'User settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await dialog.getByRole('tab', { name: tab }).click();
  return dialog;
}

test('streamer mode hides the e-mail, invite links and DM previews; Disable and the shortcut toggle it', async ({
  signedInPage: page,
  user,
  secondUser,
  team,
}, testInfo) => {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await befriend(user, secondUser);
  const preview = `Plans ${String(Date.now()).slice(-6)}`;
  await postMessage(secondUser, await createDm(secondUser, [user]), preview);
  const maskedEmail = `${user.email.slice(0, 1)}***@example.com`;

  await test.step('off: the DM list shows the last message', async () => {
    await page.goto('/chat');
    await expect(page.getByText(preview)).toBeVisible();
    await expect(banner(page)).toHaveCount(0);
  });

  await test.step('turned on in its panel, with a recorded shortcut: the banner shows', async () => {
    const dialog = await openSettingsTab(page, 'Streamer mode');
    const toggle = dialog.getByRole('switch', { name: 'Streamer mode' });
    await expect(toggle).not.toBeChecked();
    for (const name of ['Hide personal information', 'Hide invite links', 'Hide last messages in direct messages']) {
      await expect(dialog.getByRole('switch', { name })).toBeChecked();
    }
    const recorder = dialog.getByRole('button', { name: /^Keyboard shortcut/ });
    await expect(recorder).toHaveAccessibleName('Keyboard shortcut None');
    await recorder.click();
    await expect(recorder).toHaveAccessibleName('Keyboard shortcut Press a combination…');
    await page.keyboard.press('Control+Shift+KeyY');
    await expect(recorder).toHaveAccessibleName('Keyboard shortcut Ctrl+Shift+Y');
    await toggle.check();
    await expect(banner(page)).toContainText('Streamer mode is enabled');
    await snap(page, testInfo, 'streamer-mode-1-panel');
  });

  await test.step('My account hides the e-mail completely', async () => {
    const dialog = page.getByRole('dialog', { name: 'Settings' });
    await dialog.getByRole('tab', { name: 'My account' }).click();
    const panel = dialog.getByRole('tabpanel');
    await expect(panel.getByText('Hidden by streamer mode')).toBeVisible();
    await expect(panel.getByText(maskedEmail)).toHaveCount(0);
    await expect(panel.getByText(user.email)).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  await test.step('the DM list shows no preview', async () => {
    const row = page.getByRole('listitem').filter({ hasText: secondUser.username });
    await expect(row).toBeVisible();
    await expect(row).not.toContainText(preview);
    await expect(page.getByText(preview)).toHaveCount(0);
    await snap(page, testInfo, 'streamer-mode-2-banner-dm-list');
  });

  await test.step('the invite dialog masks the link; Copy still copies it', async () => {
    await page.goto(channelPath(team));
    await expectChannelOpen(page);
    await page.getByRole('button', { name: 'Invite', exact: true }).click();
    const dialog = page.getByRole('dialog');
    const field = dialog.getByRole('textbox', { name: 'Invite link' });
    await expect(field).toHaveValue(/\/invite\/•+$/);
    await expect(dialog.getByText('Hidden by streamer mode; Copy still copies the link.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Copy' }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toMatch(/\/invite\/[\w-]+$/);
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).not.toContain('•');
    await snap(page, testInfo, 'streamer-mode-3-invite-masked');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  await test.step('Disable in the banner brings everything back', async () => {
    await banner(page).getByRole('button', { name: 'Disable' }).click();
    await expect(banner(page)).toHaveCount(0);
    await page.goto('/chat');
    await expect(page.getByText(preview)).toBeVisible();
  });

  await test.step('the shortcut turns it on and off anywhere, and it is kept after a reload', async () => {
    await page.locator('body').press('Control+Shift+KeyY');
    await expect(banner(page)).toBeVisible();
    await expect(page.getByText(preview)).toHaveCount(0);
    await page.reload();
    await expect(banner(page)).toBeVisible();
    await page.locator('body').press('Control+Shift+KeyY');
    await expect(banner(page)).toHaveCount(0);
    await expect(page.getByText(preview)).toBeVisible();
  });
});
