import { expect, test } from '../../fixtures/test';
import { snap } from '../../fixtures/screenshots';
import { channelPath, expectChannelOpen } from '../../fixtures/ui';

/**
 * Presence (spec 000 §4) through the screens: a teammate who closes their page goes offline in the
 * other's member list; the status menu on one's avatar sets do not disturb, which the teammate sees
 * live; pictures of the menu at desktop and phone sizes in English and Turkish.
 */
test('a teammate goes offline when they close their page; do not disturb shows live', async ({
  signedInPage: alice,
  user,
  team,
  teammate,
  openAs,
}, testInfo) => {
  await alice.goto(channelPath(team));
  const bob = await openAs(teammate, channelPath(team));
  await expectChannelOpen(alice);
  await expectChannelOpen(bob);
  await expect(alice.getByText('Online — 2')).toBeVisible();

  await test.step('Alice chooses Do Not Disturb; Bob sees it at once', async () => {
    await alice.getByRole('button', { name: /^Set status/ }).click();
    await expect(alice.getByRole('menuitemradio', { name: /Online/ })).toHaveAttribute('aria-checked', 'true');
    await snap(alice, testInfo, 'presence-1-status-menu-en');
    await alice.getByRole('menuitemradio', { name: /Do Not Disturb/ }).click();
    await expect(alice.getByRole('button', { name: 'Set status (now: Do Not Disturb)' })).toBeVisible();
    await expect(bob.getByRole('button', { name: new RegExp(`^${user.username} Do not disturb`) })).toBeVisible();
  });

  await test.step('Bob closes his page; Alice sees him offline', async () => {
    await bob.context().close();
    await expect(alice.getByText('Offline — 1')).toBeVisible({ timeout: 15_000 });
    await expect(alice.getByRole('button', { name: new RegExp(`^${teammate.username} Offline`) })).toBeVisible();
    await snap(alice, testInfo, 'presence-2-teammate-offline-en');
  });

  await test.step('Phone size and Turkish', async () => {
    await alice.setViewportSize({ width: 390, height: 844 });
    await alice.getByRole('button', { name: /^Set status/ }).click();
    await expect(alice.getByRole('menuitemradio', { name: /Do Not Disturb/ })).toHaveAttribute('aria-checked', 'true');
    await snap(alice, testInfo, 'presence-3-status-menu-phone-en');
    await alice.keyboard.press('Escape');
    await alice.evaluate(() => localStorage.setItem('rally.language', 'tr'));
    await alice.reload();
    await expect(alice.locator('html')).toHaveAttribute('lang', 'tr');
    await alice.getByRole('button', { name: /^Durumu ayarla/ }).click();
    await expect(alice.getByRole('menuitemradio', { name: /Rahatsız Etmeyin/ })).toHaveAttribute('aria-checked', 'true');
    await snap(alice, testInfo, 'presence-4-status-menu-phone-tr');
    await alice.keyboard.press('Escape');
    await alice.setViewportSize({ width: 1280, height: 800 });
    await alice.getByRole('button', { name: /^Durumu ayarla/ }).click();
    await snap(alice, testInfo, 'presence-5-status-menu-tr');
    // Back to online, with the keyboard.
    await alice.getByRole('menuitemradio', { name: /Çevrimiçi/ }).focus();
    await alice.keyboard.press('Enter');
    await expect(alice.getByRole('button', { name: 'Durumu ayarla (şu an: Çevrimiçi)' })).toBeVisible();
  });
});
