import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { customEmojiPath, teamEmojiSchema, teamEmojisResponseSchema, uploadEmojisResponseSchema, type TeamEmoji } from '@rally/shared/api/emojis';
import { LIMITS } from '@rally/shared/limits';
import { TeamPermission } from '@rally/shared/permissions';
import { call, withTestApp } from '../../../test/helpers/app';
import { makeMember, makeTeam, makeUser, type TeamFixture, type TestUser } from '../../../test/helpers/factories';
import { makeAnimatedGif, makeImage, postForm, type FormPart } from '../../../test/helpers/images';
import { first } from '../../../test/helpers/rows';
import { auditLogEntries, emojis } from '../../db/schema';
import { UPLOADS_PATH } from '../uploads/storage';
import { withUniqueNames, nameFromFileName } from './names';
import { emojiKey } from './service';
import { makeEmoji, makeEmojis } from './testing';

const file = (bytes: Uint8Array, filename: string, contentType = 'image/png'): Exclude<FormPart, string> => ({ file: bytes, filename, contentType });

describe('emoji names', () => {
  it('come from the file name without folders and extension, cleaned as the emoji form cleans them, else `emoji`', () => {
    expect(nameFromFileName('Party Parrot.gif')).toBe('Party_Parrot');
    expect(nameFromFileName('C:\\pics\\ok-hand!.png')).toBe('okhand');
    expect(nameFromFileName('dir/a.b.webp')).toBe('ab');
    expect(nameFromFileName('noext')).toBe('noext');
    expect(nameFromFileName('çğü.png')).toBe('emoji');
    expect(nameFromFileName('.png')).toBe('emoji');
    expect(nameFromFileName('')).toBe('emoji');
    expect(nameFromFileName(`${'x'.repeat(40)}.png`)).toBe('x'.repeat(32));
  });

  it('are made unique with _2, _3, … within 32 characters, against the team and one another', () => {
    const long = 'y'.repeat(32);
    const named = withUniqueNames(
      ['gg', 'gg', 'gg', long, long, 'new'].map((name) => ({ name })),
      ['gg', long, 'gg_3'],
    );
    expect(named.map((n) => n.name)).toEqual(['gg_2', 'gg_4', 'gg_5', `${'y'.repeat(30)}_2`, `${'y'.repeat(30)}_3`, 'new']);
    const crowded = ['a', ...Array.from({ length: 8 }, (_, i) => `a_${i + 2}`)];
    expect(withUniqueNames([{ name: 'a' }], crowded)).toEqual([{ name: 'a_10' }]);
  });
});

describe('team emoji', () => {
  const uploadDir = mkdtempSync(path.join(os.tmpdir(), 'rally-emoji-test-'));
  const ctx = withTestApp({ UPLOAD_DIR: uploadDir });
  afterAll(() => rmSync(uploadDir, { recursive: true, force: true }));

  let owner: TestUser;
  let manager: TestUser;
  let member: TestUser;
  let outsider: TestUser;
  let team: TeamFixture;

  beforeAll(async () => {
    owner = await makeUser(ctx.app, 'owner');
    manager = await makeUser(ctx.app, 'manager');
    member = await makeUser(ctx.app, 'member');
    outsider = await makeUser(ctx.app, 'outsider');
    team = await makeTeam(ctx, owner, { name: 'Emoji' });
    await makeMember(ctx, team.teamId, manager, { roles: [{ name: 'managers', permissions: TeamPermission.MANAGE_TEAM }] });
    await makeMember(ctx, team.teamId, member);
  });

  const base = (teamId: string) => `/api/v1/teams/${teamId}`;
  const upload = (who: TestUser, teamId: string, files: FormPart[]) =>
    postForm(ctx.app, `${base(teamId)}/bulk-reactions`, { emojis: files }, { cookie: who.cookie });
  const rename = (who: TestUser, teamId: string, emojiId: string, body: unknown) =>
    call(ctx.app, 'PUT', `${base(teamId)}/reactions/${emojiId}`, { cookie: who.cookie, body });
  const remove = (who: TestUser, teamId: string, emojiId: string) => call(ctx.app, 'DELETE', `${base(teamId)}/reactions/${emojiId}`, { cookie: who.cookie });
  const list = async (who: TestUser, teamId: string): Promise<TeamEmoji[]> => {
    const res = await call(ctx.app, 'GET', `${base(teamId)}/reactions`, { cookie: who.cookie });
    expect(res.statusCode, res.body).toBe(200);
    return teamEmojisResponseSchema.parse(res.json()).reactions;
  };
  const rowsOf = (teamId: string) => ctx.db.select().from(emojis).where(eq(emojis.teamId, teamId)).orderBy(asc(emojis.id));
  const auditOf = (teamId: string) => ctx.db.select().from(auditLogEntries).where(eq(auditLogEntries.teamId, teamId)).orderBy(asc(auditLogEntries.id));
  /** The images in the storage (UPLOAD_DIR/emojis). */
  const storedImages = () => (existsSync(path.join(uploadDir, 'emojis')) ? readdirSync(path.join(uploadDir, 'emojis')).sort() : []);
  const serve = (url: string) => ctx.app.inject({ method: 'GET', url });
  const freshTeam = async () => makeTeam(ctx, owner, { name: 'Fresh', members: [member] });

  it('stores png, animated gif and webp as webp at most 128 px square (aspect kept, animation kept, no metadata), named after their files', async () => {
    const before = storedImages();
    const since = ctx.events.mark();
    const animatedWebp = await sharp(await makeAnimatedGif(2), { animated: true })
      .webp()
      .withExif({ IFD0: { Artist: 'Someone Private' } })
      .toBuffer();
    const res = await upload(manager, team.teamId, [
      file(await makeImage('png', 300, 200), 'Party Parrot.png'),
      file(await makeAnimatedGif(3), 'dance.gif', 'image/gif'),
      file(animatedWebp, 'wave.webp', 'image/webp'),
      file(await makeImage('webp', 20, 40), 'tall.webp', 'image/webp'),
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const body = uploadEmojisResponseSchema.parse(res.json());
    expect(body.message).toBe('Emojis uploaded successfully');
    expect(body.reactions.map((e) => e.name)).toEqual(['Party_Parrot', 'dance', 'wave', 'tall']);
    for (const emoji of body.reactions) {
      expect(emoji).toEqual({
        id: expect.stringMatching(/^\d+$/),
        teamId: team.teamId,
        name: emoji.name,
        url: customEmojiPath(emoji.id),
        createdAt: expect.any(String),
        creator: { id: manager.id, username: manager.username },
      });
      expect(`${UPLOADS_PATH}/${emojiKey(emoji.id)}`).toBe(emoji.url);
    }

    const [parrot, dance, wave, tall] = await Promise.all(body.reactions.map((e) => serve(e.url)));
    for (const served of [parrot, dance, wave, tall]) {
      expect(served!.statusCode).toBe(200);
      expect(served!.headers['content-type']).toBe('image/webp');
      expect(served!.headers['content-disposition']).toBe('inline');
    }
    const meta = (served: typeof parrot) => sharp(served!.rawPayload, { animated: true }).metadata();
    const still = await meta(parrot);
    expect([still.format, still.width, still.height, still.pages ?? 1]).toEqual(['webp', 128, 85, 1]);
    expect(await meta(dance)).toMatchObject({ format: 'webp', width: 8, pageHeight: 8, pages: 3 });
    const waved = await meta(wave);
    expect(waved).toMatchObject({ format: 'webp', width: 8, pageHeight: 8, pages: 2 });
    expect(waved.exif).toBeUndefined();
    expect(wave!.rawPayload.includes('Someone Private')).toBe(false);
    expect(await meta(tall)).toMatchObject({ width: 20, height: 40 });
    expect(storedImages()).toEqual([...before, ...body.reactions.map((e) => `${e.id}.webp`)].sort());

    // The rows, one EMOJI_CREATED entry each, and the whole list to the team.
    expect((await rowsOf(team.teamId)).map((r) => [r.id, r.name, r.url, r.createdBy])).toEqual(body.reactions.map((e) => [e.id, e.name, e.url, manager.id]));
    const audit = (await auditOf(team.teamId)).filter((a) => a.actionType === 'EMOJI_CREATED');
    expect(audit.map((a) => [a.actorId, a.targetType, a.targetId, a.changes])).toEqual(
      body.reactions.map((e) => [manager.id, 'emoji', e.id, [{ key: 'name', old: null, new: e.name }]]),
    );
    const event = await ctx.events.waitFor('TEAM_EMOJIS_UPDATED', { since });
    expect(event.audience).toEqual({ kind: 'team', teamId: team.teamId });
    expect(event.event.data).toEqual({ teamId: team.teamId, emojis: await list(member, team.teamId) });
  });

  it('lists the team emoji oldest first with their uploader, to members only', async () => {
    const t = await freshTeam();
    const a = await makeEmoji(ctx.app, t.teamId, 'first');
    const res = await upload(owner, t.teamId, [file(await makeImage('png'), 'second.png')]);
    expect(res.statusCode, res.body).toBe(201);
    const listed = await list(member, t.teamId);
    expect(listed.map((e) => [e.name, e.creator])).toEqual([
      ['first', null],
      ['second', { id: owner.id, username: owner.username }],
    ]);
    expect(listed[0]).toEqual(teamEmojiSchema.parse({ ...a, createdAt: listed[0]!.createdAt, creator: null }));
    for (const path of [`/api/v1/teams/${t.teamId}/reactions`, `/api/teams/${t.teamId}/reactions`]) {
      expect((await call(ctx.app, 'GET', path, { cookie: outsider.cookie })).statusCode).toBe(404);
    }
  });

  it('names clashing uploads gg_2, gg_3 and an unusable file name `emoji`', async () => {
    const t = await freshTeam();
    await makeEmoji(ctx.app, t.teamId, 'gg');
    await makeEmoji(ctx.app, t.teamId, 'emoji');
    const png = await makeImage('png');
    const res = await upload(owner, t.teamId, [file(png, 'gg.png'), file(png, 'gg.gif'), file(png, 'ğüş.png'), file(png, 'x'.repeat(40) + '.png')]);
    expect(res.statusCode, res.body).toBe(201);
    expect(uploadEmojisResponseSchema.parse(res.json()).reactions.map((e) => e.name)).toEqual(['gg_2', 'gg_3', 'emoji_2', 'x'.repeat(32)]);
    const again = await upload(owner, t.teamId, [file(png, 'x'.repeat(33) + '.png')]);
    expect(uploadEmojisResponseSchema.parse(again.json()).reactions.map((e) => e.name)).toEqual(['x'.repeat(30) + '_2']);
  });

  it('refuses a jpeg, an svg, text or a broken image named .png (by content), and then stores nothing of the upload', async () => {
    const t = await freshTeam();
    const before = storedImages();
    const good = file(await makeImage('png'), 'good.png');
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><script>alert(1)</script></svg>');
    const brokenPng = Buffer.concat([(await makeImage('png')).subarray(0, 20), Buffer.alloc(50, 7)]);
    for (const bad of [
      file(await makeImage('jpeg'), 'photo.png'),
      file(svg, 'icon.png', 'image/svg+xml'),
      file(Buffer.from('just some text'), 'notes.png', 'text/plain'),
      file(brokenPng, 'broken.png'),
      file(Buffer.alloc(0), 'empty.png'),
    ]) {
      const res = await upload(owner, t.teamId, [good, bad]);
      expect(res.statusCode, bad.filename).toBe(400);
      expect(res.json()).toEqual({
        success: false,
        code: 'emoji_file_invalid',
        message: 'Emoji must be webp, png or gif images',
        errors: { emojis: 'Emoji must be webp, png or gif images' },
      });
    }
    expect(await rowsOf(t.teamId)).toEqual([]);
    expect(storedImages()).toEqual(before);
  });

  it('refuses a file over 1 MB (413), more than 10 files (413), none (400), and a body that is not multipart (415)', async () => {
    const t = await freshTeam();
    const png = await makeImage('png');
    const big = Buffer.concat([png, Buffer.alloc(LIMITS.emoji.fileMaxBytes, 1)]);
    const tooLarge = await upload(owner, t.teamId, [file(png, 'a.png'), file(big, 'big.png')]);
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toMatchObject({ code: 'emoji_file_too_large', message: 'Each emoji file can be at most 1 MB' });

    const eleven = Array.from({ length: LIMITS.emoji.perUpload + 1 }, (_, i) => file(png, `e${i}.png`));
    const tooMany = await upload(owner, t.teamId, eleven);
    expect(tooMany.statusCode).toBe(413);
    expect(tooMany.json()).toMatchObject({ code: 'emoji_files_too_many', message: 'You can upload at most 10 emoji at once' });
    const ten = await upload(owner, t.teamId, eleven.slice(1));
    expect(ten.statusCode, ten.body).toBe(201);

    for (const parts of [{}, { note: 'no file' }] as Record<string, FormPart>[]) {
      const none = await postForm(ctx.app, `${base(t.teamId)}/bulk-reactions`, parts, { cookie: owner.cookie });
      expect(none.statusCode, none.body).toBe(400);
      expect(none.json()).toMatchObject({ code: 'emoji_files_missing', errors: { emojis: 'Choose at least one image' } });
    }
    const otherField = await postForm(ctx.app, `${base(t.teamId)}/bulk-reactions`, { image: file(png, 'a.png') }, { cookie: owner.cookie });
    expect(otherField.statusCode).toBe(400);
    const json = await call(ctx.app, 'POST', `${base(t.teamId)}/bulk-reactions`, { cookie: owner.cookie, body: { emojis: [] } });
    expect(json.statusCode).toBe(415);
    expect((await rowsOf(t.teamId)).length).toBe(10);
  });

  it(`keeps a team at ${LIMITS.emoji.perTeam} emoji, also under concurrent uploads, leaving nothing of a refused one`, async () => {
    const t = await freshTeam();
    await makeEmojis(ctx.app, t.teamId, LIMITS.emoji.perTeam - 2);
    const png = await makeImage('png');
    const before = storedImages();
    const over = await upload(owner, t.teamId, [file(png, 'a.png'), file(png, 'b.png'), file(png, 'c.png')]);
    expect(over.statusCode).toBe(400);
    expect(over.json()).toMatchObject({ code: 'emoji_limit', message: `A team can have at most ${LIMITS.emoji.perTeam} emoji` });
    expect(storedImages()).toEqual(before);
    expect((await rowsOf(t.teamId)).length).toBe(LIMITS.emoji.perTeam - 2);
    expect((await upload(owner, t.teamId, [file(png, 'one.png')])).statusCode).toBe(201);

    const racing = await Promise.all(['x.png', 'y.png', 'z.png'].map((name) => upload(owner, t.teamId, [file(png, name)])));
    expect(racing.map((r) => r.statusCode).sort()).toEqual([201, 400, 400]);
    expect((await rowsOf(t.teamId)).length).toBe(LIMITS.emoji.perTeam);
    expect(storedImages().length).toBe(before.length + 2);
  });

  it('renames: the name rules, 404 for another team’s emoji, 409 on a clash, an EMOJI_UPDATED entry and the list published', async () => {
    const t = await freshTeam();
    const gg = await makeEmoji(ctx.app, t.teamId, 'gg');
    await makeEmoji(ctx.app, t.teamId, 'taken');
    const foreign = await makeEmoji(ctx.app, team.teamId, 'foreign');

    for (const name of ['', 'has space', 'dash-ed', 'x'.repeat(33), 'çok', 12]) {
      const res = await rename(owner, t.teamId, gg.id, { name });
      expect(res.statusCode, String(name)).toBe(400);
      expect(res.json()).toMatchObject({ code: 'emoji_name_invalid', errors: { name: expect.any(String) } });
    }
    expect((await rename(owner, t.teamId, foreign.id, { name: 'mine' })).json()).toMatchObject({ code: 'emoji_not_found' });
    expect((await rename(owner, t.teamId, foreign.id, { name: 'mine' })).statusCode).toBe(404);
    const clash = await rename(owner, t.teamId, gg.id, { name: 'taken' });
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toMatchObject({ code: 'emoji_name_taken', message: 'This team already has an emoji with that name' });
    expect(await auditOf(t.teamId)).toEqual([]);

    const since = ctx.events.mark();
    const res = await rename(owner, t.teamId, gg.id, { name: 'good_game' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, reaction: { ...gg, name: 'good_game', createdAt: expect.any(String), creator: null } });
    expect(first(await ctx.db.select().from(emojis).where(eq(emojis.id, gg.id))).name).toBe('good_game');
    expect((await auditOf(t.teamId)).map((a) => [a.actionType, a.actorId, a.targetType, a.targetId, a.changes])).toEqual([
      ['EMOJI_UPDATED', owner.id, 'emoji', gg.id, [{ key: 'name', old: 'gg', new: 'good_game' }]],
    ]);
    const event = await ctx.events.waitFor('TEAM_EMOJIS_UPDATED', { since });
    expect(event.event.data.emojis.map((e) => e.name)).toEqual(['good_game', 'taken']);
    // The same name again: nothing written, nothing published.
    const mark = ctx.events.mark();
    expect((await rename(owner, t.teamId, gg.id, { name: 'good_game' })).statusCode).toBe(200);
    expect((await auditOf(t.teamId)).length).toBe(1);
    expect(ctx.events.ofType('TEAM_EMOJIS_UPDATED', { since: mark })).toEqual([]);
  });

  it('deletes the row and its image, writes EMOJI_DELETED and publishes the list; another team’s or a deleted one is 404', async () => {
    const t = await freshTeam();
    const res = await upload(owner, t.teamId, [file(await makeImage('png'), 'bye.png'), file(await makeImage('png'), 'stay.png')]);
    const [bye, stay] = uploadEmojisResponseSchema.parse(res.json()).reactions;
    expect((await serve(bye!.url)).statusCode).toBe(200);
    const foreign = await makeEmoji(ctx.app, team.teamId, 'foreign');
    expect((await remove(owner, t.teamId, foreign.id)).statusCode).toBe(404);

    const since = ctx.events.mark();
    const deleted = await remove(owner, t.teamId, bye!.id);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toEqual({ success: true });
    expect((await rowsOf(t.teamId)).map((r) => r.id)).toEqual([stay!.id]);
    expect((await serve(bye!.url)).statusCode).toBe(404);
    expect(storedImages()).not.toContain(`${bye!.id}.webp`);
    expect((await serve(stay!.url)).statusCode).toBe(200);
    const entries = await ctx.db
      .select()
      .from(auditLogEntries)
      .where(and(eq(auditLogEntries.teamId, t.teamId), eq(auditLogEntries.actionType, 'EMOJI_DELETED')));
    expect(entries.map((a) => [a.actorId, a.targetId, a.changes])).toEqual([[owner.id, bye!.id, [{ key: 'name', old: 'bye', new: null }]]]);
    expect((await ctx.events.waitFor('TEAM_EMOJIS_UPDATED', { since })).event.data.emojis.map((e) => e.id)).toEqual([stay!.id]);
    const again = await remove(owner, t.teamId, bye!.id);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ code: 'emoji_not_found', message: 'This emoji no longer exists' });
  });

  it('refuses a member without MANAGE_TEAM (403) and an outsider (404), changing nothing', async () => {
    const t = await freshTeam();
    const gg = await makeEmoji(ctx.app, t.teamId, 'gg');
    const before = { rows: await rowsOf(t.teamId), images: storedImages(), audit: await auditOf(t.teamId) };
    const png = await makeImage('png');
    for (const [who, status] of [
      [member, 403],
      [outsider, 404],
    ] as const) {
      expect((await upload(who, t.teamId, [file(png, 'no.png')])).statusCode).toBe(status);
      expect((await rename(who, t.teamId, gg.id, { name: 'no' })).statusCode).toBe(status);
      expect((await remove(who, t.teamId, gg.id)).statusCode).toBe(status);
    }
    expect((await upload(member, t.teamId, [file(png, 'no.png')])).json()).toMatchObject({ code: 'forbidden' });
    expect({ rows: await rowsOf(t.teamId), images: storedImages(), audit: await auditOf(t.teamId) }).toEqual(before);
  });
});
