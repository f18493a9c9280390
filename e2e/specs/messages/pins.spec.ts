import type { Page } from '@playwright/test';
import { postMessage, type ApiUser } from '../../fixtures/api';
import { PICTURE_VARIANTS, snap } from '../../fixtures/screenshots';
import { expect, test } from '../../fixtures/test';
import { channelPath, expectChannelOpen, messageIn as message, toolbarOf } from '../../fixtures/ui';

/** Pin a message through PUT /api/v1/channels/{channelId}/pins/{messageId}. */
async function pinThroughApi(user: ApiUser, channelId: string, messageId: string): Promise<void> {
  const response = await user.api.put(`/api/v1/channels/${channelId}/pins/${messageId}`);
  expect(response.status(), await response.text()).toBe(200);
}

const pinsPanel = (page: Page, name = 'Pinned Messages') => page.getByRole('complementary', { name });
const pinsButton = (page: Page, name = 'Pinned Messages') => page.getByRole('button', { name, exact: true });

test('the owner pins a message: the member sees the notice, the mark and the pin in the panel live, jumps to it; unpin; no Pin entry for the member', async ({
  signedInPage: alice,
  user,
  team,
  teammate,
  openAs,
}) => {
  const stamp = Date.now();
  const text = `Raid plan ${stamp}: meet at the north gate at nine`;
  await alice.goto(channelPath(team));
  const bob = await openAs(teammate, channelPath(team));
  await expectChannelOpen(alice);
  await expectChannelOpen(bob);
  await postMessage(teammate, team.generalId, text);
  await expect(message(alice, text)).toBeVisible();
  await expect(message(bob, text)).toBeVisible();

  await test.step('Bob, without MANAGE_MESSAGES, has no Pin entry in the menu', async () => {
    await (await toolbarOf(message(bob, text))).getByRole('button', { name: 'More' }).click();
    await expect(bob.getByRole('menuitem', { name: 'Copy Text' })).toBeVisible();
    await expect(bob.getByRole('menuitem', { name: 'Pin Message' })).toHaveCount(0);
    await bob.keyboard.press('Escape');
  });

  await test.step('Bob opens his pins panel with the keyboard: nothing pinned yet', async () => {
    const button = pinsButton(bob);
    await button.focus();
    await bob.keyboard.press('Enter');
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await expect(pinsPanel(bob)).toBeFocused();
    await expect(pinsPanel(bob).getByText('No pinned messages yet')).toBeVisible();
  });

  await test.step('Alice pins it from the menu; Bob sees the notice, the mark and the pin in his open panel', async () => {
    await (await toolbarOf(message(alice, text))).getByRole('button', { name: 'More' }).click();
    await alice.getByRole('menuitem', { name: 'Pin Message' }).click();
    const notice = bob.getByRole('article', { name: `${user.username} pinned a message.` });
    await expect(notice).toBeVisible();
    await expect(message(bob, text).getByRole('img', { name: 'Pinned' })).toBeVisible();
    await expect(message(alice, text).getByRole('img', { name: 'Pinned' })).toBeVisible();
    const pinned = pinsPanel(bob).getByRole('listitem');
    await expect(pinned).toHaveCount(1);
    await expect(pinned).toContainText(text);
    await expect(pinned).toContainText(teammate.username);
    // Only those who may unpin are offered it.
    await expect(pinned.getByRole('button', { name: /^Unpin/ })).toHaveCount(0);
    // The notice's link jumps to the message.
    await notice.getByRole('button', { name: 'a message' }).click();
    await expect(message(bob, text)).toBeFocused();
  });

  await test.step('Bob jumps to it from the panel: the message is focused and highlighted', async () => {
    await bob.getByRole('log').focus();
    await pinsPanel(bob)
      .getByRole('button', { name: `Jump to the pinned message of ${teammate.username}` })
      .click();
    await expect(message(bob, text)).toBeFocused();
    await expect(message(bob, text)).toHaveAttribute('data-highlight', 'true');
    await pinsPanel(bob).getByRole('button', { name: 'Close pinned messages' }).click();
    await expect(pinsPanel(bob)).toBeHidden();
  });

  await test.step('Alice unpins it from her panel; the mark goes on both sides, and Bob finds the panel empty', async () => {
    await pinsButton(alice).click();
    await pinsPanel(alice)
      .getByRole('button', { name: `Unpin the message of ${teammate.username}` })
      .click();
    await expect(pinsPanel(alice).getByText('No pinned messages yet')).toBeVisible();
    await expect(message(alice, text).getByRole('img', { name: 'Pinned' })).toHaveCount(0);
    await expect(message(bob, text).getByRole('img', { name: 'Pinned' })).toHaveCount(0);
    await alice.keyboard.press('Escape');
    await expect(pinsPanel(alice)).toBeHidden();
    await expect(pinsButton(alice)).toBeFocused();
    await pinsButton(bob).click();
    await expect(pinsPanel(bob).getByText('No pinned messages yet')).toBeVisible();
  });
});

for (const { language, size, viewport } of PICTURE_VARIANTS) {
  test(`pictures: the pins panel (${language}, ${size})`, async ({ signedInPage: page, user, team, teammate }, testInfo) => {
    const en = language === 'en';
    const stamp = Date.now();
    const first = await postMessage(teammate, team.generalId, `Tournament rules ${stamp}: best of three, no substitutes after the first map`);
    const second = await postMessage(user, team.generalId, `Practice every Tuesday and Thursday at 20:00 ${stamp}`);
    await pinThroughApi(user, team.generalId, first);
    await pinThroughApi(user, team.generalId, second);
    await page.setViewportSize(viewport);
    await page.evaluate((lng) => localStorage.setItem('rally.language', lng), language);
    await page.goto(channelPath(team));
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    const button = pinsButton(page, en ? 'Pinned Messages' : 'Sabitlenmiş Mesajlar');
    await expect(
      page.getByRole('article', { name: en ? `${user.username} pinned a message.` : `${user.username} bir mesajı sabitledi.` }).first(),
    ).toBeVisible();
    await button.click();
    const panel = pinsPanel(page, en ? 'Pinned Messages' : 'Sabitlenmiş Mesajlar');
    await expect(panel.getByRole('listitem')).toHaveCount(2);
    await snap(page, testInfo, `pins-panel-${language}-${size}`);
  });
}
