import type { JSHandle, Locator, Page } from '@playwright/test';
import { befriend, createDm } from '../../fixtures/api';
import { png } from '../../fixtures/images';
import { snap } from '../../fixtures/screenshots';
import { expect, test } from '../../fixtures/test';
import { channelPath, composer, expectChannelOpen, messageIn } from '../../fixtures/ui';

/** A real WAV: a quarter second of a 440 Hz tone, 8 kHz mono 16-bit PCM. */
function wav(): Buffer {
  const rate = 8000;
  const samples = rate / 4;
  const out = Buffer.alloc(44 + samples * 2);
  out.write('RIFF', 0, 'ascii');
  out.writeUInt32LE(36 + samples * 2, 4);
  out.write('WAVEfmt ', 8, 'ascii');
  out.writeUInt32LE(16, 16); // fmt chunk size
  out.writeUInt16LE(1, 20); // PCM
  out.writeUInt16LE(1, 22); // mono
  out.writeUInt32LE(rate, 24);
  out.writeUInt32LE(rate * 2, 28); // bytes per second
  out.writeUInt16LE(2, 32); // block align
  out.writeUInt16LE(16, 34); // bits per sample
  out.write('data', 36, 'ascii');
  out.writeUInt32LE(samples * 2, 40);
  for (let i = 0; i < samples; i++) out.writeInt16LE(Math.round(Math.sin((2 * Math.PI * 440 * i) / rate) * 8000), 44 + i * 2);
  return out;
}

type FilePayload = { name: string; mimeType: string; buffer: Buffer };
const file = (name: string, mimeType: string, buffer: Buffer): FilePayload => ({ name, mimeType, buffer });
const textFile = (name: string, text = `notes for ${name}\n`) => file(name, 'text/plain', Buffer.from(text));

const attachButton = (page: Page) => page.getByRole('button', { name: 'Attach files' });
const pendingList = (page: Page) => page.getByRole('list', { name: 'Files attached to the message' });
const sendButton = (page: Page) => page.locator('form button[type="submit"]');

/** Choose files with the paperclip's file picker. */
async function attach(page: Page, files: FilePayload[]): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await attachButton(page).click();
  await (await chooser).setFiles(files);
}

/** Drag files over `target` and, unless `release` is false, drop them there (as a person's drag from the desktop does); answers the drag's data. */
async function dragFiles(page: Page, target: Locator, files: FilePayload[], release = true): Promise<JSHandle<DataTransfer>> {
  const transfer = await page.evaluateHandle(
    (list) => {
      const dt = new DataTransfer();
      for (const f of list) dt.items.add(new File([Uint8Array.from(atob(f.data), (c) => c.charCodeAt(0))], f.name, { type: f.type }));
      return dt;
    },
    files.map((f) => ({ name: f.name, type: f.mimeType, data: f.buffer.toString('base64') })),
  );
  await target.dispatchEvent('dragenter', { dataTransfer: transfer });
  await target.dispatchEvent('dragover', { dataTransfer: transfer });
  if (release) await target.dispatchEvent('drop', { dataTransfer: transfer });
  return transfer;
}

test('a teammate sees an image and a file sent with a message, live, the image in its reserved box', async ({
  signedInPage: alice,
  team,
  teammate,
  openAs,
}, testInfo) => {
  await alice.goto(channelPath(team));
  const bob = await openAs(teammate, channelPath(team));
  await expectChannelOpen(alice);
  await expectChannelOpen(bob);
  await expect(bob.getByText('Online — 2')).toBeVisible();
  const text = `Raid map and notes ${Date.now()}`;

  await test.step('the files upload at once: a row each with its progress, and Send waits', async () => {
    // Hold the uploads until the rows have been seen uploading.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await alice.route('**/api/v1/upload', async (route) => {
      await held;
      await route.continue();
    });
    await attach(alice, [file('raid-map.png', 'image/png', png(640, 360)), textFile('notes.txt')]);
    const rows = pendingList(alice).getByRole('listitem');
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0)).toContainText('raid-map.png');
    await expect(rows.nth(1)).toContainText('notes.txt');
    const progress = alice.getByRole('progressbar', { name: 'Uploading raid-map.png' });
    await expect(progress).toBeVisible();
    await expect(progress).toHaveAttribute('aria-valuenow', /^\d+$/);
    await expect(rows.nth(0).locator('img')).toHaveJSProperty('complete', true);
    await expect(sendButton(alice)).toBeDisabled();
    await expect(sendButton(alice)).toHaveAccessibleName('Uploads in progress…');
    await composer(alice).fill(text);
    await snap(alice, testInfo, 'attachments-1-composer-uploading');
    release();
    await expect(alice.getByRole('progressbar')).toHaveCount(0);
    await alice.unroute('**/api/v1/upload');
    await expect(sendButton(alice)).toBeEnabled();
    await expect(sendButton(alice)).toHaveAccessibleName('Send');
    await snap(alice, testInfo, 'attachments-2-composer-ready');
  });

  await test.step('sent: the attachments leave the composer and show under the message for both', async () => {
    await composer(alice).press('Enter');
    await expect(composer(alice)).toHaveValue('');
    await expect(pendingList(alice)).toHaveCount(0);
    for (const page of [alice, bob]) {
      const message = messageIn(page, text);
      await expect(message).toBeVisible();
      await expect(message.locator('img[alt="raid-map.png"]')).toBeVisible();
      await expect(message.getByRole('link', { name: 'Download notes.txt' })).toHaveAttribute('download', 'notes.txt');
    }
  });

  const message = messageIn(bob, text);
  await test.step("the image's box is its size scaled into 400×300 (640×360 → 400×225), reserved by width and aspect ratio", async () => {
    const box = message.getByRole('button', { name: 'Open image raid-map.png' });
    await expect(box).toHaveCSS('width', '400px');
    await expect(box).toHaveCSS('aspect-ratio', '400 / 225');
    const image = message.locator('img[alt="raid-map.png"]');
    await expect(image).toHaveAttribute('width', '400');
    await expect(image).toHaveAttribute('height', '225');
    await expect(image).toHaveAttribute('loading', 'lazy');
    await expect(image).toHaveJSProperty('naturalWidth', 640);
    const size = await box.boundingBox();
    expect(size && [Math.round(size.width), Math.round(size.height)]).toEqual([400, 225]);
  });

  await test.step('the file card: name, size and a download link that serves the text', async () => {
    const card = message.getByRole('listitem').filter({ hasText: 'notes.txt' });
    await expect(card).toContainText('20 byte');
    const href = await message.getByRole('link', { name: 'Download notes.txt' }).getAttribute('href');
    expect(href).toMatch(/^\/uploads\/attachment\/[\w-]{22}\.txt$/);
    const served = await bob.request.get(href!);
    expect(served.status()).toBe(200);
    expect(await served.text()).toBe('notes for notes.txt\n');
    await snap(bob, testInfo, 'attachments-3-message-with-attachments');
  });

  await test.step('the image opens full size in a dialog; Escape closes it', async () => {
    await message.getByRole('button', { name: 'Open image raid-map.png' }).click();
    const dialog = bob.getByRole('dialog', { name: 'raid-map.png' });
    await expect(dialog).toBeVisible();
    await expect(dialog.locator('img[alt="raid-map.png"]')).toBeVisible();
    await snap(bob, testInfo, 'attachments-4-image-dialog');
    await bob.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
  });
});

test('files the client refuses: a sixth, one over 20 MB, a program and a page', async ({ signedInPage: page, team }, testInfo) => {
  await page.goto(channelPath(team));
  await expectChannelOpen(page);
  const rows = pendingList(page).getByRole('listitem');
  const alert = page.locator('form').getByRole('alert');

  await test.step('six files: five are attached, the sixth is refused, and the paperclip is off with the limit as its tooltip', async () => {
    await attach(
      page,
      Array.from({ length: 6 }, (_, i) => textFile(`part-${i + 1}.txt`)),
    );
    await expect(rows).toHaveCount(5);
    await expect(alert).toContainText('You can attach at most 5 files to a message');
    await expect(pendingList(page)).not.toContainText('part-6.txt');
    await expect(attachButton(page)).toBeDisabled();
    await expect(attachButton(page)).toHaveAttribute('title', 'You can attach at most 5 files to a message');
    await expect(page.getByRole('progressbar')).toHaveCount(0);
    await snap(page, testInfo, 'attachments-5-limit');
    await page.getByRole('button', { name: 'Remove part-5.txt' }).click();
    await expect(rows).toHaveCount(4);
    await expect(attachButton(page)).toBeEnabled();
    for (let i = 1; i <= 4; i++) await page.getByRole('button', { name: `Remove part-${i}.txt` }).click();
    await expect(pendingList(page)).toHaveCount(0);
  });

  await test.step('a file over 20 MB shows the size limit', async () => {
    await attach(page, [file('season-recap.pdf', 'application/pdf', Buffer.alloc(21 * 1024 * 1024, 0x25))]);
    await expect(alert).toContainText('season-recap.pdf: File size exceeds 20MB.');
    await expect(pendingList(page)).toHaveCount(0);
  });

  await test.step('a program and a web page are not attachments', async () => {
    await attach(page, [
      file('setup.exe', 'application/x-msdownload', Buffer.from('MZ fake program')),
      file('page.html', 'text/html', Buffer.from('<script>alert(1)</script>')),
    ]);
    await expect(alert).toContainText('setup.exe: This file type cannot be attached');
    await expect(alert).toContainText('page.html: This file type cannot be attached');
    await expect(pendingList(page)).toHaveCount(0);
  });

  await test.step("a program renamed .png fails on the server, which reads the content: its row shows the server's message, and Send waits", async () => {
    // A Windows program's header (with NUL bytes: no text either).
    const program = Buffer.concat([Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00, 0x04, 0x00]), Buffer.alloc(200)]);
    await attach(page, [file('screenshot.png', 'image/png', program)]);
    const row = rows.filter({ hasText: 'screenshot.png' });
    await expect(row.getByRole('button', { name: 'Retry uploading screenshot.png' })).toBeVisible();
    await expect(row).toContainText('This file type cannot be attached');
    await expect(sendButton(page)).toBeDisabled();
    await expect(sendButton(page)).toHaveAccessibleName('An upload failed: retry or remove it to send');
    await snap(page, testInfo, 'attachments-6-failed-upload');
    await page.getByRole('button', { name: 'Remove screenshot.png' }).click();
    await expect(pendingList(page)).toHaveCount(0);
  });
});

test('images dropped on the chat or pasted into the box are attached; a message may be only attachments', async ({ signedInPage: page, team }, testInfo) => {
  await page.goto(channelPath(team));
  await expectChannelOpen(page);
  const chat = page.getByRole('log');
  const overlay = page.getByTestId('drop-overlay');

  await test.step('dragging files over the chat shows the overlay; leaving hides it', async () => {
    const drag = await dragFiles(page, chat, [file('drop.png', 'image/png', png(300, 400))], false);
    await expect(overlay).toBeVisible();
    await expect(overlay).toContainText('Drop images to send them to #general');
    await snap(page, testInfo, 'attachments-7-drop-overlay');
    await chat.dispatchEvent('dragleave', { dataTransfer: drag });
    await expect(overlay).toHaveCount(0);
  });

  await test.step('only images may be dropped', async () => {
    await dragFiles(page, chat, [textFile('dropped.txt')]);
    await expect(overlay).toHaveCount(0);
    await expect(page.getByRole('alert').filter({ hasText: 'dropped.txt' })).toContainText('Only images can be dropped here');
    await expect(pendingList(page)).toHaveCount(0);
  });

  await test.step('files dropped outside the chat are kept from the browser (it would leave Rally to open them)', async () => {
    const prevented = await page
      .getByRole('navigation')
      .first()
      .evaluate((target) => {
        const dt = new DataTransfer();
        dt.items.add(new File(['x'], 'stray.txt', { type: 'text/plain' }));
        const drop = new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true });
        target.dispatchEvent(drop);
        return drop.defaultPrevented;
      });
    expect(prevented).toBe(true);
    await expect(pendingList(page)).toHaveCount(0);
  });

  await test.step('a dropped image and a pasted one upload', async () => {
    await dragFiles(page, chat, [file('drop.png', 'image/png', png(300, 400))]);
    await expect(overlay).toHaveCount(0);
    const pasted = png(48, 48).toString('base64');
    await composer(page).evaluate((box, data) => {
      const dt = new DataTransfer();
      dt.items.add(new File([Uint8Array.from(atob(data), (c) => c.charCodeAt(0))], 'pasted.png', { type: 'image/png' }));
      box.dispatchEvent(new ClipboardEvent('paste', { clipboardData: dt, bubbles: true, cancelable: true }));
    }, pasted);
    await expect(pendingList(page).getByRole('listitem')).toHaveCount(2);
    await expect(pendingList(page)).toContainText('pasted.png');
    await expect(page.getByRole('progressbar')).toHaveCount(0);
  });

  await test.step('sent without text: the message is its images (a tall one scaled into 300 px of height)', async () => {
    await expect(composer(page)).toHaveValue('');
    await sendButton(page).click();
    await expect(pendingList(page)).toHaveCount(0);
    const message = page
      .getByRole('log')
      .getByRole('article')
      .filter({ has: page.locator('img[alt="drop.png"]') });
    await expect(message).toBeVisible();
    await expect(message.locator('img[alt="pasted.png"]')).toBeVisible();
    const box = message.getByRole('button', { name: 'Open image drop.png' });
    await expect(box).toHaveCSS('width', '225px');
    await expect(box).toHaveCSS('aspect-ratio', '225 / 300');
  });
});

test('in a direct chat, a friend hears the voice note sent to them', async ({ signedInPage: alice, user, secondUser, openAs }, testInfo) => {
  await befriend(user, secondUser);
  const dmId = await createDm(user, [secondUser]);
  await alice.goto(`/chat/${dmId}`);
  const bob = await openAs(secondUser, `/chat/${dmId}`);
  const box = alice.getByRole('textbox', { name: `Message @${secondUser.username}` });
  await expect(box).toBeVisible();
  await expect(bob.getByRole('textbox', { name: `Message @${user.username}` })).toBeVisible();

  await attach(alice, [file('battle-cry.wav', 'audio/wav', wav())]);
  await expect(alice.getByRole('progressbar')).toHaveCount(0);
  await box.fill('Listen to this');
  await box.press('Enter');

  const message = messageIn(bob, 'Listen to this');
  await expect(message).toBeVisible();
  const card = message.getByRole('listitem').filter({ hasText: 'battle-cry.wav' });
  await expect(card.locator('audio[controls]')).toHaveAttribute('src', /^\/uploads\/attachment\/[\w-]{22}\.wav$/);
  await expect(card.getByRole('link', { name: 'Download battle-cry.wav' })).toHaveAttribute('download', 'battle-cry.wav');
  await expect(card).toContainText('kB');
  await snap(bob, testInfo, 'attachments-8-dm-audio');

  // A message of a file only: the chat list names it instead of an empty preview.
  await attach(alice, [textFile('notes.txt')]);
  await expect(alice.getByRole('progressbar')).toHaveCount(0);
  await box.press('Enter');
  await expect(bob.getByRole('link', { name: new RegExp(`${user.username}.*Sent a file`) })).toBeVisible();
  await expect(alice.getByRole('link', { name: new RegExp(`${secondUser.username}.*You: Sent a file`) })).toBeVisible();
});
