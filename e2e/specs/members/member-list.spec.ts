import { PICTURE_VARIANTS } from '../../fixtures/screenshots';
import type { APIResponse, Page } from '@playwright/test';
import type { ApiTeam, ApiUser } from '../../fixtures/api';
import { snap } from '../../fixtures/screenshots';
import { expect, test } from '../../fixtures/test';
import { channelPath, expectChannelOpen } from '../../fixtures/ui';

/**
 * The member list beside the chat, the profile card with its roles, and kick and ban from it
 * (spec 001 §2 member list, profile card, ban dialog; §6; §7 "Members and moderation").
 */

interface Role {
  id: string;
  name: string;
}

async function ok<T>(response: APIResponse, what: string): Promise<T> {
  const text = await response.text();
  if (!response.ok()) throw new Error(`${what}: HTTP ${response.status()} ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

/** A role made through the API (create, then edit to the given fields). */
async function createRole(owner: ApiUser, teamId: string, fields: { name: string; color?: string; isDisplayedSeparately?: boolean }): Promise<Role> {
  const { role } = await ok<{ role: Role }>(await owner.api.post(`/api/v1/teams/${teamId}/roles`), 'POST roles');
  await ok(await owner.api.patch(`/api/v1/teams/${teamId}/roles`, { data: [{ id: role.id, ...fields }] }), 'PATCH roles');
  return { id: role.id, name: fields.name };
}

async function giveRole(owner: ApiUser, teamId: string, userId: string, roleId: string): Promise<void> {
  await ok(await owner.api.post(`/api/v1/teams/${teamId}/members/${userId}/roles/${roleId}`), 'POST member role');
}

/** A member's button in the member list (named "username Online", "username Offline, Team owner"…). */
const memberButton = (page: Page, username: string) => page.getByRole('button', { name: new RegExp(`^${username},? (Online|Offline|Çevrimiçi|Çevrimdışı)`) });
const profileCard = (page: Page, username: string) => page.getByRole('dialog', { name: username });

/** The teammate's page, in #general, connected (the owner then sees them online). */
async function openTeammate(openAs: (who: ApiUser, path?: string) => Promise<Page>, teammate: ApiUser, team: ApiTeam): Promise<Page> {
  const page = await openAs(teammate, channelPath(team));
  await expectChannelOpen(page);
  return page;
}

test('the member list groups the teammate under a displayed role in its colour; the owner adds and removes roles on the profile card', async ({
  signedInPage: owner,
  user,
  team,
  teammate,
  openAs,
}, testInfo) => {
  const raiders = await createRole(user, team.id, { name: 'Raiders', color: '#ff5c8a', isDisplayedSeparately: true });
  const scouts = await createRole(user, team.id, { name: 'Scouts', color: '#22d3c5' });
  await giveRole(user, team.id, teammate.id, raiders.id);
  await openTeammate(openAs, teammate, team);
  await owner.setViewportSize({ width: 1280, height: 800 });
  await owner.goto(channelPath(team));
  await expectChannelOpen(owner);

  const mate = memberButton(owner, teammate.username);
  await test.step('the teammate is listed under "Raiders — 1", in the role colour; the owner under Online with a crown', async () => {
    await expect(owner.getByRole('heading', { name: 'Raiders — 1' })).toBeVisible();
    await expect(owner.getByRole('heading', { name: 'Online — 1' })).toBeVisible();
    await expect(mate).toBeVisible();
    await expect(mate.getByText(teammate.username, { exact: true })).toHaveCSS('color', 'rgb(255, 92, 138)');
    await expect(memberButton(owner, user.username)).toHaveAccessibleName(new RegExp(`^${user.username},? Online, Team owner$`));
    await snap(owner, testInfo, 'members-1-list-en-desktop');
  });

  const card = profileCard(owner, teammate.username);
  await test.step('clicking the teammate opens their profile card beside the list', async () => {
    await mate.click();
    await expect(card).toBeVisible();
    // The handle friends add them by (its label is for screen readers).
    await expect(card.getByText(`@${teammate.slug}`)).toBeVisible();
    await expect(card.getByText('Member since')).toBeVisible();
    await expect(card.getByRole('button', { name: 'Remove role Raiders' })).toBeVisible();
    await expect(card.getByRole('button', { name: 'Kick' })).toBeVisible();
    await expect(card.getByRole('button', { name: 'Ban' })).toBeVisible();
    await snap(owner, testInfo, 'members-2-card-en-desktop');
  });

  await test.step('"+" lists Scouts; adding it makes every role held: "All Roles Added"', async () => {
    await card.getByRole('button', { name: 'Add role' }).click();
    await card.getByRole('button', { name: scouts.name }).click();
    await expect(card.getByRole('button', { name: 'Remove role Scouts' })).toBeVisible();
    await expect(card.getByText('All Roles Added')).toBeVisible();
    await expect(owner.getByText('Role added successfully')).toBeVisible();
    await snap(owner, testInfo, 'members-3-card-all-roles-added-en-desktop');
  });

  await test.step('× takes Scouts away again; Escape closes the card and focus returns to the member', async () => {
    await card.getByRole('button', { name: 'Remove role Scouts' }).click();
    await expect(card.getByRole('button', { name: 'Remove role Scouts' })).toBeHidden();
    await expect(owner.getByText('Role removed successfully')).toBeVisible();
    // The list of roles to add is still open: Scouts is back in it.
    await expect(card.getByRole('button', { name: scouts.name })).toBeVisible();
    await card.getByRole('button', { name: scouts.name }).focus();
    await owner.keyboard.press('Escape');
    await expect(card.getByRole('button', { name: scouts.name })).toBeHidden();
    await owner.keyboard.press('Escape');
    await expect(card).toBeHidden();
    await expect(mate).toBeFocused();
  });

  await test.step('Enter on a focused member opens the card too', async () => {
    await owner.keyboard.press('Enter');
    await expect(card).toBeVisible();
    await owner.keyboard.press('Escape');
    await expect(card).toBeHidden();
  });
});

test('the owner bans the teammate through the ban dialog; the teammate loses the team live', async ({
  signedInPage: owner,
  user,
  team,
  teammate,
  openAs,
}, testInfo) => {
  const mate = await openTeammate(openAs, teammate, team);
  await owner.setViewportSize({ width: 1280, height: 800 });
  await owner.goto(channelPath(team));
  await expectChannelOpen(owner);

  await memberButton(owner, teammate.username).click();
  await profileCard(owner, teammate.username).getByRole('button', { name: 'Ban' }).click();
  const dialog = owner.getByRole('dialog', { name: `Ban ${teammate.username}` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('512 characters left')).toBeVisible();
  await dialog.getByLabel('Reason').fill('Spamming the raid channel');
  await expect(dialog.getByText('487 characters left')).toBeVisible();
  await snap(owner, testInfo, 'members-4-ban-dialog-en-desktop');
  await dialog.getByRole('button', { name: 'Ban', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(owner.getByText(`${teammate.username} was banned`)).toBeVisible();
  await expect(memberButton(owner, teammate.username)).toBeHidden();

  // The teammate's open page loses the team without a reload: it goes home, the team out of the sidebar.
  await expect(mate).toHaveURL(/\/$/);
  await expect(mate.getByRole('link', { name: team.name })).toBeHidden();

  const bans = await ok<{ bans: { user: { id: string }; reason: string | null }[] }>(await user.api.get(`/api/v1/teams/${team.id}/bans`), 'GET bans');
  expect(bans.bans).toEqual([expect.objectContaining({ user: expect.objectContaining({ id: teammate.id }), reason: 'Spamming the raid channel' })]);
});

test('the owner kicks the teammate from the profile card', async ({ signedInPage: owner, team, teammate, openAs }) => {
  const mate = await openTeammate(openAs, teammate, team);
  await owner.goto(channelPath(team));
  await expectChannelOpen(owner);

  await memberButton(owner, teammate.username).click();
  await profileCard(owner, teammate.username).getByRole('button', { name: 'Kick' }).click();
  const dialog = owner.getByRole('dialog', { name: `Kick ${teammate.username}` });
  await dialog.getByRole('button', { name: 'Kick', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(memberButton(owner, teammate.username)).toBeHidden();
  await expect(mate).toHaveURL(/\/$/);
});

test('a member without moderation rights sees no kick, ban or role controls on the owner’s card', async ({ team, teammate, openAs }) => {
  const mate = await openTeammate(openAs, teammate, team);
  const owner = mate.getByRole('button', { name: /, Team owner$/ });
  await owner.click();
  const card = mate.getByRole('dialog');
  await expect(card).toBeVisible();
  await expect(card.getByRole('button', { name: 'Kick' })).toHaveCount(0);
  await expect(card.getByRole('button', { name: 'Ban' })).toHaveCount(0);
  await expect(card.getByRole('button', { name: 'Add role' })).toHaveCount(0);
  await expect(card.getByText('No roles')).toBeVisible();
});

/** Pictures of each new screen at desktop and phone sizes, in English and Turkish. */
for (const { language, size, viewport } of PICTURE_VARIANTS) {
  test(`pictures: member list, profile card and ban dialog (${language}, ${size})`, async ({ signedInPage: owner, user, team, teammate, openAs }, testInfo) => {
    const raiders = await createRole(user, team.id, { name: 'Raid Leaders Of Night', color: '#ff5c8a', isDisplayedSeparately: true });
    await createRole(user, team.id, { name: 'Scouts', color: '#22d3c5' });
    await giveRole(user, team.id, teammate.id, raiders.id);
    await openTeammate(openAs, teammate, team);
    await owner.setViewportSize(viewport);
    await owner.evaluate((lng) => localStorage.setItem('rally.language', lng), language);
    await owner.goto(channelPath(team));
    await expect(owner.locator('html')).toHaveAttribute('lang', language);
    if (size === 'mobile') await owner.getByRole('button', { name: language === 'en' ? 'Members' : 'Üyeler' }).click();
    const mate = memberButton(owner, teammate.username);
    await expect(mate).toBeVisible();
    await snap(owner, testInfo, `members-pic-list-${language}-${size}`);

    await mate.click();
    const card = profileCard(owner, teammate.username);
    await expect(card).toBeVisible();
    await card.getByRole('button', { name: language === 'en' ? 'Add role' : 'Rol ekle' }).click();
    await expect(card.getByRole('button', { name: 'Scouts' })).toBeVisible();
    await snap(owner, testInfo, `members-pic-card-${language}-${size}`);

    await card.getByRole('button', { name: language === 'en' ? 'Ban' : 'Yasakla' }).click();
    const dialog = owner.getByRole('dialog', { name: new RegExp(teammate.username) });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('textbox').fill('Spamming the raid channel during the weekly event');
    await snap(owner, testInfo, `members-pic-ban-${language}-${size}`);
  });
}
