import type { Page } from '@playwright/test';
import { expect, test } from '../../fixtures/test';
import { newCredentials } from '../../fixtures/api';
import { snap } from '../../fixtures/screenshots';
import { registerThroughUi } from '../../fixtures/ui';

/**
 * The foundation's end-to-end path: two people sign up in their own browsers, one makes a team and
 * an invite, the other joins by the invite link, and each sees the other's messages arrive live.
 */
test('two users register, share a team through an invite and chat live', async ({ browser }, testInfo) => {
  test.setTimeout(120_000);
  const aliceContext = await browser.newContext();
  const bobContext = await browser.newContext();
  const alice = await aliceContext.newPage();
  const bob = await bobContext.newPage();
  const aliceUser = newCredentials('alice');
  const bobUser = newCredentials('bob');
  const teamName = `Squad ${aliceUser.username.slice(-4)}`;

  await test.step('Alice registers through the dialog', async () => {
    await registerThroughUi(alice, aliceUser);
    await snap(alice, testInfo, 'chat-01-alice-registered');
  });

  await test.step('Alice creates a team', async () => {
    await alice.getByRole('button', { name: 'Create a team' }).first().click();
    const dialog = alice.getByRole('dialog');
    await dialog.getByRole('textbox', { name: 'Team name' }).fill(teamName);
    await snap(alice, testInfo, 'chat-02-create-team-dialog');
    await dialog.getByRole('button', { name: 'Create', exact: true }).click();
    await expect(dialog).toBeHidden();
    // The team page opens on its first text channel, #general.
    await expect(alice).toHaveURL(/\/teams\/\d+\/channels\/\d+$/);
    await expect(alice.getByRole('textbox', { name: 'Message #general' })).toBeVisible();
    await snap(alice, testInfo, 'chat-03-team-created');
  });

  let inviteLink = '';
  await test.step('Alice creates an invite in the invite dialog', async () => {
    await alice.getByRole('button', { name: 'Invite', exact: true }).click();
    const dialog = alice.getByRole('dialog');
    const field = dialog.getByRole('textbox', { name: 'Invite link' });
    await expect(field).toHaveValue(/\/invite\/[\w-]+$/);
    await expect(dialog.getByRole('button', { name: 'Copy' })).toBeVisible();
    inviteLink = await field.inputValue();
    await snap(alice, testInfo, 'chat-04-invite-dialog');
    await alice.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  await test.step('Bob registers and joins by the invite link', async () => {
    await registerThroughUi(bob, bobUser);
    await snap(bob, testInfo, 'chat-05-bob-registered');
    await bob.goto(inviteLink);
    await expect(bob.getByText(teamName).first()).toBeVisible();
    await snap(bob, testInfo, 'chat-06-invite-page');
    await bob.getByRole('button', { name: 'Join team' }).click();
    await expect(bob).toHaveURL(/\/teams\/\d+\/channels\/\d+$/);
    await expect(bob.getByRole('textbox', { name: 'Message #general' })).toBeVisible();
    await snap(bob, testInfo, 'chat-07-bob-joined');
  });

  const send = async (page: Page, text: string) => {
    const composer = page.getByRole('textbox', { name: 'Message #general' });
    await composer.fill(text);
    await composer.press('Enter');
    await expect(composer).toHaveValue('');
  };
  const messageList = (page: Page) => page.getByRole('log');

  await test.step('Alice writes; Bob sees it without a reload', async () => {
    const text = `Hello Bob, ready to play? ${Date.now()}`;
    await send(alice, text);
    await expect(messageList(alice).getByText(text)).toBeVisible();
    await expect(messageList(bob).getByText(text)).toBeVisible();
    await snap(bob, testInfo, 'chat-08-bob-sees-alice');
  });

  await test.step('Bob answers; Alice sees it without a reload', async () => {
    const text = `Hi Alice, on my way! ${Date.now()}`;
    await send(bob, text);
    await expect(messageList(bob).getByText(text)).toBeVisible();
    await expect(messageList(alice).getByText(text)).toBeVisible();
    await snap(alice, testInfo, 'chat-09-alice-sees-bob');
  });

  await aliceContext.close();
  await bobContext.close();
});
