import type { Locator, Page } from '@playwright/test';
import { postMessage } from '../../fixtures/api';
import { snap } from '../../fixtures/screenshots';
import { expect, test } from '../../fixtures/test';
import { channelPath, expectChannelOpen } from '../../fixtures/ui';

/**
 * Profiles and custom status (spec 001 §2 Profile card and Status editor, §7): the card opens from
 * a message's author, with the author's activity, the friend action and the member-since dates;
 * the status editor sets a custom status that the card and the teammate's member list show at
 * once, and the status menu clears it. Pictures at desktop and phone sizes, in English and Turkish.
 */

/** A member's button in the member list (named "username Online…", then the custom status or activity). */
const memberButton = (page: Page, username: string) => page.getByRole('button', { name: new RegExp(`^${username},? (Online|Çevrimiçi)`) });
/** The author name of a message (a button that opens the card). */
const authorButton = (page: Page, username: string) => page.getByRole('article').getByRole('button', { name: username, exact: true }).first();
/** Wait until the card (or drawer) has finished coming in, for a picture of it as it stays. */
const settled = (card: Locator) => card.evaluate((el) => Promise.all(el.getAnimations().map((a) => a.finished)));

test('the profile card opens from a message author; a custom status set in the editor shows on the card and in the member list', async ({
  signedInPage: alice,
  user,
  team,
  teammate,
  openAs,
}, testInfo) => {
  test.slow(); // five pictures, each with its accessibility check, and two browsers
  await postMessage(teammate, team.generalId, 'Anyone up for a raid?');
  const rpc = await teammate.api.post('/api/v1/me/rpc', { data: { type: 'playing', name: 'Valorant', details: 'Competitive', state: 'In a match' } });
  expect(rpc.ok()).toBe(true);
  const bob = await openAs(teammate, channelPath(team));
  await alice.setViewportSize({ width: 1280, height: 800 });
  await alice.goto(channelPath(team));
  await expectChannelOpen(alice);
  await expectChannelOpen(bob);

  const card = alice.getByRole('dialog', { name: teammate.username });
  await test.step("Bob's card from his message: activity, Add Friend, member since on Rally and in the team", async () => {
    await expect(memberButton(alice, teammate.username)).toHaveAccessibleName(/Playing Valorant/);
    await authorButton(alice, teammate.username).click();
    await expect(card).toBeVisible();
    await expect(card.getByText(`@${teammate.slug}`)).toBeVisible();
    await expect(card.getByRole('heading', { name: 'Playing' })).toBeVisible();
    await expect(card.getByText('Valorant', { exact: true })).toBeVisible();
    await expect(card.getByText('Competitive')).toBeVisible();
    await expect(card.getByText(/elapsed$/)).toBeVisible();
    await expect(card.getByRole('button', { name: 'Add Friend' })).toBeVisible();
    await expect(card.getByRole('heading', { name: 'Member since' })).toBeVisible();
    await expect(card.getByRole('term').filter({ hasText: 'Rally' })).toBeVisible();
    await expect(card.getByRole('term').filter({ hasText: team.name })).toBeVisible();
    await settled(card);
    await snap(alice, testInfo, 'profile-1-card-en-desktop');
    await alice.keyboard.press('Escape');
    await expect(card).toBeHidden();
  });

  await test.step('Alice sets a custom status: an emoji from the picker and her own text', async () => {
    await alice.getByRole('button', { name: /^Set status/ }).click();
    await alice.getByRole('menuitem', { name: 'Set a custom status' }).click();
    const editor = alice.getByRole('dialog', { name: 'Set a custom status' });
    await expect(editor).toBeVisible();
    await expect(editor.getByRole('group', { name: 'Suggestions' }).getByRole('button')).toHaveCount(3);
    await editor.getByRole('button', { name: 'Choose an emoji' }).click();
    await alice.getByRole('searchbox').fill('crossed swords');
    await alice.getByRole('button', { name: /^crossed swords/ }).click();
    await editor.getByRole('textbox', { name: "What's happening?" }).fill('Raiding tonight');
    await snap(alice, testInfo, 'profile-2-status-editor-en-desktop');
    await editor.getByRole('button', { name: 'Save' }).click();
    await expect(alice.getByText('Status updated')).toBeVisible();
    await expect(editor).toBeHidden();
  });

  await test.step('the status shows on her card and, live, in Bob’s member list', async () => {
    await expect(memberButton(bob, user.username)).toHaveAccessibleName(/Raiding tonight/);
    await memberButton(alice, user.username).click();
    const own = alice.getByRole('dialog', { name: user.username });
    await expect(own.getByText('Raiding tonight')).toBeVisible();
    await expect(own.getByText('⚔️')).toBeVisible();
    // No friend action on one's own card.
    await expect(own.getByRole('button', { name: 'Add Friend' })).toHaveCount(0);
    await alice.keyboard.press('Escape');
  });

  await test.step("phone size: Bob's card is a bottom drawer", async () => {
    await alice.setViewportSize({ width: 390, height: 844 });
    await authorButton(alice, teammate.username).click();
    await expect(card).toBeVisible();
    await expect(card.getByText('Valorant', { exact: true })).toBeVisible();
    await settled(card);
    await snap(alice, testInfo, 'profile-3-card-en-phone');
    await alice.keyboard.press('Escape');
  });

  await test.step('Turkish: the card at desktop size (with the status Bob sets meanwhile), the editor at phone size', async () => {
    await alice.evaluate(() => localStorage.setItem('rally.language', 'tr'));
    await alice.setViewportSize({ width: 1280, height: 800 });
    await alice.reload();
    await expect(alice.locator('html')).toHaveAttribute('lang', 'tr');
    await authorButton(alice, teammate.username).click();
    await expect(card.getByRole('heading', { name: 'Oynuyor' })).toBeVisible();
    await expect(card.getByRole('button', { name: 'Arkadaş Ekle' })).toBeVisible();
    // Bob sets a status while his card is open: it shows there at once.
    const set = await teammate.api.post('/api/v1/me/status', { data: { content: 'Bu akşam akın var', emojiId: '🏆' } });
    expect(set.ok()).toBe(true);
    await expect(card.getByText('Bu akşam akın var')).toBeVisible();
    await expect(memberButton(alice, teammate.username)).toHaveAccessibleName(/Bu akşam akın var/);
    await settled(card);
    await snap(alice, testInfo, 'profile-4-card-tr-desktop');
    await alice.keyboard.press('Escape');
    await alice.setViewportSize({ width: 390, height: 844 });
    await alice.getByRole('button', { name: /^Durumu ayarla/ }).click();
    await alice.getByRole('menuitem', { name: 'Özel durumu düzenle' }).click();
    const editor = alice.getByRole('dialog', { name: 'Özel durum belirle' });
    await expect(editor.getByRole('textbox', { name: 'Neler oluyor?' })).toHaveValue('Raiding tonight');
    await snap(alice, testInfo, 'profile-5-status-editor-tr-phone');
    await editor.getByRole('button', { name: 'Vazgeç' }).click();
  });

  await test.step('the status menu clears the status; Bob sees it go', async () => {
    await alice.getByRole('button', { name: /^Durumu ayarla/ }).click();
    await alice.getByRole('menuitem', { name: 'Özel durumu temizle' }).click();
    await expect(alice.getByText('Durum silindi')).toBeVisible();
    await expect(memberButton(bob, user.username)).not.toHaveAccessibleName(/Raiding tonight/);
  });
});
