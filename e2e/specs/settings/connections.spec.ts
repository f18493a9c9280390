import type { Page } from '@playwright/test';
import { snap } from '../../fixtures/screenshots';
import { expect, test } from '../../fixtures/test';

/**
 * Connections (spec 000 §2, §7): with no Kick client id configured, Rally's built-in stand-in plays
 * Kick. Connect opens its consent page in a new tab; Authorize sends that tab to
 * /connections/kick, which finishes the link; the settings tab shows the account; Disconnect
 * removes it. Only kick and twitch are providers: any other /connections/… goes home.
 */

async function openConnections(page: Page) {
  await page.getByRole('navigation').getByRole('button', { name: 'User settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await dialog.getByRole('tab', { name: 'Connections' }).click();
  const panel = dialog.getByRole('tabpanel');
  await expect(panel.getByRole('heading', { name: 'Connections' })).toBeVisible();
  return panel;
}

test('connect Kick through the built-in stand-in, see it in the settings, disconnect', async ({ signedInPage: page }, testInfo) => {
  const account = `kick_${Date.now().toString(36)}`;
  const panel = await openConnections(page);
  const kick = panel.getByRole('listitem').filter({ hasText: 'Kick' });
  await expect(kick.getByText('Not connected')).toBeVisible();
  await expect(panel.getByRole('listitem').filter({ hasText: 'Twitch' }).getByRole('button', { name: 'Connect your Twitch account' })).toBeVisible();
  await snap(page, testInfo, 'settings-connections-en-desktop');

  const [tab] = await Promise.all([page.context().waitForEvent('page'), kick.getByRole('button', { name: 'Connect your Kick account' }).click()]);

  await test.step('the stand-in asks to connect a Kick test account', async () => {
    await expect(tab.getByRole('heading', { name: 'Connect your Kick test account' })).toBeVisible();
    expect(new URL(tab.url()).pathname).toBe('/dev/oauth/kick/authorize');
    const name = tab.getByRole('textbox', { name: 'Connect your Kick test account as' });
    await name.fill(account);
    await snap(tab, testInfo, 'connections-stand-in-consent');
  });

  await test.step('Authorize: the callback page connects and says the tab can be closed', async () => {
    await tab.getByRole('button', { name: 'Authorize' }).click();
    await expect(tab.getByRole('heading', { name: 'Kick connected' })).toBeVisible();
    expect(new URL(tab.url()).pathname).toBe('/connections/kick');
    await expect(tab.getByText(`Your Kick account ${account} is now linked to Rally.`)).toBeVisible();
    await expect(tab.getByText('You can close this tab.')).toBeVisible();
    await expect(tab.getByRole('link', { name: 'Back to Rally' })).toBeVisible();
    await snap(tab, testInfo, 'connections-callback-success');
    await tab.close();
    // Closing the tab does not always hand the window's focus back to Rally's tab, and a focused
    // element counts as focused only in a document that has the focus: bring it back, as a user would.
    await page.bringToFront();
  });

  await test.step('the settings tab shows the account (live), and Disconnect removes it', async () => {
    await expect(kick.getByText(`Connected as ${account}`)).toBeVisible();
    await snap(page, testInfo, 'settings-connections-connected');
    // With the keyboard: Disconnect turns into Connect, which keeps the focus.
    await kick.getByRole('button', { name: 'Disconnect your Kick account' }).focus();
    await page.keyboard.press('Enter');
    await expect(kick.getByText('Not connected')).toBeVisible();
    await expect(kick.getByRole('button', { name: 'Connect your Kick account' })).toBeFocused();
  });
});

test('the callback page: Cancel at the provider shows the error; a spent link says so; other providers go home', async ({
  signedInPage: page,
  browser,
}, testInfo) => {
  const panel = await openConnections(page);
  const twitch = panel.getByRole('listitem').filter({ hasText: 'Twitch' });
  const [tab] = await Promise.all([page.context().waitForEvent('page'), twitch.getByRole('button', { name: 'Connect your Twitch account' }).click()]);
  await expect(tab.getByRole('heading', { name: 'Connect your Twitch test account' })).toBeVisible();
  await tab.getByRole('button', { name: 'Cancel' }).click();
  await expect(tab.getByRole('heading', { name: 'Could not connect Twitch' })).toBeVisible();
  await expect(tab.getByRole('alert')).toHaveText('The connection was cancelled');
  await snap(tab, testInfo, 'connections-callback-error');

  await tab.reload();
  await expect(tab.getByRole('alert')).toHaveText(/This connection attempt is invalid or has expired/);
  await tab.close();

  await page.goto('/connections/youtube?code=a&state=b');
  await expect(page).toHaveURL(/\/$/);

  const signedOut = await (await browser.newContext()).newPage();
  await signedOut.goto('/connections/kick?code=a&state=b');
  await expect(signedOut.getByRole('heading', { name: 'Log in to connect Kick' })).toBeVisible();
  await expect(signedOut.getByRole('button', { name: 'Log In', exact: true })).toBeVisible();
  await snap(signedOut, testInfo, 'connections-callback-signed-out');
  await signedOut.context().close();
});
