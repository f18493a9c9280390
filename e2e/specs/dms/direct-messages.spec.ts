import type { Page } from '@playwright/test';
import { befriend, createDm, postMessage, registerUser } from '../../fixtures/api';
import { snap } from '../../fixtures/screenshots';
import { expect, test } from '../../fixtures/test';
import { channelPath, expectChannelOpen, messageIn as message, toolbarOf } from '../../fixtures/ui';

const dmComposer = (page: Page, name: string) => page.getByRole('textbox', { name: `Message @${name}` });
/** Two friends open a chat from the friends list and talk live: messages, typing, unread badges, reply, reaction, edit and delete, then hiding. */
test('two friends message each other live', async ({ signedInPage: alice, user, secondUser, openAs }, testInfo) => {
  await befriend(user, secondUser);
  const bob = await openAs(secondUser, '/chat');
  await test.step('Bob finds the welcome in his read-only system chat, then hides it', async () => {
    const chats = bob.getByRole('navigation', { name: 'Direct messages' });
    const system = chats.getByRole('link', { name: /^Rally .*1 unread message$/ });
    await expect(system).toBeVisible();
    await system.click();
    await expect(bob.getByText(`Welcome to Rally, ${secondUser.username}!`)).toBeVisible();
    await expect(bob.getByText('This conversation is read-only.')).toBeVisible();
    await expect(bob.getByRole('link', { name: 'Direct Messages', exact: true })).toBeVisible();
    await snap(bob, testInfo, 'dms-0-system-chat');
    await chats.getByRole('button', { name: 'Hide conversation with Rally' }).click();
    await expect(bob.getByText('No conversations yet')).toBeVisible();
  });
  await alice.goto('/me/friends');
  await alice.getByRole('tab', { name: 'All' }).click();

  await test.step('Alice opens the chat from her friends list and writes', async () => {
    await alice.getByRole('button', { name: `Message ${secondUser.username}` }).click();
    await expect(alice).toHaveURL(/\/chat\/\d+$/);
    await expect(alice.getByRole('heading', { name: secondUser.username, level: 2, exact: true })).toBeVisible();
    await dmComposer(alice, secondUser.username).fill('Hey Bob, ready for the raid tonight?');
    await dmComposer(alice, secondUser.username).press('Enter');
    await expect(message(alice, 'ready for the raid')).toBeVisible();
  });

  await test.step('Bob sees the chat appear with the unread badge, its preview cut at 25 characters', async () => {
    const row = bob.getByRole('navigation', { name: 'Direct messages' }).getByRole('link', { name: new RegExp(`^${user.username} .*1 unread message$`) });
    await expect(row).toBeVisible();
    await expect(row).toContainText('Hey Bob, ready for the ra…');
    await expect(bob.getByRole('link', { name: 'Direct Messages, 1 unread message' })).toBeVisible();
    await snap(bob, testInfo, 'dms-1-bob-unread');
    await row.click();
    await expect(message(bob, 'ready for the raid')).toBeVisible();
    await expect(bob.getByRole('link', { name: 'Direct Messages', exact: true })).toBeVisible();
  });

  await test.step('Bob types: Alice sees it; he answers with a reply, she reacts', async () => {
    await dmComposer(bob, user.username).fill('Sure');
    await expect(alice.getByText(`${secondUser.username} is typing`)).toBeVisible();
    await dmComposer(bob, user.username).fill('');
    await (await toolbarOf(message(bob, 'ready for the raid'))).getByRole('button', { name: 'Reply', exact: true }).click();
    await dmComposer(bob, user.username).fill('Always ready. Bringing snacks.');
    await dmComposer(bob, user.username).press('Enter');
    await expect(message(alice, 'Bringing snacks').getByRole('button', { name: /^Reply to / })).toBeVisible();

    await (await toolbarOf(message(alice, 'Bringing snacks'))).getByRole('button', { name: 'Add Reaction' }).click();
    const picker = alice.getByRole('dialog', { name: 'Emoji picker' });
    await picker.getByRole('searchbox', { name: 'Search emoji' }).fill('THUMBS UP');
    await picker
      .getByRole('button', { name: /^thumbs up/ })
      .first()
      .click();
    await expect(message(bob, 'Bringing snacks').getByRole('button', { name: /: 1 reaction$/ })).toBeVisible();
  });

  await test.step('Bob edits, then deletes, his message; Alice sees both live', async () => {
    await (await toolbarOf(message(bob, 'Bringing snacks'))).getByRole('button', { name: 'Edit', exact: true }).click();
    const box = bob.getByRole('textbox', { name: 'Edit message' });
    await box.fill('Always ready. Bringing drinks.');
    await box.press('Enter');
    await expect(message(alice, 'Bringing drinks').getByText('(edited)')).toBeVisible();
    await (await toolbarOf(message(bob, 'Bringing drinks'))).getByRole('button', { name: 'Delete', exact: true }).click();
    await bob.getByRole('dialog', { name: 'Delete Message' }).getByRole('button', { name: 'Delete' }).click();
    await expect(message(alice, 'Bringing drinks')).toHaveCount(0);
    await snap(alice, testInfo, 'dms-2-alice-chat');
  });

  await test.step('Alice hides the chat; a new message from Bob brings it back', async () => {
    await alice.getByRole('button', { name: `Hide conversation with ${secondUser.username}` }).click();
    await expect(alice).toHaveURL(/\/chat$/);
    // Her own system chat (the welcome) stays listed.
    await expect(alice.getByRole('navigation', { name: 'Direct messages' }).getByRole('listitem')).toHaveCount(1);
    await expect(alice.getByRole('link', { name: new RegExp(`^${secondUser.username} `) })).toHaveCount(0);
    await dmComposer(bob, user.username).fill('Still there?');
    await dmComposer(bob, user.username).press('Enter');
    await expect(alice.getByRole('link', { name: new RegExp(`^${secondUser.username} Still there\\?.*1 unread message$`) })).toBeVisible();
  });

  await test.step('Alice blocks Bob: his messages collapse and her composer becomes an unblock prompt', async () => {
    const blocked = await user.api.post(`/api/v1/me/users/${secondUser.id}/block`);
    expect(blocked.status()).toBe(200);
    await alice.getByRole('link', { name: new RegExp(`^${secondUser.username} Still there`) }).click();
    await expect(alice.getByRole('article', { name: `Blocked message from ${secondUser.username}` }).first()).toBeVisible();
    await expect(alice.getByText(`You blocked ${secondUser.username}. Unblock them to send messages.`)).toBeVisible();
    await alice.getByRole('button', { name: 'Unblock' }).first().click();
    await expect(dmComposer(alice, secondUser.username)).toBeVisible();
    await expect(message(alice, 'Still there?')).toBeVisible();
  });
});

/** The chats list and a chat on a phone (two panes, switched by the bottom bar), in Turkish. */
test('direct messages on a phone, in Turkish', async ({ signedInPage: page, user, secondUser }, testInfo) => {
  await befriend(user, secondUser);
  const opened = await secondUser.api.post('/api/v1/me/chats', { data: { users: [{ id: user.id }] } });
  expect(opened.status()).toBe(200);
  const dmId = ((await opened.json()) as { dm: { id: string } }).dm.id;
  const sent = await secondUser.api.post(`/api/v1/channels/${dmId}/messages`, { data: { content: 'Merhaba! Bu akşam oynuyor muyuz?' } });
  expect(sent.status()).toBe(201);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.evaluate(() => localStorage.setItem('rally.language', 'tr'));
  await page.goto('/chat');
  await expect(page.locator('html')).toHaveAttribute('lang', 'tr');
  const row = page.getByRole('link', { name: new RegExp(`^${secondUser.username} .*1 okunmamış mesaj$`) });
  await expect(row).toContainText('Merhaba! Bu akşam oynuyor…');
  await snap(page, testInfo, 'dms-3-phone-list-tr');
  await row.click();
  await expect(page.getByRole('textbox', { name: `@${secondUser.username} kişisine mesaj gönder` })).toBeVisible();
  await expect(message(page, 'Merhaba!')).toBeVisible();
  await snap(page, testInfo, 'dms-4-phone-chat-tr');
  await page.getByRole('button', { name: 'Sohbetler' }).click();
  await expect(page.getByRole('link', { name: new RegExp(`^${secondUser.username} Merhaba`) })).toBeVisible();
});

/** A user starts a group chat with two friends from the chat list's "New chat" dialog; both see it and its messages live. */
test('a group chat started from the chat list reaches both friends live', async ({ signedInPage: alice, user, secondUser, openAs, playwright }, testInfo) => {
  const carol = await registerUser(playwright.request, 'carol');
  try {
    await befriend(user, secondUser);
    await befriend(user, carol);
    const bob = await openAs(secondUser, '/chat');
    await alice.goto('/chat');

    await alice.getByRole('button', { name: 'New chat' }).click();
    const dialog = alice.getByRole('dialog', { name: 'Start a chat' });
    await expect(dialog.getByText('0 of 9 picked')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Open chat' })).toBeDisabled();
    await dialog.getByRole('searchbox', { name: 'Find a friend' }).fill(carol.username.slice(0, 8));
    await expect(dialog.getByRole('checkbox')).toHaveCount(1);
    await dialog.getByRole('checkbox', { name: carol.username }).check();
    await dialog.getByRole('searchbox', { name: 'Find a friend' }).fill('');
    await dialog.getByRole('checkbox', { name: secondUser.username }).check();
    await expect(dialog.getByText('2 of 9 picked')).toBeVisible();
    await snap(alice, testInfo, 'dms-new-group-chat');
    await dialog.getByRole('button', { name: 'Create group chat' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(alice).toHaveURL(/\/chat\/\d+$/);

    const box = alice.getByRole('textbox', { name: /^Message / });
    await box.fill('Squad up at nine');
    await box.press('Enter');
    const row = bob
      .getByRole('navigation', { name: 'Direct messages' })
      .getByRole('link', { name: new RegExp(`${user.username}.*${carol.username}|${carol.username}.*${user.username}`) });
    await expect(row).toBeVisible();
    await row.click();
    await expect(message(bob, 'Squad up at nine')).toBeVisible();
  } finally {
    await carol.api.dispose();
  }
});

/** A direct chat belongs to no team: opening one, reading, hovering and writing never asks for a team's roles, members or channels. */
test('a direct chat makes no request for a team without an id', async ({ signedInPage: page, user, secondUser, team }) => {
  const teamless: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/v1/teams//')) teamless.push(request.url());
  });
  await befriend(user, secondUser);
  const dmId = await createDm(secondUser, [user]);
  await postMessage(secondUser, dmId, `Hi <@${user.id}>, one more round?`);
  // Arrive from a team channel, as a person switching to their chats would.
  await page.goto(channelPath(team));
  await expectChannelOpen(page);
  await page.getByRole('link', { name: /^Direct Messages/ }).click();
  await page
    .getByRole('navigation', { name: 'Direct messages' })
    .getByRole('link', { name: new RegExp(`^${secondUser.username} `) })
    .click();
  await expect(page).toHaveURL(new RegExp(`/chat/${dmId}$`));
  await expect(message(page, 'one more round?')).toBeVisible();
  await (await toolbarOf(message(page, 'one more round?'))).getByRole('button', { name: 'Reply', exact: true }).click();
  await dmComposer(page, secondUser.username).fill('Sure');
  await dmComposer(page, secondUser.username).press('Enter');
  await expect(message(page, 'Sure')).toBeVisible();
  await page.reload();
  await expect(message(page, 'Sure')).toBeVisible();
  expect(teamless).toEqual([]);
});
