import { deflateSync } from 'node:zlib';
import type { Page, TestInfo } from '@playwright/test';
import { createInvite, joinTeam, registerUser, type ApiTeam, type ApiUser } from '../../fixtures/api';
import { snap } from '../../fixtures/screenshots';
import { expect, test } from '../../fixtures/test';
import { channelPath, expectChannelOpen } from '../../fixtures/ui';

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

/** CRC-32 of PNG chunks. */
function crc32(buf: Buffer): number {
  let c = ~0;
  for (const byte of buf) {
    c ^= byte;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
  }
  return ~c >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A real RGB PNG of a diagonal gradient with a white square left of centre (so a crop is visible). */
function gradientPng(width: number, height: number): Buffer {
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) {
      const square = x > width * 0.2 && x < width * 0.4 && y > height * 0.35 && y < height * 0.65;
      row[1 + x * 3] = square ? 255 : Math.round((x / width) * 255);
      row[2 + x * 3] = square ? 255 : 80;
      row[3 + x * 3] = square ? 255 : Math.round((y / height) * 255);
    }
    rows.push(row);
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Open menus and dialogs fade in: picture them once their animations have finished. */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
}

/** A screenshot once the screen has stopped moving. */
async function shot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  await settled(page);
  await snap(page, testInfo, name);
}

const teamMenu = (page: Page) => page.getByRole('button', { name: /team menu|takım menüsü/i });

/** Open the team menu, then one of its entries. */
async function pickFromTeamMenu(page: Page, item: string | RegExp): Promise<void> {
  await teamMenu(page).click();
  await page.getByRole('menuitem', { name: item }).click();
}

async function openSettings(page: Page, team: ApiTeam) {
  await page.goto(channelPath(team));
  await expectChannelOpen(page);
  await pickFromTeamMenu(page, 'Team settings');
  await expect(page.getByRole('dialog', { name: `${team.name} settings` })).toBeVisible();
  // The settings dialog (its title follows the team's name; an image cropper opens above it).
  return page.getByRole('dialog').first();
}

async function banThroughApi(owner: ApiUser, team: ApiTeam, target: ApiUser, reason: string): Promise<void> {
  const res = await owner.api.post(`/api/v1/teams/${team.id}/members/${target.id}/ban`, { data: { reason } });
  expect(res.ok(), await res.text()).toBe(true);
}

test('the owner edits name and description under the save bar, resets, saves, and sets a cropped picture', async ({
  signedInPage: page,
  user,
  team,
}, testInfo) => {
  await page.setViewportSize(DESKTOP);
  const dialog = await openSettings(page, team);
  await expect(dialog.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
  for (const tab of ['Roles', 'Audit log', 'Bans', 'Emoji', 'Invites', 'Delete team']) await expect(dialog.getByRole('tab', { name: tab })).toBeVisible();
  await shot(page, testInfo, 'team-settings-1-overview');

  const name = dialog.getByRole('textbox', { name: 'Team name' });
  const description = dialog.getByRole('textbox', { name: 'Description' });
  const saveBar = dialog.getByRole('region', { name: 'Unsaved changes' });
  await expect(saveBar).toBeHidden();

  // Reset puts the stored values back.
  await name.fill('Temporary');
  await expect(saveBar).toBeVisible();
  await saveBar.getByRole('button', { name: 'Reset' }).click();
  await expect(name).toHaveValue(team.name);
  await expect(saveBar).toBeHidden();

  // The description counts its characters.
  const newName = `Wolves ${team.name.slice(-4)}`;
  await name.fill(newName);
  await description.fill('We raid at night.');
  await expect(dialog.getByText('17/1000')).toBeVisible();
  await shot(page, testInfo, 'team-settings-2-unsaved');
  // An empty name is refused: Save is disabled.
  await name.fill('   ');
  await expect(saveBar.getByRole('button', { name: 'Save changes' })).toBeDisabled();
  await name.fill(newName);
  await saveBar.getByRole('button', { name: 'Save changes' }).click();
  await expect(saveBar).toBeHidden();
  await expect(page.getByText('Team settings saved.')).toBeVisible();
  await expect(page.getByRole('dialog', { name: `${newName} settings` })).toBeVisible();

  // A picture: chosen, cropped (moved with the keyboard, zoomed), uploaded, then saved.
  await dialog.getByLabel('Upload picture').setInputFiles({ name: 'picture.png', mimeType: 'image/png', buffer: gradientPng(400, 240) });
  const crop = page.getByRole('dialog', { name: 'Crop the team picture' });
  await expect(crop).toBeVisible();
  const area = crop.getByRole('group', { name: /crop area/i });
  await expect(area.locator('img')).toBeVisible();
  await area.focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('+');
  await crop.getByRole('slider', { name: 'Zoom' }).fill('1.5');
  await shot(page, testInfo, 'team-settings-3-crop-picture');
  await crop.getByRole('button', { name: 'Apply' }).click();
  await expect(crop).toBeHidden();
  const picture = dialog.getByRole('img', { name: `${newName} picture` });
  await expect(picture).toHaveAttribute('src', /\/uploads\/teamIcon\//);
  await saveBar.getByRole('button', { name: 'Save changes' }).click();
  await expect(saveBar).toBeHidden();
  await shot(page, testInfo, 'team-settings-4-saved-picture');

  const stored = (await (await user.api.get(`/api/v1/teams/${team.id}/details`)).json()) as {
    team: { name: string; description: string; profilePicture: string };
  };
  expect(stored.team).toMatchObject({ name: newName, description: 'We raid at night.' });
  expect(stored.team.profilePicture).toMatch(/\/uploads\/teamIcon\//);
  // The picture is 512×512 (the square crop).
  const png = await (await user.api.get(stored.team.profilePicture)).body();
  expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([512, 512]);
});

test('a member without settings bits sees no Team settings entry, leaves the team and lands on /', async ({ teammate, team, openAs }, testInfo) => {
  const page = await openAs(teammate, channelPath(team));
  await page.setViewportSize(DESKTOP);
  await expectChannelOpen(page);
  await teamMenu(page).click();
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem', { name: 'Invite people' })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: 'Leave team' })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: 'Team settings' })).toHaveCount(0);
  await expect(menu.getByRole('menuitem', { name: 'Create channel' })).toHaveCount(0);
  await shot(page, testInfo, 'team-settings-5-member-menu');
  await menu.getByRole('menuitem', { name: 'Leave team' }).click();
  const confirm = page.getByRole('dialog', { name: `Leave ${team.name}` });
  await expect(confirm).toBeVisible();
  await shot(page, testInfo, 'team-settings-6-leave-confirm');
  await confirm.getByRole('button', { name: 'Leave team' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: team.name })).toHaveCount(0);
});

test('the owner sees the ban in the Bans tab, revokes it, and the audit log tells both', async ({ signedInPage: page, user, team, teammate }, testInfo) => {
  await page.setViewportSize(DESKTOP);
  await banThroughApi(user, team, teammate, 'Spamming the chat');
  const dialog = await openSettings(page, team);
  await dialog.getByRole('tab', { name: 'Bans' }).click();
  const row = dialog.getByRole('listitem').filter({ hasText: teammate.username });
  await expect(row).toBeVisible();
  await expect(row.getByText('Reason: Spamming the chat')).toBeVisible();
  await dialog.getByRole('searchbox', { name: 'Search bans' }).fill('nobody-like-this');
  await expect(dialog.getByText('No ban matches your search.')).toBeVisible();
  await dialog.getByRole('searchbox', { name: 'Search bans' }).fill(teammate.username.slice(0, 6));
  await expect(row).toBeVisible();
  await shot(page, testInfo, 'team-settings-7-bans');

  await row.getByRole('button', { name: `Revoke ban of ${teammate.username}` }).click();
  const confirm = page.getByRole('dialog', { name: `Revoke the ban of ${teammate.username}?` });
  await shot(page, testInfo, 'team-settings-8-revoke-confirm');
  await confirm.getByRole('button', { name: 'Revoke ban' }).click();
  await expect(confirm).toBeHidden();
  await expect(dialog.getByText('No one is banned.')).toBeVisible();

  await dialog.getByRole('tab', { name: 'Audit log' }).click();
  const banned = dialog.getByRole('listitem').filter({ hasText: `${user.username} banned ${teammate.username}` });
  await expect(banned).toBeVisible();
  await expect(dialog.getByText(`${user.username} revoked the ban of ${teammate.username}`)).toBeVisible();
  await banned.getByRole('button', { name: 'Show changes' }).click();
  await expect(banned.getByText('Reason: Spamming the chat')).toBeVisible();
  await dialog.getByRole('combobox', { name: 'Filter by action' }).selectOption({ label: 'Member banned' });
  await expect(dialog.getByText(`${user.username} revoked the ban of ${teammate.username}`)).toBeHidden();
  await shot(page, testInfo, 'team-settings-9-audit-log');

  // The unban reached the server: the user may join again.
  const bans = (await (await user.api.get(`/api/v1/teams/${team.id}/bans`)).json()) as { bans: unknown[] };
  expect(bans.bans).toEqual([]);
});

test('the invites tab lists invites with their uses and expiry, copies and deletes one', async ({ signedInPage: page, user, team }, testInfo) => {
  await page.setViewportSize(DESKTOP);
  const expiresAt = new Date(Date.now() + 6 * 3_600_000).toISOString();
  const made = await user.api.post('/api/v1/teams/invite', { data: { teamId: team.id, maxUses: 50, expiresAt } });
  const { invite } = (await made.json()) as { invite: { code: string } };
  const dialog = await openSettings(page, team);
  await dialog.getByRole('tab', { name: 'Invites' }).click();
  const row = dialog.getByRole('listitem').filter({ hasText: invite.code });
  await expect(row.getByText('Uses: 0 / 50')).toBeVisible();
  await expect(row.getByText(/Expires in 00:0[56]:\d\d:\d\d/)).toBeVisible();
  await shot(page, testInfo, 'team-settings-10-invites');
  await row.getByRole('button', { name: `Delete invite ${invite.code}` }).click();
  const confirm = page.getByRole('dialog', { name: `Delete invite ${invite.code}?` });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(confirm).toBeHidden();
  await expect(row).toHaveCount(0);
  const left = (await (await user.api.get(`/api/v1/teams/${team.id}/invites`)).json()) as { invites: { code: string }[] };
  expect(left.invites.map((i) => i.code)).not.toContain(invite.code);
});

test('the owner deletes the team by typing its exact name and lands on /', async ({ signedInPage: page, user, team }, testInfo) => {
  await page.setViewportSize(DESKTOP);
  const dialog = await openSettings(page, team);
  await dialog.getByRole('tab', { name: 'Delete team' }).click();
  const field = dialog.getByRole('textbox', { name: 'Type the team name to confirm' });
  const submit = dialog.getByRole('button', { name: 'Delete team' });
  await expect(submit).toBeDisabled();
  await field.fill(team.name.toLowerCase());
  await expect(submit).toBeDisabled();
  await field.fill(team.name);
  await expect(submit).toBeEnabled();
  await shot(page, testInfo, 'team-settings-11-delete');
  await submit.click();
  await expect(page).toHaveURL(/\/$/);
  const teams = (await (await user.api.get('/api/v1/teams')).json()) as { teams: { id: string }[] };
  expect(teams.teams.map((t) => t.id)).not.toContain(team.id);
});

/** Every tab and dialog pictured at desktop and phone size, in English and Turkish. */
for (const language of ['en', 'tr'] as const) {
  test(`team settings screens in ${language}, desktop and phone`, async ({ signedInPage: page, user, team, teammate, playwright }, testInfo) => {
    test.setTimeout(150_000);
    const troll = await registerUser(playwright.request, 'troll');
    await joinTeam(troll, await createInvite(user, team.id));
    await banThroughApi(user, team, troll, 'Spamming the chat');
    await user.api.post(`/api/v1/teams/${team.id}`, { data: { description: 'We raid at night.' } });
    if (language === 'tr') {
      await page.evaluate(() => window.localStorage.setItem('rally.language', 'tr'));
    }
    for (const [size, viewport] of [
      ['desktop', DESKTOP],
      ['phone', PHONE],
    ] as const) {
      await page.setViewportSize(viewport);
      await page.goto(channelPath(team));
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      if (size === 'phone')
        await page
          .getByRole('navigation', { name: language === 'en' ? 'Panels' : 'Paneller' })
          .getByRole('button')
          .first()
          .click();
      const prefix = `team-settings-${language}-${size}`;
      await teamMenu(page).click();
      await shot(page, testInfo, `${prefix}-menu`);
      await page.getByRole('menuitem').first().click();
      const dialog = page.getByRole('dialog').first();
      const tabs = dialog.getByRole('tab');
      await expect(tabs).toHaveCount(7);
      await shot(page, testInfo, `${prefix}-overview`);
      const panel = dialog.getByRole('tabpanel');
      // What each tab shows once loaded.
      const loaded = {
        roles: panel.getByRole('button'),
        'audit-log': panel.getByRole('listitem'),
        bans: panel.getByRole('listitem'),
        emoji: panel.getByRole('button'),
        invites: panel.getByRole('listitem'),
        delete: panel.getByRole('textbox'),
      };
      for (const [i, name] of (['roles', 'audit-log', 'bans', 'emoji', 'invites', 'delete'] as const).entries()) {
        await tabs.nth(i + 1).click();
        await expect(loaded[name].first()).toBeVisible();
        await shot(page, testInfo, `${prefix}-${name}`);
      }
      await tabs.first().click();
      await dialog.getByRole('button', { name: language === 'en' ? 'Transfer ownership' : 'Sahipliği devret' }).click();
      await expect(page.getByRole('dialog').last().getByRole('button', { name: teammate.username })).toBeVisible();
      await shot(page, testInfo, `${prefix}-change-owner`);
      // Escape closes the owner dialog only: the settings stay open.
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(1);
      await dialog
        .getByLabel(language === 'en' ? 'Upload banner' : 'Afiş yükle')
        .setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: gradientPng(640, 300) });
      await expect(page.getByRole('dialog').last().getByRole('group').locator('img')).toBeVisible();
      await shot(page, testInfo, `${prefix}-crop-banner`);
      await page
        .getByRole('dialog')
        .last()
        .getByRole('button', { name: language === 'en' ? 'Cancel' : 'Vazgeç' })
        .click();
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);
    }
    await troll.api.dispose();
  });
}
