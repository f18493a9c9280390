import type { Page } from '@playwright/test';
import { expect, test } from '../../fixtures/test';
import { snap } from '../../fixtures/screenshots';
import { channelPath, composer, expectChannelOpen } from '../../fixtures/ui';

/** Two members of a team, each in their own browser, see each other's messages arrive without a reload. */
test('two teammates chat live in #general', async ({ signedInPage: alice, team, teammate, openAs }, testInfo) => {
  await alice.goto(channelPath(team));
  const bob = await openAs(teammate, channelPath(team));

  const send = async (page: Page, text: string) => {
    await composer(page).fill(text);
    await composer(page).press('Enter');
    await expect(composer(page)).toHaveValue('');
  };
  const messageList = (page: Page) => page.getByRole('log');
  await expectChannelOpen(alice);
  await expectChannelOpen(bob);
  // Each sees the other online: both live connections are up (a message sent earlier would not be pushed).
  await expect(alice.getByText('Online — 2')).toBeVisible();
  await expect(bob.getByText('Online — 2')).toBeVisible();

  await test.step('Alice writes; Bob sees it without a reload', async () => {
    const text = `Hello Bob, ready to play? ${Date.now()}`;
    await send(alice, text);
    await expect(messageList(alice).getByText(text)).toBeVisible();
    await expect(messageList(bob).getByText(text)).toBeVisible();
    await snap(bob, testInfo, 'messages-1-bob-sees-alice');
  });

  await test.step('Bob answers; Alice sees it without a reload', async () => {
    const text = `Hi Alice, on my way! ${Date.now()}`;
    await send(bob, text);
    await expect(messageList(bob).getByText(text)).toBeVisible();
    await expect(messageList(alice).getByText(text)).toBeVisible();
    await snap(alice, testInfo, 'messages-2-alice-sees-bob');
  });
});
