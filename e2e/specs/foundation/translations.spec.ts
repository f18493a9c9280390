import type { Page } from '@playwright/test';
import { expect, test } from '../../fixtures/test';
import { landingCallToAction } from '../../fixtures/ui';

/**
 * Translations load per language (apps/web/src/i18n.ts): a page fetches the active language's
 * texts only, and the other language's when the visitor switches to it. Each language's landing
 * call to action is in its own chunk, so the script bodies the page received tell which were fetched.
 */
function watchScripts(page: Page): { has(text: string): Promise<boolean> } {
  const bodies: Promise<string>[] = [];
  page.on('response', (response) => {
    if (/\/assets\/[^/?]+\.js$/.test(new URL(response.url()).pathname)) bodies.push(response.text().catch(() => ''));
  });
  return { has: async (text) => (await Promise.all(bodies)).some((body) => body.includes(text)) };
}

test('an English page fetches the English texts only, and the Turkish ones on switching', async ({ page }) => {
  const scripts = watchScripts(page);
  await page.goto('/');
  await expect(landingCallToAction(page, 'Hop On!')).toBeVisible();
  expect(await scripts.has('Hop On!')).toBe(true);
  expect(await scripts.has('Şimdi Başla!')).toBe(false);

  await page.getByRole('combobox', { name: /language/i }).selectOption('tr');
  await expect(landingCallToAction(page, 'Şimdi Başla!')).toBeVisible();
  expect(await scripts.has('Şimdi Başla!')).toBe(true);
  await expect(page.locator('html')).toHaveAttribute('lang', 'tr');
});

test.describe('a browser that prefers Turkish', () => {
  test.use({ locale: 'tr-TR' });

  test('fetches the Turkish texts only', async ({ page }) => {
    const scripts = watchScripts(page);
    await page.goto('/');
    await expect(landingCallToAction(page, 'Şimdi Başla!')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'tr');
    expect(await scripts.has('Şimdi Başla!')).toBe(true);
    expect(await scripts.has('Hop On!')).toBe(false);
  });
});
