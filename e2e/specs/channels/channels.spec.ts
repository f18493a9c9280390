import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Locator, Page } from '@playwright/test';
import type { ApiTeam, ApiUser } from '../../fixtures/api';
import { snap } from '../../fixtures/screenshots';
import { expect, test } from '../../fixtures/test';
import { channelPath, expectChannelOpen } from '../../fixtures/ui';

const LOCALES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../apps/web/src/locales');

/** A text of the web client in a language (e.g. 'teams-page', 'channelSettingsOf', { name }), so the Turkish screens are found by role and name too. */
function text(lng: 'en' | 'tr', ns: string, key: string, vars: Record<string, string> = {}): string {
  let node: unknown = JSON.parse(fs.readFileSync(path.join(LOCALES, lng, `${ns}.json`), 'utf8'));
  for (const part of key.split('.')) node = (node as Record<string, unknown>)[part];
  if (typeof node !== 'string') throw new Error(`no text ${lng}/${ns}:${key}`);
  return node.replace(/\{\{(\w+)\}\}/g, (_, name: string) => vars[name] ?? '');
}

const unique = () => Date.now().toString(36).slice(-5);

async function createCategory(user: ApiUser, team: ApiTeam, name: string): Promise<string> {
  const res = await user.api.post(`/api/v1/teams/${team.id}/categories`, { data: { name } });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { category: { id: string } }).category.id;
}

async function createChannel(user: ApiUser, team: ApiTeam, body: Record<string, unknown>): Promise<string> {
  const res = await user.api.put(`/api/v1/teams/${team.id}/channels`, { data: body });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { channel: { id: string } }).channel.id;
}

const sidebar = (page: Page) => page.getByRole('navigation', { name: /^(Channels|Kanallar)$/ });
const saveBar = (dialog: Locator) => dialog.getByRole('region', { name: 'Unsaved changes' });

/** Press Tab until `target` has the focus (a keyboard user's way there), failing after `max` presses. */
async function tabTo(page: Page, target: Locator, max = 40): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

test('the owner creates a text channel in a category and lands in it', async ({ signedInPage: page, user, team }, testInfo) => {
  const category = `Squad ${unique()}`;
  await createCategory(user, team, category);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(channelPath(team));
  await expectChannelOpen(page);

  await sidebar(page)
    .getByRole('button', { name: `Create a channel in ${category}` })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Create channel' });
  await expect(dialog.getByRole('radio', { name: 'Text' })).toBeChecked();
  await expect(dialog.getByRole('combobox', { name: 'Category' }).locator('option:checked')).toHaveText(category);
  const create = dialog.getByRole('button', { name: 'Create channel' });
  await expect(create).toBeDisabled();
  await dialog.getByRole('textbox', { name: 'Channel name' }).fill('x'.repeat(21));
  await expect(dialog.getByText('Channel name must be at least 1 character long and less than 20 characters long')).toBeVisible();
  await expect(create).toBeDisabled();
  const name = `raids-${unique()}`;
  await dialog.getByRole('textbox', { name: 'Channel name' }).fill(name);
  await snap(page, testInfo, 'channels-1-create-text');
  await create.click();

  await expect(dialog).toBeHidden();
  await expectChannelOpen(page, name);
  const inCategory = sidebar(page).getByRole('region', { name: category });
  await expect(inCategory.getByRole('link', { name })).toHaveAttribute('aria-current', 'page');
});

test('a watch-stream channel links to the streamer in its header', async ({ signedInPage: page, user, team }, testInfo) => {
  const category = `Streams ${unique()}`;
  await createCategory(user, team, category);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(channelPath(team));
  await expectChannelOpen(page);

  await sidebar(page)
    .getByRole('button', { name: `Create a channel in ${category}` })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Create channel' });
  await dialog.getByRole('radio', { name: 'Watch stream' }).check();
  await dialog.getByRole('combobox', { name: 'Stream platform' }).selectOption('kick');
  const name = `watch-${unique()}`;
  await dialog.getByRole('textbox', { name: 'Channel name' }).fill(name);
  await dialog.getByRole('textbox', { name: 'Streamer username' }).fill('abc');
  await dialog.getByRole('textbox', { name: 'Streamer username' }).blur();
  await expect(dialog.getByText('Streamer username must be between 4 and 25 characters long')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Streamer username' }).fill('rally_caster');
  await snap(page, testInfo, 'channels-2-create-watchstream');
  await dialog.getByRole('button', { name: 'Create channel' }).click();
  await expect(dialog).toBeHidden();

  const row = sidebar(page).getByRole('region', { name: category }).getByText(name);
  await expect(row).toBeVisible();
  const channels = (await (await user.api.get(`/api/v1/teams/${team.id}/channels`)).json()) as { channels: { id: string; name: string }[] };
  const id = channels.channels.find((c) => c.name === name)?.id;
  expect(id).toBeTruthy();
  await page.goto(channelPath(team, id));
  const link = page.getByRole('link', { name: 'Open rally_caster on Kick (new tab)' });
  await expect(link).toHaveAttribute('href', 'https://kick.com/rally_caster');
  await expect(link).toHaveAttribute('target', '_blank');
  await snap(page, testInfo, 'channels-3-watchstream-header');
});

test('the owner edits name, description and slowmode behind the save bar', async ({ signedInPage: page, team }, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(channelPath(team));
  await expectChannelOpen(page);
  await sidebar(page).getByRole('button', { name: 'Edit channel general', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: '#general settings' });
  await expect(dialog.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
  // Nothing changed: no save bar, nothing to save.
  await expect(saveBar(dialog)).toBeHidden();

  const name = dialog.getByRole('textbox', { name: 'Channel name' });
  await name.fill('');
  await expect(saveBar(dialog).getByRole('button', { name: 'Save changes' })).toBeDisabled();
  await name.fill('lobby');
  const description = `Strategy talk for ranked nights, scrims and tournaments. Be kind ${unique()}`;
  await dialog.getByRole('textbox', { name: 'Channel description' }).fill(description);
  await dialog.getByRole('combobox', { name: 'Slowmode' }).selectOption({ label: '30 seconds' });
  await expect(saveBar(dialog).getByRole('button', { name: 'Save changes' })).toBeEnabled();
  await snap(page, testInfo, 'channels-4-settings-overview-dirty');
  await saveBar(dialog).getByRole('button', { name: 'Save changes' }).click();
  await expect(saveBar(dialog)).toBeHidden();
  await expect(page.getByRole('dialog', { name: '#lobby settings' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();

  // The header shows the new name and the description cut at 50 characters, which opens the whole text.
  await expect(page.getByRole('heading', { level: 2, name: /lobby$/ })).toBeVisible();
  const cut = `${description.slice(0, 50)}…`;
  await page.getByRole('button', { name: new RegExp(`^${cut.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) }).click();
  const full = page.getByRole('dialog', { name: '#lobby' });
  await expect(full.getByText(description)).toBeVisible();
  await snap(page, testInfo, 'channels-5-description-dialog');
  await page.keyboard.press('Escape');

  // Saved on the server: a reload shows the same.
  await page.reload();
  await sidebar(page).getByRole('button', { name: 'Edit channel lobby' }).click();
  await expect(page.getByRole('dialog').getByRole('combobox', { name: 'Slowmode' }).locator('option:checked')).toHaveText('30 seconds');
});

test('the permission editor works by keyboard: denying View channel to @everyone hides the channel from a teammate live', async ({
  signedInPage: page,
  user,
  team,
  teammate,
  openAs,
}, testInfo) => {
  const name = `secret-${unique()}`;
  const channelId = await createChannel(user, team, { name, type: 'text' });
  const bob = await openAs(teammate, channelPath(team));
  await expectChannelOpen(bob);
  await expect(sidebar(bob).getByRole('link', { name })).toBeVisible();

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(channelPath(team, channelId));
  await expectChannelOpen(page, name);
  const gear = sidebar(page).getByRole('button', { name: `Edit channel ${name}` });
  await gear.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: `#${name} settings` });
  const overview = dialog.getByRole('tab', { name: 'Overview' });
  await expect(overview).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(dialog.getByRole('tab', { name: 'Permissions' })).toHaveAttribute('aria-selected', 'true');
  await expect(dialog.getByRole('button', { name: '@everyone' })).toHaveAttribute('aria-current', 'true');

  const inherit = dialog.getByRole('radio', { name: 'View channel: Default' });
  await expect(inherit).toBeChecked();
  await tabTo(page, inherit);
  await page.keyboard.press('ArrowLeft');
  await expect(dialog.getByRole('radio', { name: 'View channel: Deny' })).toBeChecked();
  await expect(dialog.getByRole('radio', { name: 'View channel: Deny' })).toBeFocused();
  await snap(page, testInfo, 'channels-6-permissions-dirty');

  const save = saveBar(dialog).getByRole('button', { name: 'Save changes' });
  await tabTo(page, save);
  await page.keyboard.press('Enter');
  await expect(saveBar(dialog)).toBeHidden();
  await expect(dialog.getByRole('radio', { name: 'View channel: Deny' })).toBeChecked();

  // Bob's channel list loses it without a reload; the owner still sees it.
  await expect(sidebar(bob).getByRole('link', { name })).toBeHidden();
  await expect(sidebar(page).getByRole('link', { name })).toBeVisible();
});

test('the owner deletes the open channel and lands in #general', async ({ signedInPage: page, user, team }) => {
  const name = `old-${unique()}`;
  const channelId = await createChannel(user, team, { name, type: 'text' });
  await page.goto(channelPath(team, channelId));
  await expectChannelOpen(page, name);
  await sidebar(page)
    .getByRole('button', { name: `Edit channel ${name}` })
    .click();
  const dialog = page.getByRole('dialog', { name: `#${name} settings` });
  await dialog.getByRole('button', { name: 'Delete channel' }).click();
  const confirm = page.getByRole('dialog', { name: `Delete #${name}?` });
  await confirm.getByRole('button', { name: 'Delete channel' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(sidebar(page).getByRole('link', { name })).toBeHidden();
  await expectChannelOpen(page);
  await expect(page).toHaveURL(channelPath(team));
});

for (const lng of ['en', 'tr'] as const) {
  test(`the channel dialogs on a desktop and a phone (${lng})`, async ({ signedInPage: page, user, team }, testInfo) => {
    test.setTimeout(120_000);
    const category = `Ranked ${unique()}`;
    await createCategory(user, team, category);
    const longDescription = 'Welcome! Scrims every Friday at 21:00, ranked queues all week. Post your clips in #highlights and keep the chat friendly.';
    const id = await createChannel(user, team, { name: 'scrims', type: 'text' });
    const setDescription = await user.api.patch(`/api/v1/teams/${team.id}/channels/${id}`, { data: { description: longDescription } });
    expect(setDescription.ok()).toBe(true);

    const shoot = async (name: string) => {
      await page.setViewportSize({ width: 1280, height: 800 });
      await snap(page, testInfo, `channels-shot-${name}-desktop`);
      await page.setViewportSize({ width: 390, height: 844 });
      await snap(page, testInfo, `channels-shot-${name}-phone`);
      await page.setViewportSize({ width: 1280, height: 800 });
    };
    const closeDialog = async () => {
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);
    };

    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(channelPath(team, id));
    if (lng === 'tr') {
      await page.evaluate(() => localStorage.setItem('rally.language', 'tr'));
      await page.reload();
      await expect(page.locator('html')).toHaveAttribute('lang', 'tr');
    }
    await expect(page.getByRole('heading', { level: 2, name: /scrims$/ })).toBeVisible();
    const nav = sidebar(page);

    await nav.getByRole('button', { name: text(lng, 'teams-page', 'createChannelIn', { name: category }) }).click();
    const create = page.getByRole('dialog', { name: text(lng, 'channels', 'create.title') });
    await create.getByRole('radio', { name: text(lng, 'channels', 'types.watchstream.name') }).check();
    await create.getByRole('textbox', { name: text(lng, 'channels', 'create.name') }).fill('watch-party');
    await shoot(`${lng}-create-channel`);
    await closeDialog();

    // The create category dialog, from the team menu.
    await page
      .locator('header')
      .getByRole('button', { name: new RegExp(`^${team.name}`) })
      .click();
    await page.getByRole('menuitem', { name: new RegExp(lng === 'en' ? 'category' : 'kategori', 'i') }).click();
    await expect(page.getByRole('dialog', { name: text(lng, 'channels', 'createCategory.title') })).toBeVisible();
    await shoot(`${lng}-create-category`);
    await closeDialog();

    await nav.getByRole('button', { name: text(lng, 'teams-page', 'channelSettingsOf', { name: 'scrims' }) }).click();
    const settings = page.getByRole('dialog', { name: text(lng, 'channels', 'settings.title', { name: 'scrims' }) });
    await expect(settings.getByRole('tab', { name: text(lng, 'channels', 'settings.overview') })).toHaveAttribute('aria-selected', 'true');
    await settings.getByRole('combobox', { name: text(lng, 'channels', 'overview.slowmode') }).selectOption('300');
    await shoot(`${lng}-channel-overview`);
    await settings.getByRole('button', { name: text(lng, 'common', 'saveBar.reset') }).click();
    await settings.getByRole('tab', { name: text(lng, 'channels', 'settings.permissions') }).click();
    await settings
      .getByRole('radio', {
        name: text(lng, 'channels', 'permissions.stateOf', {
          permission: text(lng, 'channels', 'permissions.bits.SEND_MESSAGES.name'),
          state: text(lng, 'channels', 'permissions.states.deny'),
        }),
      })
      .check();
    await shoot(`${lng}-channel-permissions`);
    await settings.getByRole('button', { name: text(lng, 'common', 'saveBar.reset') }).click();
    await closeDialog();

    await nav.getByRole('button', { name: text(lng, 'teams-page', 'categorySettingsOf', { name: category }) }).click();
    const categorySettings = page.getByRole('dialog', { name: text(lng, 'channels', 'settings.categoryTitle', { name: category }) });
    await expect(categorySettings).toBeVisible();
    await shoot(`${lng}-category-overview`);
    await categorySettings.getByRole('tab', { name: text(lng, 'channels', 'settings.permissions') }).click();
    await expect(categorySettings.getByRole('radiogroup')).toHaveCount(2);
    await shoot(`${lng}-category-permissions`);
    await closeDialog();

    await page.getByRole('button', { name: new RegExp(`^${longDescription.slice(0, 20)}`) }).click();
    await expect(page.getByRole('dialog', { name: '#scrims' }).getByText(longDescription)).toBeVisible();
    await shoot(`${lng}-description`);
    await closeDialog();
  });
}
