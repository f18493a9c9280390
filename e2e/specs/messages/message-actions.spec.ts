import { PICTURE_VARIANTS } from '../../fixtures/screenshots';
import { postMessage } from '../../fixtures/api';
import { snap } from '../../fixtures/screenshots';
import { expect, test } from '../../fixtures/test';
import { channelPath, composer, expectChannelOpen, messageIn as message, toolbarOf } from '../../fixtures/ui';

test('two teammates reply, react, edit, delete and report, live on both sides', async ({ signedInPage: alice, team, teammate, openAs }) => {
  const stamp = Date.now();
  // Longer than the reply quote shows (100 characters), so that only Bob's own message holds all of it.
  const original = `Original plan from Bob ${stamp}: meet at the north gate, bring the heavy gear, and wait for the signal before anyone moves in`;
  await alice.goto(channelPath(team));
  const bob = await openAs(teammate, channelPath(team));
  await expectChannelOpen(alice);
  await expectChannelOpen(bob);
  await postMessage(teammate, team.generalId, original);
  await expect(message(alice, original)).toBeVisible();
  await expect(message(bob, original)).toBeVisible();

  const reply = `Alice answers ${stamp}`;
  await test.step('Alice replies: the composer says whom to and has the focus, both see the quote', async () => {
    await (await toolbarOf(message(alice, original))).getByRole('button', { name: 'Reply', exact: true }).click();
    await expect(alice.getByRole('status').filter({ hasText: `Replying to ${teammate.username}` })).toBeVisible();
    await expect(composer(alice)).toBeFocused();
    await alice.keyboard.type(reply);
    await alice.keyboard.press('Enter');
    await expect(alice.getByText(`Replying to ${teammate.username}`)).toBeHidden();
    for (const page of [alice, bob]) {
      await expect(message(page, reply).getByRole('button', { name: `Reply to ${teammate.username} ${original.slice(0, 100)}…` })).toBeVisible();
    }
  });

  await test.step('Alice reacts from the picker; Bob sees it live and adds his', async () => {
    await (await toolbarOf(message(alice, original))).getByRole('button', { name: 'Add Reaction' }).click();
    const picker = alice.getByRole('dialog', { name: 'Emoji picker' });
    await picker.getByRole('searchbox', { name: 'Search emoji' }).fill('THUMBS UP');
    await picker
      .getByRole('button', { name: /^thumbs up/ })
      .first()
      .click();
    await expect(picker).toBeHidden();
    const bobChip = message(bob, original).getByRole('button', { name: /: 1 reaction$/ });
    await expect(bobChip).toHaveAttribute('aria-pressed', 'false');
    await expect(message(alice, original).getByRole('button', { name: /: 1 reaction$/ })).toHaveAttribute('aria-pressed', 'true');
    await bobChip.click();
    await expect(message(bob, original).getByRole('button', { name: /: 2 reactions$/ })).toHaveAttribute('aria-pressed', 'true');
    await expect(message(alice, original).getByRole('button', { name: /: 2 reactions$/ })).toBeVisible();
    // Taking his back: one again on both sides.
    await message(bob, original)
      .getByRole('button', { name: /: 2 reactions$/ })
      .click();
    await expect(message(alice, original).getByRole('button', { name: /: 1 reaction$/ })).toBeVisible();
  });

  const edited = `Alice changed her mind ${stamp}`;
  await test.step('Alice edits her reply in place (Escape cancels, Enter saves); Bob sees it live, marked edited', async () => {
    await (await toolbarOf(message(alice, reply))).getByRole('button', { name: 'Edit', exact: true }).click();
    const box = alice.getByRole('textbox', { name: 'Edit message' });
    await box.fill('not this');
    await box.press('Escape');
    await expect(box).toBeHidden();
    await expect(message(alice, reply)).toBeVisible();
    // Up in the empty composer edits one's last message.
    await composer(alice).click();
    await composer(alice).press('ArrowUp');
    await expect(box).toBeFocused();
    await box.fill(edited);
    await box.press('Enter');
    for (const page of [alice, bob]) {
      await expect(message(page, edited)).toBeVisible();
      await expect(message(page, edited).getByText('(edited)')).toBeVisible();
    }
  });

  await test.step('Bob deletes his message after confirming; the reply then shows the deleted text on both sides', async () => {
    await (await toolbarOf(message(bob, original))).getByRole('button', { name: 'Delete', exact: true }).click();
    const dialog = bob.getByRole('dialog', { name: 'Delete Message' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(dialog).toBeHidden();
    for (const page of [alice, bob]) {
      await expect(message(page, original)).toHaveCount(0);
      await expect(message(page, edited).getByText('Original message was deleted')).toBeVisible();
    }
  });

  await test.step('Bob reports the reply: refused without a reason, then submitted', async () => {
    await (await toolbarOf(message(bob, edited))).getByRole('button', { name: 'More' }).click();
    await bob.getByRole('menuitem', { name: 'Report Message' }).click();
    const dialog = bob.getByRole('dialog', { name: 'Report Message' });
    await dialog.getByRole('button', { name: 'Report' }).click();
    await expect(dialog.getByText('Please select a reason')).toBeVisible();
    await dialog.getByRole('radio', { name: 'Spam' }).check();
    await dialog.getByRole('button', { name: 'Report' }).click();
    await expect(dialog.getByText('Report Submitted')).toBeVisible();
    await expect(dialog.getByText('Thank you for helping keep our community safe.')).toBeVisible();
    await expect(dialog).toBeHidden();
  });
});

/** Each way to choose Reply leaves the focus in the composer under the reply bar, so what the user types next is the reply. */
test('Reply puts the focus in the composer, from the toolbar, the right-click menu and the keyboard', async ({ signedInPage: page, team, teammate }) => {
  const stamp = Date.now();
  const question = `Who brings the map ${stamp}?`;
  await page.goto(channelPath(team));
  await expectChannelOpen(page);
  await postMessage(teammate, team.generalId, question);
  const target = message(page, question);
  await expect(target).toBeVisible();
  const replyBar = page.getByRole('status').filter({ hasText: `Replying to ${teammate.username}` });
  const cancelReply = async () => {
    await page.keyboard.press('Escape');
    await expect(replyBar).toBeHidden();
  };

  await test.step("the toolbar's Reply button", async () => {
    await (await toolbarOf(target)).getByRole('button', { name: 'Reply', exact: true }).click();
    await expect(replyBar).toBeVisible();
    await expect(composer(page)).toBeFocused();
    await page.keyboard.type('me');
    await expect(composer(page)).toHaveValue('me');
    await composer(page).fill('');
    await cancelReply();
  });

  await test.step("the message's right-click menu", async () => {
    await target.getByText(question).click({ button: 'right' });
    await page.getByRole('menuitem', { name: 'Reply' }).click();
    await expect(replyBar).toBeVisible();
    await expect(composer(page)).toBeFocused();
    await cancelReply();
  });

  await test.step('the keyboard: Tab from the message to Reply, then Enter; and Enter on Reply in the More menu', async () => {
    await target.getByRole('button', { name: teammate.username, exact: true }).first().focus();
    const replyButton = target.getByRole('toolbar').getByRole('button', { name: 'Reply', exact: true });
    for (let i = 0; i < 5 && !(await replyButton.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
    await expect(replyButton).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(replyBar).toBeVisible();
    await expect(composer(page)).toBeFocused();
    await cancelReply();

    const more = target.getByRole('toolbar').getByRole('button', { name: 'More' });
    await target.hover();
    await more.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menuitem', { name: 'Reply' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(replyBar).toBeVisible();
    await expect(composer(page)).toBeFocused();
    await page.keyboard.type('I do');
    await page.keyboard.press('Enter');
    await expect(message(page, 'I do').getByRole('button', { name: `Reply to ${teammate.username} ${question}` })).toBeVisible();
  });
});

/** Pictures of the new screens at desktop and phone sizes, in English and Turkish. */
for (const { language, size, viewport } of PICTURE_VARIANTS) {
  test(`pictures: toolbar, editing, reply, reactions, picker, report dialog (${language}, ${size})`, async ({
    signedInPage: page,
    team,
    teammate,
  }, testInfo) => {
    // Six pictures, each with its accessibility check, and the emoji data loaded: longer than one test's minute.
    test.slow();
    const en = language === 'en';
    const typeBox = page.getByRole('textbox', { name: en ? 'Message #general' : '#general kanalına mesaj gönder' });
    // Longer than a reply quote (100 characters): only this message holds all of it.
    const theirs = `Who is up for a ranked match tonight? ${Date.now()} We need two more for the squad, voice chat required, no tilting please`;
    await postMessage(teammate, team.generalId, theirs);
    await page.setViewportSize(viewport);
    await page.evaluate((lng) => localStorage.setItem('rally.language', lng), language);
    await page.goto(channelPath(team));
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    const target = message(page, theirs);
    await expect(target).toBeVisible();
    const name = (base: string) => `message-actions-${base}-${language}-${size}`;

    const toolbar = await toolbarOf(target);
    await snap(page, testInfo, name('1-toolbar'));

    await toolbar.getByRole('button', { name: en ? 'Add Reaction' : 'Tepki Ekle' }).click();
    const picker = page.getByRole('dialog', { name: en ? 'Emoji picker' : 'Emoji seçici' });
    await expect(picker.getByRole('button', { name: /^grinning face/ }).first()).toBeVisible();
    await snap(page, testInfo, name('2-picker'));
    await picker
      .getByRole('button', { name: /^grinning face/ })
      .first()
      .click();
    await expect(target.getByRole('button', { name: en ? /: 1 reaction$/ : /: 1 tepki$/ })).toBeVisible();

    await (await toolbarOf(target)).getByRole('button', { name: en ? 'Reply' : 'Yanıtla', exact: true }).click();
    const mine = `Count me in! ${Date.now()}`;
    await typeBox.fill(mine);
    await snap(page, testInfo, name('3-replying'));
    await typeBox.press('Enter');
    await expect(message(page, mine)).toBeVisible();
    await snap(page, testInfo, name('4-reply-and-reactions'));

    await (await toolbarOf(message(page, mine))).getByRole('button', { name: en ? 'Edit' : 'Düzenle', exact: true }).click();
    await expect(page.getByRole('textbox', { name: en ? 'Edit message' : 'Mesajı düzenle' })).toBeFocused();
    await snap(page, testInfo, name('5-editing'));
    await page.getByRole('textbox', { name: en ? 'Edit message' : 'Mesajı düzenle' }).press('Escape');

    await (await toolbarOf(target)).getByRole('button', { name: en ? 'More' : 'Diğer' }).click();
    await page.getByRole('menuitem', { name: en ? 'Report Message' : 'Mesajı Bildir' }).click();
    const dialog = page.getByRole('dialog', { name: en ? 'Report Message' : 'Mesajı Bildir' });
    await dialog.getByRole('button', { name: en ? 'Report' : 'Bildir' }).click();
    await expect(dialog.getByText(en ? 'Please select a reason' : 'Lütfen bir neden seç')).toBeVisible();
    await snap(page, testInfo, name('6-report'));
  });
}
