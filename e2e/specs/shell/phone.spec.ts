import type { Locator, Page } from '@playwright/test';
import { createTeam } from '../../fixtures/api';
import { snap } from '../../fixtures/screenshots';
import { expect, test } from '../../fixtures/test';
import { channelPath } from '../../fixtures/ui';

/**
 * A phone (390 px, Turkish): the strip at the top keeps its width for home, the direct messages and
 * the teams (the create button beside them, covering none of them); sounds, language and log out are
 * in one More menu beside the status and the settings; a team's page has the bottom bar of panels.
 */

async function boxOf(locator: Locator) {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not rendered');
  return box;
}

const overlaps = (a: { x: number; width: number }, b: { x: number; width: number }) => a.x < b.x + b.width && b.x < a.x + a.width;

async function openOnPhone(page: Page, path: string): Promise<void> {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.evaluate(() => localStorage.setItem('rally.language', 'tr'));
  await page.goto(path);
  await expect(page.locator('html')).toHaveAttribute('lang', 'tr');
}

test('on a phone the strip shows home, chats and teams side by side, and a More menu for sounds, language and log out', async ({
  signedInPage: page,
  user,
  team,
}, testInfo) => {
  await createTeam(user, 'Second squad');
  await openOnPhone(page, channelPath(team));
  const strip = page.getByRole('navigation', { name: 'Takımlar ve gezinme' });
  const home = strip.getByRole('link', { name: 'Ana sayfa' });
  const chats = strip.getByRole('link', { name: /^Doğrudan Mesajlar/ });
  const first = strip.getByRole('link', { name: team.name, exact: true });
  const create = strip.getByRole('button', { name: 'Takım oluştur' });
  await expect(first).toBeVisible();

  await test.step('nothing covers anything: home, chats and the first team sit side by side within the screen, create after the teams', async () => {
    const boxes = [await boxOf(home), await boxOf(chats), await boxOf(first)];
    for (const [i, a] of boxes.entries()) {
      expect(a.x + a.width).toBeLessThanOrEqual(390);
      for (const b of [...boxes.slice(i + 1), await boxOf(create)]) expect(overlaps(a, b)).toBe(false);
    }
    await create.scrollIntoViewIfNeeded();
    await expect(create).toBeInViewport();
    // The second team is reached by scrolling the strip.
    const second = strip.getByRole('link', { name: 'Second squad', exact: true });
    await second.scrollIntoViewIfNeeded();
    await expect(second).toBeInViewport();
    await second.click();
    await expect(page).toHaveURL(/\/teams\/\d+/);
    await snap(page, testInfo, 'phone-strip-tr');
  });

  await test.step('the bottom bar switches the panels', async () => {
    const bar = page.getByRole('navigation', { name: 'Paneller' });
    await bar.getByRole('button', { name: 'Kanallar' }).click();
    await expect(page.getByRole('navigation', { name: 'Kanallar' }).getByRole('link', { name: /^general/ })).toBeVisible();
  });

  await test.step('More: sounds, the language, log out', async () => {
    await strip.getByRole('button', { name: 'Daha fazla' }).click();
    await expect(page.getByRole('menuitem', { name: 'Bildirim seslerini kapat' })).toBeVisible();
    await expect(page.getByRole('menuitemradio', { name: 'Türkçe' })).toHaveAttribute('aria-checked', 'true');
    await expect(page.getByRole('menuitem', { name: 'Çıkış yap' })).toBeVisible();
    await snap(page, testInfo, 'phone-more-menu-tr');
    await page.getByRole('menuitemradio', { name: 'English' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await page.getByRole('navigation', { name: 'Teams and navigation' }).getByRole('button', { name: 'More' }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await expect(page.getByRole('dialog', { name: /Log Out/i })).toBeVisible();
  });
});
