import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Attachment } from '@rally/shared/api/attachments';
import type { DirectChat } from '@rally/shared/api/dms';
import { call, withTestApp } from '../../../test/helpers/app';
import { makeChannel, makeMember, makeTeam, makeUser, type TeamFixture, type TestUser } from '../../../test/helpers/factories';
import { SMALL_PDF as PDF, uploadAs } from '../../../test/helpers/images';
import { newUploadKey, parseUploadKey, UPLOAD_KEY_RANDOM_BYTES } from './keys';
import { servedFormat } from './service';

describe('upload keys', () => {
  it('name every new file with 128 random bits (base64url), never with its id or time', () => {
    expect(UPLOAD_KEY_RANDOM_BYTES * 8).toBeGreaterThanOrEqual(128);
    const names = Array.from({ length: 500 }, () => newUploadKey('attachment', 'pdf'));
    expect(new Set(names).size).toBe(names.length);
    for (const key of names) {
      const parsed = parseUploadKey(key);
      expect(parsed).toMatchObject({ folder: 'attachment', extension: 'pdf', random: true });
      expect(Buffer.from(parsed?.name ?? '', 'base64url')).toHaveLength(UPLOAD_KEY_RANDOM_BYTES);
    }
  });

  it('serve the keys made before random names, and nothing else', () => {
    expect(servedFormat('attachment/1234567890123456789.pdf')).toEqual({ contentType: 'application/pdf', inline: false, private: true });
    expect(servedFormat('userAvatar/AAAAAAAAAAAAAAAAAAAAAA.png')).toEqual({ contentType: 'image/png', inline: true, private: false });
    expect(servedFormat('emojis/123.webp')).toEqual({ contentType: 'image/webp', inline: true, private: false });
    for (const key of [
      'emojis/AAAAAAAAAAAAAAAAAAAAAA.webp',
      'attachment/AAAA.pdf',
      'attachment/../x.pdf',
      'attachment/AAAAAAAAAAAAAAAAAAAAA+.pdf',
      'nothing/1.png',
    ]) {
      expect(servedFormat(key), key).toBeNull();
    }
  });
});

/**
 * Attachments are private (SECURITY.md, "Uploads"): GET /uploads/attachment/… serves one only to
 * whoever may view the channel of its message (its uploader before it is sent), with
 * `Cache-Control: private`; every refusal is the 404 of a key that does not exist.
 */
describe('private attachments', () => {
  const uploadDir = mkdtempSync(path.join(os.tmpdir(), 'rally-private-files-'));
  const ctx = withTestApp({ UPLOAD_DIR: uploadDir });
  let owner: TestUser;
  let member: TestUser;
  let outsider: TestUser;
  let friend: TestUser;
  let team: TeamFixture;
  let secretId: string;
  afterAll(() => rmSync(uploadDir, { recursive: true, force: true }));

  beforeAll(async () => {
    owner = await makeUser(ctx.app, 'owner');
    member = await makeUser(ctx.app, 'member');
    outsider = await makeUser(ctx.app, 'outsider');
    friend = await makeUser(ctx.app, 'friend');
    team = await makeTeam(ctx.app, owner, { name: 'Private files', members: [member] });
    // #secret: hidden from every member but the owner (who sees every channel).
    secretId = await makeChannel(ctx.app, team.teamId, { name: 'secret', hiddenFrom: [team.teamId] });
  });

  async function attach(who: TestUser): Promise<Attachment> {
    const { attachment } = await uploadAs(ctx.app, who, 'attachment');
    if (!attachment) throw new Error('no attachment in the answer');
    return attachment;
  }
  async function sendWith(who: TestUser, channelId: string, a: Attachment): Promise<void> {
    const res = await call(ctx.app, 'POST', `/api/v1/channels/${channelId}/messages`, {
      cookie: who.cookie,
      body: { content: 'file', attachments: [{ id: a.id }] },
    });
    expect(res.statusCode, res.body).toBe(201);
  }
  const fetchAs = (url: string, who?: TestUser) => ctx.app.inject({ method: 'GET', url, headers: who ? { cookie: who.cookie } : {} });
  /** The 404 of a key that was never made: every refusal must look exactly like it. */
  const missing = () => fetchAs(`/uploads/${newUploadKey('attachment', 'pdf')}`, owner);

  async function expectRefused(url: string, who?: TestUser): Promise<void> {
    const [res, none] = await Promise.all([fetchAs(url, who), missing()]);
    expect(res.statusCode, who?.username ?? 'anonymous').toBe(404);
    expect(res.json()).toEqual(none.json());
    expect(res.rawPayload.includes(PDF)).toBe(false);
  }
  async function expectServed(url: string, who: TestUser): Promise<void> {
    const res = await fetchAs(url, who);
    expect(res.statusCode, who.username).toBe(200);
    expect(res.rawPayload.equals(PDF)).toBe(true);
    expect(res.headers['cache-control']).toBe('private, max-age=3600');
    expect(res.headers.vary).toMatch(/cookie/i);
    expect(res.headers['content-disposition']).toBe('attachment');
  }

  it("a private channel's file: only to who may view the channel; anonymous and other users get the 404 of no file", async () => {
    const a = await attach(owner);
    await sendWith(owner, secretId, a);
    await expectServed(a.url, owner);
    await expectRefused(a.url);
    await expectRefused(a.url, outsider);
    await expectRefused(a.url, member);
  });

  it("a channel every member views is still the team's only: members get it, anyone else the 404", async () => {
    const a = await attach(member);
    await sendWith(member, team.generalId, a);
    await expectServed(a.url, owner);
    await expectServed(a.url, member);
    await expectRefused(a.url);
    await expectRefused(a.url, outsider);
  });

  it("a direct chat's file: to its members only", async () => {
    const opened = await call(ctx.app, 'POST', '/api/v1/me/chats', { cookie: owner.cookie, body: { users: [{ id: friend.id }] } });
    expect(opened.statusCode, opened.body).toBe(200);
    const { dm } = opened.json<{ dm: DirectChat }>();
    const a = await attach(friend);
    await sendWith(friend, dm.id, a);
    await expectServed(a.url, friend);
    await expectServed(a.url, owner);
    await expectRefused(a.url, member);
    await expectRefused(a.url);
  });

  it('an upload not sent yet: to its uploader only', async () => {
    const a = await attach(member);
    await expectServed(a.url, member);
    await expectRefused(a.url, owner);
    await expectRefused(a.url);
  });

  it('a member who loses the channel loses its files', async () => {
    const a = await attach(owner);
    await sendWith(owner, team.generalId, a);
    const viewer = await makeUser(ctx.app);
    await makeMember(ctx.app, team.teamId, viewer);
    await expectServed(a.url, viewer);
    expect((await call(ctx.app, 'DELETE', `/api/v1/teams/${team.teamId}/members/${viewer.id}`, { cookie: owner.cookie })).statusCode).toBe(200);
    await expectRefused(a.url, viewer);
  });

  it('pictures stay public: served to anyone, cached for a year', async () => {
    const { url } = await uploadAs(ctx.app, member, 'userAvatar');
    expect(url).toMatch(/^\/uploads\/userAvatar\/[\w-]{22}\.png$/);
    const served = await fetchAs(url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});
