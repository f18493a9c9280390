import type { Locator, Page } from '@playwright/test';
import type { ApiTeam } from '../../fixtures/api';
import { snap } from '../../fixtures/screenshots';
import { expect, test } from '../../fixtures/test';
import { channelPath, expectChannelOpen, moveUntilAnnounced } from '../../fixtures/ui';

/** Team settings → Roles, through the team menu (any language: the menu's first item is Team settings). */
async function openRolesTab(page: Page, team: ApiTeam): Promise<Locator> {
  await page
    .locator('header')
    .getByRole('button', { name: new RegExp(`^${team.name}`) })
    .click();
  await page.getByRole('menuitem').first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('tab', { name: /^(Roles|Roller)$/ }).click();
  await expect(dialog.getByRole('list', { name: /Roles, highest first|Roller, en yüksekten/ })).toBeVisible();
  return dialog;
}

const roleList = (dialog: Locator) => dialog.getByRole('list', { name: 'Roles, highest first' });
const roleRow = (dialog: Locator, name: string) => roleList(dialog).getByRole('button', { name: new RegExp(`^${name}`) });
const saveBar = (dialog: Locator) => dialog.getByRole('region', { name: 'Unsaved changes' });

/** The role names of the list, top to bottom. */
async function listedNames(dialog: Locator): Promise<string[]> {
  return (await roleList(dialog).getByRole('listitem').allInnerTexts()).map((text) => text.split('\n')[0]?.trim() ?? '');
}

test('the owner creates, edits, reorders and deletes roles in team settings', async ({ signedInPage: page, team }, testInfo) => {
  const suffix = Date.now().toString(36).slice(-5);
  const raiders = `Raiders ${suffix}`;
  const scouts = `Scouts ${suffix}`;
  await page.goto(channelPath(team));
  await expectChannelOpen(page);
  let dialog = await openRolesTab(page, team);

  await test.step('create a role, rename it, pick a gradient and give it a permission: the save bar appears', async () => {
    await dialog.getByRole('button', { name: 'Create role' }).click();
    await expect(dialog.getByRole('heading', { name: 'Edit role — new role' })).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Role name' }).fill(raiders);
    await dialog.getByRole('radio', { name: 'Gradient' }).click();
    await dialog.getByRole('button', { name: 'Gradient #ff4d8d to #8b7bff' }).click();
    await dialog.getByRole('switch', { name: 'Kick members' }).check();
    await expect(saveBar(dialog)).toBeVisible();
    await expect(roleRow(dialog, raiders)).toBeVisible();
    await snap(page, testInfo, 'roles-1-editor-unsaved');
    await saveBar(dialog).getByRole('button', { name: 'Save changes' }).click();
    await expect(saveBar(dialog)).toBeHidden();
  });

  await test.step('after a reload the role is as saved', async () => {
    await page.reload();
    await expectChannelOpen(page);
    dialog = await openRolesTab(page, team);
    await roleRow(dialog, raiders).click();
    await expect(dialog.getByRole('textbox', { name: 'Role name' })).toHaveValue(raiders);
    await expect(dialog.getByRole('radio', { name: 'Gradient' })).toBeChecked();
    await expect(dialog.getByRole('button', { name: 'Gradient #ff4d8d to #8b7bff' })).toHaveAttribute('aria-pressed', 'true');
    await expect(dialog.getByRole('switch', { name: 'Kick members' })).toBeChecked();
    await expect(dialog.getByRole('switch', { name: 'Ban members' })).not.toBeChecked();
  });

  await test.step('a second role is created below the first; moved above it with the keyboard, the order is saved at once', async () => {
    await dialog.getByRole('button', { name: 'Create role' }).click();
    await expect(dialog.getByRole('heading', { name: 'Edit role — new role' })).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Role name' }).fill(scouts);
    await saveBar(dialog).getByRole('button', { name: 'Save changes' }).click();
    await expect(saveBar(dialog)).toBeHidden();
    expect(await listedNames(dialog)).toEqual([raiders, scouts, '@everyone']);

    const saved = page.waitForResponse((r) => r.url().includes('/roles-priority') && r.request().method() === 'PATCH');
    const handle = dialog.getByRole('button', { name: `Reorder ${scouts}` });
    await handle.focus();
    await page.keyboard.press('Space');
    await expect(handle).toHaveAttribute('aria-pressed', 'true');
    await moveUntilAnnounced(page, 'ArrowUp', `${scouts} is over ${raiders}.`);
    await page.keyboard.press('Space');
    expect((await saved).ok()).toBe(true);
    await expect.poll(() => listedNames(dialog)).toEqual([scouts, raiders, '@everyone']);

    await page.reload();
    await expectChannelOpen(page);
    dialog = await openRolesTab(page, team);
    await expect.poll(() => listedNames(dialog)).toEqual([scouts, raiders, '@everyone']);
  });

  await test.step('delete a role after confirming', async () => {
    await roleRow(dialog, raiders).click();
    await dialog.getByRole('button', { name: `More actions for ${raiders}` }).click();
    await page.getByRole('menuitem', { name: 'Delete role' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete role' });
    await expect(confirm).toContainText(raiders);
    await snap(page, testInfo, 'roles-2-delete-confirm');
    await confirm.getByRole('button', { name: 'Delete role' }).click();
    await expect(confirm).toBeHidden();
    await expect.poll(() => listedNames(dialog)).toEqual([scouts, '@everyone']);
  });
});

test('the roles tab on a phone and in Turkish', async ({ signedInPage: page, team }, testInfo) => {
  await page.goto(channelPath(team));
  await expectChannelOpen(page);
  let dialog = await openRolesTab(page, team);
  await dialog.getByRole('button', { name: 'Create role' }).click();
  await dialog.getByRole('textbox', { name: 'Role name' }).fill('A very long role name!!');
  await dialog.getByRole('textbox', { name: 'Role icon' }).fill('🎮');
  await snap(page, testInfo, 'roles-3-desktop-en');

  await page.setViewportSize({ width: 390, height: 844 });
  await snap(page, testInfo, 'roles-4-phone-en-editor');
  await dialog.getByRole('button', { name: 'All roles' }).click();
  await expect(roleList(dialog)).toBeVisible();
  await snap(page, testInfo, 'roles-5-phone-en-list');

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.evaluate(() => localStorage.setItem('rally.language', 'tr'));
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'tr');
  dialog = await openRolesTab(page, team);
  await dialog
    .getByRole('list', { name: 'Roller, en yüksekten başlayarak' })
    .getByRole('button', { name: /^new role \d+ üye$/ })
    .click();
  await expect(dialog.getByRole('heading', { name: 'Rolü düzenle — new role' })).toBeVisible();
  await dialog.getByRole('radio', { name: 'Geçişli' }).click();
  await expect(dialog.getByRole('region', { name: 'Kaydedilmemiş değişiklikler' })).toBeVisible();
  await snap(page, testInfo, 'roles-6-desktop-tr');

  await page.setViewportSize({ width: 390, height: 844 });
  await snap(page, testInfo, 'roles-7-phone-tr-editor');
  await dialog.getByRole('button', { name: 'Tüm roller' }).click();
  await expect(dialog.getByRole('list', { name: 'Roller, en yüksekten başlayarak' })).toBeVisible();
  await snap(page, testInfo, 'roles-8-phone-tr-list');
});
