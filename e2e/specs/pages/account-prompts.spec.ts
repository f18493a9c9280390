import type { Page } from '@playwright/test';
import { snap } from '../../fixtures/screenshots';
import { expect, test } from '../../fixtures/test';

/**
 * The birthdate prompt and the policy review are for accounts that registration cannot make (one
 * without a birthdate, one made before the policy took effect). The page is shown the fixture's real
 * user as such an account: its first GET /api/v1/me and its gateway's first READY (both carry the
 * user) are the server's answers with `change` applied. Everything else — the saves and the reads
 * after them — goes to the real server unchanged (the server side of both is tested in
 * apps/server/src/modules/onboarding/onboarding.test.ts).
 */
async function firstMeAs(page: Page, change: Record<string, unknown>): Promise<void> {
  await page.route(
    '**/api/v1/me',
    async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { user: Record<string, unknown> };
      await route.fulfill({ response, json: { ...body, user: { ...body.user, ...change } } });
    },
    { times: 1 },
  );
  let readyChanged = false;
  await page.routeWebSocket('**/api/v1/ws', (ws) => {
    const server = ws.connectToServer();
    ws.onMessage((message) => server.send(message));
    server.onMessage((message) => {
      const frame = typeof message === 'string' ? (JSON.parse(message) as { type?: string; data?: { user?: Record<string, unknown> } }) : null;
      if (frame?.type === 'READY' && frame.data?.user && !readyChanged) {
        readyChanged = true;
        ws.send(JSON.stringify({ ...frame, data: { ...frame.data, user: { ...frame.data.user, ...change } } }));
      } else ws.send(message);
    });
  });
}

test('the policy review names the effective date, links the texts, and Accept clears it on the server', async ({ user, openAs }, testInfo) => {
  const page = await openAs(user, '/tos');
  await firstMeAs(page, { privateFlags: 1 });
  await page.goto('/me/friends');
  const review = page.getByRole('dialog', { name: 'Our terms have been updated' });
  await expect(review).toContainText('29 March 2025');
  await expect(review.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/tos');
  await expect(review.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
  await snap(page, testInfo, 'prompts-4-policy-review');
  // It cannot be dismissed with Escape.
  await page.keyboard.press('Escape');
  await expect(review).toBeVisible();
  const accepted = page.waitForResponse((r) => r.url().endsWith('/api/v1/me/policy') && r.request().method() === 'POST');
  await review.getByRole('button', { name: 'Accept' }).click();
  expect((await accepted).status()).toBe(200);
  await expect(review).toBeHidden();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Friends' }).first()).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('the birthdate prompt checks the date like registration; a refused save goes back to /', async ({ user, openAs }, testInfo) => {
  const page = await openAs(user, '/tos');
  await firstMeAs(page, { mustSetBirthdate: true });
  await page.goto('/me/friends');
  const prompt = page.getByRole('dialog', { name: 'When is your birthday?' });
  await expect(prompt).toBeVisible();
  const save = prompt.getByRole('button', { name: 'Save' });
  await expect(save).toBeDisabled();
  // Too young: the registration's rule.
  const thisYear = new Date().getUTCFullYear();
  await prompt.getByRole('combobox', { name: 'Day' }).selectOption('1');
  await prompt.getByRole('combobox', { name: 'Month' }).selectOption({ index: 1 });
  await prompt.getByRole('combobox', { name: 'Year' }).selectOption(String(thisYear - 5));
  await expect(prompt.getByText('You must be at least 13 years old to use Rally')).toBeVisible();
  await expect(save).toBeDisabled();
  await prompt.getByRole('combobox', { name: 'Year' }).selectOption('1998');
  await expect(save).toBeEnabled();
  await snap(page, testInfo, 'prompts-5-birthdate');
  // This account has a birthdate already (set at registration): the server refuses, the app goes to /.
  const refused = page.waitForResponse((r) => r.url().endsWith('/api/v1/me/birthdate'));
  await save.click();
  expect((await refused).status()).toBe(409);
  await expect(page).toHaveURL(/\/$/);
  await expect(prompt).toBeHidden();
});
