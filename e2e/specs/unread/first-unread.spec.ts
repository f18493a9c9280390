import type { Page } from '@playwright/test';
import { postMessage } from '../../fixtures/api';
import { snap } from '../../fixtures/screenshots';
import { expect, test } from '../../fixtures/test';
import { channelPath, expectChannelOpen, messageIn, toolbarOf } from '../../fixtures/ui';

/**
 * Opening a channel with unread messages lands on the first of them under a "new" line; while the
 * line is above the view a bar jumps back to it or marks the channel read; Mark Unread from the
 * message menu moves the line, and the channel stays unread on the user's other sessions.
 */

const newLine = (page: Page) => page.getByRole('log').getByRole('separator', { name: 'New messages start here' });
const unreadBar = (page: Page) => page.getByRole('status').filter({ hasText: /new messages since/ });
const channelLink = (page: Page) => page.getByRole('navigation', { name: 'Channels' }).getByRole('link', { name: /^general/ });

/** The row right under the "new" line, by its text. */
async function expectLineAbove(page: Page, text: string): Promise<void> {
  const line = newLine(page);
  await expect(line).toBeVisible();
  const lineBox = await line.boundingBox();
  const messageBox = await messageIn(page, text).boundingBox();
  expect(lineBox && messageBox && messageBox.y - lineBox.y).toBeGreaterThan(0);
  expect(lineBox && messageBox && messageBox.y - lineBox.y).toBeLessThan(60);
}

test('a channel opens at its first unread message under a "new" line; the bar jumps back to it; Mark Unread moves it, on every session', async ({
  user,
  team,
  teammate,
  openAs,
}, testInfo) => {
  await postMessage(user, team.generalId, 'already read');
  // The teammate reads #general, then leaves it for their DMs.
  const page = await openAs(teammate, channelPath(team));
  await page.setViewportSize({ width: 1280, height: 720 });
  await expectChannelOpen(page);
  await expect(messageIn(page, 'already read')).toBeVisible();
  await page.goto('/me/friends');
  await expect(page.getByRole('heading', { name: 'Friends', level: 1 })).toBeVisible();
  for (let i = 1; i <= 30; i++) await postMessage(user, team.generalId, `unread number ${i}!`);

  await test.step('it opens at the first unread, under the line, not at the bottom', async () => {
    await page.goto(channelPath(team));
    await expect(messageIn(page, 'unread number 1!')).toBeVisible();
    await expectLineAbove(page, 'unread number 1!');
    await expect(messageIn(page, 'unread number 30!')).not.toBeInViewport();
    await snap(page, testInfo, 'first-unread-line-en-desktop');
  });

  await test.step('scrolled to the bottom, the bar says since when and jumps back', async () => {
    await page.getByRole('log').evaluate((el) => (el.scrollTop = el.scrollHeight));
    await expect(messageIn(page, 'unread number 30!')).toBeInViewport();
    await expect(unreadBar(page)).toContainText('30 new messages since');
    await snap(page, testInfo, 'first-unread-bar-en-desktop');
    await unreadBar(page).getByRole('button', { name: 'Jump to first unread' }).click();
    await expect(newLine(page)).toBeInViewport();
    await expect(unreadBar(page)).toHaveCount(0);
    // Read at the bottom: the badge clears.
    await page.getByRole('log').evaluate((el) => (el.scrollTop = el.scrollHeight));
    await expect(channelLink(page)).toHaveAccessibleName('general');
  });

  await test.step('Mark Unread moves the line and keeps the channel unread here and on another session', async () => {
    const other = await openAs(teammate, '/me/friends');
    await expect(other.getByRole('link', { name: new RegExp(`^${team.name}$`) })).toBeVisible();
    const toolbar = await toolbarOf(messageIn(page, 'unread number 28!'));
    await toolbar.getByRole('button', { name: 'More' }).click();
    await page.getByRole('menuitem', { name: 'Mark Unread' }).click();
    await expectLineAbove(page, 'unread number 28!');
    await expect(channelLink(page)).toHaveAccessibleName('general (unread messages)');
    await expect(other.getByRole('link', { name: `${team.name}, unread messages` })).toBeVisible();
    await snap(page, testInfo, 'first-unread-marked-en-desktop');
    // Leaving and coming back reads it as usual.
    await page.goto('/me/friends');
    await page.goto(channelPath(team));
    await expectLineAbove(page, 'unread number 28!');
    await page.getByRole('log').evaluate((el) => (el.scrollTop = el.scrollHeight));
    await expect(channelLink(page)).toHaveAccessibleName('general');
    await expect(other.getByRole('link', { name: new RegExp(`^${team.name}$`) })).toBeVisible();
  });
});
