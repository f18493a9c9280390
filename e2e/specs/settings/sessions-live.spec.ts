import type { Locator, Page } from '@playwright/test';
import { snap } from '../../fixtures/screenshots';
import { expect, test } from '../../fixtures/test';

/**
 * The Sessions tab follows the user's other devices live (SESSION_CREATED, SESSIONS_REVOKED): a
 * sign-in in another browser appears without a reload, and its sign-out takes it off the list.
 */

const FIREFOX_ON_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';

async function openSessions(page: Page): Promise<Locator> {
  await page.getByRole('navigation').getByRole('button', { name: 'User settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Settings' });
  await settings.getByRole('tab', { name: 'Sessions' }).click();
  return settings.getByRole('list', { name: 'Signed-in devices' }).getByRole('listitem');
}

test('a sign-in in another browser appears in the open Sessions tab, and leaves it when it signs out', async ({ user, openAs, browser }, testInfo) => {
  const page = await openAs(user);
  const items = await openSessions(page);
  await expect(items).toHaveCount(1);

  const other = await browser.newContext({ userAgent: FIREFOX_ON_WINDOWS, extraHTTPHeaders: { 'x-rally-request': '1' } });
  const login = await other.request.post('/api/v1/login', { data: { email: user.email, password: user.password } });
  expect(login.status()).toBe(200);
  const firefox = items.filter({ hasText: 'Firefox on Windows' });
  await expect(firefox).toBeVisible();
  await expect(items).toHaveCount(2);
  await snap(page, testInfo, 'sessions-live-signed-in-elsewhere');

  expect((await other.request.post('/api/v1/logout')).status()).toBe(200);
  await expect(firefox).toHaveCount(0);
  await expect(items).toHaveCount(1);
  await other.close();
});
