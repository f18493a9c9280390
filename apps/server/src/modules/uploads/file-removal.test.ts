import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Attachment } from '@rally/shared/api/attachments';
import { uploadEmojisResponseSchema } from '@rally/shared/api/emojis';
import type { UploadKind } from '@rally/shared/api/uploads';
import { call, withTestApp } from '../../../test/helpers/app';
import { registerViaApi } from '../../../test/helpers/auth';
import { makeChannel, makeMember, makeTeam, makeUser, type TeamFixture, type TestUser } from '../../../test/helpers/factories';
import { makeImage, postForm, uploadAs } from '../../../test/helpers/images';
import { scheduledMessages, uploads } from '../../db/schema';
import { sweepUploads } from './records';
import type { Storage } from './storage';

const PASSWORD = 'correct horse';
const keyOf = (url: string) => url.split('/').slice(-2).join('/');

/**
 * A stored file goes with what holds it (uploads/records.ts): deleting a message, a channel, a team
 * or an account removes its files from the storage after the commit, and the hourly sweep removes
 * what is due and left — uploads nothing took within a day, files whose removal failed.
 */
describe('files go with what holds them', () => {
  const uploadDir = mkdtempSync(path.join(os.tmpdir(), 'rally-file-removal-'));
  const ctx = withTestApp({ UPLOAD_DIR: uploadDir, RATE_LIMIT_REGISTER: '1000/3600', RATE_LIMIT_LOGIN: '1000/300' });
  let owner: TestUser;
  let member: TestUser;
  let team: TeamFixture;
  afterAll(() => rmSync(uploadDir, { recursive: true, force: true }));

  beforeAll(async () => {
    owner = await makeUser(ctx.app, 'owner');
    member = await makeUser(ctx.app, 'member');
    team = await makeTeam(ctx.app, owner, { name: 'Files', members: [member] });
  });

  const stored = (url: string) => existsSync(path.join(uploadDir, keyOf(url)));
  const rowOf = async (url: string) =>
    (
      await ctx.db
        .select()
        .from(uploads)
        .where(eq(uploads.key, keyOf(url)))
    )[0];
  async function attach(who: { cookie: string }): Promise<Attachment> {
    const { attachment } = await uploadAs(ctx.app, who, 'attachment');
    if (!attachment) throw new Error('no attachment in the answer');
    return attachment;
  }
  const image = async (who: { cookie: string }, type: UploadKind) => (await uploadAs(ctx.app, who, type)).url;
  async function send(who: { cookie: string }, channelId: string, body: Record<string, unknown>): Promise<{ id: string }> {
    const res = await call(ctx.app, 'POST', `/api/v1/channels/${channelId}/messages`, { cookie: who.cookie, body });
    expect(res.statusCode, res.body).toBe(201);
    return (res.json().message ?? res.json().scheduledMessage) as { id: string };
  }
  const later = () => new Date(Date.now() + 3_600_000).toISOString();

  it('deleting a message removes its files: gone from the storage, their rows gone, 404 to everyone', async () => {
    const a = await attach(member);
    const b = await attach(member);
    const message = await send(member, team.generalId, { content: 'two files', attachments: [{ id: a.id }, { id: b.id }] });
    expect([stored(a.url), stored(b.url)]).toEqual([true, true]);
    const res = await call(ctx.app, 'DELETE', `/api/v1/channels/${team.generalId}/messages/${message.id}`, { cookie: owner.cookie });
    expect(res.statusCode, res.body).toBe(200);
    expect([stored(a.url), stored(b.url)]).toEqual([false, false]);
    expect([await rowOf(a.url), await rowOf(b.url)]).toEqual([undefined, undefined]);
    for (const who of [owner, member]) expect((await ctx.app.inject({ method: 'GET', url: a.url, headers: { cookie: who.cookie } })).statusCode).toBe(404);
  });

  it("a delivered scheduled message's files are the message's: deleting it removes them", async () => {
    const a = await attach(member);
    const scheduled = await send(member, team.generalId, { content: 'scheduled file', attachments: [{ id: a.id }], scheduledAt: later() });
    await ctx.db
      .update(scheduledMessages)
      .set({ sendAt: new Date(Date.now() - 1000) })
      .where(eq(scheduledMessages.id, scheduled.id));
    await ctx.app.scheduler.run();
    const [row] = await ctx.db
      .execute(sql`select id::text as id from messages where content = 'scheduled file'`)
      .then((r) => (r as { rows: { id: string }[] }).rows);
    if (!row) throw new Error('the scheduled message was not sent');
    expect((await ctx.app.inject({ method: 'GET', url: a.url, headers: { cookie: owner.cookie } })).statusCode).toBe(200);
    expect((await call(ctx.app, 'DELETE', `/api/v1/channels/${team.generalId}/messages/${row.id}`, { cookie: member.cookie })).statusCode).toBe(200);
    expect(stored(a.url)).toBe(false);
  });

  it("deleting a channel removes its messages' and scheduled messages' files, and no other channel's", async () => {
    const channelId = await makeChannel(ctx.app, team.teamId, { name: 'doomed' });
    const sent = await attach(member);
    const waiting = await attach(member);
    const elsewhere = await attach(member);
    await send(member, channelId, { content: 'x', attachments: [{ id: sent.id }] });
    await send(member, channelId, { content: 'y', attachments: [{ id: waiting.id }], scheduledAt: later() });
    await send(member, team.generalId, { content: 'z', attachments: [{ id: elsewhere.id }] });
    const res = await call(ctx.app, 'DELETE', `/api/v1/teams/${team.teamId}/channels/${channelId}`, { cookie: owner.cookie });
    expect(res.statusCode, res.body).toBe(200);
    expect([stored(sent.url), stored(waiting.url), stored(elsewhere.url)]).toEqual([false, false, true]);
    expect(await rowOf(sent.url)).toBeUndefined();
  });

  it("deleting a team removes its picture, banner, emoji and channels' files; another team's stay", async () => {
    const creator = await makeUser(ctx.app, 'creator');
    const icon = await image(creator, 'teamIcon');
    const created = await call(ctx.app, 'POST', '/api/v1/teams', { cookie: creator.cookie, body: { name: 'Doomed team', profilePicture: icon } });
    expect(created.statusCode, created.body).toBe(201);
    const teamId = created.json().createdTeam.id as string;
    const banner = await image(creator, 'teamBanner');
    expect((await call(ctx.app, 'POST', `/api/v1/teams/${teamId}`, { cookie: creator.cookie, body: { banner } })).statusCode).toBe(200);
    const emojiRes = await postForm(
      ctx.app,
      `/api/v1/teams/${teamId}/bulk-reactions`,
      { emojis: [{ file: await makeImage('png'), filename: 'wave.png', contentType: 'image/png' }] },
      { cookie: creator.cookie },
    );
    expect(emojiRes.statusCode, emojiRes.body).toBe(201);
    const [emoji] = uploadEmojisResponseSchema.parse(emojiRes.json()).reactions;
    if (!emoji) throw new Error('no emoji');
    const channels = await call(ctx.app, 'GET', `/api/v1/teams/${teamId}/channels`, { cookie: creator.cookie });
    const channelId = (channels.json().channels as { id: string }[])[0]?.id ?? '';
    const file = await attach(creator);
    await send(creator, channelId, { content: 'f', attachments: [{ id: file.id }] });
    const otherTeamFile = await attach(member);
    await send(member, team.generalId, { content: 'kept', attachments: [{ id: otherTeamFile.id }] });
    expect([stored(icon), stored(banner), stored(emoji.url), stored(file.url)]).toEqual([true, true, true, true]);

    const res = await call(ctx.app, 'DELETE', '/api/teams', { cookie: creator.cookie, body: { id: teamId, name: 'Doomed team' } });
    expect(res.statusCode, res.body).toBe(200);
    expect([stored(icon), stored(banner), stored(emoji.url), stored(file.url)]).toEqual([false, false, false, false]);
    expect((await ctx.app.inject({ method: 'GET', url: emoji.url })).statusCode).toBe(404);
    expect(stored(otherTeamFile.url)).toBe(true);
  });

  it("deleting an account removes its avatar, banner, background, unsent and scheduled files; its messages' files stay", async () => {
    const registered = await registerViaApi(ctx.app, { password: PASSWORD });
    if (!registered.user || !registered.cookie) throw new Error('registration failed');
    const leaver = { id: registered.user.id, cookie: registered.cookie };
    await makeMember(ctx.app, team.teamId, leaver);
    const avatar = await image(leaver, 'userAvatar');
    const banner = await image(leaver, 'userBanner');
    const background = await image(leaver, 'customBackground');
    expect((await call(ctx.app, 'POST', '/api/v1/me/profile/avatar', { cookie: leaver.cookie, body: { avatar } })).statusCode).toBe(200);
    expect((await call(ctx.app, 'POST', '/api/v1/me/profile/banner', { cookie: leaver.cookie, body: { banner } })).statusCode).toBe(200);
    const unsent = await attach(leaver);
    const scheduled = await attach(leaver);
    const sent = await attach(leaver);
    await send(leaver, team.generalId, { content: 'later', attachments: [{ id: scheduled.id }], scheduledAt: later() });
    await send(leaver, team.generalId, { content: 'stays', attachments: [{ id: sent.id }] });
    const teamIcon = await image(owner, 'teamIcon');
    expect((await call(ctx.app, 'POST', `/api/v1/teams/${team.teamId}`, { cookie: owner.cookie, body: { profilePicture: teamIcon } })).statusCode).toBe(200);

    const res = await call(ctx.app, 'DELETE', '/api/v1/me', { cookie: leaver.cookie, body: { password: PASSWORD } });
    expect(res.statusCode, res.body).toBe(200);
    expect([avatar, banner, background, unsent.url, scheduled.url].map(stored)).toEqual([false, false, false, false, false]);
    expect(stored(sent.url)).toBe(true);
    expect((await ctx.app.inject({ method: 'GET', url: sent.url, headers: { cookie: member.cookie } })).statusCode).toBe(200);
    expect(stored(teamIcon)).toBe(true);
  });

  it('a new custom background replaces the one before (its file removed)', async () => {
    const first = await image(member, 'customBackground');
    const second = await image(member, 'customBackground');
    expect([stored(first), stored(second)]).toEqual([false, true]);
    expect((await ctx.app.inject({ method: 'GET', url: second })).statusCode).toBe(200);
  });

  describe('the sweep', () => {
    /** A day and an hour pass for these uploads (those held by something have no deadline). */
    const dayPasses = (urls: string[]) =>
      ctx.db
        .update(uploads)
        .set({ removeAt: sql`${uploads.removeAt} - interval '25 hours'` })
        .where(inArray(uploads.key, urls.map(keyOf)));

    it('removes an upload nothing took within a day, and keeps one in use and a fresh one', async () => {
      const orphan = await attach(member);
      const orphanImage = await image(member, 'teamIcon');
      const fresh = await attach(member);
      const used = await attach(member);
      await send(member, team.generalId, { content: 'used', attachments: [{ id: used.id }] });
      const avatar = await image(member, 'userAvatar');
      expect((await call(ctx.app, 'POST', '/api/v1/me/profile/avatar', { cookie: member.cookie, body: { avatar } })).statusCode).toBe(200);
      await dayPasses([orphan.url, orphanImage, used.url, avatar]);

      expect(await sweepUploads(ctx.db, ctx.app.storage)).toBeGreaterThanOrEqual(2);
      expect([stored(orphan.url), stored(orphanImage)]).toEqual([false, false]);
      expect([await rowOf(orphan.url), await rowOf(orphanImage)]).toEqual([undefined, undefined]);
      expect([stored(fresh.url), stored(used.url), stored(avatar)]).toEqual([true, true, true]);
      expect(
        (
          await call(ctx.app, 'POST', `/api/v1/channels/${team.generalId}/messages`, {
            cookie: member.cookie,
            body: { content: 'late', attachments: [{ id: orphan.id }] },
          })
        ).json(),
      ).toMatchObject({
        code: 'attachment_invalid',
      });
    });

    it('keeps the row of a file whose removal failed, and removes it on the next run', async () => {
      const orphan = await attach(member);
      await dayPasses([orphan.url]);
      const failing: Storage = new Proxy(ctx.app.storage, {
        get: (target, key, receiver) => (key === 'delete' ? () => Promise.reject(new Error('storage unreachable')) : Reflect.get(target, key, receiver)),
      });
      await expect(sweepUploads(ctx.db, failing)).rejects.toThrow('storage unreachable');
      expect(await rowOf(orphan.url)).toBeDefined();
      expect(stored(orphan.url)).toBe(true);
      await sweepUploads(ctx.db, ctx.app.storage);
      expect(await rowOf(orphan.url)).toBeUndefined();
      expect(stored(orphan.url)).toBe(false);
    });

    it('sweeps running at once share the work: each upload is removed once', async () => {
      const orphans = await Promise.all(Array.from({ length: 6 }, () => attach(owner)));
      await dayPasses(orphans.map((o) => o.url));
      const counts = await Promise.all([sweepUploads(ctx.db, ctx.app.storage), sweepUploads(ctx.db, ctx.app.storage)]);
      expect(counts[0] + counts[1]).toBe(orphans.length);
      expect(orphans.map((o) => stored(o.url))).toEqual(orphans.map(() => false));
    });
  });
});
