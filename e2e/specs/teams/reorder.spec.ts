import type { Locator, Page } from '@playwright/test';
import { createTeam, type ApiTeam, type ApiUser } from '../../fixtures/api';
import { snap } from '../../fixtures/screenshots';
import { expect, test } from '../../fixtures/test';
import { channelPath, expectChannelOpen, moveUntilAnnounced } from '../../fixtures/ui';

/**
 * Drag-and-drop ordering (spec 001 §2, §6 MANAGE_CHANNELS, §7): channels within a category, channels
 * moved to another category, categories, and the user's team icons, with the mouse and the keyboard;
 * each order is saved and still there after a reload. A member without MANAGE_CHANNELS cannot drag.
 */

interface Layout {
  /** The new team's own category ("Text Channels"), which holds #general. */
  mainId: string;
  main: string;
  /** The new team's voice category ("Voice Channels", with the General voice channel), after the main one. */
  voice: string;
  /** An empty category made for the test. */
  squad: string;
}

/** Channels alpha, bravo, charlie after #general in the team's category, and an empty category "Squad …", through the API. */
async function arrange(user: ApiUser, team: ApiTeam): Promise<Layout> {
  const channels = (await (await user.api.get(`/api/v1/teams/${team.id}/channels`)).json()) as {
    channels: { id: string; parentId: string | null }[];
    categories: { id: string; name: string }[];
  };
  const [main, voice] = channels.categories;
  if (!main || !voice) throw new Error('a new team has a text and a voice category');
  for (const name of ['alpha', 'bravo', 'charlie']) {
    const res = await user.api.put(`/api/v1/teams/${team.id}/channels`, { data: { name, type: 'text', categoryId: main.id } });
    expect(res.ok(), await res.text()).toBe(true);
  }
  const squad = `Squad ${Date.now().toString(36).slice(-4)}`;
  const res = await user.api.post(`/api/v1/teams/${team.id}/categories`, { data: { name: squad } });
  expect(res.ok(), await res.text()).toBe(true);
  return { mainId: main.id, main: main.name, voice: voice.name, squad };
}

const channelList = (page: Page) => page.getByRole('navigation', { name: 'Channels' });
const category = (page: Page, name: string) => channelList(page).getByRole('region', { name });
const channelLink = (page: Page, name: string) => channelList(page).getByRole('link', { name, exact: true });

/** The channel names of a category, top to bottom. */
async function names(scope: Locator): Promise<string[]> {
  // textContent: the row being dragged keeps its text, hidden, while the drag overlay shows it.
  return (await scope.getByRole('listitem').allTextContents()).map((text) => text.trim());
}

/** The category names, top to bottom. */
async function categoryNames(page: Page): Promise<string[]> {
  return (
    await channelList(page)
      .getByRole('region')
      .evaluateAll((els) => els.map((el) => el.getAttribute('aria-label') ?? ''))
  ).filter(Boolean);
}

/** Press the mouse on `from`, move it in steps to the top part of `to` (so it lands before it), and keep it pressed. */
async function dragTo(page: Page, from: Locator, to: Locator, { below = false } = {}): Promise<void> {
  await expect(from).toBeVisible();
  await expect(to).toBeVisible();
  const a = await from.boundingBox();
  const b = await to.boundingBox();
  if (!a || !b) throw new Error('drag: element not visible');
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2 + 8, { steps: 4 });
  await page.mouse.move(b.x + b.width / 2, b.y + (below ? b.height * 0.8 : b.height * 0.2), { steps: 12 });
}

const saved = (page: Page, path: RegExp) => page.waitForResponse((r) => path.test(new URL(r.url()).pathname) && r.request().method() !== 'GET');

test('the owner reorders channels with the mouse and the keyboard, and the order stays after a reload', async ({
  signedInPage: page,
  user,
  team,
}, testInfo) => {
  const { main } = await arrange(user, team);
  await page.goto(channelPath(team));
  await expectChannelOpen(page);
  const mainList = category(page, main);
  await expect.poll(() => names(mainList)).toEqual(['general', 'alpha', 'bravo', 'charlie']);

  await test.step('mouse: charlie dragged above alpha', async () => {
    const request = saved(page, /channels-priority$/);
    await dragTo(page, channelLink(page, 'charlie'), channelLink(page, 'alpha'));
    await snap(page, testInfo, 'reorder-1-channel-dragging-desktop-en');
    await page.mouse.up();
    expect((await request).ok()).toBe(true);
    // The drop did not open the channel it ended on.
    await expectChannelOpen(page);
    await snap(page, testInfo, 'reorder-2-channel-dropped-desktop-en');
    await page.reload();
    await expectChannelOpen(page);
    await expect.poll(() => names(mainList)).toEqual(['general', 'charlie', 'alpha', 'bravo']);
  });

  await test.step('keyboard: Space picks bravo up, ArrowUp twice, Space drops it', async () => {
    const request = saved(page, /channels-priority$/);
    await channelLink(page, 'bravo').focus();
    await page.keyboard.press('Space');
    await expect(page.getByText('Picked up channel bravo.')).toBeAttached();
    // One step at a time: each move is measured on the next frame, and a second key before it is lost.
    await moveUntilAnnounced(page, 'ArrowUp', `Channel bravo is at position 3 of 4 in ${main}.`);
    await moveUntilAnnounced(page, 'ArrowUp', `Channel bravo is at position 2 of 4 in ${main}.`);
    await page.keyboard.press('Space');
    expect((await request).ok()).toBe(true);
    await expect.poll(() => names(mainList)).toEqual(['general', 'bravo', 'charlie', 'alpha']);
    await expect(channelLink(page, 'bravo')).toBeFocused();
    await page.reload();
    await expectChannelOpen(page);
    await expect.poll(() => names(mainList)).toEqual(['general', 'bravo', 'charlie', 'alpha']);
  });

  await test.step('keyboard: Escape puts the channel back and saves nothing', async () => {
    await channelLink(page, 'alpha').focus();
    await page.keyboard.press('Space');
    await expect(page.getByText('Picked up channel alpha.')).toBeAttached();
    await moveUntilAnnounced(page, 'ArrowUp', `Channel alpha is at position 3 of 4 in ${main}.`);
    await page.keyboard.press('Escape');
    await expect(page.getByText('Moving alpha was cancelled. It is back where it was.')).toBeAttached();
    await expect.poll(() => names(mainList)).toEqual(['general', 'bravo', 'charlie', 'alpha']);
  });
});

test('the owner moves a channel into another category (also a collapsed one) and reorders categories', async ({ signedInPage: page, user, team }, testInfo) => {
  const { main, voice, squad } = await arrange(user, team);
  await page.goto(channelPath(team));
  await expectChannelOpen(page);
  const squadSection = category(page, squad);

  await test.step('mouse: alpha dropped on the empty category', async () => {
    const request = saved(page, /categories\/\d+\/channels\/\d+$/);
    await dragTo(page, channelLink(page, 'alpha'), squadSection.getByRole('button', { name: squad, exact: true }));
    await expect.poll(() => names(squadSection)).toEqual(['alpha']);
    await snap(page, testInfo, 'reorder-3-move-dragging-desktop-en');
    await page.mouse.up();
    expect((await request).ok()).toBe(true);
    await expect.poll(() => names(category(page, main))).toEqual(['general', 'bravo', 'charlie']);
  });

  await test.step('mouse: bravo dropped on the heading of the collapsed category, after alpha', async () => {
    await squadSection.getByRole('button', { name: squad, exact: true }).click();
    await expect(squadSection.getByRole('button', { name: squad, exact: true })).toHaveAttribute('aria-expanded', 'false');
    const request = saved(page, /categories\/\d+\/channels\/\d+$/);
    await dragTo(page, channelLink(page, 'bravo'), squadSection.getByRole('button', { name: squad, exact: true }));
    await snap(page, testInfo, 'reorder-4-collapsed-target-desktop-en');
    await page.mouse.up();
    expect((await request).ok()).toBe(true);
    await squadSection.getByRole('button', { name: squad, exact: true }).click();
    await expect.poll(() => names(squadSection)).toEqual(['alpha', 'bravo']);
  });

  await test.step('keyboard: the squad category moved above the first one', async () => {
    expect(await categoryNames(page)).toEqual([main, voice, squad]);
    const request = saved(page, /categories-priority$/);
    await squadSection.getByRole('button', { name: squad, exact: true }).focus();
    await page.keyboard.press('Space');
    await expect(page.getByText(`Picked up category ${squad}.`)).toBeAttached();
    await moveUntilAnnounced(page, 'ArrowUp', `Category ${squad} is at position 1 of 3.`);
    await page.keyboard.press('Space');
    expect((await request).ok()).toBe(true);
    await expect.poll(() => categoryNames(page)).toEqual([squad, main, voice]);
    // Space picked it up and dropped it: it did not fold the category.
    await expect(squadSection.getByRole('button', { name: squad, exact: true })).toHaveAttribute('aria-expanded', 'true');
  });

  await test.step('keyboard: charlie carried up into the squad category', async () => {
    const moved = saved(page, /categories\/\d+\/channels\/\d+$/);
    await channelLink(page, 'charlie').focus();
    await page.keyboard.press('Space');
    await expect(page.getByText('Picked up channel charlie.')).toBeAttached();
    const status = page.getByRole('status').filter({ hasText: 'Channel charlie' });
    const said = async () => (await status.allTextContents()).join(' ');
    for (let i = 0; i < 4 && !/in Squad|end of Squad/.test(await said()); i += 1) {
      const before = await said();
      await page.keyboard.press('ArrowUp');
      await expect.poll(said).not.toBe(before);
    }
    await expect(status).toContainText(squad);
    await page.keyboard.press('Space');
    expect((await moved).ok()).toBe(true);
    await expect.poll(() => names(category(page, main))).toEqual(['general']);
    await expect.poll(async () => (await names(squadSection)).sort()).toEqual(['alpha', 'bravo', 'charlie']);
  });

  await test.step('all of it is there after a reload', async () => {
    const squadOrder = await names(squadSection);
    await page.reload();
    await expectChannelOpen(page);
    await expect.poll(() => categoryNames(page)).toEqual([squad, main, voice]);
    await expect.poll(() => names(squadSection)).toEqual(squadOrder);
    await expect.poll(() => names(category(page, main))).toEqual(['general']);
  });
});

test('team icons reorder with the mouse and the keyboard, and the order stays after a reload', async ({ signedInPage: page, user, team }, testInfo) => {
  const second = await createTeam(user, `Second ${Date.now().toString(36).slice(-4)}`);
  await page.goto(channelPath(team));
  await expectChannelOpen(page);
  const teams = page.getByRole('list', { name: 'Your teams' });
  const order = async () => await teams.getByRole('link').evaluateAll((els) => els.map((el) => el.getAttribute('aria-label')));
  await expect.poll(order).toEqual([team.name, second.name]);

  const request = saved(page, /\/api\/v1\/teams\/priority$/);
  await dragTo(page, teams.getByRole('link', { name: second.name }), teams.getByRole('link', { name: team.name }));
  await snap(page, testInfo, 'reorder-5-team-dragging-desktop-en');
  await page.mouse.up();
  expect((await request).ok()).toBe(true);
  await expect.poll(order).toEqual([second.name, team.name]);
  await expectChannelOpen(page);
  await page.reload();
  await expectChannelOpen(page);
  await expect.poll(order).toEqual([second.name, team.name]);

  const back = saved(page, /\/api\/v1\/teams\/priority$/);
  await teams.getByRole('link', { name: team.name }).focus();
  await page.keyboard.press('Space');
  await expect(page.getByText(`Picked up team ${team.name}.`)).toBeAttached();
  await moveUntilAnnounced(page, 'ArrowUp', `Team ${team.name} is at position 1 of 2.`);
  await page.keyboard.press('Space');
  expect((await back).ok()).toBe(true);
  await expect.poll(order).toEqual([team.name, second.name]);
  await page.reload();
  await expectChannelOpen(page);
  await expect.poll(order).toEqual([team.name, second.name]);
});

test('a member without MANAGE_CHANNELS cannot drag channels or categories', async ({ user, team, teammate, openAs }) => {
  const { main } = await arrange(user, team);
  const page = await openAs(teammate, channelPath(team));
  await expectChannelOpen(page);
  const mainList = category(page, main);
  await expect.poll(() => names(mainList)).toEqual(['general', 'alpha', 'bravo', 'charlie']);
  // No drag instructions on the channel links.
  expect(await channelLink(page, 'charlie').getAttribute('aria-describedby')).toBeNull();

  let writes = 0;
  page.on('request', (r) => {
    if (r.method() !== 'GET' && /priority|categories\/\d+\/channels/.test(r.url())) writes += 1;
  });
  await dragTo(page, channelLink(page, 'charlie'), channelLink(page, 'alpha'));
  await page.mouse.up();
  await channelLink(page, 'bravo').focus();
  await page.keyboard.press('Space');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Space');
  await expect(page.getByText('Picked up channel bravo.')).not.toBeAttached();
  expect(await names(mainList)).toEqual(['general', 'alpha', 'bravo', 'charlie']);
  expect(writes).toBe(0);
});

test('a drag on a phone and in Turkish', async ({ signedInPage: page, user, team }, testInfo) => {
  const { main, squad } = await arrange(user, team);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(channelPath(team));
  await expectChannelOpen(page);
  await page.getByRole('button', { name: 'Channels', exact: true }).click();
  await expect(channelLink(page, 'alpha')).toBeVisible();
  await dragTo(page, channelLink(page, 'charlie'), category(page, squad).getByRole('button', { name: squad, exact: true }));
  await snap(page, testInfo, 'reorder-6-dragging-phone-en');
  await page.mouse.up();
  await expect.poll(() => names(category(page, squad))).toEqual(['charlie']);
  await snap(page, testInfo, 'reorder-7-dropped-phone-en');

  await page.evaluate(() => localStorage.setItem('rally.language', 'tr'));
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'tr');
  const kanallar = page.getByRole('navigation', { name: 'Kanallar' });
  await page.getByRole('button', { name: 'Kanallar', exact: true }).click();
  await dragTo(page, kanallar.getByRole('link', { name: 'bravo', exact: true }), kanallar.getByRole('link', { name: 'general', exact: true }));
  await snap(page, testInfo, 'reorder-8-dragging-phone-tr');
  await page.mouse.up();
  await expect.poll(() => names(kanallar.getByRole('region', { name: main }))).toEqual(['bravo', 'general', 'alpha']);

  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(kanallar.getByRole('link', { name: 'alpha', exact: true })).toBeVisible();
  await kanallar.getByRole('link', { name: 'alpha', exact: true }).focus();
  await page.keyboard.press('Space');
  await expect(page.getByText('alpha kanalı alındı.')).toBeAttached();
  // The move is measured on the next frame: drop only once it is announced.
  await moveUntilAnnounced(page, 'ArrowUp', `alpha kanalı, ${main} içinde 3 sıradan 2. sırada.`);
  await snap(page, testInfo, 'reorder-9-keyboard-dragging-desktop-tr');
  await page.keyboard.press('Space');
  await expect.poll(() => names(kanallar.getByRole('region', { name: main }))).toEqual(['bravo', 'alpha', 'general']);
  await snap(page, testInfo, 'reorder-10-dropped-desktop-tr');
});
