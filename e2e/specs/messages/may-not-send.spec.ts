import type { Page } from '@playwright/test';
import { snap } from '../../fixtures/screenshots';
import { createDm, postMessage } from '../../fixtures/api';
import { expect, test } from '../../fixtures/test';
import { channelPath, composer, expectChannelOpen, messageIn, toolbarOf } from '../../fixtures/ui';

/**
 * Where the reader may not send, the composer says so instead of failing after Send, and replying,
 * attaching and (where the server refuses it too) reacting go: docs/permissions.md, "Reacting".
 * Under slowmode, the composer holds the next message until the cooldown ends.
 */

/** SEND_MESSAGES (packages/shared permissions.ts: 1 << 2). */
const SEND_MESSAGES = 1 << 2;

const noPermission = (page: Page) => page.getByRole('status').filter({ hasText: 'You do not have permission to send messages in this channel.' });

test('without SEND_MESSAGES the composer gives way to a notice, Reply goes, reacting stays; granted again, the composer comes back live', async ({
  user,
  team,
  teammate,
  openAs,
}, testInfo) => {
  await postMessage(user, team.generalId, 'read-only announcement');
  const overwrite = `/api/v1/teams/${team.id}/channels/${team.generalId}/permissions/role/${team.id}`;
  // Denied to everyone (the default role's id is the team's).
  const denied = await user.api.post(overwrite, { data: { allow: 0, deny: SEND_MESSAGES } });
  expect(denied.status(), await denied.text()).toBe(200);

  const page = await openAs(teammate, channelPath(team));
  await expect(noPermission(page)).toBeVisible();
  await expect(composer(page)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Attach files' })).toHaveCount(0);
  const toolbar = await toolbarOf(messageIn(page, 'read-only announcement'));
  await expect(toolbar.getByRole('button', { name: 'Reply' })).toHaveCount(0);
  await expect(toolbar.getByRole('button', { name: 'Add Reaction' })).toBeVisible();
  await toolbar.getByRole('button', { name: 'More' }).click();
  await expect(page.getByRole('menuitem', { name: 'Copy Text' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Reply' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await snap(page, testInfo, 'may-not-send-permission-en-desktop');

  // The owner takes the overwrite back: the member's composer returns without a reload.
  const granted = await user.api.post(overwrite, { data: { allow: 0, deny: 0 } });
  expect(granted.status(), await granted.text()).toBe(200);
  await expect(composer(page)).toBeVisible();
  await expect(noPermission(page)).toHaveCount(0);
});

test('slowmode: after a message the composer says how long to wait and holds the next one, keeping its text; the owner is exempt', async ({
  user,
  team,
  teammate,
  openAs,
}, testInfo) => {
  const slowed = await user.api.patch(`/api/v1/teams/${team.id}/channels/${team.generalId}`, { data: { rateLimitPerUser: 120 } });
  expect(slowed.status(), await slowed.text()).toBe(200);
  const page = await openAs(teammate, channelPath(team));
  await expectChannelOpen(page);
  await composer(page).fill('first under slowmode');
  await composer(page).press('Enter');
  await expect(messageIn(page, 'first under slowmode')).toBeVisible();
  // The countdown starts from the channel's 120 seconds.
  await expect(page.getByText(/^Slowmode is on: you can send again in 1[01]\d seconds\.$|^Slowmode is on: you can send again in 120 seconds\.$/)).toBeVisible();
  const send = page.getByRole('button', { name: 'Slowmode is on: wait before sending' });
  await expect(send).toBeDisabled();

  // Enter does not send: the text stays in the box, and nothing was posted.
  await composer(page).fill('second too soon');
  await composer(page).press('Enter');
  await expect(composer(page)).toHaveValue('second too soon');
  await expect(messageIn(page, 'second too soon')).toHaveCount(0);
  await snap(page, testInfo, 'may-not-send-slowmode-en-desktop');

  // The owner (MANAGE_CHANNEL) sends at will.
  const owner = await openAs(user, channelPath(team));
  await expectChannelOpen(owner);
  for (const text of ['owner one', 'owner two']) {
    await composer(owner).fill(text);
    await composer(owner).press('Enter');
    await expect(messageIn(owner, text)).toBeVisible();
  }
  await expect(owner.getByText(/^Slowmode is on/)).toHaveCount(0);
});

test('a direct chat with a blocked person: no composer, no replying, no reacting (the chips only show who); Turkish on a phone', async ({
  user,
  secondUser,
  openAs,
}, testInfo) => {
  const dmId = await createDm(user, [secondUser]);
  const messageId = await postMessage(user, dmId, 'before the block');
  const reacted = await secondUser.api.post(`/api/v1/channels/${dmId}/messages/${messageId}/reactions/${encodeURIComponent('👍')}`);
  expect(reacted.status(), await reacted.text()).toBe(200);
  const blocked = await user.api.post(`/api/v1/me/users/${secondUser.id}/block`);
  expect(blocked.status(), await blocked.text()).toBe(200);

  const page = await openAs(user, `/chat/${dmId}`);
  const message = messageIn(page, 'before the block');
  await expect(message).toBeVisible();
  const notice = page.getByRole('status').filter({ hasText: 'Unblock them to send messages.' });
  await expect(notice.getByRole('button', { name: 'Unblock' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: /^Message / })).toHaveCount(0);
  // The chip says who reacted, but does not toggle; there is no picker.
  const chip = message.getByRole('group', { name: 'Reactions' }).getByRole('button').first();
  await expect(chip).toHaveAttribute('aria-disabled', 'true');
  await expect(chip).toHaveAttribute('aria-pressed', 'false');
  await expect(chip).toHaveAccessibleName(/: 1 reaction$/);
  await expect(message.getByRole('group', { name: 'Reactions' }).getByRole('button', { name: 'Add Reaction' })).toHaveCount(0);
  const toolbar = await toolbarOf(message);
  await expect(toolbar.getByRole('button', { name: 'Add Reaction' })).toHaveCount(0);
  await expect(toolbar.getByRole('button', { name: 'Reply' })).toHaveCount(0);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.evaluate(() => localStorage.setItem('rally.language', 'tr'));
  await page.reload();
  await expect(page.getByRole('status').getByRole('button', { name: 'Engeli kaldır' })).toBeVisible();
  await snap(page, testInfo, 'may-not-send-blocked-dm-tr-mobile');
});
