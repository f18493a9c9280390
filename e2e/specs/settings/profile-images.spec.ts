import type { Page } from '@playwright/test';
import type { ApiUser } from '../../fixtures/api';
import { gif, png } from '../../fixtures/images';
import { PICTURE_VARIANTS, snap } from '../../fixtures/screenshots';
import { expect, test } from '../../fixtures/test';

/**
 * Avatar and banner (spec 000 §2 My account, §4 choose, crop, upload, save; §5 Images): chosen in
 * My account, cropped (1:1, 16:9) into a PNG, uploaded and saved; the sidebar's avatar and the
 * account card show the new image at once; Remove takes it away.
 */

/** An animated GIF: the frame of fixtures' gif() twice (header and colour table, two frames, trailer). */
function animatedGif(): Buffer {
  const single = gif(40, 40);
  const frame = single.subarray(13 + 128 * 3, single.length - 1);
  return Buffer.concat([single.subarray(0, 13 + 128 * 3), frame, frame, Buffer.from([0x3b])]);
}

async function openMyAccount(page: Page) {
  await page.getByRole('navigation').getByRole('button', { name: 'User settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await expect(dialog.getByRole('tab', { name: 'My account' })).toHaveAttribute('aria-selected', 'true');
  return dialog;
}

test('changes the avatar and the banner with the cropper, then removes the banner', async ({ signedInPage: page, user }, testInfo) => {
  const dialog = await openMyAccount(page);
  const avatarGroup = dialog.getByRole('group', { name: 'Avatar' });

  await test.step('choose a PNG for the avatar: the crop dialog, moved and zoomed, applied', async () => {
    // Hovering or focusing the avatar offers Change; the file input behind it takes the file.
    await avatarGroup.hover();
    await expect(avatarGroup.getByRole('button', { name: 'Change' })).toBeVisible();
    await dialog.getByLabel('Choose an avatar image').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png(400, 240) });
    const crop = page.getByRole('dialog', { name: 'Crop your avatar' });
    await expect(crop).toBeVisible();
    const area = crop.getByRole('group', { name: /crop area/i });
    await expect(area.locator('img')).toBeVisible();
    // Dragged with the pointer, moved with the keyboard, zoomed with + and the slider.
    const box = await area.boundingBox();
    if (!box) throw new Error('the crop area has no box');
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 30, box.y + box.height / 2, { steps: 4 });
    await page.mouse.up();
    await area.focus();
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('+');
    await crop.getByRole('slider', { name: 'Zoom' }).fill('1.4');
    await snap(page, testInfo, 'profile-images-1-crop-avatar');
    const saved = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/v1/me/profile/avatar');
    await crop.getByRole('button', { name: 'Apply' }).click();
    expect((await saved).status()).toBe(200);
    await expect(crop).toBeHidden();
  });

  const me = async () => ((await (await user.api.get('/api/v1/me')).json()) as { user: { profilePicture: string | null; banner: string | null } }).user;

  await test.step('the account card and the sidebar show the uploaded avatar, a 512×512 PNG', async () => {
    const { profilePicture } = await me();
    expect(profilePicture).toMatch(/^\/uploads\/userAvatar\/[\w-]{22}\.png$/);
    await expect(avatarGroup.locator('img')).toHaveAttribute('src', profilePicture ?? '');
    await expect(page.getByRole('button', { name: /^Set status/ }).locator('img')).toHaveAttribute('src', profilePicture ?? '');
    const file = await (await user.api.get(profilePicture ?? '')).body();
    expect([file.readUInt32BE(16), file.readUInt32BE(20)]).toEqual([512, 512]);
  });

  await test.step('a banner: cropped 16:9 and saved', async () => {
    await dialog.getByLabel('Choose a banner image').setInputFiles({ name: 'wide.png', mimeType: 'image/png', buffer: png(900, 300, 40) });
    const crop = page.getByRole('dialog', { name: 'Crop your banner' });
    await expect(crop.getByRole('group', { name: /crop area/i }).locator('img')).toBeVisible();
    await crop.getByRole('button', { name: 'Apply' }).click();
    await expect(crop).toBeHidden();
    const { banner } = await me();
    expect(banner).toMatch(/^\/uploads\/userBanner\/[\w-]{22}\.png$/);
    await expect(dialog.getByRole('img', { name: 'Your profile banner' })).toHaveAttribute('src', banner ?? '');
    const file = await (await user.api.get(banner ?? '')).body();
    expect([file.readUInt32BE(16), file.readUInt32BE(20)]).toEqual([1280, 720]);
    await dialog.getByRole('group', { name: 'Profile banner' }).hover();
    await expect(dialog.getByRole('button', { name: 'Change banner' }).locator('..')).toHaveCSS('opacity', '1');
    await snap(page, testInfo, 'profile-images-2-account-new-images');
  });

  await test.step('a file that is not PNG, JPEG or GIF is refused before any upload', async () => {
    await dialog.getByLabel('Choose a banner image').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await expect(dialog.getByRole('alert')).toHaveText('Choose a PNG, JPEG or GIF image.');
  });

  await test.step('Remove banner takes it away', async () => {
    const bannerGroup = dialog.getByRole('group', { name: 'Profile banner' });
    await bannerGroup.getByRole('button', { name: 'Change banner' }).focus();
    await bannerGroup.getByRole('button', { name: 'Remove banner' }).click();
    await expect(dialog.getByRole('img', { name: 'Your profile banner' })).toHaveCount(0);
    await expect.poll(async () => (await me()).banner).toBeNull();
    expect((await me()).profilePicture).toMatch(/^\/uploads\/userAvatar\//);
  });

  await test.step('an animated GIF goes up uncropped, with the note', async () => {
    const saved = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/v1/me/profile/avatar');
    await dialog.getByLabel('Choose an avatar image').setInputFiles({ name: 'dance.gif', mimeType: 'image/gif', buffer: animatedGif() });
    expect((await saved).status()).toBe(200);
    await expect(page.getByRole('dialog', { name: 'Crop your avatar' })).toHaveCount(0);
    await expect(dialog.getByRole('status').filter({ hasText: 'GIF cropping unsupported' })).toBeVisible();
    await expect.poll(async () => (await me()).profilePicture).toMatch(/^\/uploads\/userAvatar\/[\w-]{22}\.gif$/);
  });
});

/** Upload an image of `type` through the API and save it as the user's avatar or banner. */
async function setImageThroughApi(user: ApiUser, type: 'userAvatar' | 'userBanner', buffer: Buffer): Promise<void> {
  const form = new FormData();
  form.append('type', type);
  form.append('image', new Blob([new Uint8Array(buffer)], { type: 'image/png' }), 'image.png');
  const uploaded = await user.api.post('/api/v1/upload', { multipart: form });
  expect(uploaded.status(), await uploaded.text()).toBe(201);
  const { url } = (await uploaded.json()) as { url: string };
  const field = type === 'userAvatar' ? 'avatar' : 'banner';
  const saved = await user.api.post(`/api/v1/me/profile/${field}`, { data: { [field]: url } });
  expect(saved.status(), await saved.text()).toBe(200);
}

for (const { language, size, viewport } of PICTURE_VARIANTS) {
  test(`pictures: avatar, banner and cropper, streamer mode, custom background (${language}, ${size})`, async ({ signedInPage: page, user }, testInfo) => {
    await setImageThroughApi(user, 'userAvatar', png(256, 256, 60));
    await setImageThroughApi(user, 'userBanner', png(1280, 720, 230));
    await page.setViewportSize(viewport);
    await page.evaluate((lng) => localStorage.setItem('rally.language', lng), language);
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    const en = language === 'en';
    await page
      .getByRole('navigation')
      .getByRole('button', { name: en ? 'User settings' : 'Kullanıcı ayarları' })
      .click();
    const dialog = page.getByRole('dialog', { name: en ? 'Settings' : 'Ayarlar' });
    const avatar = dialog.getByRole('group', { name: 'Avatar' });
    await expect(avatar.locator('img')).toHaveAttribute('src', /\/uploads\/userAvatar\//);
    await avatar.getByRole('button', { name: en ? 'Change' : 'Değiştir' }).focus();
    await expect(avatar.getByRole('button', { name: en ? 'Remove' : 'Kaldır' }).locator('..')).toHaveCSS('opacity', '1');
    await snap(page, testInfo, `profile-images-pic-account-${language}-${size}`);
    await dialog.getByLabel(en ? 'Choose a banner image' : 'Bir afiş resmi seç').setInputFiles({ name: 'b.png', mimeType: 'image/png', buffer: png(800, 500) });
    const crop = page.getByRole('dialog', { name: en ? 'Crop your banner' : 'Afişini kırp' });
    await expect(crop.getByRole('group').locator('img')).toBeVisible();
    await snap(page, testInfo, `profile-images-pic-crop-${language}-${size}`);
    await crop.getByRole('button', { name: en ? 'Cancel' : 'Vazgeç' }).click();
    await dialog.getByRole('tab', { name: en ? 'Streamer mode' : 'Yayıncı modu' }).click();
    await dialog.getByRole('switch', { name: en ? 'Streamer mode' : 'Yayıncı modu' }).check();
    await expect(page.getByRole('region', { name: en ? 'Streamer mode notice' : 'Yayıncı modu bildirimi' })).toBeVisible();
    await snap(page, testInfo, `profile-images-pic-streamer-${language}-${size}`);
    await dialog.getByRole('tab', { name: en ? 'Custom background' : 'Özel arka plan' }).click();
    await snap(page, testInfo, `profile-images-pic-background-${language}-${size}`);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await snap(page, testInfo, `profile-images-pic-streamer-banner-${language}-${size}`);
  });
}
