import type { Page } from '@playwright/test';
import { MEDIA_LAUNCH_OPTIONS } from '../../fixtures/chromium';
import { snap } from '../../fixtures/screenshots';
import { expect, test } from '../../fixtures/test';
import { expectAudioArriving, expectSendingSilence, recordPeerConnections } from '../../fixtures/webrtc';

/**
 * Voice through Rally's SFU (issue 11, docs/voice.md), in Chromium with its fake microphone (a
 * beep): two members join a voice channel, each hears the other (the audio that arrives has sound:
 * the speaking ring lights; getStats counts its bytes and samples growing), mute silences the
 * outbound audio (no energy sent), and leaving takes one out of the channel list.
 */
test.use({ launchOptions: MEDIA_LAUNCH_OPTIONS });

const bar = (page: Page) => page.getByRole('region', { name: 'Voice connection' });
const panelList = (page: Page, channel = 'Lounge') => page.getByRole('region', { name: channel }).getByRole('list', { name: `People in ${channel}` });

test('two members join a voice channel and hear each other; mute silences the sender; leaving updates the list', async ({
  user,
  team,
  teammate,
  openAs,
}, testInfo) => {
  const created = await user.api.put(`/api/v1/teams/${team.id}/channels`, { data: { name: 'Lounge', type: 'voice' } });
  expect(created.status()).toBe(201);
  const channelId = ((await created.json()) as { channel: { id: string } }).channel.id;
  const path = `/teams/${team.id}/channels/${channelId}`;
  const alice = await openAs(user, '/');
  const bob = await openAs(teammate, '/');
  for (const page of [alice, bob]) {
    await recordPeerConnections(page);
    await page.goto(path);
  }

  for (const page of [alice, bob]) {
    await page.getByRole('button', { name: 'Join voice channel' }).click();
    await expect(bar(page).getByRole('status')).toHaveText('Voice connected', { timeout: 20_000 });
    await expect(page.getByRole('button', { name: 'You are in this channel' })).toBeDisabled();
    // The round trip to the SFU, on loopback well under 100 ms (green).
    await expect(bar(page).getByText(/^Ping \d+ ms$/)).toBeVisible();
  }
  // Both are listed, in the panel and under the channel in the sidebar, on both pages.
  for (const page of [alice, bob]) {
    await expect(panelList(page).getByRole('listitem')).toHaveCount(2);
    await expect(page.getByRole('navigation', { name: 'Channels' }).getByRole('list', { name: 'People in Lounge' }).getByRole('listitem')).toHaveCount(2);
  }

  // Each hears the other: the beeps of the other's fake microphone arrive with sound in them.
  const aliceInBobsPanel = panelList(bob).getByRole('listitem').filter({ hasText: user.username });
  const bobInAlicesPanel = panelList(alice).getByRole('listitem').filter({ hasText: teammate.username });
  await expect(aliceInBobsPanel).toHaveAttribute('data-speaking', 'true', { timeout: 20_000 });
  await expect(bobInAlicesPanel).toHaveAttribute('data-speaking', 'true', { timeout: 20_000 });
  // …as the peer connections count it: received audio bytes and decoded samples keep growing.
  await expectAudioArriving(alice);
  await expectAudioArriving(bob);
  // The voice bar shows the others by face (up to three, then +N).
  await expect(bar(bob).getByRole('img', { name: `In the call: ${user.username}` })).toBeVisible();
  await snap(bob, testInfo, 'voice-1-connected');

  // Alice mutes: Bob sees her muted, and her audio stops (no ring any more).
  await bar(alice).getByRole('button', { name: 'Mute' }).click();
  await expect(bar(alice).getByRole('button', { name: 'Mute' })).toHaveAttribute('aria-pressed', 'true');
  await expect(aliceInBobsPanel).toContainText('muted');
  await expect(aliceInBobsPanel).not.toHaveAttribute('data-speaking', 'true', { timeout: 10_000 });
  // What she sends carries no sound at all (the microphone's energy into the encoder is zero).
  await expectSendingSilence(alice);
  // …and stays silent: over two seconds of beeps, her entry never lights again.
  const lit = await bob.evaluate(async (name) => {
    const item = [...document.querySelectorAll('section li')].find((li) => li.textContent?.includes(name));
    let seen = false;
    const observer = new MutationObserver(() => {
      if (item?.hasAttribute('data-speaking')) seen = true;
    });
    if (item) observer.observe(item, { attributes: true });
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    observer.disconnect();
    return seen;
  }, user.username);
  expect(lit).toBe(false);
  // Bob still hears nothing wrong on his side: Alice still hears him.
  await expect(bobInAlicesPanel).toHaveAttribute('data-speaking', 'true', { timeout: 20_000 });

  // Bob leaves: Alice's lists lose him.
  await bar(bob).getByRole('button', { name: 'Leave voice channel' }).click();
  await expect(bar(bob)).toBeHidden();
  await expect(panelList(alice).getByRole('listitem')).toHaveCount(1);
  await snap(alice, testInfo, 'voice-2-alone');
});

test('a full channel refuses the next member with its message', async ({ user, team, teammate, openAs }) => {
  const created = await user.api.put(`/api/v1/teams/${team.id}/channels`, { data: { name: 'Duo', type: 'voice' } });
  const channelId = ((await created.json()) as { channel: { id: string } }).channel.id;
  const limited = await user.api.patch(`/api/v1/teams/${team.id}/channels/${channelId}`, { data: { userLimit: 1 } });
  expect(limited.status()).toBe(200);
  const path = `/teams/${team.id}/channels/${channelId}`;
  const alice = await openAs(user, path);
  await alice.getByRole('button', { name: 'Join voice channel' }).click();
  await expect(bar(alice).getByRole('status')).toHaveText('Voice connected', { timeout: 20_000 });

  const bob = await openAs(teammate, path);
  await expect(panelList(bob, 'Duo').getByRole('listitem')).toHaveCount(1);
  await bob.getByRole('button', { name: 'Join voice channel' }).click();
  await expect(bob.getByRole('region', { name: 'Duo' }).getByRole('alert')).toHaveText('Channel is full');
  await expect(bar(bob).getByRole('status')).toHaveText('Channel is full');
});

test('a moderator disconnects a member: their call ends with the reason, and the lists lose them', async ({ user, team, teammate, openAs }) => {
  const created = await user.api.put(`/api/v1/teams/${team.id}/channels`, { data: { name: 'Lounge', type: 'voice' } });
  const channelId = ((await created.json()) as { channel: { id: string } }).channel.id;
  const path = `/teams/${team.id}/channels/${channelId}`;
  const alice = await openAs(user, path);
  const bob = await openAs(teammate, path);
  for (const page of [alice, bob]) {
    await page.getByRole('button', { name: 'Join voice channel' }).click();
    await expect(bar(page).getByRole('status')).toHaveText('Voice connected', { timeout: 20_000 });
  }
  await expect(panelList(alice).getByRole('listitem')).toHaveCount(2);
  // Only the owner (DISCONNECT) gets the button, and not for themselves.
  await expect(panelList(bob).getByRole('button', { name: /^Disconnect / })).toHaveCount(0);
  await expect(panelList(alice).getByRole('button', { name: /^Disconnect / })).toHaveCount(1);

  await panelList(alice)
    .getByRole('button', { name: `Disconnect ${teammate.username}` })
    .click();
  await expect(bar(bob).getByRole('status')).toHaveText('You were removed from the meeting.');
  await expect(panelList(alice).getByRole('listitem')).toHaveCount(1);
  await expect(panelList(bob).getByRole('listitem')).toHaveCount(1);
});
