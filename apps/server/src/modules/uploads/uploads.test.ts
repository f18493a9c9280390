import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { CSRF_HEADER } from '@rally/shared/api/common';
import { uploadResponseSchema } from '@rally/shared/api/uploads';
import { UserFlags } from '@rally/shared/api/users';
import { RATE_LIMITS } from '@rally/shared/limits';
import { call, createTestApp, withTestApp, type TestContext } from '../../../test/helpers/app';
import { makeUser, type TestUser } from '../../../test/helpers/factories';
import { FakeS3 } from '../../../test/helpers/fake-s3';
import { makeAnimatedGif, makeImage, makePixelBomb, makeBlankPng, postForm, type FormPart } from '../../../test/helpers/images';
import { users } from '../../db/schema';
import { userRateKey } from '../../lib/rate-limit';

const UPLOAD = '/api/v1/upload';
const image = (file: Uint8Array, filename = 'picture.png', contentType = 'image/png'): FormPart => ({ file, filename, contentType });

describe('uploads', () => {
  const uploadDir = mkdtempSync(path.join(os.tmpdir(), 'rally-upload-test-'));
  const ctx = withTestApp({ UPLOAD_DIR: uploadDir });
  let user: TestUser;

  beforeAll(async () => {
    user = await makeUser(ctx.app);
  });
  // The per-user upload limit has a test of its own (below); here each test may upload what it needs.
  beforeEach(() => ctx.app.rateLimiter.reset(userRateKey('uploads', user.id)));
  afterAll(() => rmSync(uploadDir, { recursive: true, force: true }));

  const upload = (parts: Record<string, FormPart>, who: TestUser = user, headers: Record<string, string> = {}) =>
    postForm(ctx.app, UPLOAD, parts, { cookie: who.cookie, headers });

  /** Upload, expect 201, and return the answer and what GET of its URL serves. */
  async function uploadAndFetch(parts: Record<string, FormPart>) {
    const res = await upload(parts);
    expect(res.statusCode, res.body).toBe(201);
    const body = uploadResponseSchema.parse(res.json());
    const served = await ctx.app.inject({ method: 'GET', url: body.url });
    return { body, served };
  }

  it('stores a PNG team picture re-encoded and serves it with long cache headers and nosniff', async () => {
    const { body, served } = await uploadAndFetch({ type: 'teamIcon', image: image(await makeImage('png', 12, 10)) });
    expect(body).toEqual({
      success: true,
      id: expect.stringMatching(/^\d+$/),
      url: expect.stringMatching(/^\/uploads\/teamIcon\/[\w-]{22}\.png$/),
      message: 'Image uploaded successfully',
    });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-security-policy']).toContain("default-src 'self'");
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 12, 10]);
    // On disk in UPLOAD_DIR, byte for byte what is served; no temporary file left behind.
    expect(readFileSync(path.join(uploadDir, body.url.replace(/^\/uploads\//, ''))).equals(served.rawPayload)).toBe(true);
    expect(readdirSync(path.join(uploadDir, '.tmp'))).toEqual([]);
  });

  it('strips EXIF (GPS, camera, copyright) from a JPEG and applies its orientation to the pixels', async () => {
    const photo = await sharp({ create: { width: 20, height: 10, channels: 3, background: '#3366cc' } })
      .jpeg()
      .withExif({ IFD0: { Copyright: 'secret owner', Make: 'SpyCam' } })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const before = await sharp(photo).metadata();
    expect([before.orientation, before.width, before.height]).toEqual([6, 20, 10]);
    expect(photo.includes('SpyCam')).toBe(true);

    const { body, served } = await uploadAndFetch({ type: 'teamBanner', image: image(photo, 'me.jpg', 'image/jpeg') });
    expect(body.url).toMatch(/^\/uploads\/teamBanner\/[\w-]{22}\.jpg$/);
    expect(served.headers['content-type']).toBe('image/jpeg');
    const after = await sharp(served.rawPayload).metadata();
    expect(after.format).toBe('jpeg');
    expect(after.exif).toBeUndefined();
    expect(after.icc).toBeUndefined();
    expect(served.rawPayload.includes('SpyCam')).toBe(false);
    expect(served.rawPayload.includes('secret owner')).toBe(false);
    // Orientation 6 (rotate 90°): the stored pixels are upright, 10×20.
    expect([after.width, after.height]).toEqual([10, 20]);
  });

  it('keeps every frame of an animated GIF', async () => {
    const { body, served } = await uploadAndFetch({ type: 'userAvatar', image: image(await makeAnimatedGif(3), 'a.gif', 'image/gif') });
    expect(body.url).toMatch(/\.gif$/);
    expect(served.headers['content-type']).toBe('image/gif');
    const meta = await sharp(served.rawPayload, { animated: true }).metadata();
    expect([meta.format, meta.pages, meta.width, meta.pageHeight]).toEqual(['gif', 3, 8, 8]);
  });

  it('tells the type by content, not by name: a text file named .png is refused', async () => {
    const res = await upload({ type: 'teamIcon', image: image(Buffer.from('<svg onload="alert(1)">not an image</svg>'), 'evil.png', 'image/png') });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'upload_format_unsupported',
      errors: { image: 'This file type cannot be uploaded here; choose a PNG, JPEG, GIF image' },
    });
  });

  it("refuses a real image of a format the upload's type does not accept (WebP team picture, GIF blog hero)", async () => {
    const webp = await upload({ type: 'teamIcon', image: image(await makeImage('webp'), 'p.png', 'image/png') });
    expect(webp.statusCode).toBe(400);
    expect(webp.json()).toMatchObject({ code: 'upload_format_unsupported' });
    const gif = await upload({ type: 'BlogHeroImage', image: image(await makeImage('gif'), 'p.gif', 'image/gif') });
    expect(gif.json()).toMatchObject({ code: 'upload_format_unsupported', message: 'This file type cannot be uploaded here; choose a PNG, JPEG image' });
  });

  it('refuses a file over 20 MB with the spec text (413), in Turkish too, and keeps nothing', async () => {
    const big = Buffer.concat([await makeImage('png'), Buffer.alloc(20 * 1024 * 1024 + 1)]);
    const before = readdirSync(uploadDir, { recursive: true }).length;
    const res = await upload({ type: 'teamIcon', image: image(big) });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ success: false, code: 'upload_too_large', message: 'File size exceeds 20MB.' });
    const tr = await upload({ type: 'teamIcon', image: image(big) }, user, { 'accept-language': 'tr' });
    expect(tr.json()).toMatchObject({ message: 'Dosya boyutu 20MB sınırını aşıyor.' });
    expect(readdirSync(uploadDir, { recursive: true })).toHaveLength(before);
  });

  it('lets a Plus (PREMIUM) user upload up to 50 MB', async () => {
    const plus = await makeUser(ctx.app);
    await ctx.db.update(users).set({ flags: UserFlags.PREMIUM }).where(eq(users.id, plus.id));
    // 21 MB of one colour compresses to little: a real PNG that only a Plus user may send.
    const large = await sharp({ create: { width: 2700, height: 2700, channels: 3, background: '#000' } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(large.length).toBeGreaterThan(20 * 1024 * 1024);
    expect((await upload({ type: 'userBanner', image: image(large) })).statusCode).toBe(413);
    expect((await upload({ type: 'userBanner', image: image(large) }, plus)).statusCode).toBe(201);
  });

  it('refuses a decompression bomb (a PNG whose header says 8,000 × 8,000) before decoding it', async () => {
    const bomb = await makePixelBomb(8_000, 8_000);
    expect(bomb.length).toBeLessThan(200);
    const res = await upload({ type: 'teamBanner', image: image(bomb) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'upload_too_many_pixels', message: 'The image is too large: at most 40 million pixels' });
  });

  it('refuses the 75 KB PNG of 1 × 39,000,000 pixels by its side, at once, with each kind’s limit, in Turkish too', async () => {
    // Real pixels: decoded, it would cost libvips tens of seconds one row at a time.
    const thin = makeBlankPng(1, 39_000_000);
    expect(thin.length).toBeLessThan(80 * 1024);
    const attachment = await upload({ type: 'attachment', image: image(thin) });
    expect([attachment.statusCode, attachment.json()]).toEqual([
      400,
      {
        success: false,
        code: 'upload_dimensions_too_large',
        message: 'The image is too large: at most 16384 × 16384 pixels',
        errors: { image: 'The image is too large: at most 16384 × 16384 pixels' },
      },
    ]);
    const avatar = await upload({ type: 'userAvatar', image: image(thin) }, user, { 'accept-language': 'tr' });
    expect(avatar.json()).toMatchObject({ code: 'upload_dimensions_too_large', message: 'Resim çok büyük: en fazla 4096 × 4096 piksel olabilir' });
    // Within the area and the sides of a banner, too wide for a picture.
    const wide = await makeImage('png', 5000, 10);
    expect((await upload({ type: 'userAvatar', image: image(wide) })).json()).toMatchObject({ code: 'upload_dimensions_too_large' });
    expect((await upload({ type: 'userBanner', image: image(wide) })).statusCode).toBe(201);
  });

  it('refuses a file that starts like a PNG but does not decode', async () => {
    const png = await makeImage('png');
    const broken = Buffer.concat([png.subarray(0, 16), Buffer.alloc(64, 7)]);
    const res = await upload({ type: 'teamIcon', image: image(broken) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'upload_failed', message: 'Error uploading image.' });
  });

  it('validates the fields: type required and known, image required, teamId an id', async () => {
    const png = await makeImage('png');
    const noType = await upload({ image: image(png) });
    expect(noType.statusCode).toBe(400);
    expect(noType.json()).toMatchObject({ errors: { type: 'This kind of upload is not supported' } });
    expect((await upload({ type: 'avatarOfSomeoneElse', image: image(png) })).json()).toMatchObject({ errors: { type: expect.any(String) } });
    const noImage = await upload({ type: 'teamIcon' });
    expect(noImage.json()).toMatchObject({ code: 'upload_image_required', errors: { image: 'Choose an image to upload' } });
    expect((await upload({ type: 'teamIcon', teamId: 'abc', image: image(png) })).json()).toMatchObject({ errors: { teamId: 'Invalid ID' } });
    const twoFiles = await upload({ type: 'teamIcon', image: image(png), other: image(png) });
    expect(twoFiles.statusCode).toBeGreaterThanOrEqual(400);
    expect(twoFiles.statusCode).toBeLessThan(500);
  });

  it('takes the teamId of the spec’s body and the /api/upload alias', async () => {
    const res = await postForm(ctx.app, '/api/upload', { type: 'teamIcon', teamId: '123', image: image(await makeImage('png')) }, { cookie: user.cookie });
    expect(res.statusCode).toBe(201);
  });

  it('is for signed-in users, multipart only, and with the CSRF header', async () => {
    const png = await makeImage('png');
    expect((await postForm(ctx.app, UPLOAD, { type: 'teamIcon', image: image(png) })).statusCode).toBe(401);
    const json = await call(ctx.app, 'POST', UPLOAD, { cookie: user.cookie, body: { type: 'teamIcon' } });
    expect(json.statusCode).toBe(415);
    expect(json.json()).toMatchObject({ code: 'unsupported_media_type' });
    const noCsrf = await postForm(ctx.app, UPLOAD, { type: 'teamIcon', image: image(png) }, { cookie: user.cookie, headers: { [CSRF_HEADER]: '' } });
    expect(noCsrf.statusCode).toBe(403);
  });

  it('serves only keys it made: unknown, malformed and escaping paths are 404', async () => {
    for (const url of ['/uploads/teamIcon/1.png', '/uploads/../package.json', '/uploads/%2e%2e/%2e%2e/etc/passwd', '/uploads/teamIcon/1.svg', '/uploads/x']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/^application\/json/);
    }
  });
});

describe('the per-user upload limit', () => {
  const ctx = withTestApp();

  it('answers 429 with Retry-After past RATE_LIMITS.uploads, before reading the body, and counts each user apart', async () => {
    const [user, other] = [await makeUser(ctx.app), await makeUser(ctx.app)];
    const png = image(await makeImage('png'));
    for (let i = 0; i < RATE_LIMITS.uploads.count; i++) {
      expect((await postForm(ctx.app, UPLOAD, { type: 'userAvatar', image: png }, { cookie: user.cookie })).statusCode).toBe(201);
    }
    const refused = await postForm(ctx.app, UPLOAD, { type: 'userAvatar', image: png }, { cookie: user.cookie });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ success: false, code: 'too_many_requests' });
    const seconds = Number(refused.headers['retry-after']);
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(RATE_LIMITS.uploads.windowMs / 1000);
    expect((await postForm(ctx.app, UPLOAD, { type: 'userAvatar', image: png }, { cookie: other.cookie })).statusCode).toBe(201);
  });
});

describe('uploads without UPLOAD_DIR on an in-memory database', () => {
  const ctx = withTestApp();

  it('keeps them in a temporary directory of their own and serves them', async () => {
    const user = await makeUser(ctx.app);
    const res = await postForm(ctx.app, UPLOAD, { type: 'userAvatar', image: image(await makeImage('png')) }, { cookie: user.cookie });
    expect(res.statusCode, res.body).toBe(201);
    const served = await ctx.app.inject({ method: 'GET', url: uploadResponseSchema.parse(res.json()).url });
    expect([served.statusCode, served.headers['content-type']]).toEqual([200, 'image/png']);
  });
});

describe('uploads to S3-compatible storage', () => {
  const s3 = new FakeS3();
  let app: TestContext;
  let publicApp: TestContext;
  let user: TestUser;
  let publicUser: TestUser;

  beforeAll(async () => {
    const endpoint = await s3.start();
    const settings = { S3_BUCKET: 'rally', S3_ENDPOINT: endpoint, S3_ACCESS_KEY_ID: 'key', S3_SECRET_ACCESS_KEY: 'secret-key' };
    app = await createTestApp(settings);
    publicApp = await createTestApp({ ...settings, S3_PUBLIC_URL: 'https://cdn.example.com/rally/' });
    user = await makeUser(app.app);
    publicUser = await makeUser(publicApp.app);
  });
  afterAll(async () => {
    await app.close();
    await publicApp.close();
    await s3.stop();
  });

  it('puts the re-encoded image in the bucket with its type and cache headers, and serves it back through /uploads', async () => {
    const res = await postForm(app.app, UPLOAD, { type: 'teamIcon', image: image(await makeImage('png')) }, { cookie: user.cookie });
    expect(res.statusCode, res.body).toBe(201);
    const { url } = uploadResponseSchema.parse(res.json());
    expect(url).toMatch(/^\/uploads\/teamIcon\/[\w-]{22}\.png$/);
    const stored = s3.objects.get(url.replace(/^\/uploads\//, '/rally/'));
    expect(stored?.headers['content-type']).toBe('image/png');
    expect(stored?.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(stored?.headers.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=key\//);
    const served = await app.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.equals(stored?.body ?? Buffer.alloc(0))).toBe(true);
    expect((await app.app.inject({ method: 'GET', url: '/uploads/teamIcon/1.png' })).statusCode).toBe(404);
  });

  it('answers with the S3_PUBLIC_URL address when one is set, and allows its origin in img-src', async () => {
    const res = await postForm(
      publicApp.app,
      UPLOAD,
      { type: 'teamBanner', image: image(await makeImage('jpeg'), 'b.jpg', 'image/jpeg') },
      { cookie: publicUser.cookie },
    );
    expect(res.statusCode, res.body).toBe(201);
    const { url } = uploadResponseSchema.parse(res.json());
    expect(url).toMatch(/^https:\/\/cdn\.example\.com\/rally\/teamBanner\/[\w-]{22}\.jpg$/);
    expect(s3.objects.has(url.replace('https://cdn.example.com', ''))).toBe(true);
    expect(res.headers['content-security-policy']).toMatch(/img-src 'self' data: blob: https:\/\/cdn\.example\.com[;\s]/);
  });

  it("keeps an attachment behind Rally even with S3_PUBLIC_URL: Rally's own URL, private in the bucket, served to its uploader only", async () => {
    const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(64, 0x20)]);
    const res = await postForm(
      publicApp.app,
      UPLOAD,
      { type: 'attachment', image: { file: pdf, filename: 'a.pdf', contentType: 'application/pdf' } },
      { cookie: publicUser.cookie },
    );
    expect(res.statusCode, res.body).toBe(201);
    const { url } = uploadResponseSchema.parse(res.json());
    expect(url).toMatch(/^\/uploads\/attachment\/[\w-]{22}\.pdf$/);
    expect(s3.objects.get(url.replace(/^\/uploads\//, '/rally/'))?.headers['cache-control']).toBe('private, max-age=3600');
    expect((await publicApp.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    const served = await publicApp.app.inject({ method: 'GET', url, headers: { cookie: publicUser.cookie } });
    expect([served.statusCode, served.headers['cache-control']]).toEqual([200, 'private, max-age=3600']);
    expect(served.rawPayload.equals(pdf)).toBe(true);
  });
});
