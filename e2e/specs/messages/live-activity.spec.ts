import type { Page } from '@playwright/test';
import { createInvite, joinTeam, postMessage, registerUser } from '../../fixtures/api';
import { expect, test } from '../../fixtures/test';
import { snap } from '../../fixtures/screenshots';
import { channelPath, composer, expectChannelOpen } from '../../fixtures/ui';

const messageList = (page: Page) => page.getByRole('log');

/** What happens around the messages of a channel: typing, pacing of quick sends, the new-messages bar, the join message. */
test('the other user sees who is typing, and it goes when the message arrives', async ({ signedInPage: alice, team, teammate, openAs }, testInfo) => {
  await alice.goto(channelPath(team));
  const bob = await openAs(teammate, channelPath(team));
  await expectChannelOpen(alice);
  await expectChannelOpen(bob);
  await expect(alice.getByText('Online — 2')).toBeVisible();

  await composer(bob).pressSequentially('on my way', { delay: 20 });
  await expect(alice.getByText(`${teammate.username} is typing…`)).toBeVisible();
  await expect(bob.getByText(/is typing/)).toHaveCount(0); // never one's own
  await snap(alice, testInfo, 'activity-1-typing-en');
  await composer(bob).press('Enter');
  await expect(messageList(alice).getByText('on my way')).toBeVisible();
  await expect(alice.getByText(`${teammate.username} is typing…`)).toHaveCount(0);
});

test('12 quick messages all arrive, in order, with one calm notice and no error', async ({ signedInPage: alice, user, team, teammate, openAs }, testInfo) => {
  await alice.goto(channelPath(team));
  const bob = await openAs(teammate, channelPath(team));
  await expectChannelOpen(alice);
  await expectChannelOpen(bob);
  // Ten messages through the API just before (at once): the send limit (10 per 5 s) is reached whatever the machine's speed.
  await Promise.all(Array.from({ length: 10 }, (_, i) => postMessage(user, team.generalId, `warm-up ${i + 1}`)));
  const texts = Array.from({ length: 12 }, (_, i) => `quick ${i + 1}`);
  for (const text of texts) {
    await composer(alice).fill(text);
    await composer(alice).press('Enter');
  }
  const notice = alice.getByText("You're sending messages too quickly — slow down. They'll go out in a moment.");
  await expect(notice).toHaveCount(1);
  await snap(alice, testInfo, 'activity-2-pacing-notice-en');
  // All twelve reach Bob in the order written; the notice goes; no error toast and no failed message.
  await expect
    .poll(
      async () =>
        (
          await messageList(bob)
            .getByText(/^quick \d+$/)
            .allTextContents()
        ).join('|'),
      { timeout: 20_000 },
    )
    .toBe(texts.join('|'));
  await expect(notice).toHaveCount(0);
  await expect(alice.getByText(/Too many requests/)).toHaveCount(0);
  expect(
    (
      await messageList(alice)
        .getByText(/^quick \d+$/)
        .allTextContents()
    ).join('|'),
  ).toBe(texts.join('|'));
});

test("a 'new messages' bar while scrolled up; jumping to the present clears it", async ({ signedInPage: alice, team, teammate }, testInfo) => {
  await alice.setViewportSize({ width: 1100, height: 560 });
  const tall = (i: number) => `older ${i}\nsecond line\nthird line\nfourth line`;
  for (let i = 1; i <= 8; i++) await postMessage(teammate, team.generalId, tall(i));
  await alice.goto(channelPath(team));
  await expect(messageList(alice).getByText('older 8')).toBeVisible();
  await messageList(alice).evaluate((el) => (el.scrollTop = 0));
  await expect(messageList(alice).getByText('older 8')).not.toBeInViewport();

  await postMessage(teammate, team.generalId, 'fresh one');
  await postMessage(teammate, team.generalId, 'fresh two');
  const bar = alice.getByRole('status').filter({ hasText: '2 new messages' });
  await expect(bar).toBeVisible();
  await snap(alice, testInfo, 'activity-3-new-messages-bar-en');
  await bar.getByRole('button', { name: 'Jump to present' }).click();
  await expect(messageList(alice).getByText('fresh two')).toBeInViewport();
  await expect(alice.getByText(/new messages?$/)).toHaveCount(0);

  // Scrolled up again, one more; scrolling back down by hand clears it too.
  await messageList(alice).evaluate((el) => (el.scrollTop = 0));
  await postMessage(teammate, team.generalId, 'fresh three');
  await expect(alice.getByText('1 new message', { exact: true })).toBeVisible();
  await messageList(alice).evaluate((el) => (el.scrollTop = el.scrollHeight));
  await expect(alice.getByText('1 new message', { exact: true })).toHaveCount(0);

  await alice.evaluate(() => localStorage.setItem('rally.language', 'tr'));
  await alice.reload();
  await expect(messageList(alice).getByText('fresh three')).toBeVisible();
  // Scrolled up once the reloaded page has settled: the notifications banner, which comes a moment
  // after the list, shrinks it, and a list still at the bottom then goes back to the bottom.
  await expect(alice.getByRole('region', { name: 'Bildirimleri aç' })).toBeVisible();
  await expect(async () => {
    await messageList(alice).evaluate((el) => (el.scrollTop = 0));
    await expect(messageList(alice).getByText('fresh three')).not.toBeInViewport({ timeout: 500 });
  }).toPass();
  await postMessage(teammate, team.generalId, 'fresh four');
  await expect(alice.getByText('1 yeni mesaj', { exact: true })).toBeVisible();
  await snap(alice, testInfo, 'activity-4-new-messages-bar-tr');
});

test('someone joining shows a system line in #general, live and after a reload, in both languages', async ({
  signedInPage: alice,
  user,
  team,
  playwright,
}, testInfo) => {
  await alice.goto(channelPath(team));
  await expectChannelOpen(alice);
  const newcomer = await registerUser(playwright.request, 'joiner');
  try {
    await joinTeam(newcomer, await createInvite(user, team.id));
    const line = messageList(alice).getByRole('article', { name: `${newcomer.username} joined the team.` });
    await expect(line).toBeVisible();
    await snap(alice, testInfo, 'activity-5-join-message-en');
    await alice.setViewportSize({ width: 390, height: 844 });
    await alice.evaluate(() => localStorage.setItem('rally.language', 'tr'));
    await alice.reload();
    await expect(messageList(alice).getByRole('article', { name: `${newcomer.username} takıma katıldı.` })).toBeVisible();
    await expect(alice.getByRole('button', { name: 'Sohbet', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await snap(alice, testInfo, 'activity-6-join-message-phone-tr');
    await alice.getByRole('button', { name: 'Kanallar', exact: true }).click();
    await snap(alice, testInfo, 'activity-7-channels-tab-phone-tr');
  } finally {
    await newcomer.api.dispose();
  }
});
