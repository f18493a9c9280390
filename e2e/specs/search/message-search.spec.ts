import { PICTURE_VARIANTS } from '../../fixtures/screenshots';
import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { befriend, createDm, postMessage, type ApiTeam, type ApiUser } from '../../fixtures/api';
import { snap } from '../../fixtures/screenshots';
import { expect, test } from '../../fixtures/test';
import { channelPath, composer, expectChannelOpen } from '../../fixtures/ui';

const unique = () => randomBytes(3).toString('hex');

async function createChannel(user: ApiUser, team: ApiTeam, name: string): Promise<string> {
  const res = await user.api.put(`/api/v1/teams/${team.id}/channels`, { data: { name, type: 'text' } });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { channel: { id: string } }).channel.id;
}

/** Deny VIEW_CHANNEL to the team's default role (@everyone, whose id is the team's): only the owner sees the channel. */
async function hideFromEveryone(user: ApiUser, team: ApiTeam, channelId: string): Promise<void> {
  const res = await user.api.post(`/api/v1/teams/${team.id}/channels/${channelId}/permissions/role/${team.id}`, { data: { allow: 0, deny: 1 } });
  expect(res.ok(), await res.text()).toBe(true);
}

const searchBox = (page: Page) => page.getByRole('searchbox', { name: /^(Search messages|Mesajlarda ara)$/ });
const resultsPanel = (page: Page) => page.getByRole('complementary', { name: /^(Search results|Arama sonuçları)$/ });

test('a member searches a word, sees only what they may read and opens a result in its channel', async ({ user, team, teammate, openAs }, testInfo) => {
  const word = `dragonfire${unique()}`;
  const lounge = `lounge-${unique()}`.slice(0, 20);
  const loungeId = await createChannel(user, team, lounge);
  const staffId = await createChannel(user, team, `staff-${unique()}`.slice(0, 20));
  await hideFromEveryone(user, team, staffId);
  await postMessage(user, team.generalId, `Who brings the ${word} potions tonight?`);
  await postMessage(user, staffId, `Staff only: the ${word} raid plan`);
  await postMessage(teammate, team.generalId, `I can bring ${word} potions`);

  const page = await openAs(teammate, channelPath(team, loungeId));
  await expectChannelOpen(page, lounge);
  await page.keyboard.press('Control+k');
  await expect(searchBox(page)).toBeFocused();
  // The last word is matched as a prefix: the start of the word finds it.
  await searchBox(page).fill(word.slice(0, -2));
  await searchBox(page).press('Enter');

  const panel = resultsPanel(page);
  const results = panel.getByRole('listbox');
  await expect(results.getByRole('option')).toHaveCount(2);
  await expect(results.getByRole('option').first()).toContainText(`I can bring ${word} potions`);
  await expect(results.getByRole('option').nth(1)).toContainText(`Who brings the ${word} potions tonight?`);
  await expect(panel).not.toContainText('Staff only');
  await expect(results.getByRole('option').first().locator('mark')).toHaveText(word.slice(0, -2));
  await snap(page, testInfo, 'search-1-results');

  // from: filter, shown as a removable chip.
  await searchBox(page).fill(`${word} from:${user.username}`);
  await searchBox(page).press('Enter');
  await expect(results.getByRole('option')).toHaveCount(1);
  await expect(panel.getByText(`From: ${user.username}`)).toBeVisible();
  await panel.getByRole('button', { name: `Remove filter From: ${user.username}` }).click();
  await expect(searchBox(page)).toHaveValue(word);
  await expect(results.getByRole('option')).toHaveCount(2);

  // Keyboard: into the list, down to the owner's message, Enter opens it in #general.
  await searchBox(page).focus();
  await searchBox(page).press('ArrowDown');
  await expect(results).toBeFocused();
  await results.press('ArrowDown');
  await expect(results.getByRole('option').nth(1)).toHaveAttribute('aria-selected', 'true');
  await results.press('Enter');
  // The channel opens (jumping to the message itself is the history's part: it may drop the query).
  await expect(page).toHaveURL(new RegExp(`/teams/${team.id}/channels/${team.generalId}(\\?messageId=\\d+)?$`));
  await expect(composer(page, 'general')).toBeVisible();

  // Nothing found: the empty state.
  await searchBox(page).fill(`nothing${unique()}`);
  await searchBox(page).press('Enter');
  await expect(panel.getByText('No results found')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
});

/** Pictures of the results panel at desktop and phone sizes, in English and Turkish. */
for (const { language, size, viewport } of PICTURE_VARIANTS) {
  test(`pictures: search results (${language}, ${size})`, async ({ signedInPage: page, user, team, teammate }, testInfo) => {
    const word = `tournament${unique()}`;
    await postMessage(user, team.generalId, `The ${word} starts Friday at 20:00, sign up in the thread`);
    await postMessage(teammate, team.generalId, `Count me in for the ${word}! Bringing my own headset this time.`);
    await postMessage(user, team.generalId, `Reminder: ${word} brackets are out`);
    await page.setViewportSize(viewport);
    await page.evaluate((lng) => localStorage.setItem('rally.language', lng), language);
    await page.goto(channelPath(team));
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    await searchBox(page).fill(`${word} in:general`);
    await searchBox(page).press('Enter');
    await expect(resultsPanel(page).getByRole('option')).toHaveCount(3);
    await snap(page, testInfo, `search-pic-${language}-${size}`);
  });
}

test("a search in a direct chat finds only that chat's messages and opens the one picked", async ({ user, team, teammate, openAs }, testInfo) => {
  const word = `portal${unique()}`;
  await befriend(user, teammate);
  const chatId = await createDm(user, [teammate]);
  // The same word in the team's #general, which the teammate reads too, is not this chat's.
  const otherTeamMessage = `${word} said elsewhere`;
  await postMessage(user, team.generalId, otherTeamMessage);
  await postMessage(user, chatId, `Meet at the ${word} at nine`);
  await postMessage(teammate, chatId, `On my way to the ${word}`);
  const page = await openAs(teammate, `/chat/${chatId}`);
  await expect(page.getByRole('heading', { name: user.username, level: 2, exact: true })).toBeVisible();
  await searchBox(page).fill(`${word} from:${user.username}`);
  await searchBox(page).press('Enter');
  const results = resultsPanel(page).getByRole('listbox');
  await expect(results.getByRole('option')).toHaveCount(1);
  await expect(results.getByRole('option').first()).toContainText(`Meet at the ${word} at nine`);
  await expect(resultsPanel(page)).not.toContainText(otherTeamMessage);
  await snap(page, testInfo, 'search-dm-results');
  await searchBox(page).fill(word);
  await searchBox(page).press('Enter');
  await expect(results.getByRole('option')).toHaveCount(2);
  await results.getByRole('option').nth(1).click();
  await expect(page).toHaveURL(new RegExp(`/chat/${chatId}(\\?messageId=\\d+)?$`));
});
