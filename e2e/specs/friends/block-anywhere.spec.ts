import type { Locator, Page } from '@playwright/test';
import type { ApiUser } from '../../fixtures/api';
import { postMessage } from '../../fixtures/api';
import { PICTURE_VARIANTS, snap } from '../../fixtures/screenshots';
import { expect, test } from '../../fixtures/test';
import { channelPath, expectChannelOpen, messageIn, toolbarOf } from '../../fixtures/ui';

/**
 * Block is offered wherever another user is (not only in the friends list): on the profile card, in
 * a direct chat's header and in the menu of their messages; each asks the friends list's question,
 * says '{name} blocked' or '{name} unblocked', and the screen follows at once.
 */

/** The author name of a message (a button that opens the profile card). */
const authorButton = (page: Page, username: string) => page.getByRole('article').getByRole('button', { name: username, exact: true }).first();

/** A direct chat between the two, made through the API; its address. */
async function openChat(from: ApiUser, to: ApiUser): Promise<string> {
  const res = await from.api.post('/api/v1/me/chats', { data: { users: [{ id: to.id }] } });
  expect(res.ok(), await res.text()).toBe(true);
  return `/chat/${((await res.json()) as { dm: { id: string } }).dm.id}`;
}

async function unblockThroughApi(who: ApiUser, other: ApiUser): Promise<void> {
  const res = await who.api.delete(`/api/v1/me/users/${other.id}/block`);
  expect(res.ok(), await res.text()).toBe(true);
}

/** Answer the block question with Block (its button, in English or Turkish). */
async function confirmBlock(page: Page, name: string, language: 'en' | 'tr' = 'en'): Promise<Locator> {
  const dialog = page.getByRole('dialog', { name: language === 'en' ? `Block '${name}'` : `'${name}' engellensin mi` });
  await expect(dialog).toBeVisible();
  return dialog;
}

test('blocks from the profile card, the message menu and a direct chat, and unblocks from the card and the chat', async ({
  signedInPage: alice,
  user,
  team,
  teammate: bob,
}, testInfo) => {
  test.slow(); // three places, each with its question and pictures
  const text = `GG everyone ${Date.now()}`;
  await postMessage(bob, team.generalId, text);
  await alice.setViewportSize({ width: 1280, height: 800 });
  await alice.goto(channelPath(team));
  await expectChannelOpen(alice);
  const card = alice.getByRole('dialog', { name: bob.username });

  await test.step('the profile card: Block asks, blocks, and the card says so with Unblock', async () => {
    await authorButton(alice, bob.username).click();
    await expect(card).toBeVisible();
    await expect(card.getByText(`@${bob.slug}`)).toBeVisible();
    await card.getByRole('button', { name: `Block ${bob.username}` }).click();
    const dialog = await confirmBlock(alice, bob.username);
    await snap(alice, testInfo, 'block-1-card-question');
    await dialog.getByRole('button', { name: 'Block', exact: true }).click();
    await expect(alice.getByText(`${bob.username} blocked`, { exact: true })).toBeVisible();
    // The effect: his message collapses, and his card says he is blocked.
    await expect(messageIn(alice, 'Blocked message')).toBeVisible();
    await alice
      .getByRole('article', { name: `Blocked message from ${bob.username}` })
      .getByRole('button', { name: 'Show' })
      .click();
    await authorButton(alice, bob.username).click();
    await expect(card.getByText('You blocked this user')).toBeVisible();
    await expect(card.getByRole('button', { name: 'Add Friend' })).toHaveCount(0);
    await snap(alice, testInfo, 'block-2-card-blocked');
    await card.getByRole('button', { name: `Unblock ${bob.username}` }).click();
    await expect(alice.getByText(`${bob.username} unblocked`, { exact: true })).toBeVisible();
    await expect(card.getByRole('button', { name: `Block ${bob.username}` })).toBeVisible();
    await expect(card.getByRole('button', { name: 'Add Friend' })).toBeVisible();
    await alice.keyboard.press('Escape');
  });

  await test.step("the message menu: Block on Bob's message, none on one's own", async () => {
    const message = messageIn(alice, text);
    await (await toolbarOf(message)).getByRole('button', { name: 'More' }).click();
    await snap(alice, testInfo, 'block-3-message-menu');
    await alice.getByRole('menuitem', { name: `Block ${bob.username}` }).click();
    const dialog = await confirmBlock(alice, bob.username);
    await dialog.getByRole('button', { name: 'Block', exact: true }).click();
    await expect(alice.getByText(`${bob.username} blocked`, { exact: true })).toBeVisible();
    await expect(alice.getByRole('article', { name: `Blocked message from ${bob.username}` })).toBeVisible();
    // Lifted elsewhere (the API, as another session would): the page follows USER_UNBLOCKED.
    await unblockThroughApi(user, bob);
    await expect(messageIn(alice, text)).toBeVisible();
  });

  await test.step("a direct chat's header: Block, the composer gives way to the unblock prompt; Unblock brings it back", async () => {
    await alice.goto(await openChat(bob, user));
    const header = alice.locator('header').filter({ hasText: `@${bob.slug}` });
    await header.getByRole('button', { name: `Block ${bob.username}` }).click();
    const dialog = await confirmBlock(alice, bob.username);
    await dialog.getByRole('button', { name: 'Block', exact: true }).click();
    await expect(alice.getByText(`${bob.username} blocked`, { exact: true })).toBeVisible();
    await expect(alice.getByText(`You blocked ${bob.username}. Unblock them to send messages.`)).toBeVisible();
    await snap(alice, testInfo, 'block-4-chat-blocked');
    await header.getByRole('button', { name: `Unblock ${bob.username}` }).click();
    await expect(alice.getByText(`${bob.username} unblocked`, { exact: true })).toBeVisible();
    await expect(alice.getByRole('textbox', { name: `Message @${bob.username}` })).toBeVisible();
  });
});

/** Pictures of the three places at desktop (English) and phone (Turkish) sizes: the card, the message menu and a chat's header. */
for (const { language, size, viewport } of PICTURE_VARIANTS) {
  test(`pictures: Block on the card, the message menu and a chat (${language}, ${size})`, async ({
    signedInPage: page,
    user,
    team,
    teammate: bob,
  }, testInfo) => {
    const text = `Ready when you are ${Date.now()}`;
    await postMessage(bob, team.generalId, text);
    const chat = await openChat(bob, user);
    await page.setViewportSize(viewport);
    await page.evaluate((lng) => localStorage.setItem('rally.language', lng), language);
    await page.goto(channelPath(team));
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    await expect(messageIn(page, text)).toBeVisible();
    const block = language === 'en' ? `Block ${bob.username}` : `Engelle: ${bob.username}`;

    await authorButton(page, bob.username).click();
    const card = page.getByRole('dialog', { name: bob.username });
    await expect(card.getByRole('button', { name: block })).toBeVisible();
    await card.evaluate((el) => Promise.all(el.getAnimations().map((a) => a.finished)));
    await snap(page, testInfo, `block-pic-card-${language}-${size}`);
    await page.keyboard.press('Escape');
    await expect(card).toBeHidden();

    await (await toolbarOf(messageIn(page, text))).getByRole('button', { name: language === 'en' ? 'More' : 'Diğer' }).click();
    await expect(page.getByRole('menuitem', { name: block })).toBeVisible();
    await snap(page, testInfo, `block-pic-menu-${language}-${size}`);
    await page.keyboard.press('Escape');

    await page.goto(chat);
    const header = page.locator('header').filter({ hasText: `@${bob.slug}` });
    await header.getByRole('button', { name: block }).click();
    await confirmBlock(page, bob.username, language);
    await snap(page, testInfo, `block-pic-chat-question-${language}-${size}`);
    await page
      .getByRole('dialog')
      .getByRole('button', { name: language === 'en' ? 'Block' : 'Engelle', exact: true })
      .click();
    await expect(header.getByRole('button', { name: language === 'en' ? `Unblock ${bob.username}` : `Engeli Kaldır: ${bob.username}` })).toBeVisible();
    await snap(page, testInfo, `block-pic-chat-blocked-${language}-${size}`);
  });
}
