import { PICTURE_VARIANTS } from '../../fixtures/screenshots';
import type { Page } from '@playwright/test';
import { registerUser, type ApiUser } from '../../fixtures/api';
import { snap } from '../../fixtures/screenshots';
import { expect, test } from '../../fixtures/test';
import { channelPath, expectChannelOpen } from '../../fixtures/ui';

/** Set-up through the API: `from` asks `to` to be friends; `accept` makes them friends. */
async function request(from: ApiUser, to: ApiUser): Promise<void> {
  const res = await from.api.post('/api/v1/me/friends', { data: { slug: to.slug } });
  expect(res.status(), await res.text()).toBe(200);
}
async function accept(who: ApiUser, from: ApiUser): Promise<void> {
  const res = await who.api.post(`/api/v1/me/friends/${from.id}`, { data: { status: 'accepted' } });
  expect(res.status(), await res.text()).toBe(200);
}

const tab = (page: Page, name: RegExp | string) => page.getByRole('tab', { name });
const panel = (page: Page) => page.getByRole('tabpanel');
const row = (page: Page, username: string) => panel(page).getByRole('listitem').filter({ hasText: username });

/** Two people become friends live: request, the badge on the home link, accept, both lists; then block and unblock. */
test('two users become friends live, then block and unblock', async ({ signedInPage: alice, user, secondUser, openAs }, testInfo) => {
  const bob = await openAs(secondUser, '/');
  await alice.goto('/me/friends');
  await expect(alice.getByRole('heading', { name: 'Friends', level: 1 })).toBeVisible();

  await test.step('Alice sends Bob a request from the Add Friend tab', async () => {
    await tab(alice, 'Add Friend').click();
    const field = panel(alice).getByRole('textbox', { name: 'Name or @handle' });
    const submit = panel(alice).getByRole('button', { name: 'Send Friend Request' });
    await field.fill('no!');
    await expect(submit).toBeDisabled();
    await field.fill(secondUser.slug);
    await expect(submit).toBeEnabled();
    await submit.click();
    await expect(alice.getByText(`Friend request sent to ${secondUser.username}`)).toBeVisible();
    await expect(field).toHaveValue('');
    await tab(alice, /^Pending/).click();
    await expect(row(alice, secondUser.username)).toContainText('Outgoing Friend Request');
  });

  await test.step('Bob sees the badge on the home link without a reload, and accepts', async () => {
    const home = bob.getByRole('link', { name: 'Home, 1 pending friend requests' });
    await expect(home).toBeVisible();
    await expect(home).toContainText('1');
    await bob.getByRole('link', { name: /^Friends/ }).click();
    await expect(tab(bob, /^Pending/)).toContainText('1');
    await tab(bob, /^Pending/).click();
    await expect(row(bob, user.username)).toContainText('Incoming Friend Request');
    await snap(bob, testInfo, 'friends-1-bob-incoming');
    await row(bob, user.username)
      .getByRole('button', { name: `Accept ${user.username}'s friend request` })
      .click();
    await expect(bob.getByText(`You accepted ${user.username}'s friend request`)).toBeVisible();
    await expect(bob.getByRole('link', { name: 'Home', exact: true })).toBeVisible();
  });

  await test.step('both lists show the friendship', async () => {
    await tab(bob, 'All').click();
    await expect(row(bob, user.username)).toBeVisible();
    // Alice's pending entry became a friend without a reload.
    await expect(panel(alice).getByText('There are no pending friend requests.')).toBeVisible();
    await tab(alice, 'All').click();
    await expect(panel(alice).getByText('All friends — 1')).toBeVisible();
    await expect(row(alice, secondUser.username)).toContainText('Online');
    await snap(alice, testInfo, 'friends-2-alice-all');
  });

  await test.step('Alice blocks Bob: he leaves both lists and his request is refused', async () => {
    await row(alice, secondUser.username)
      .getByRole('button', { name: `Block ${secondUser.username}` })
      .click();
    const dialog = alice.getByRole('dialog', { name: `Block '${secondUser.username}'` });
    await dialog.getByRole('button', { name: 'Block' }).click();
    await expect(alice.getByText(`${secondUser.username} blocked`)).toBeVisible();
    await expect(panel(alice).getByText('You have no friends yet. Add one with their username.')).toBeVisible();
    await expect(panel(bob).getByText('You have no friends yet. Add one with their username.')).toBeVisible();

    await tab(bob, 'Add Friend').click();
    await panel(bob).getByRole('textbox', { name: 'Name or @handle' }).fill(user.slug);
    await panel(bob).getByRole('button', { name: 'Send Friend Request' }).click();
    await expect(panel(bob).getByText('This user is not accepting friend requests from you')).toBeVisible();
  });

  await test.step('Alice unblocks Bob from the Blocked tab', async () => {
    await tab(alice, 'Blocked').click();
    await expect(row(alice, secondUser.username)).toBeVisible();
    await snap(alice, testInfo, 'friends-3-alice-blocked');
    await row(alice, secondUser.username)
      .getByRole('button', { name: `Unblock ${secondUser.username}` })
      .click();
    await expect(alice.getByText(`${secondUser.username} unblocked`)).toBeVisible();
    await expect(panel(alice).getByText("You haven't blocked anyone.")).toBeVisible();
  });
});

/** The friend-invite link: copied from the sidebar's dialog, opened by another user, who adds the inviter at once. */
test('a friend-invite link makes two users friends', async ({ signedInPage: alice, user, secondUser, openAs, browser }, testInfo) => {
  await alice.getByRole('button', { name: 'Invite a friend' }).click();
  const dialog = alice.getByRole('dialog', { name: 'Invite a friend' });
  const link = dialog.getByRole('textbox', { name: 'Your friend invite link' });
  await expect(link).toHaveValue(/\/friendinvite\?code=[A-Za-z0-9]{16}$/);
  await snap(alice, testInfo, 'friends-invite-dialog');
  const url = new URL(await link.inputValue());
  await alice.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await test.step('signed out: log in or register, the code kept in the registration form', async () => {
    const context = await browser.newContext();
    const visitor = await context.newPage();
    await visitor.goto(url.pathname + url.search);
    await expect(visitor.getByRole('heading', { name: `${user.username} invited you to be friends` })).toBeVisible();
    await expect(visitor.getByText(`Log in or register to add ${user.username} as a friend.`)).toBeVisible();
    await visitor.getByRole('button', { name: 'Register' }).click();
    const codeField = visitor.getByRole('dialog').getByRole('textbox', { name: 'Friend code (optional)' });
    await expect(codeField).toHaveValue(url.searchParams.get('code') ?? '');
    await expect(visitor.getByRole('dialog').getByText(`Invited by ${user.username}: you will be friends.`)).toBeVisible();
    // A code typed by hand is checked when the field is left.
    await codeField.fill('NoSuchCode000000');
    await codeField.blur();
    await expect(visitor.getByRole('dialog').getByText('This friend invite code is not valid')).toBeVisible();
    await visitor.keyboard.press('Escape');
    await context.close();
  });

  await test.step('signed in: Add Friend, and both are friends', async () => {
    const bob = await openAs(secondUser, url.pathname + url.search);
    await expect(bob.getByRole('heading', { name: `${user.username} invited you to be friends` })).toBeVisible();
    await snap(bob, testInfo, 'friends-invite-page');
    await bob.getByRole('button', { name: 'Add Friend' }).click();
    await expect(bob.getByText(`You and ${user.username} are friends.`)).toBeVisible();
    await bob.getByRole('link', { name: 'Go to Friends' }).click();
    await tab(bob, 'All').click();
    await expect(row(bob, user.username)).toBeVisible();
    await alice.goto('/me/friends');
    await tab(alice, 'All').click();
    await expect(row(alice, secondUser.username)).toBeVisible();
  });
});

/** Pictures of /me/friends at desktop and phone sizes, in English and Turkish: an incoming request (badge) and a friend. */
for (const { language, size, viewport } of PICTURE_VARIANTS) {
  test(`pictures: friends page (${language}, ${size})`, async ({ signedInPage: page, user, secondUser, playwright }, testInfo) => {
    const third = await registerUser(playwright.request, 'third');
    try {
      await request(secondUser, user);
      await request(user, third);
      await accept(third, user);
      await page.setViewportSize(viewport);
      await page.evaluate((lng) => localStorage.setItem('rally.language', lng), language);
      await page.goto('/me/friends');
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await tab(page, language === 'en' ? /^Pending/ : /^Bekleyen/).click();
      await expect(row(page, secondUser.username)).toBeVisible();
      await snap(page, testInfo, `friends-pic-pending-${language}-${size}`);
      await tab(page, language === 'en' ? 'All' : 'Tümü').click();
      await expect(row(page, third.username)).toBeVisible();
      await snap(page, testInfo, `friends-pic-all-${language}-${size}`);
      await tab(page, language === 'en' ? 'Add Friend' : 'Arkadaş Ekle').click();
      await panel(page).getByRole('textbox').fill('x!');
      await panel(page).getByRole('textbox').blur();
      await snap(page, testInfo, `friends-pic-add-${language}-${size}`);
    } finally {
      await third.api.dispose();
    }
  });
}

/** The profile card's friend button (001 §6): Add Friend on a teammate's card, then Accept on the other side, none on one's own. */
test('adds a teammate as a friend from the profile card', async ({ signedInPage: alice, user, team, teammate, openAs }) => {
  const memberButton = (page: Page, username: string) => page.getByRole('button', { name: new RegExp(`^${username},? `) });
  const card = (page: Page, username: string) => page.getByRole('dialog', { name: username });
  await alice.goto(channelPath(team));
  await expectChannelOpen(alice);
  await memberButton(alice, user.username).click();
  await expect(card(alice, user.username)).toBeVisible();
  await expect(card(alice, user.username).getByRole('button', { name: 'Add Friend' })).toHaveCount(0);
  await alice.keyboard.press('Escape');

  await memberButton(alice, teammate.username).click();
  await card(alice, teammate.username).getByRole('button', { name: 'Add Friend' }).click();
  await expect(alice.getByText(`Friend request sent to ${teammate.username}`)).toBeVisible();
  await expect(card(alice, teammate.username).getByRole('button', { name: 'Friend Request Sent' })).toBeDisabled();

  const bob = await openAs(teammate, channelPath(team));
  await expectChannelOpen(bob);
  await memberButton(bob, user.username).click();
  await card(bob, user.username).getByRole('button', { name: 'Accept Friend Request' }).click();
  await expect(bob.getByText(`You accepted ${user.username}'s friend request`)).toBeVisible();
  await expect(card(bob, user.username).getByText('Friends')).toBeVisible();
  // Alice's open card follows the FRIEND_ACCEPTED event.
  await expect(card(alice, teammate.username).getByText('Friends')).toBeVisible();
});
