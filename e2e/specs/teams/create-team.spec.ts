import type { Page } from '@playwright/test';
import { expect, test } from '../../fixtures/test';
import { snap } from '../../fixtures/screenshots';
import { composer, expectChannelOpen } from '../../fixtures/ui';

const channelList = (page: Page, label = 'Channels') => page.getByRole('navigation', { name: label });

test('a signed-in user creates a team in the dialog and lands in its #general, with a General voice channel beside it', async ({
  signedInPage: page,
}, testInfo) => {
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
  // Beside it, in a category of its own, the default voice channel.
  const text = channelList(page).getByRole('region', { name: 'Text Channels' });
  const voice = channelList(page).getByRole('region', { name: 'Voice Channels' });
  await expect(text.getByRole('link', { name: 'general', exact: true })).toBeVisible();
  await expect(voice.getByRole('link', { name: /^General \(Voice channel\)/ })).toBeVisible();
  // Focus back in the chat: the "Create a team" button's tooltip would cover the voice channel.
  await composer(page).focus();
  await snap(page, testInfo, 'teams-2-team-created');

  await voice.getByRole('link', { name: /^General/ }).click();
  await expect(page.getByRole('button', { name: 'Join voice channel' })).toBeVisible();
});

test('a team created in Turkish has its channels named in Turkish', async ({ signedInPage: page }, testInfo) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.evaluate(() => localStorage.setItem('rally.language', 'tr'));
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'tr');
  await page.getByRole('button', { name: 'Takım oluştur' }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'Takım adı' }).fill(`Akıncılar ${Date.now().toString(36).slice(-4)}`);
  await dialog.getByRole('button', { name: 'Oluştur', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('textbox', { name: '#genel kanalına mesaj gönder' })).toBeVisible();
  await page.getByRole('button', { name: 'Kanallar', exact: true }).click();
  const voice = channelList(page, 'Kanallar').getByRole('region', { name: 'Ses Kanalları' });
  await expect(channelList(page, 'Kanallar').getByRole('region', { name: 'Metin Kanalları' }).getByRole('link', { name: 'genel', exact: true })).toBeVisible();
  await expect(voice.getByRole('link', { name: /^Genel/ })).toBeVisible();
  await snap(page, testInfo, 'teams-3-team-created-phone-tr');
});
