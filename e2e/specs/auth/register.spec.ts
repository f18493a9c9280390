import { expect, test } from '../../fixtures/test';
import { newCredentials } from '../../fixtures/api';
import { snap } from '../../fixtures/screenshots';
import { registerThroughUi, skipTour } from '../../fixtures/ui';

/** Signing up is the flow under test here, so it goes through the page (other specs use the `user` fixture). */
test('a visitor signs up through the dialog and arrives signed in on their home', async ({ page }, testInfo) => {
  await registerThroughUi(page, newCredentials('signup'));
  await skipTour(page);
  await expect(page.getByRole('heading', { name: 'Your teams' })).toBeVisible();
  await snap(page, testInfo, 'auth-1-registered-home');

  // The session is a cookie: it outlives a reload.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Your teams' })).toBeVisible();
});
