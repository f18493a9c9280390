import { expect, test } from '../../fixtures/test';
import { snap } from '../../fixtures/screenshots';
import { SERVER_URL } from '../../fixtures/server';
import { landingCallToAction } from '../../fixtures/ui';

test.describe('landing page and routing', () => {
  test('shows the hero call to action, in English and in Turkish', async ({ page }, testInfo) => {
    await page.goto('/');
    const hopOn = landingCallToAction(page);
    await expect(hopOn).toBeVisible();
    await snap(page, testInfo, 'landing-1-english');

    await page.getByRole('combobox', { name: /language|dil/i }).selectOption('tr');
    await expect(landingCallToAction(page, 'Şimdi Başla!')).toBeVisible();
    await expect(hopOn).toHaveCount(0);
    await snap(page, testInfo, 'landing-2-turkish');
  });

  test('an unknown path redirects to /', async ({ page }, testInfo) => {
    await page.goto('/no/such/page');
    await expect(page).toHaveURL(`${SERVER_URL}/`);
    await expect(landingCallToAction(page)).toBeVisible();
    await snap(page, testInfo, 'landing-3-unknown-path');
  });

  test('a protected route redirects a signed-out visitor to /', async ({ page }, testInfo) => {
    await page.goto('/me/friends');
    await expect(page).toHaveURL(`${SERVER_URL}/`);
    await expect(landingCallToAction(page)).toBeVisible();
    await snap(page, testInfo, 'landing-4-protected-route');
  });
});
