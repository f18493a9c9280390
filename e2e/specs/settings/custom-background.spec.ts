import type { Page } from '@playwright/test';
import { postMessage } from '../../fixtures/api';
import { png } from '../../fixtures/images';
import { snap } from '../../fixtures/screenshots';
import { expect, test } from '../../fixtures/test';
import { channelPath, expectChannelOpen } from '../../fixtures/ui';

/**
 * Custom background (spec 000 §2 App settings, §3; stored locally): an image uploaded (type
 * customBackground) shows behind the app; the switch turns it off and on; Remove forgets it.
 */

const shellBackground = (page: Page) => page.locator('#main').evaluate((main) => getComputedStyle(main.parentElement?.parentElement ?? main).backgroundImage);

test('uploads a custom background, shows it behind the app, toggles and removes it', async ({ signedInPage: page, user, team }, testInfo) => {
  await postMessage(user, team.generalId, 'Readable over the background');
  await page.goto(channelPath(team));
  await expectChannelOpen(page);
  expect(await shellBackground(page)).toBe('none');

  await page.getByRole('navigation').getByRole('button', { name: 'User settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await dialog.getByRole('tab', { name: 'Custom background' }).click();
  const toggle = dialog.getByRole('switch', { name: 'Show custom background' });
  await expect(toggle).toBeDisabled();

  await test.step('upload: on at once, behind the app', async () => {
    const uploaded = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/v1/upload');
    await dialog.getByLabel('Choose a background image').setInputFiles({ name: 'bg.png', mimeType: 'image/png', buffer: png(640, 360, 220) });
    expect((await uploaded).status()).toBe(201);
    await expect(dialog.getByRole('img', { name: 'Your custom background' })).toHaveAttribute('src', /\/uploads\/customBackground\/[\w-]{22}\.png$/);
    await expect(toggle).toBeChecked();
    await snap(page, testInfo, 'custom-background-1-panel');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect.poll(() => shellBackground(page)).toContain('/uploads/customBackground/');
    await snap(page, testInfo, 'custom-background-2-applied');
  });

  await test.step('the switch turns it off; kept after a reload; Remove forgets it', async () => {
    await page.getByRole('navigation').getByRole('button', { name: 'User settings' }).click();
    await dialog.getByRole('tab', { name: 'Custom background' }).click();
    await toggle.uncheck();
    await expect.poll(() => shellBackground(page)).toBe('none');
    await page.reload();
    await expectChannelOpen(page);
    expect(await shellBackground(page)).toBe('none');
    await page.getByRole('navigation').getByRole('button', { name: 'User settings' }).click();
    await dialog.getByRole('tab', { name: 'Custom background' }).click();
    await toggle.check();
    await expect.poll(() => shellBackground(page)).toContain('/uploads/customBackground/');
    await dialog.getByRole('button', { name: 'Remove' }).click();
    await expect(dialog.getByText('No background chosen')).toBeVisible();
    await expect(toggle).toBeDisabled();
    await expect.poll(() => shellBackground(page)).toBe('none');
  });
});
