import type { Page } from '@playwright/test';
import { MEDIA_LAUNCH_OPTIONS } from '../../fixtures/chromium';
import { snap } from '../../fixtures/screenshots';
import { expect, test } from '../../fixtures/test';
import { expectAudioArriving, recordPeerConnections } from '../../fixtures/webrtc';

/**
 * Moving members (001 §4 voice move, docs/voice.md): a moderator moves a member from one voice
 * channel to another through the panel's Move menu (by keyboard); the member's tab leaves the
 * first room, joins the second with the move grant (past its user limit) and opens it, and the
 * audio goes on there (each hears the other: the speaking rings light from the audio that arrives).
 */
test.use({ launchOptions: MEDIA_LAUNCH_OPTIONS });

const bar = (page: Page) => page.getByRole('region', { name: 'Voice connection' });
const panel = (page: Page, channel: string) => page.getByRole('region', { name: channel });
const panelList = (page: Page, channel: string) => panel(page, channel).getByRole('list', { name: `People in ${channel}` });
const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Channels' });

test('a moderator moves a member to a full voice channel: the member follows, opens it and is heard there', async ({
  user,
  team,
  teammate,
  openAs,
}, testInfo) => {
  const ids: Record<string, string> = {};
  for (const name of ['Lobby', 'Stage']) {
    const created = await user.api.put(`/api/v1/teams/${team.id}/channels`, { data: { name, type: 'voice' } });
    expect(created.status()).toBe(201);
    ids[name] = ((await created.json()) as { channel: { id: string } }).channel.id;
  }
  // Stage holds one: the moderator's move fills it past the limit.
  expect((await user.api.patch(`/api/v1/teams/${team.id}/channels/${ids.Stage}`, { data: { userLimit: 1 } })).status()).toBe(200);
  const lobbyPath = `/teams/${team.id}/channels/${ids.Lobby}`;
  const stagePath = `/teams/${team.id}/channels/${ids.Stage}`;

  const alice = await openAs(user, stagePath);
  await alice.getByRole('button', { name: 'Join voice channel' }).click();
  await expect(bar(alice).getByRole('status')).toHaveText('Voice connected', { timeout: 20_000 });
  const bob = await openAs(teammate, '/');
  await recordPeerConnections(bob);
  await bob.goto(lobbyPath);
  await bob.getByRole('button', { name: 'Join voice channel' }).click();
  await expect(bar(bob).getByRole('status')).toHaveText('Voice connected', { timeout: 20_000 });

  // Alice (the owner, MOVE_MEMBERS) opens Lobby without leaving her call; Bob has no Move control.
  await sidebar(alice)
    .getByRole('link', { name: /^Lobby/ })
    .click();
  await expect(panelList(alice, 'Lobby').getByRole('listitem')).toHaveCount(1);
  await expect(panelList(bob, 'Lobby').getByRole('button', { name: /^Move / })).toHaveCount(0);

  // By keyboard: the Move menu lists the team's other voice channels (the new team's own General, then Stage).
  const move = panelList(alice, 'Lobby').getByRole('button', { name: `Move ${teammate.username}` });
  await move.focus();
  await alice.keyboard.press('Enter');
  const menu = alice.getByRole('menu', { name: `Move ${teammate.username}` });
  await expect(menu.getByRole('menuitem')).toHaveText(['General', 'Stage']);
  await expect(menu.getByRole('menuitem', { name: 'General' })).toBeFocused();
  await alice.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitem', { name: 'Stage' })).toBeFocused();
  await snap(alice, testInfo, 'voice-move-1-menu');
  await alice.keyboard.press('Enter');
  await expect(menu).toBeHidden();

  // Bob's tab follows: Stage opens, his call is there, and Lobby is empty.
  await expect(bob).toHaveURL(new RegExp(`${stagePath}$`));
  await expect(bar(bob).getByRole('status')).toHaveText('Voice connected', { timeout: 20_000 });
  await expect(bar(bob).getByRole('link', { name: 'Stage' })).toBeVisible();
  await expect(panel(bob, 'Stage').getByRole('button', { name: 'You are in this channel' })).toBeDisabled();
  await expect(panelList(bob, 'Stage').getByRole('listitem')).toHaveCount(2);
  await expect(panelList(alice, 'Lobby')).toBeHidden();
  await expect(sidebar(alice).getByRole('list', { name: 'People in Stage' }).getByRole('listitem')).toHaveCount(2);

  // The media goes on in Stage: each hears the other.
  await expect(panelList(bob, 'Stage').getByRole('listitem').filter({ hasText: user.username })).toHaveAttribute('data-speaking', 'true', {
    timeout: 20_000,
  });
  await expect(sidebar(alice).getByRole('list', { name: 'People in Stage' }).getByRole('listitem').filter({ hasText: teammate.username })).toHaveAttribute(
    'data-speaking',
    'true',
    { timeout: 20_000 },
  );
  // …as Bob's new peer connection counts it: Alice's audio arrives there, bytes and samples growing.
  await expectAudioArriving(bob);
  await snap(bob, testInfo, 'voice-move-2-moved');
});
