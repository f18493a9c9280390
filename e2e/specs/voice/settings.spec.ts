import type { Locator, Page } from '@playwright/test';
import { MEDIA_LAUNCH_OPTIONS } from '../../fixtures/chromium';
import { snap } from '../../fixtures/screenshots';
import { expect, test } from '../../fixtures/test';
import { expectSendingSilence, recordPeerConnections, sentEnergy, SILENT_ENERGY } from '../../fixtures/webrtc';

/**
 * Voice settings (issue 11, docs/voice.md) in Chromium with its fake microphones (beeps): the input
 * volume applies to the running call (at 0 % the other side hears nothing and the sender's audio
 * carries no energy), another input device is taken without a new offer, and a voice channel's
 * Region tab measures each region's latency from the browser and saves another region.
 */
test.use({ launchOptions: MEDIA_LAUNCH_OPTIONS });

const bar = (page: Page) => page.getByRole('region', { name: 'Voice connection' });
const panelList = (page: Page) => page.getByRole('region', { name: 'Lounge' }).getByRole('list', { name: 'People in Lounge' });
const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Channels' });
const saveBar = (dialog: Locator) => dialog.getByRole('region', { name: 'Unsaved changes' });

test('the input volume and device apply to the running call and stay on the device', async ({ user, team, teammate, openAs }, testInfo) => {
  const created = await user.api.put(`/api/v1/teams/${team.id}/channels`, { data: { name: 'Lounge', type: 'voice' } });
  expect(created.status()).toBe(201);
  const channelId = ((await created.json()) as { channel: { id: string } }).channel.id;
  const path = `/teams/${team.id}/channels/${channelId}`;
  const alice = await openAs(user, '/');
  await recordPeerConnections(alice);
  await alice.goto(path);
  const bob = await openAs(teammate, path);
  for (const page of [alice, bob]) {
    await page.getByRole('button', { name: 'Join voice channel' }).click();
    await expect(bar(page).getByRole('status')).toHaveText('Voice connected', { timeout: 20_000 });
  }
  const aliceInBobsPanel = panelList(bob).getByRole('listitem').filter({ hasText: user.username });
  await expect(aliceInBobsPanel).toHaveAttribute('data-speaking', 'true', { timeout: 20_000 });

  // The settings, from the voice bar: devices and the input volume at 100 %.
  await bar(alice).getByRole('button', { name: 'Settings' }).click();
  const dialog = alice.getByRole('dialog', { name: 'Voice settings' });
  const volume = dialog.getByRole('slider', { name: 'Input volume' });
  await expect(volume).toHaveValue('100');
  const input = dialog.getByRole('combobox', { name: 'Input device' });
  await expect(input.getByRole('option')).not.toHaveCount(1);
  // Chromium can choose the speakers (setSinkId): the output select is there.
  await expect(dialog.getByRole('combobox', { name: 'Output device' })).toBeVisible();
  await snap(alice, testInfo, 'voice-settings-1-dialog');

  // Volume 0 from the keyboard: Alice sends silence, and Bob's ring for her goes out.
  await volume.focus();
  await alice.keyboard.press('Home');
  await expect(volume).toHaveValue('0');
  await expect(volume).toHaveAttribute('aria-valuetext', '0 %');
  await expect(aliceInBobsPanel).not.toHaveAttribute('data-speaking', 'true', { timeout: 10_000 });
  await expectSendingSilence(alice);
  await expect(aliceInBobsPanel).not.toHaveAttribute('data-speaking', 'true');

  // Back to 100 %: her audio has sound again, and Bob sees her speak.
  await volume.fill('100');
  await expect(aliceInBobsPanel).toHaveAttribute('data-speaking', 'true', { timeout: 20_000 });
  expect(await sentEnergy(alice)).toBeGreaterThan(SILENT_ENERGY);

  // Another microphone: taken at once, the call goes on (Bob still hears her), no error.
  const other = (await input.getByRole('option').allTextContents()).find((label) => label !== 'Default');
  expect(other).toBeDefined();
  await input.selectOption({ label: other! });
  await expect(input.locator('option:checked')).toHaveText(other!);
  await expect(dialog.getByRole('alert')).toHaveCount(0);
  await expect(aliceInBobsPanel).toHaveAttribute('data-speaking', 'true', { timeout: 20_000 });
  await expect(bar(alice).getByRole('status')).toHaveText('Voice connected');

  // Kept on the device: closed and opened again after a reload, the choices are still there.
  await volume.fill('150');
  await alice.reload();
  await expect(bar(alice)).toBeHidden();
  await alice.getByRole('button', { name: 'Join voice channel' }).click();
  await expect(bar(alice).getByRole('status')).toHaveText('Voice connected', { timeout: 20_000 });
  await bar(alice).getByRole('button', { name: 'Settings' }).click();
  await expect(dialog.getByRole('slider', { name: 'Input volume' })).toHaveValue('150');
  await expect(dialog.getByRole('combobox', { name: 'Input device' }).locator('option:checked')).toHaveText(other!);
  await alice.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test('the Region tab measures the regions from the browser and saves another one', async ({ user, team, openAs }, testInfo) => {
  const created = await user.api.put(`/api/v1/teams/${team.id}/channels`, { data: { name: 'Lounge', type: 'voice' } });
  const channelId = ((await created.json()) as { channel: { id: string } }).channel.id;
  const page = await openAs(user, `/teams/${team.id}/channels/${channelId}`);
  await page.setViewportSize({ width: 1280, height: 900 });

  const openRegionTab = async () => {
    await sidebar(page).getByRole('button', { name: 'Edit channel Lounge' }).click();
    const dialog = page.getByRole('dialog', { name: '#Lounge settings' });
    await dialog.getByRole('tab', { name: 'Region' }).click();
    await expect(dialog.getByRole('tab', { name: 'Region' })).toHaveAttribute('aria-selected', 'true');
    return dialog;
  };
  const region = (dialog: Locator, code: string) => dialog.locator('label').filter({ has: page.getByRole('radio', { name: new RegExp(`\\b${code}\\b`) }) });

  let dialog = await openRegionTab();
  await expect(dialog.getByRole('radio')).toHaveCount(17);
  // us-east-1, the default and the embedded SFU's region: current, and measured from here (a loopback ping: green).
  await expect(dialog.getByRole('radio', { name: /us-east-1/ })).toBeChecked();
  await expect(region(dialog, 'us-east-1')).toContainText('Current');
  await expect(region(dialog, 'us-east-1')).toContainText(/\d{1,4} ms/);
  // The others have no SFU node to probe.
  await expect(region(dialog, 'eu-central-1')).toContainText('No server');
  await snap(page, testInfo, 'voice-settings-2-region');

  await dialog.getByRole('radio', { name: /eu-central-1/ }).check();
  await expect(saveBar(dialog)).toBeVisible();
  await snap(page, testInfo, 'voice-settings-3-region-chosen');
  await saveBar(dialog).getByRole('button', { name: 'Save changes' }).click();
  await expect(saveBar(dialog)).toBeHidden();
  await expect(region(dialog, 'eu-central-1')).toContainText('Current');

  // Kept: after a reload the channel is in Frankfurt, as the API says too.
  await page.reload();
  dialog = await openRegionTab();
  await expect(dialog.getByRole('radio', { name: /eu-central-1/ })).toBeChecked();
  await expect(region(dialog, 'eu-central-1')).toContainText('Current');
  await expect(region(dialog, 'us-east-1')).not.toContainText('Current');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // A text channel has no region.
  await sidebar(page).getByRole('button', { name: 'Edit channel general', exact: true }).click();
  const general = page.getByRole('dialog', { name: '#general settings' });
  await expect(general.getByRole('tab', { name: 'Permissions' })).toBeVisible();
  await expect(general.getByRole('tab', { name: 'Region' })).toHaveCount(0);

  const channels = await user.api.get(`/api/v1/teams/${team.id}/channels`);
  const stored = ((await channels.json()) as { channels: { id: string; region: string }[] }).channels.find((c) => c.id === channelId);
  expect(stored?.region).toBe('eu-central-1');
});
