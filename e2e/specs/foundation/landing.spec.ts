import { expect, test } from '../../fixtures/test';
import { snap } from '../../fixtures/screenshots';

test.describe('landing page and routing', () => {
  test('shows the hero call to action, in English and in Turkish', async ({ page }, testInfo) => {
    await page.goto('/');
    const hopOn = page.getByRole('link', { name: 'Hop On!' }).or(page.getByRole('button', { name: 'Hop On!' }));
    await expect(hopOn.first()).toBeVisible();
    await snap(page, testInfo, 'landing-1-english');

    await page.getByRole('combobox', { name: /language|dil/i }).selectOption('tr');
    const simdiBasla = page.getByRole('link', { name: 'Şimdi Başla!' }).or(page.getByRole('button', { name: 'Şimdi Başla!' }));
    await expect(simdiBasla.first()).toBeVisible();
    await expect(hopOn).toHaveCount(0);
    await snap(page, testInfo, 'landing-2-turkish');
  });

  test('an unknown path redirects to /', async ({ page }, testInfo) => {
    await page.goto('/no/such/page');
    await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:3300\/$/);
    await expect(page.getByRole('link', { name: 'Hop On!' }).or(page.getByRole('button', { name: 'Hop On!' })).first()).toBeVisible();
    await snap(page, testInfo, 'landing-3-unknown-path');
  });

  test('a protected route redirects a signed-out visitor to /', async ({ page }, testInfo) => {
    await page.goto('/me/friends');
    await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:3300\/$/);
    await expect(page.getByRole('link', { name: 'Hop On!' }).or(page.getByRole('button', { name: 'Hop On!' })).first()).toBeVisible();
    await snap(page, testInfo, 'landing-4-protected-route');
  });
});
