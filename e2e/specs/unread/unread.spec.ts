import type { Page } from '@playwright/test';
import { expect, test } from '../../fixtures/test';
import { snap } from '../../fixtures/screenshots';
import { postMessage, type ApiTeam, type ApiUser } from '../../fixtures/api';
import { channelPath, expectChannelOpen } from '../../fixtures/ui';

/** A second text channel of the team, through PUT /api/v1/teams/{id}/channels; its id. */
async function createChannel(owner: ApiUser, team: ApiTeam, name: string): Promise<string> {
  const response = await owner.api.put(`/api/v1/teams/${team.id}/channels`, { data: { name, type: 'text' } });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { channel: { id: string } }).channel.id;
}

/** Record every desktop notification the page creates (the real Notification still runs). */
async function recordNotifications(page: Page): Promise<void> {
  await page.context().grantPermissions(['notifications']);
  await page.context().addInitScript(() => {
    const Original = window.Notification;
    const shown: { title: string; body: string }[] = [];
    Object.defineProperty(window, 'shownNotifications', { value: shown });
    class Recorded extends Original {
      constructor(title: string, options?: NotificationOptions) {
        super(title, options);
        shown.push({ title, body: options?.body ?? '' });
      }
    }
    window.Notification = Recorded;
  });
  await page.reload();
}

const shownNotifications = (page: Page) =>
  page.evaluate(() => (window as unknown as { shownNotifications: { title: string; body: string }[] }).shownNotifications);
const channelList = (page: Page, name = 'Channels') => page.getByRole('navigation', { name });

test('a message elsewhere shows unread and mention badges on the channel and the team, a notification, and opening the channel clears them', async ({
  signedInPage: alice,
  user,
  team,
  teammate: bob,
}, testInfo) => {
  const lobby = await createChannel(user, team, 'lobby');
  await alice.setViewportSize({ width: 1280, height: 800 });
  // #general first: Bob's joining wrote there; Alice reads it.
  await alice.goto(channelPath(team));
  await expectChannelOpen(alice);
  await expect(channelList(alice).getByRole('link', { name: 'general', exact: true })).toBeVisible();
  await alice.goto(channelPath(team, lobby));
  await recordNotifications(alice);
  await expectChannelOpen(alice, 'lobby');
  // Permission granted already: no banner.
  await expect(alice.getByRole('button', { name: 'Enable notifications' })).toHaveCount(0);
  const general = channelList(alice).getByRole('link', { name: /^general/ });
  const teamIcon = alice.getByRole('navigation', { name: 'Teams and navigation' }).getByRole('link', { name: new RegExp(`^${team.name}`) });
  await expect(general).toHaveAccessibleName('general');

  await test.step('Bob writes in #general, then mentions Alice: badges and a notification', async () => {
    await postMessage(bob, team.generalId, 'anyone up for a match?');
    await expect(general).toHaveAccessibleName('general (unread messages)');
    await expect(teamIcon).toHaveAccessibleName(`${team.name}, unread messages`);
    await postMessage(bob, team.generalId, `<@${user.id}> you in?`);
    await expect(general).toHaveAccessibleName('general (1 mention)');
    await expect(general).toContainText('1');
    await expect(teamIcon).toHaveAccessibleName(`${team.name}, 1 mention`);
    await expect.poll(async () => (await shownNotifications(alice)).length).toBeGreaterThanOrEqual(2);
    const [, mention] = await shownNotifications(alice);
    expect(mention?.title).toBe(`${bob.username} (#general, ${team.name})`);
    expect(mention?.body).toBe(`@${user.username} you in?`);
    await snap(alice, testInfo, 'unread-1-badges-desktop-en');
  });

  await test.step('opening #general clears them, and they stay cleared after a reload', async () => {
    await general.click();
    await expectChannelOpen(alice);
    await expect(general).toHaveAccessibleName('general');
    await expect(teamIcon).toHaveAccessibleName(team.name);
    await alice.goto(channelPath(team, lobby));
    await expectChannelOpen(alice, 'lobby');
    await expect(channelList(alice).getByRole('link', { name: 'general', exact: true })).toBeVisible();
  });

  await test.step('in Turkish on a phone', async () => {
    await postMessage(bob, team.generalId, `<@${user.id}> tekrar`);
    await alice.evaluate(() => localStorage.setItem('rally.language', 'tr'));
    await alice.setViewportSize({ width: 390, height: 844 });
    await alice.reload();
    await expect(alice.locator('html')).toHaveAttribute('lang', 'tr');
    await alice.getByRole('button', { name: 'Kanallar', exact: true }).click();
    await expect(channelList(alice, 'Kanallar').getByRole('link', { name: 'general (1 bahsetme)' })).toBeVisible();
    await snap(alice, testInfo, 'unread-2-badges-phone-tr');
  });

  await test.step('Mark as read in the team menu clears the team', async () => {
    await alice.setViewportSize({ width: 1280, height: 800 });
    await alice
      .getByRole('button', { name: new RegExp(team.name) })
      .first()
      .click();
    await alice.getByRole('menuitem', { name: 'Okundu olarak işaretle' }).click();
    await expect(channelList(alice, 'Kanallar').getByRole('link', { name: 'general', exact: true })).toBeVisible();
  });
});

test('the enable-notifications banner shows once, and a dismissal is remembered', async ({ signedInPage: page, team }, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(channelPath(team));
  await expectChannelOpen(page);
  const enable = page.getByRole('button', { name: 'Enable notifications' });
  await expect(enable).toBeVisible();
  await snap(page, testInfo, 'unread-3-banner-desktop-en');

  await page.evaluate(() => localStorage.setItem('rally.language', 'tr'));
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'tr');
  await expect(page.getByRole('button', { name: 'Bildirimleri aç' })).toBeVisible();
  await snap(page, testInfo, 'unread-4-banner-phone-tr');

  await page.getByRole('button', { name: 'Kapat', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Bildirimleri aç' })).toHaveCount(0);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'tr');
  await expect(page.getByRole('button', { name: 'Bildirimleri aç' })).toHaveCount(0);
});
