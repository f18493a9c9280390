import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { uploadResponseSchema, type UploadKind } from '@rally/shared/api/uploads';
import { call, withTestApp } from '../../../test/helpers/app';
import { makeTeam, makeUser, type TeamFixture, type TestUser } from '../../../test/helpers/factories';
import { makeImage, postForm } from '../../../test/helpers/images';
import { users } from '../../db/schema';
import { userRateKey } from '../../lib/rate-limit';

/** The GPS IFD pointer tag (0x8825, little-endian) and the rational 41/1 of the latitude written below. */
const GPS_POINTER = Buffer.from([0x25, 0x88]);
const LATITUDE_41 = Buffer.from([0x29, 0, 0, 0, 1, 0, 0, 0]);

/**
 * Avatar and banner (000 §4 choose, crop, upload, save; §7 POST /api/v1/upload type userAvatar |
 * userBanner, POST /api/me/profile/avatar {avatar}, /banner {banner}): the upload is checked by
 * content and stored without metadata; only our own upload URL of the field's kind is taken; the
 * replaced image is removed when no one shows it; the circle hears of the change.
 */
describe('profile avatar and banner', () => {
  const uploadDir = mkdtempSync(path.join(os.tmpdir(), 'rally-profile-images-'));
  const ctx = withTestApp({ UPLOAD_DIR: uploadDir });
  let ada: TestUser;
  let bob: TestUser;
  let team: TeamFixture;
  afterAll(() => rmSync(uploadDir, { recursive: true, force: true }));

  beforeAll(async () => {
    ada = await makeUser(ctx.app);
    bob = await makeUser(ctx.app);
    team = await makeTeam(ctx.app, ada, { members: [bob] });
  });

  // The tests change these profiles more often than RATE_LIMITS.circle lets a person (fan-out.test.ts tests the limit).
  beforeEach(() => Promise.all([ada, bob].map((who) => ctx.app.rateLimiter.reset(userRateKey('circle', who.id)))));

  const upload = (who: TestUser, type: UploadKind, file: Uint8Array, filename = 'me.png', contentType = 'image/png') =>
    postForm(ctx.app, '/api/v1/upload', { type, image: { file, filename, contentType } }, { cookie: who.cookie });
  const uploadUrl = async (who: TestUser, type: UploadKind) => {
    const res = await upload(who, type, await makeImage('png', 16, 16));
    expect(res.statusCode, res.body).toBe(201);
    return uploadResponseSchema.parse(res.json()).url;
  };
  const setAvatar = (who: TestUser, avatar: unknown, url = '/api/v1/me/profile/avatar') => call(ctx.app, 'POST', url, { cookie: who.cookie, body: { avatar } });
  const setBanner = (who: TestUser, banner: unknown, url = '/api/v1/me/profile/banner') => call(ctx.app, 'POST', url, { cookie: who.cookie, body: { banner } });
  const stored = async (who: TestUser) => {
    const [row] = await ctx.db.select({ profilePicture: users.profilePicture, banner: users.banner }).from(users).where(eq(users.id, who.id));
    return row;
  };
  const onDisk = (url: string) => existsSync(path.join(uploadDir, url.replace(/^\/uploads\//, '')));

  it('refuses a fake image (a text file named .png, wrong first bytes) as an avatar upload and keeps nothing', async () => {
    const res = await upload(ada, 'userAvatar', Buffer.from('GIF00a this is not an image at all'), 'cat.png');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'upload_format_unsupported' });
    expect(existsSync(path.join(uploadDir, 'userAvatar'))).toBe(false);
  });

  it('stores a photo with an EXIF GPS location without it', async () => {
    const photo = await sharp({ create: { width: 24, height: 12, channels: 3, background: '#aa3366' } })
      .jpeg()
      .withExif({ IFD0: { Make: 'PhoneCam' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '41/1 0/1 5/1', GPSLongitudeRef: 'E', GPSLongitude: '28/1 58/1 0/1' } })
      .toBuffer();
    const before = await sharp(photo).metadata();
    expect(before.exif?.includes(GPS_POINTER) && before.exif.includes(LATITUDE_41)).toBe(true);

    const res = await upload(ada, 'userBanner', photo, 'holiday.jpg', 'image/jpeg');
    expect(res.statusCode, res.body).toBe(201);
    const { url } = uploadResponseSchema.parse(res.json());
    expect(url).toMatch(/^\/uploads\/userBanner\/[\w-]{22}\.jpg$/);
    const served = await ctx.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const after = await sharp(served.rawPayload).metadata();
    expect([after.format, after.width, after.height, after.exif]).toEqual(['jpeg', 24, 12, undefined]);
    expect(served.rawPayload.includes(LATITUDE_41)).toBe(false);
    expect(served.rawPayload.includes('PhoneCam')).toBe(false);
  });

  it('sets the avatar to an uploaded userAvatar URL: stored, told to the circle, shown in the member list and me', async () => {
    const url = await uploadUrl(bob, 'userAvatar');
    const since = ctx.events.mark();
    const res = await setAvatar(bob, url);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, avatar: url });
    expect((await stored(bob))?.profilePicture).toBe(url);
    const [event, ...more] = ctx.events.ofType('USER_PROFILE_UPDATED', { since });
    expect(more).toEqual([]);
    expect(event?.event.data).toEqual({ userId: bob.id, profilePicture: url });
    expect(event?.audience).toEqual({ kind: 'circle', teamIds: [team.teamId], userIds: [bob.id] });
    const members = await call(ctx.app, 'GET', `/api/v1/teams/${team.teamId}/members`, { cookie: ada.cookie });
    expect(members.json().members.find((m: { id: string }) => m.id === bob.id)).toMatchObject({ profilePicture: url });
    expect((await call(ctx.app, 'GET', '/api/v1/me', { cookie: bob.cookie })).json().user.profilePicture).toBe(url);

    // The same again changes nothing and tells no one.
    const again = ctx.events.mark();
    expect((await setAvatar(bob, url)).statusCode).toBe(200);
    expect(ctx.events.ofType('USER_PROFILE_UPDATED', { since: again })).toEqual([]);
  });

  it('sets the banner through the spec path /api/me/profile/banner', async () => {
    const url = await uploadUrl(bob, 'userBanner');
    const since = ctx.events.mark();
    const res = await setBanner(bob, url, '/api/me/profile/banner');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, banner: url });
    expect((await stored(bob))?.banner).toBe(url);
    expect(ctx.events.ofType('USER_PROFILE_UPDATED', { since }).map((e) => e.event.data)).toEqual([{ userId: bob.id, banner: url }]);
  });

  it('refuses a foreign URL, an upload of another kind and other strings, with nothing changed or told', async () => {
    const before = await stored(bob);
    const bannerUrl = await uploadUrl(bob, 'userBanner');
    const teamIcon = await uploadUrl(bob, 'teamIcon');
    const since = ctx.events.mark();
    for (const avatar of [
      'https://evil.example/uploads/userAvatar/1.png',
      bannerUrl,
      teamIcon,
      '/uploads/userAvatar/../secret.png',
      'javascript:alert(1)',
      42,
    ]) {
      const res = await setAvatar(bob, avatar);
      expect(res.statusCode, String(avatar)).toBe(400);
      expect(res.json(), String(avatar)).toMatchObject({ success: false });
    }
    const wrongKind = await setAvatar(bob, bannerUrl);
    expect(wrongKind.json()).toMatchObject({
      code: 'profile_image_invalid',
      errors: { avatar: 'Upload the image first; only images uploaded here for this place can be used' },
    });
    const avatarAsBanner = await setBanner(bob, await uploadUrl(bob, 'userAvatar'));
    expect(avatarAsBanner.json()).toMatchObject({ code: 'profile_image_invalid', errors: { banner: expect.any(String) } });
    expect(await stored(bob)).toEqual(before);
    expect(ctx.events.ofType('USER_PROFILE_UPDATED', { since })).toEqual([]);
  });

  it('replacing or removing an image deletes the old file', async () => {
    const first = await uploadUrl(ada, 'userAvatar');
    const second = await uploadUrl(ada, 'userAvatar');
    expect((await setAvatar(ada, first)).statusCode).toBe(200);
    expect(onDisk(first)).toBe(true);
    expect((await setAvatar(ada, second)).statusCode).toBe(200);
    expect(onDisk(first)).toBe(false);
    expect((await ctx.app.inject({ method: 'GET', url: first })).statusCode).toBe(404);

    const since = ctx.events.mark();
    const removed = await setAvatar(ada, null, '/api/me/profile/avatar');
    expect(removed.json()).toEqual({ success: true, avatar: null });
    expect((await stored(ada))?.profilePicture).toBeNull();
    expect(ctx.events.ofType('USER_PROFILE_UPDATED', { since }).map((e) => e.event.data)).toEqual([{ userId: ada.id, profilePicture: null }]);
    expect(onDisk(second)).toBe(false);
  });

  it("refuses another user's upload (shown or not) with nothing changed, and a clear never deletes another's file", async () => {
    const adas = await uploadUrl(ada, 'userAvatar');
    const unused = await uploadUrl(ada, 'userAvatar');
    expect((await setAvatar(ada, adas)).statusCode).toBe(200);
    const before = await stored(bob);
    for (const url of [adas, unused]) {
      const refused = await setAvatar(bob, url);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({
        code: 'upload_not_own',
        errors: { avatar: 'Use an image you uploaded yourself; this one is not one of your uploads' },
      });
    }
    const tr = await call(ctx.app, 'POST', '/api/v1/me/profile/avatar', { cookie: bob.cookie, body: { avatar: adas }, headers: { 'accept-language': 'tr' } });
    expect(tr.json()).toMatchObject({ code: 'upload_not_own', message: 'Kendi yüklediğin bir resmi kullan; bu resim senin yüklemelerinden biri değil' });
    expect(await stored(bob)).toEqual(before);

    // Bob shows an upload of Ada's as he could before uploads were recorded: clearing or replacing
    // his avatar takes nothing of hers, and she may still use it.
    for (const next of [null, await uploadUrl(bob, 'userAvatar')]) {
      await ctx.db.update(users).set({ profilePicture: unused }).where(eq(users.id, bob.id));
      expect((await setAvatar(bob, next)).statusCode).toBe(200);
      expect(onDisk(unused)).toBe(true);
    }
    expect((await setAvatar(ada, unused)).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: unused })).statusCode).toBe(200);
  });

  it('is for signed-in users only', async () => {
    expect((await call(ctx.app, 'POST', '/api/v1/me/profile/avatar', { body: { avatar: null } })).statusCode).toBe(401);
    expect((await call(ctx.app, 'POST', '/api/v1/me/profile/banner', { body: { banner: null } })).statusCode).toBe(401);
  });
});
