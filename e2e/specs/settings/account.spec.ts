import type { APIRequest, Locator, Page } from '@playwright/test';
import { createTeam, postMessage, registerUser } from '../../fixtures/api';
import { snap } from '../../fixtures/screenshots';
import { SERVER_URL } from '../../fixtures/server';
import { expect, test } from '../../fixtures/test';
import { channelPath, composer, expectChannelOpen, landingCallToAction } from '../../fixtures/ui';
import { startVerifyingServer, VERIFYING_URL, type VerifyingServer } from '../../fixtures/verifying-server';

/**
 * Settings → My account (spec 000 §2, §4, §5, §8): username, slug and e-mail changes, revealing the
 * e-mail, the password change, account deletion (refused while owning a team), and e-mail
 * verification on a server that requires it (fixtures/verifying-server.ts: the suite's own server
 * does not, so that every other spec's users may send messages).
 */

async function openAccount(page: Page): Promise<Locator> {
  await page.getByRole('navigation').getByRole('button', { name: 'User settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await expect(dialog.getByRole('tab', { name: 'My account' })).toHaveAttribute('aria-selected', 'true');
  return dialog.getByRole('tabpanel');
}

/** The answer's status of a sign-in with these credentials (the page's session is left alone). */
async function signIn(request: APIRequest, email: string, password: string, baseURL = SERVER_URL): Promise<number> {
  const api = await request.newContext({ baseURL, extraHTTPHeaders: { 'x-rally-request': '1' } });
  const status = (await api.post('/api/v1/login', { data: { email, password } })).status();
  await api.dispose();
  return status;
}

test('my account: username, slug with password, reveal e-mail, change password', async ({ signedInPage: page, user, playwright }, testInfo) => {
  const panel = await openAccount(page);
  await snap(page, testInfo, 'account-panel');

  await test.step('username: refused with the spec’s text, then changed everywhere the user shows', async () => {
    await panel.getByRole('button', { name: 'Edit username' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change your username' });
    const field = dialog.getByRole('textbox', { name: 'Username' });
    await field.fill('no.dots');
    await expect(dialog.getByText('Cannot use this username.')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Save' })).toBeDisabled();
    await field.fill('Renamed 🎮');
    await snap(page, testInfo, 'account-username-dialog');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(panel.getByText('Renamed 🎮').first()).toBeVisible();
    const me = (await (await user.api.get('/api/v1/me')).json()) as { user: { username: string } };
    expect(me.user.username).toBe('Renamed 🎮');
  });

  const slug = `slug-${user.id.slice(-8)}`;
  await test.step('slug: a wrong password is refused under its field, the right one changes it', async () => {
    await panel.getByRole('button', { name: 'Edit slug' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change your slug' });
    await dialog.getByRole('textbox', { name: 'Slug' }).fill(slug);
    await dialog.getByLabel('Current password').fill('wrong password');
    await snap(page, testInfo, 'account-slug-dialog');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('The password is incorrect')).toBeVisible();
    await dialog.getByLabel('Current password').fill(user.password);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(panel.getByText(`@${slug}`).first()).toBeVisible();
  });

  await test.step('e-mail: masked until the password reveals it', async () => {
    await expect(panel.getByText(user.email)).toHaveCount(0);
    await panel.getByRole('button', { name: 'Reveal email' }).click();
    const dialog = page.getByRole('dialog', { name: 'Show your email' });
    await dialog.getByLabel('Current password').fill(user.password);
    await snap(page, testInfo, 'account-reveal-email-dialog');
    await dialog.getByRole('button', { name: 'Show email' }).click();
    await expect(dialog).toBeHidden();
    await expect(panel.getByText(user.email)).toBeVisible();
    await panel.getByRole('button', { name: 'Hide' }).click();
    await expect(panel.getByText(user.email)).toHaveCount(0);
  });

  const newPassword = `${user.password}-new`;
  await test.step('password: submit waits for three valid fields; a mismatch says so; the new one signs in', async () => {
    await panel.getByRole('button', { name: 'Change password' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change your password' });
    const submit = dialog.getByRole('button', { name: 'Change password' });
    await expect(submit).toBeDisabled();
    await dialog.getByLabel('Current password').fill(user.password);
    await dialog.getByLabel('New password', { exact: true }).fill(newPassword);
    await dialog.getByLabel('Confirm new password').fill(`${newPassword}x`);
    await expect(dialog.getByText('Passwords do not match')).toBeVisible();
    await expect(submit).toBeDisabled();
    await dialog.getByLabel('Confirm new password').fill(newPassword);
    await expect(submit).toBeEnabled();
    await snap(page, testInfo, 'account-password-dialog');
    await submit.click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('status').filter({ hasText: 'Password changed' })).toBeVisible();
    expect(await signIn(playwright.request, user.email, user.password)).toBe(401);
    expect(await signIn(playwright.request, user.email, newPassword)).toBe(200);
  });
});

test("a teammate's new username shows on their messages at once, without a reload", async ({ signedInPage: page, team, teammate }) => {
  await postMessage(teammate, team.generalId, 'before the rename');
  await page.goto(channelPath(team));
  await expectChannelOpen(page);
  const message = page.getByRole('article').filter({ hasText: 'before the rename' });
  await expect(message).toContainText(teammate.username);
  const renamed = `New ${teammate.id.slice(-6)}`;
  const res = await teammate.api.post('/api/v1/me/profile/username', { data: { username: renamed } });
  expect(res.status()).toBe(200);
  await expect(message).toContainText(renamed);
  await expect(message).not.toContainText(teammate.username);
});

test('delete account: refused while owning a team, then deleted and signed out', async ({ signedInPage: page, user, team, teammate, playwright }, testInfo) => {
  const panel = await openAccount(page);
  await test.step('an owner is told to transfer the team first', async () => {
    await panel.getByRole('button', { name: 'Delete account' }).click();
    await expect(panel.getByRole('alert').filter({ hasText: 'Cannot delete account while owning a team; transfer ownership first' })).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Delete your account?' })).toHaveCount(0);
  });

  await test.step('after the transfer: password and the box, then the landing page, signed out', async () => {
    expect((await user.api.post(`/api/v1/teams/${team.id}/owner`, { data: { owner: teammate.id } })).status()).toBe(200);
    await panel.getByRole('button', { name: 'Delete account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    const submit = dialog.getByRole('button', { name: 'Delete my account' });
    await dialog.getByLabel('Current password').fill(user.password);
    await expect(submit).toBeDisabled();
    await dialog.getByRole('checkbox', { name: 'I understand that my account will be deleted permanently' }).check();
    await snap(page, testInfo, 'account-delete-dialog');
    await submit.click();
    await expect(landingCallToAction(page)).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    expect(await signIn(playwright.request, user.email, user.password)).toBe(401);
  });
});

test.describe('e-mail verification (a server that requires it)', () => {
  let server: VerifyingServer | undefined;
  test.beforeAll(async () => {
    server = await startVerifyingServer();
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test('an unverified user sees the banner, cannot send, has the link sent, and the mailed link verifies', async ({ browser, playwright }, testInfo) => {
    const user = await registerUser(playwright.request, 'verify', { baseURL: VERIFYING_URL });
    const team = await createTeam(user);
    const context = await browser.newContext({ baseURL: VERIFYING_URL, storageState: await user.api.storageState() });
    const page = await context.newPage();
    await page.goto(channelPath(team));
    // Open, but without a composer (the notice below stands in its place).
    await expect(page.getByRole('heading', { name: 'Welcome to #general!' })).toBeVisible();
    const banner = page.getByRole('region', { name: 'Email verification' });

    await test.step('the composer gives way to a notice: no sending, no reacting', async () => {
      await expect(banner).toContainText(user.email);
      await expect(page.getByRole('status').filter({ hasText: 'Verify your email address to send messages and react.' })).toBeVisible();
      await expect(composer(page)).toHaveCount(0);
    });

    await test.step('the banner sends the link and says so', async () => {
      await banner.getByRole('button', { name: 'Send verification link' }).click();
      await expect(banner.getByRole('status')).toHaveText('Link sent. Check your inbox.');
      await expect(banner.getByRole('button', { name: 'Resend link' })).toBeVisible();
      await snap(page, testInfo, 'account-verify-banner');
    });

    await test.step('an incomplete link is invalid', async () => {
      const visitor = await browser.newContext({ baseURL: VERIFYING_URL });
      const other = await visitor.newPage();
      await other.goto(`/emailVerify?key=abc&email=${encodeURIComponent(user.email)}`);
      await expect(other.getByRole('alert')).toHaveText('Invalid Email Verification Link');
      await visitor.close();
    });

    await test.step('the mailed link, opened signed out, verifies; the signed-in page follows live', async () => {
      const outbox = await page.request.get('/dev/outbox');
      const html = await outbox.text();
      const href = [...html.matchAll(/href="([^"]*\/emailVerify\?[^"]*)"/g)]
        .map((m) => m[1]!.replace(/&amp;/g, '&'))
        .find((link) => new URL(link).searchParams.get('email') === user.email);
      expect(href).toBeDefined();
      const visitor = await browser.newContext({ baseURL: VERIFYING_URL });
      const other = await visitor.newPage();
      await other.goto(new URL(href!).pathname + new URL(href!).search);
      await expect(other.getByRole('status')).toHaveText('Email Verified');
      await snap(other, testInfo, 'account-email-verified');
      await visitor.close();
      await expect(banner).toHaveCount(0);
      await expectChannelOpen(page);
      await composer(page).fill('hello after verifying');
      await composer(page).press('Enter');
      await expect(page.getByRole('log').getByRole('article').filter({ hasText: 'hello after verifying' })).toBeVisible();
    });

    await test.step('changing the e-mail makes it unverified again', async () => {
      await page.getByRole('navigation').getByRole('button', { name: 'User settings' }).click();
      const panel = page.getByRole('dialog', { name: 'Settings' }).getByRole('tabpanel');
      await panel.getByRole('button', { name: 'Change email' }).click();
      const dialog = page.getByRole('dialog', { name: 'Change your email' });
      await dialog.getByLabel('New email').fill(`moved_${user.email}`);
      await dialog.getByLabel('Current password').fill(user.password);
      await snap(page, testInfo, 'account-change-email-dialog');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(dialog).toBeHidden();
      await expect(panel.getByText('Not verified')).toBeVisible();
      await expect(banner).toBeVisible();
    });
    await context.close();
    await user.api.dispose();
  });
});
