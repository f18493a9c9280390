import type { Locator, Page } from '@playwright/test';
import type { ApiTeam, ApiUser } from '../../fixtures/api';
import { gif, png } from '../../fixtures/images';
import { PICTURE_VARIANTS, snap } from '../../fixtures/screenshots';
import { expect, test } from '../../fixtures/test';
import { channelPath, composer, expectChannelOpen, messageIn } from '../../fixtures/ui';

type FilePayload = { name: string; mimeType: string; buffer: Buffer };
const pngFile = (name: string, blue = 160): FilePayload => ({ name, mimeType: 'image/png', buffer: png(64, 64, blue) });
const gifFile = (name: string, rgb?: [number, number, number]): FilePayload => ({ name, mimeType: 'image/gif', buffer: gif(48, 48, rgb) });

/** Open menus, dialogs and toasts move in: picture them once their animations have finished. */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
}

/** The team settings dialog on its Emoji tab, opened from the team menu (in the page's language). */
async function openEmojiTab(page: Page, team: ApiTeam, language: 'en' | 'tr' = 'en'): Promise<Locator> {
  await page.getByRole('button', { name: language === 'en' ? `${team.name} team menu` : `${team.name} takım menüsü` }).click();
  await page.getByRole('menuitem', { name: language === 'en' ? 'Team settings' : 'Takım ayarları' }).click();
  const dialog = page.getByRole('dialog').first();
  await dialog.getByRole('tab', { name: 'Emoji' }).click();
  return dialog;
}

/** The image of a team emoji in `scope`, shown and loaded. */
async function expectEmojiImage(scope: Locator, name: string): Promise<Locator> {
  const image = scope.getByRole('img', { name: `:${name}:`, exact: true });
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  return image;
}

/** The Emoji tab's row of an emoji, its image loaded. */
async function expectListed(list: Locator, name: string): Promise<void> {
  const image = list
    .getByRole('listitem')
    .filter({ hasText: `:${name}:` })
    .locator('img');
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
}

/** Two images side by side on one line of text. */
async function expectOneLine(a: Locator, b: Locator): Promise<void> {
  const [boxA, boxB] = [await a.boundingBox(), await b.boundingBox()];
  expect(boxA && boxB && Math.abs(boxA.y - boxB.y)).toBeLessThan(2);
  expect(boxA && boxB && boxB.x > boxA.x + boxA.width).toBe(true);
}

/** Upload emoji through the API (one multipart request, a part per file): the stored emoji. */
async function uploadThroughApi(owner: ApiUser, team: ApiTeam, files: FilePayload[]): Promise<{ id: string; name: string }[]> {
  const form = new FormData();
  for (const f of files) form.append('emojis', new Blob([new Uint8Array(f.buffer)], { type: f.mimeType }), f.name);
  const res = await owner.api.post(`/api/v1/teams/${team.id}/bulk-reactions`, { multipart: form });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { reactions: { id: string; name: string }[] }).reactions;
}

test('the owner uploads and renames team emoji, writes them with the autocomplete and the picker, a teammate sees them live, and a deleted one reads as its name', async ({
  signedInPage: alice,
  user,
  team,
  teammate,
  openAs,
}, testInfo) => {
  await alice.setViewportSize({ width: 1280, height: 800 });
  await alice.goto(channelPath(team));
  const bob = await openAs(teammate, channelPath(team));
  await expectChannelOpen(alice);
  await expectChannelOpen(bob);
  const dialog = await openEmojiTab(alice, team);
  const list = dialog.getByRole('list', { name: 'Team emoji' });

  await test.step('the empty tab; two images uploaded at once', async () => {
    await expect(dialog.getByText('This team has no emoji yet.', { exact: false })).toBeVisible();
    const chooser = alice.waitForEvent('filechooser');
    await dialog.getByRole('button', { name: 'Upload emoji' }).click();
    await (await chooser).setFiles([pngFile('gg.png'), gifFile('party_wave.gif')]);
    await expect(alice.getByText('Emojis uploaded successfully')).toBeVisible();
    await expect(list.getByRole('listitem')).toHaveCount(2);
    await expectListed(list, 'gg');
    await expectListed(list, 'party_wave');
    await expect(dialog.getByText('2 / 100')).toBeVisible();
    await expect(list.getByText(`Uploaded by ${user.username}`)).toHaveCount(2);
  });

  await test.step('a file of another format is refused before it is sent', async () => {
    const chooser = alice.waitForEvent('filechooser');
    await dialog.getByRole('button', { name: 'Upload emoji' }).click();
    await (await chooser).setFiles([{ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') }]);
    await expect(dialog.getByRole('alert')).toHaveText('notes.txt: Emoji must be webp, png or gif images');
    await expect(list.getByRole('listitem')).toHaveCount(2);
  });

  await test.step('renamed in place with the name rule; Escape cancels only the rename', async () => {
    await dialog.getByRole('button', { name: 'Rename :gg:' }).click();
    const box = dialog.getByRole('textbox', { name: 'New name of :gg:' });
    await expect(box).toBeFocused();
    await box.fill('good game!');
    await expect(box).toHaveValue('good_game');
    await box.press('Enter');
    await expect(list.getByText(':good_game:', { exact: true })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Rename :good_game:' })).toBeFocused();

    await dialog.getByRole('button', { name: 'Rename :party_wave:' }).click();
    const other = dialog.getByRole('textbox', { name: 'New name of :party_wave:' });
    await other.pressSequentially('x y');
    await expect(other).toHaveValue('x_y');
    await other.press('Escape');
    await expect(other).toBeHidden();
    await expect(list.getByText(':party_wave:', { exact: true })).toBeVisible();
    await expect(dialog).toBeVisible();
    await settled(alice);
    await snap(alice, testInfo, 'custom-emoji-1-tab');
    await alice.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  await test.step('the autocomplete and the picker write :name:; sent, the images show on both sides', async () => {
    const box = composer(alice);
    await box.pressSequentially('gg :good');
    const options = alice.getByRole('listbox', { name: 'Emoji' });
    await expect(options.getByRole('option').first()).toContainText(':good_game:');
    await box.press('Enter');
    await expect(box).toHaveValue('gg :good_game: ');
    // Team emoji first, then standard ones; Escape closes the list.
    await box.pressSequentially(':pa');
    await expect(options.getByRole('option').first()).toContainText(':party_wave:');
    await expect(options.getByRole('option', { name: /:panda_face:/ })).toBeVisible();
    await settled(alice);
    await snap(alice, testInfo, 'custom-emoji-3-autocomplete');
    // Up from the first wraps to the last of the 16, scrolled into view.
    await expect(options.getByRole('option')).toHaveCount(16);
    await box.press('ArrowUp');
    await expect(options.getByRole('option').last()).toHaveAttribute('aria-selected', 'true');
    await expect(options.getByRole('option').last()).toBeInViewport({ ratio: 1 });
    await box.press('Escape');
    await expect(options).toBeHidden();
    for (let i = 0; i < 3; i++) await box.press('Backspace');
    await box.pressSequentially(':tad');
    await options.getByRole('option', { name: /:tada:/ }).click();
    await expect(box).toHaveValue('gg :good_game: 🎉 ');
    await alice.getByRole('button', { name: 'Choose an emoji' }).click();
    const picker = alice.getByRole('dialog', { name: 'Emoji picker' });
    await picker.getByRole('searchbox', { name: 'Search emoji' }).fill('party');
    await picker.getByRole('button', { name: ':party_wave:' }).click();
    await expect(box).toHaveValue('gg :good_game: 🎉 :party_wave: ');
    await box.press('Enter');
    for (const page of [alice, bob]) {
      const sent = messageIn(page, 'gg');
      const first = await expectEmojiImage(sent, 'good_game');
      const second = await expectEmojiImage(sent, 'party_wave');
      await expect(sent).toContainText('🎉');
      // In the line of text, not on lines of their own.
      await expectOneLine(first, second);
    }
  });

  await test.step('a message of only emoji shows them large; the edit box shows :name:', async () => {
    await composer(alice).fill(':good_game: :party_wave:');
    await composer(alice).press('Enter');
    const jumbo = bob.getByRole('log').getByRole('article').last();
    const image = await expectEmojiImage(jumbo, 'party_wave');
    await expect.poll(async () => (await image.boundingBox())?.height).toBe(48);
    await expectOneLine(await expectEmojiImage(jumbo, 'good_game'), image);
    const inline = await expectEmojiImage(messageIn(bob, 'gg'), 'good_game');
    expect((await inline.boundingBox())?.height).toBeLessThan(30);
    await settled(bob);
    await snap(bob, testInfo, 'custom-emoji-2-messages');

    await composer(alice).press('ArrowUp');
    const edit = alice.getByRole('textbox', { name: 'Edit message' });
    await expect(edit).toHaveValue(':good_game: :party_wave:');
    await edit.press('Escape');
    await expect(edit).toBeHidden();
  });

  await test.step('deleted after a confirmation: its messages show :name: at once', async () => {
    const tab = await openEmojiTab(alice, team);
    await tab.getByRole('button', { name: 'Delete :party_wave:' }).click();
    const confirm = alice.getByRole('dialog', { name: 'Delete :party_wave:?' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(alice.getByText(':party_wave: deleted.')).toBeVisible();
    await expect(tab.getByRole('list', { name: 'Team emoji' }).getByRole('listitem')).toHaveCount(1);
    await expect(tab.getByText('1 / 100')).toBeVisible();
    const sent = messageIn(bob, 'gg');
    await expect(sent.getByRole('img', { name: ':party_wave:' })).toHaveCount(0);
    await expect(sent).toContainText('🎉 :party_wave:');
    await expectEmojiImage(sent, 'good_game');
  });
});

/** Pictures of the Emoji tab and of messages with team emoji, in English on a desktop and Turkish on a phone. */
for (const { language, size, viewport } of PICTURE_VARIANTS) {
  test(`pictures: team emoji (${language}, ${size})`, async ({ signedInPage: page, user, team }, testInfo) => {
    const emojis = await uploadThroughApi(user, team, [
      pngFile('gg.png'),
      gifFile('party_wave.gif'),
      pngFile('raid_boss.png', 40),
      gifFile('heart.gif', [230, 60, 90]),
      pngFile('a_rather_long_emoji_name_here.png', 250),
    ]);
    const token = (name: string) => {
      const found = emojis.find((e) => e.name === name);
      if (!found) throw new Error(`no emoji ${name} in ${JSON.stringify(emojis)}`);
      return `<:${found.name}:${found.id}>`;
    };
    for (const content of [`gg ${token('gg')} see you at the raid ${token('raid_boss')} ${token('heart')}`, `${token('party_wave')}${token('heart')} 🎉`]) {
      const res = await user.api.post(`/api/v1/channels/${team.generalId}/messages`, { data: { content } });
      expect(res.ok(), await res.text()).toBe(true);
    }
    await page.setViewportSize(viewport);
    await page.evaluate((lng) => localStorage.setItem('rally.language', lng), language);
    await page.goto(channelPath(team));
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    const log = page.getByRole('log');
    await expectEmojiImage(log.getByRole('article').last(), 'party_wave');
    await expectEmojiImage(log, 'raid_boss');
    await settled(page);
    await snap(page, testInfo, `custom-emoji-pic-messages-${language}-${size}`);

    if (size === 'mobile')
      await page
        .getByRole('navigation', { name: language === 'en' ? 'Panels' : 'Paneller' })
        .getByRole('button')
        .first()
        .click();
    const dialog = await openEmojiTab(page, team, language);
    const list = dialog.getByRole('list', { name: language === 'en' ? 'Team emoji' : 'Takım emojileri' });
    await expect(list.getByRole('listitem')).toHaveCount(5);
    await expectListed(list, 'a_rather_long_emoji_name_here');
    await settled(page);
    await snap(page, testInfo, `custom-emoji-pic-tab-${language}-${size}`);
    await dialog.getByRole('button', { name: language === 'en' ? 'Rename :raid_boss:' : 'Yeniden adlandır: :raid_boss:' }).click();
    await settled(page);
    await snap(page, testInfo, `custom-emoji-pic-rename-${language}-${size}`);
  });
}
