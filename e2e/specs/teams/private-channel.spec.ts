import type { Locator, Page } from '@playwright/test';
import type { ApiTeam } from '../../fixtures/api';
import { expect, test } from '../../fixtures/test';
import { channelPath, expectChannelOpen } from '../../fixtures/ui';

/**
 * The permission engine end to end, through the screens only (issue: "an owner creates a role and a
 * private channel visible to that role; a member without the role does not see it, is given the role
 * and sees the channel appear without reload, then loses it again").
 */

const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Channels' });
const saveBar = (dialog: Locator) => dialog.getByRole('region', { name: 'Unsaved changes' });

async function openTeamMenuItem(page: Page, team: ApiTeam, item: string): Promise<void> {
  await page
    .locator('header')
    .getByRole('button', { name: new RegExp(`^${team.name}`) })
    .click();
  await page.getByRole('menuitem', { name: item }).click();
}

test('a role-only channel appears for a member given the role and disappears when it is taken, without a reload', async ({
  signedInPage: owner,
  team,
  teammate,
  openAs,
}) => {
  const suffix = Date.now().toString(36).slice(-5);
  const officers = `Officers ${suffix}`;
  const channel = `hq-${suffix}`;
  await owner.setViewportSize({ width: 1280, height: 800 });
  await owner.goto(channelPath(team));
  await expectChannelOpen(owner);

  await test.step('the owner creates the role in Team settings → Roles', async () => {
    await openTeamMenuItem(owner, team, 'Team settings');
    const settings = owner.getByRole('dialog');
    await settings.getByRole('tab', { name: 'Roles' }).click();
    await settings.getByRole('button', { name: 'Create role' }).click();
    await expect(settings.getByRole('heading', { name: 'Edit role — new role' })).toBeVisible();
    await settings.getByRole('textbox', { name: 'Role name' }).fill(officers);
    await saveBar(settings).getByRole('button', { name: 'Save changes' }).click();
    await expect(saveBar(settings)).toBeHidden();
    await owner.keyboard.press('Escape');
    await expect(settings).toBeHidden();
  });

  await test.step('creates a channel and makes it visible to that role only', async () => {
    await openTeamMenuItem(owner, team, 'Create channel');
    const create = owner.getByRole('dialog', { name: 'Create channel' });
    await create.getByRole('textbox', { name: 'Channel name' }).fill(channel);
    await create.getByRole('button', { name: 'Create channel' }).click();
    await expectChannelOpen(owner, channel);

    await sidebar(owner)
      .getByRole('button', { name: `Edit channel ${channel}` })
      .click();
    const settings = owner.getByRole('dialog');
    await settings.getByRole('tab', { name: 'Permissions' }).click();
    // @everyone is selected first: deny View channel.
    await settings.getByRole('radio', { name: 'View channel: Deny' }).check();
    // The role: allow View channel.
    await settings.getByRole('combobox').selectOption({ label: officers });
    await settings.getByRole('radio', { name: 'View channel: Allow' }).check();
    await saveBar(settings).getByRole('button', { name: 'Save changes' }).click();
    await expect(saveBar(settings)).toBeHidden();
    await owner.keyboard.press('Escape');
    await expect(settings).toBeHidden();
  });

  const mate = await openAs(teammate, channelPath(team));
  await expectChannelOpen(mate);
  const hq = sidebar(mate).getByRole('link', { name: channel });

  await test.step('the member without the role does not see the channel', async () => {
    await expect(sidebar(mate).getByRole('link', { name: 'general', exact: true })).toBeVisible();
    await expect(hq).toBeHidden();
  });

  const card = owner.getByRole('dialog', { name: teammate.username });
  await test.step('given the role on their profile card, they see it appear', async () => {
    // The member list lists who may view the open channel: the owner goes back to #general.
    await sidebar(owner).getByRole('link', { name: 'general', exact: true }).click();
    await expectChannelOpen(owner);
    await owner
      .getByRole('button', { name: new RegExp(`^${teammate.username},? (Online|Offline)`) })
      .first()
      .click();
    await card.getByRole('button', { name: 'Add role' }).click();
    await card.getByRole('button', { name: officers }).click();
    await expect(card.getByRole('button', { name: `Remove role ${officers}` })).toBeVisible();
    await expect(hq).toBeVisible();
    await hq.click();
    await expectChannelOpen(mate, channel);
  });

  await test.step('the role taken away, the channel goes again and the member is sent to another channel', async () => {
    await card.getByRole('button', { name: `Remove role ${officers}` }).click();
    await expect(card.getByRole('button', { name: `Remove role ${officers}` })).toBeHidden();
    await expect(hq).toBeHidden();
    await expectChannelOpen(mate);
  });
});
