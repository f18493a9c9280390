import type { ApiUser } from '../../fixtures/api';
import { png } from '../../fixtures/images';
import { snap } from '../../fixtures/screenshots';
import { expect, test } from '../../fixtures/test';
import { channelPath, expectChannelOpen } from '../../fixtures/ui';

/** A profile picture that fails to load (a user's avatar, a team's icon) shows the initial in its place, never a broken image. */

async function upload(user: ApiUser, type: 'userAvatar' | 'teamIcon'): Promise<string> {
  const form = new FormData();
  form.append('type', type);
  form.append('image', new Blob([new Uint8Array(png(128, 128, 90))], { type: 'image/png' }), 'image.png');
  const uploaded = await user.api.post('/api/v1/upload', { multipart: form });
  expect(uploaded.status(), await uploaded.text()).toBe(201);
  return ((await uploaded.json()) as { url: string }).url;
}

test('an avatar and a team icon whose images answer 404 show the initials', async ({ signedInPage: page, user, team }, testInfo) => {
  const avatar = await upload(user, 'userAvatar');
  expect((await user.api.post('/api/v1/me/profile/avatar', { data: { avatar } })).status()).toBe(200);
  const icon = await upload(user, 'teamIcon');
  expect((await user.api.post(`/api/v1/teams/${team.id}`, { data: { profilePicture: icon } })).status()).toBe(200);
  await page.route(/\/uploads\/(userAvatar|teamIcon)\//, (route) => route.fulfill({ status: 404, body: 'gone' }));
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(channelPath(team));
  await expectChannelOpen(page);

  const initial = user.username.slice(0, 1).toUpperCase();
  const row = page.getByRole('button', { name: new RegExp(`^${user.username},? Online`) });
  await expect(row).toBeVisible();
  await expect(row.getByText(initial, { exact: true })).toBeVisible();
  await expect(page.locator('img[src*="/uploads/"]')).toHaveCount(0);
  const teamLink = page.getByRole('navigation').getByRole('link', { name: team.name });
  await expect(teamLink.getByText(team.name.slice(0, 1).toUpperCase(), { exact: true })).toBeVisible();
  await snap(page, testInfo, 'broken-pictures-initials');
});
