import type { Locator, Page } from '@playwright/test';
import { postMessage } from '../../fixtures/api';
import { PICTURE_VARIANTS, snap } from '../../fixtures/screenshots';
import { expect, test } from '../../fixtures/test';
import { channelPath, expectChannelOpen, messageIn, toolbarOf } from '../../fixtures/ui';

/**
 * The user settings (spec 000 §2, §3): opened from the gear beside the status at the foot of the
 * sidebar; my account with the e-mail masked, privacy (the two audiences), advanced (developer
 * mode's Copy ID), language (applied at once, kept after a reload, saved to the account), log out.
 */

const settingsDialog = (page: Page, title = 'Settings') => page.getByRole('dialog', { name: title });

/** Open the settings from the sidebar's gear. */
async function openSettings(page: Page, name = 'User settings', title = 'Settings'): Promise<Locator> {
  await page.getByRole('navigation').getByRole('button', { name }).click();
  const dialog = settingsDialog(page, title);
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Do `action` and wait for the server's answer to the settings call it makes. */
async function saved(page: Page, path: string, action: () => Promise<unknown>): Promise<void> {
  const answer = page.waitForResponse((res) => new URL(res.url()).pathname === path && res.request().method() === 'POST');
  await action();
  expect((await answer).status()).toBe(200);
}

test('settings: account, privacy, developer mode with Copy ID, Turkish kept after a reload, log out', async ({
  signedInPage: page,
  user,
  secondUser,
  team,
}, testInfo) => {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  const text = `Settings test message ${Date.now()}`;
  const messageId = await postMessage(user, team.generalId, text);
  await page.goto(channelPath(team));
  await expectChannelOpen(page);

  await test.step('without developer mode a message offers no Copy ID', async () => {
    await (await toolbarOf(messageIn(page, text))).getByRole('button', { name: 'More' }).click();
    await expect(page.getByRole('menuitem', { name: 'Copy Message Link' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Copy Message ID' })).toHaveCount(0);
    await page.keyboard.press('Escape');
  });

  const dialog = await openSettings(page);

  await test.step('my account shows the name, the @slug and the e-mail masked', async () => {
    await expect(dialog.getByRole('tab', { name: 'My account' })).toHaveAttribute('aria-selected', 'true');
    const panel = dialog.getByRole('tabpanel');
    await expect(panel.getByText(`@${user.slug}`).first()).toBeVisible();
    await expect(panel.getByText(`${user.email.slice(0, 1)}***@example.com`)).toBeVisible();
    await expect(panel.getByText(user.email)).toHaveCount(0);
    await snap(page, testInfo, 'settings-account-en-desktop');
  });

  await test.step('privacy: nobody may send friend requests, and the server refuses one', async () => {
    // The tabs are reached with the arrow keys.
    await dialog.getByRole('tab', { name: 'My account' }).focus();
    await page.keyboard.press('ArrowDown');
    await expect(dialog.getByRole('tab', { name: 'Privacy' })).toHaveAttribute('aria-selected', 'true');
    const requests = dialog.getByRole('group', { name: 'Who can send you friend requests' });
    await expect(requests.getByRole('radio', { name: /^Everyone/ })).toBeChecked();
    await saved(page, '/api/v1/me/settings/privacy', () => requests.getByRole('radio', { name: /^No one/ }).check());
    await expect(requests.getByRole('radio', { name: /^No one/ })).toBeChecked();
    const refused = await secondUser.api.post('/api/v1/me/friends', { data: { slug: user.slug } });
    expect(refused.status()).toBe(403);
    expect((await refused.json()).code).toBe('friend_request_not_accepted');
    await snap(page, testInfo, 'settings-privacy-en-desktop');
  });

  await test.step('advanced: developer mode on', async () => {
    await dialog.getByRole('tab', { name: 'Advanced' }).click();
    const developer = dialog.getByRole('switch', { name: 'Developer mode' });
    await expect(developer).not.toBeChecked();
    await expect(dialog.getByRole('switch', { name: 'Left sidebar' })).toBeChecked();
    await saved(page, '/api/v1/me/settings', () => developer.check());
    await expect(developer).toBeChecked();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  await test.step("Copy ID puts the message's id on the clipboard", async () => {
    await (await toolbarOf(messageIn(page, text))).getByRole('button', { name: 'More' }).click();
    await page.getByRole('menuitem', { name: 'Copy Message ID' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Message ID copied to clipboard' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(messageId);
  });

  await test.step('language: Turkish at once, saved to the account, kept after a reload', async () => {
    const again = await openSettings(page);
    await again.getByRole('tab', { name: 'Language' }).click();
    await saved(page, '/api/v1/me/settings', () => again.getByRole('radio', { name: 'Türkçe' }).check());
    await expect(page.locator('html')).toHaveAttribute('lang', 'tr');
    await expect(settingsDialog(page, 'Ayarlar').getByRole('tab', { name: 'Dil' })).toHaveAttribute('aria-selected', 'true');
    const me = await (await user.api.get('/api/v1/me')).json();
    expect(me.settings).toMatchObject({ locale: 'tr', developerMode: { isEnabled: true }, privacy: { friendRequests: 'noone' } });

    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'tr');
    await expect(page.getByRole('navigation').getByRole('button', { name: 'Kullanıcı ayarları' })).toBeVisible();
  });

  await test.step('log out from the settings, after confirming', async () => {
    const turkish = await openSettings(page, 'Kullanıcı ayarları', 'Ayarlar');
    await turkish.getByRole('button', { name: 'Çıkış yap' }).click();
    const confirm = page.getByRole('dialog', { name: 'Çıkış Yap' });
    await expect(confirm.getByText('Çıkış yapmak istediğine emin misin?')).toBeVisible();
    await confirm.getByRole('button', { name: 'Çıkış Yap', exact: true }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('navigation').getByRole('button', { name: 'Kullanıcı ayarları' })).toHaveCount(0);
    expect((await user.api.get('/api/v1/me')).status()).toBe(401);
  });
});

test('the language chosen in the sidebar is saved to the account; the left sidebar off puts the team list on top', async ({
  signedInPage: page,
  user,
  team,
}, testInfo) => {
  await page.goto(channelPath(team));
  await expectChannelOpen(page);
  await saved(page, '/api/v1/me/settings', () => page.getByRole('combobox', { name: 'Language' }).selectOption('tr'));
  await expect(page.locator('html')).toHaveAttribute('lang', 'tr');
  expect((await (await user.api.get('/api/v1/me')).json()).settings.locale).toBe('tr');

  const sidebar = page.getByRole('navigation', { name: 'Takımlar ve gezinme' });
  const before = await sidebar.boundingBox();
  expect(before && before.height > before.width).toBe(true);
  const dialog = await openSettings(page, 'Kullanıcı ayarları', 'Ayarlar');
  await dialog.getByRole('tab', { name: 'Gelişmiş' }).click();
  await saved(page, '/api/v1/me/settings', () => dialog.getByRole('switch', { name: 'Sol kenar çubuğu' }).uncheck());
  await page.keyboard.press('Escape');
  await expect(async () => {
    const after = await sidebar.boundingBox();
    expect(after && after.width > after.height).toBe(true);
  }).toPass();
  await snap(page, testInfo, 'settings-left-sidebar-off-tr-desktop');
});

for (const { language, size, viewport } of PICTURE_VARIANTS) {
  test(`pictures: user settings (${language}, ${size})`, async ({ signedInPage: page }, testInfo) => {
    await page.setViewportSize(viewport);
    await page.evaluate((lng) => localStorage.setItem('rally.language', lng), language);
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    const en = language === 'en';
    const dialog = await openSettings(page, en ? 'User settings' : 'Kullanıcı ayarları', en ? 'Settings' : 'Ayarlar');
    await snap(page, testInfo, `settings-pic-account-${language}-${size}`);
    await dialog.getByRole('tab', { name: en ? 'Privacy' : 'Gizlilik' }).click();
    await snap(page, testInfo, `settings-pic-privacy-${language}-${size}`);
    await dialog.getByRole('tab', { name: en ? 'Advanced' : 'Gelişmiş' }).click();
    await snap(page, testInfo, `settings-pic-advanced-${language}-${size}`);
    await dialog.getByRole('tab', { name: en ? 'Voice' : 'Ses' }).click();
    await snap(page, testInfo, `settings-pic-voice-${language}-${size}`);
  });
}
