import type { Page } from '@playwright/test';
import { MEDIA_LAUNCH_OPTIONS } from '../../fixtures/chromium';
import { PICTURE_VARIANTS, snap } from '../../fixtures/screenshots';
import { expect, test } from '../../fixtures/test';

/**
 * Screen share through Rally's SFU (issue 11, docs/voice.md), in Chromium with its fake capture
 * (with --use-fake-device-for-media-stream and --use-fake-ui-for-media-stream, getDisplayMedia
 * answers at once with a moving test picture): one member shares, the other picks the tile, watches
 * the decoded picture and full screen, and the tile goes when the share stops; a second share in
 * the channel is refused (the e2e server allows one, playwright.config.ts).
 */
test.use({ launchOptions: MEDIA_LAUNCH_OPTIONS });

const bar = (page: Page) => page.getByRole('region', { name: 'Voice connection' });
const screens = (page: Page) => page.getByRole('region', { name: 'Shared screens' });

/** Frames the <video> has decoded and shown so far. */
const framesShown = (page: Page, name: string) =>
  page
    .getByRole('region', { name: 'Shared screens' })
    .getByLabel(name)
    .evaluate((video: HTMLVideoElement) => video.getVideoPlaybackQuality().totalVideoFrames);

async function joinLounge(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Join voice channel' }).click();
  await expect(bar(page).getByRole('status')).toHaveText('Voice connected', { timeout: 20_000 });
}

test('a member shares a screen; another picks it, watches it decode, goes full screen; the tile goes when the share stops', async ({
  user,
  team,
  teammate,
  openAs,
}, testInfo) => {
  // Two calls, four pictures with their accessibility checks and three shares: about 25 s alone, twice that beside another voice test.
  test.setTimeout(120_000);
  const created = await user.api.put(`/api/v1/teams/${team.id}/channels`, { data: { name: 'Lounge', type: 'voice' } });
  expect(created.status()).toBe(201);
  const channelId = ((await created.json()) as { channel: { id: string } }).channel.id;
  const path = `/teams/${team.id}/channels/${channelId}`;
  const alice = await openAs(user, path);
  const bob = await openAs(teammate, path);
  await joinLounge(alice);
  await joinLounge(bob);

  const share = bar(alice).getByRole('button', { name: 'Share screen' });
  await expect(share).toHaveAttribute('aria-pressed', 'false');
  await share.click();
  await expect(share).toHaveAttribute('aria-pressed', 'true');

  // Bob sees that Alice shares (the list's mark and a tile), and receives nothing until he picks it.
  const aliceInBobsPanel = bob
    .getByRole('region', { name: 'Lounge' })
    .getByRole('list', { name: 'People in Lounge' })
    .getByRole('listitem')
    .filter({ hasText: user.username });
  await expect(aliceInBobsPanel).toContainText('sharing their screen', { timeout: 20_000 });
  const pick = screens(bob).getByRole('button', { name: `Watch ${user.username}'s screen` });
  await expect(pick).toBeVisible();
  await expect(screens(bob).locator('video')).toHaveCount(0);
  // Alice sees what she sends (her own picture, no round trip).
  await expect
    .poll(() =>
      screens(alice)
        .getByLabel('Your screen')
        .evaluate((v: HTMLVideoElement) => v.videoWidth),
    )
    .toBeGreaterThan(0);
  await expect(screens(alice).getByRole('button', { name: /^Watch / })).toHaveCount(0);
  await snap(alice, testInfo, 'screen-0-sharing');
  await snap(bob, testInfo, 'screen-1-tile');

  // The e2e server allows one screen share per channel (VOICE_MAX_SCREENSHARES=1): Bob's is refused.
  const bobsShare = bar(bob).getByRole('button', { name: 'Share screen' });
  await bobsShare.click();
  await expect(bob.getByRole('alert').filter({ hasText: 'Maximum screenshare limit reached.' })).toBeVisible();
  await expect(bobsShare).toHaveAttribute('aria-pressed', 'false');
  await expect(bobsShare).toBeEnabled();
  await snap(bob, testInfo, 'screen-1-limit');
  await expect(aliceInBobsPanel).toContainText('sharing their screen');

  await pick.click();
  const screenName = `${user.username}'s screen`;
  const video = screens(bob).getByLabel(screenName);
  await expect(video).toBeVisible();
  // The picture arrives and is decoded: a size, and frames that keep coming.
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.videoWidth), { timeout: 20_000 }).toBeGreaterThan(0);
  expect(await video.evaluate((v: HTMLVideoElement) => v.videoHeight)).toBeGreaterThan(0);
  const frames = await framesShown(bob, screenName);
  await expect.poll(() => framesShown(bob, screenName), { timeout: 10_000 }).toBeGreaterThan(frames + 10);
  await expect(screens(bob).getByRole('status')).toHaveCount(0);
  await snap(bob, testInfo, 'screen-2-watching');

  // Full screen: the tile fills the screen; Escape leaves it.
  await screens(bob).getByRole('button', { name: 'Full screen' }).click();
  await expect.poll(() => bob.evaluate(() => document.fullscreenElement?.contains(document.querySelector('video')) ?? false)).toBe(true);
  await expect(screens(bob).getByRole('button', { name: 'Exit full screen' })).toBeVisible();
  await snap(bob, testInfo, 'screen-3-full-screen');
  await bob.keyboard.press('Escape');
  await expect.poll(() => bob.evaluate(() => document.fullscreenElement === null)).toBe(true);
  await expect(screens(bob).getByRole('button', { name: 'Full screen' })).toBeVisible();

  // Stop watching: back to the tile; pick it again and the picture comes back.
  await screens(bob).getByRole('button', { name: 'Stop watching' }).click();
  await expect(screens(bob).locator('video')).toHaveCount(0);
  await pick.click();
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.videoWidth), { timeout: 20_000 }).toBeGreaterThan(0);

  // Alice stops sharing (her preview's button, the same as the bar's toggle): Bob's tile goes, and so does the mark.
  await screens(alice).getByRole('button', { name: 'Stop sharing' }).click();
  await expect(screens(alice)).toBeHidden();
  await expect(share).toHaveAttribute('aria-pressed', 'false');
  await expect(screens(bob)).toBeHidden();
  await expect(aliceInBobsPanel).not.toContainText('sharing their screen');

  // She shares again: the tile is back, to be picked again.
  await share.click();
  await expect(share).toHaveAttribute('aria-pressed', 'true');
  await screens(bob)
    .getByRole('button', { name: `Watch ${user.username}'s screen` })
    .click();
  await expect.poll(() => framesShown(bob, screenName), { timeout: 20_000 }).toBeGreaterThan(10);

  // The bar's toggle stops it too.
  await share.click();
  await expect(share).toHaveAttribute('aria-pressed', 'false');
  await expect(screens(bob)).toBeHidden();
});

test('a screen capture that fails says so; a cancelled picker says nothing', async ({ user, team, openAs }) => {
  const created = await user.api.put(`/api/v1/teams/${team.id}/channels`, { data: { name: 'Lounge', type: 'voice' } });
  const channelId = ((await created.json()) as { channel: { id: string } }).channel.id;
  const alice = await openAs(user, `/teams/${team.id}/channels/${channelId}`);
  await joinLounge(alice);
  const share = bar(alice).getByRole('button', { name: 'Share screen' });
  const failed = alice.getByRole('alert').filter({ hasText: 'Unable to start your Microphone/Camera/Screenshare' });

  // The user closes the picker: no message. (The rejection's handlers run before the page's next
  // task, so once the call is counted, any message would be there.)
  await alice.evaluate(() => {
    const counted = window as unknown as { pickerCalls: number };
    counted.pickerCalls = 0;
    navigator.mediaDevices.getDisplayMedia = () => {
      counted.pickerCalls += 1;
      return Promise.reject(new DOMException('Permission denied', 'NotAllowedError'));
    };
  });
  await share.click();
  await expect.poll(() => alice.evaluate(() => (window as unknown as { pickerCalls: number }).pickerCalls)).toBe(1);
  await expect(share).toHaveAttribute('aria-pressed', 'false');
  await expect(share).toBeEnabled();
  await expect(failed).toHaveCount(0);

  // The browser cannot capture (what Chromium answers without a screen to capture).
  await alice.evaluate(() => {
    navigator.mediaDevices.getDisplayMedia = () => Promise.reject(new DOMException('Could not start video source', 'NotReadableError'));
  });
  await share.click();
  await expect(failed).toBeVisible();
  await expect(share).toHaveAttribute('aria-pressed', 'false');
  await expect(share).toBeEnabled();
});

/** Pictures of a watched screen, in English on a desktop and Turkish on a phone. */
for (const { language, size, viewport } of PICTURE_VARIANTS) {
  test(`pictures: a shared screen watched (${language}, ${size})`, async ({ user, team, teammate, openAs }, testInfo) => {
    const created = await user.api.put(`/api/v1/teams/${team.id}/channels`, { data: { name: 'Lounge', type: 'voice' } });
    const channelId = ((await created.json()) as { channel: { id: string } }).channel.id;
    const path = `/teams/${team.id}/channels/${channelId}`;
    const alice = await openAs(user, path);
    await joinLounge(alice);
    await bar(alice).getByRole('button', { name: 'Share screen' }).click();

    const bob = await openAs(teammate, '/');
    await bob.setViewportSize(viewport);
    await bob.evaluate((lng) => localStorage.setItem('rally.language', lng), language);
    await bob.goto(path);
    await expect(bob.locator('html')).toHaveAttribute('lang', language);
    const texts =
      language === 'en'
        ? { join: 'Join voice channel', screens: 'Shared screens', watch: `Watch ${user.username}'s screen`, screen: `${user.username}'s screen` }
        : {
            join: 'Ses kanalına katıl',
            screens: 'Paylaşılan ekranlar',
            watch: `${user.username} adlı kullanıcının ekranını izle`,
            screen: `${user.username} adlı kullanıcının ekranı`,
          };
    await bob.getByRole('button', { name: texts.join }).click();
    const shared = bob.getByRole('region', { name: texts.screens });
    await shared.getByRole('button', { name: texts.watch }).click();
    await expect.poll(() => shared.getByLabel(texts.screen).evaluate((v: HTMLVideoElement) => v.videoWidth), { timeout: 20_000 }).toBeGreaterThan(0);
    await snap(bob, testInfo, `screen-pic-watching-${language}-${size}`);
  });
}
