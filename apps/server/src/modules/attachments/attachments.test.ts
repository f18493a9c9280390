import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, inArray, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Attachment } from '@rally/shared/api/attachments';
import { listMessagesResponseSchema, messageSchema } from '@rally/shared/api/messages';
import { scheduledMessageSchema } from '@rally/shared/api/scheduled-messages';
import { uploadResponseSchema } from '@rally/shared/api/uploads';
import { call, withTestApp } from '../../../test/helpers/app';
import { makeTeam, makeUser, type TeamFixture, type TestUser } from '../../../test/helpers/factories';
import { makeImage, postForm, type FormPart } from '../../../test/helpers/images';
import { messages, uploads } from '../../db/schema';
import { sweepUploads } from '../uploads/records';

const file = (bytes: Uint8Array, filename: string, contentType = 'application/octet-stream'): FormPart => ({ file: bytes, filename, contentType });
const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\n'), Buffer.alloc(200, 0x20)]);
const MP4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.alloc(300)]);

describe('message attachments', () => {
  const uploadDir = mkdtempSync(path.join(os.tmpdir(), 'rally-attach-test-'));
  const ctx = withTestApp({ UPLOAD_DIR: uploadDir });
  let owner: TestUser;
  let member: TestUser;
  let team: TeamFixture;

  beforeAll(async () => {
    owner = await makeUser(ctx.app, 'owner');
    member = await makeUser(ctx.app, 'member');
    team = await makeTeam(ctx, owner, { name: 'Files', members: [member] });
  });
  afterAll(() => rmSync(uploadDir, { recursive: true, force: true }));

  const upload = (who: TestUser, image: FormPart, fields: Record<string, string> = {}) =>
    postForm(ctx.app, '/api/v1/upload', { type: 'attachment', ...fields, image }, { cookie: who.cookie });
  async function attach(who: TestUser, image: FormPart, fields: Record<string, string> = {}): Promise<Attachment> {
    const res = await upload(who, image, fields);
    expect(res.statusCode, res.body).toBe(201);
    const body = uploadResponseSchema.parse(res.json());
    if (!body.attachment) throw new Error('no attachment in the answer');
    expect(body.id).toBe(body.attachment.id);
    return body.attachment;
  }
  const send = (who: TestUser, body: Record<string, unknown>, channelId = team.generalId) =>
    call(ctx.app, 'POST', `/api/v1/channels/${channelId}/messages`, { cookie: who.cookie, body });
  const storedFile = (a: Attachment) => path.join(uploadDir, a.url.replace(/^\/uploads\//, ''));

  describe('upload (type attachment)', () => {
    it('stores an image re-encoded without metadata, with its size, served inline', async () => {
      const photo = await sharp({ create: { width: 30, height: 20, channels: 3, background: '#c33' } })
        .jpeg()
        .withExif({ IFD0: { Make: 'SpyCam' } })
        .toBuffer();
      const a = await attach(owner, file(photo, 'trip.jpg', 'image/jpeg'));
      expect(a).toEqual({
        id: a.id,
        url: expect.stringMatching(/^\/uploads\/attachment\/[\w-]{22}\.jpg$/),
        name: 'trip.jpg',
        fileSizeBytes: expect.any(Number),
        type: 'image',
        contentType: 'image/jpeg',
        width: 30,
        height: 20,
      });
      const served = await ctx.app.inject({ method: 'GET', url: a.url, headers: { cookie: owner.cookie } });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/jpeg');
      expect(served.headers['content-disposition']).toBe('inline');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.rawPayload.includes('SpyCam')).toBe(false);
      expect(served.rawPayload.length).toBe(a.fileSizeBytes);
    });

    it('stores a document as it is, served as a download only', async () => {
      const a = await attach(owner, file(PDF, 'rules.pdf', 'application/pdf'));
      expect(a).toMatchObject({ name: 'rules.pdf', type: 'file', contentType: 'application/pdf', fileSizeBytes: PDF.length, width: null, height: null });
      const served = await ctx.app.inject({ method: 'GET', url: a.url, headers: { cookie: owner.cookie } });
      expect(served.headers['content-type']).toBe('application/pdf');
      expect(served.headers['content-disposition']).toBe('attachment');
      expect(served.rawPayload.equals(PDF)).toBe(true);
    });

    it("keeps a video's size as the client read it; text named .html is stored as text to download", async () => {
      const video = await attach(owner, file(MP4, 'clip.mp4', 'video/mp4'), { width: '1280', height: '720' });
      expect(video).toMatchObject({ type: 'video', contentType: 'video/mp4', width: 1280, height: 720 });
      const html = await attach(owner, file(Buffer.from('<script>alert(1)</script>'), 'page.html', 'text/html'));
      expect(html).toMatchObject({ type: 'file', contentType: 'text/plain; charset=utf-8', name: 'page.html.txt' });
      const served = await ctx.app.inject({ method: 'GET', url: html.url, headers: { cookie: owner.cookie } });
      expect(served.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(served.headers['content-disposition']).toBe('attachment');
    });

    it('refuses what is none of the formats, an empty file and a bad video size; nothing is stored', async () => {
      const before = await ctx.db.select().from(uploads);
      const exe = await upload(owner, file(Buffer.from([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0, 4, 0]), 'game.png', 'image/png'));
      expect(exe.statusCode).toBe(400);
      expect(exe.json()).toMatchObject({
        code: 'attachment_format_unsupported',
        errors: { image: 'This file type cannot be attached: images, videos, audio, PDF, Word, Excel, PowerPoint and text files can' },
      });
      const empty = await upload(owner, file(Buffer.alloc(0), 'empty.txt'));
      expect(empty.json()).toMatchObject({ code: 'attachment_file_required' });
      const size = await upload(owner, file(MP4, 'clip.mp4'), { width: '0', height: 'huge' });
      expect(size.statusCode).toBe(400);
      expect(await ctx.db.select().from(uploads)).toHaveLength(before.length);
    });

    it('refuses a file over 20 MB with the spec text (413)', async () => {
      const res = await upload(owner, file(Buffer.concat([PDF, Buffer.alloc(20 * 1024 * 1024)]), 'big.pdf'));
      expect(res.statusCode).toBe(413);
      expect(res.json()).toMatchObject({ code: 'upload_too_large', message: 'File size exceeds 20MB.' });
    });
  });

  describe('sending', () => {
    it('sends files with a message (text optional), live and in history, in the order given', async () => {
      const pdf = await attach(member, file(PDF, 'a.pdf'));
      const png = await attach(member, file(await makeImage('png', 12, 10), 'b.png', 'image/png'));
      const since = ctx.events.mark();
      const res = await send(member, { content: '  ', attachments: [{ id: png.id }, { id: pdf.id }], nonce: 'n1' });
      expect(res.statusCode, res.body).toBe(201);
      const message = messageSchema.parse(res.json().message);
      expect(message.content).toBe('');
      expect(message.attachments).toEqual([png, pdf]);
      const event = await ctx.events.waitFor('MESSAGE_SEND', { since, where: (e) => e.event.data.id === message.id });
      expect(event.event.data.attachments).toEqual([png, pdf]);
      const history = listMessagesResponseSchema.parse(
        (await call(ctx.app, 'GET', `/api/v1/channels/${team.generalId}/messages`, { cookie: owner.cookie })).json(),
      );
      expect(history.messages.find((m) => m.id === message.id)?.attachments).toEqual([png, pdf]);
      const one = await call(ctx.app, 'GET', `/api/v1/channels/${team.generalId}/messages/${message.id}`, { cookie: owner.cookie });
      expect(one.json().message.attachments).toEqual([png, pdf]);
    });

    it('lets the author edit a message with attachments down to no text', async () => {
      const a = await attach(member, file(PDF, 'c.pdf'));
      const sent = messageSchema.parse((await send(member, { content: 'see file', attachments: [{ id: a.id }] })).json().message);
      const edit = await call(ctx.app, 'PATCH', `/api/v1/channels/${team.generalId}/messages/${sent.id}`, { cookie: member.cookie, body: { content: '' } });
      expect(edit.statusCode, edit.body).toBe(200);
      expect(edit.json().message).toMatchObject({ content: '', attachments: [a] });
      const plain = messageSchema.parse((await send(member, { content: 'text only' })).json().message);
      const blank = await call(ctx.app, 'PATCH', `/api/v1/channels/${team.generalId}/messages/${plain.id}`, { cookie: member.cookie, body: { content: ' ' } });
      expect(blank.json()).toMatchObject({ code: 'message_empty' });
    });

    it('refuses a blank message without files, more than 5 files, a repeated id', async () => {
      expect((await send(member, { content: ' ' })).json()).toMatchObject({ code: 'message_empty', message: 'A message needs text or an attachment' });
      const six = Array.from({ length: 6 }, (_, i) => ({ id: String(1000 + i) }));
      const many = await send(member, { content: 'x', attachments: six });
      expect(many.statusCode).toBe(400);
      expect(many.json()).toMatchObject({ code: 'attachments_too_many', errors: { attachments: 'You can attach at most 5 files to a message' } });
      const a = await attach(member, file(PDF, 'd.pdf'));
      expect((await send(member, { content: 'x', attachments: [{ id: a.id }, { id: a.id }] })).json()).toMatchObject({ code: 'attachment_invalid' });
    });

    it("sends each upload once, only its uploader's, and a refused send takes none of them", async () => {
      const mine = await attach(member, file(PDF, 'e.pdf'));
      const theirs = await attach(owner, file(PDF, 'f.pdf'));
      const count = async () => (await ctx.db.select({ id: messages.id }).from(messages).where(eq(messages.channelId, team.generalId))).length;
      const before = await count();
      const stolen = await send(member, { content: 'x', attachments: [{ id: mine.id }, { id: theirs.id }] });
      expect(stolen.statusCode).toBe(400);
      expect(stolen.json()).toMatchObject({ code: 'attachment_invalid', message: 'An attachment could not be found; upload it again' });
      expect(await count()).toBe(before);
      // Nothing was taken: the member's own file can still be sent, once.
      expect((await send(member, { content: 'x', attachments: [{ id: mine.id }] })).statusCode).toBe(201);
      expect((await send(member, { content: 'again', attachments: [{ id: mine.id }] })).json()).toMatchObject({ code: 'attachment_invalid' });
      expect(await count()).toBe(before + 1);
    });

    it('sends a scheduled message with its files when it is due; a cancelled one frees them', async () => {
      const a = await attach(member, file(PDF, 'later.pdf'));
      const at = new Date(Date.now() + 60_000).toISOString();
      const res = await send(member, { content: '', attachments: [{ id: a.id }], scheduledAt: at });
      expect(res.statusCode, res.body).toBe(201);
      const scheduled = scheduledMessageSchema.parse(res.json().scheduledMessage);
      expect(scheduled.attachments).toEqual([a]);
      await call(ctx.app, 'DELETE', `/api/v1/channels/${team.generalId}/scheduled-messages/${scheduled.id}`, { cookie: member.cookie });
      // Free again: it goes out with a message now.
      const now = await send(member, { content: 'now', attachments: [{ id: a.id }] });
      expect(now.json().message.attachments).toEqual([a]);
    });
  });

  it('removes uploads no message took within a day, with their files, and keeps sent ones', async () => {
    const sent = await attach(member, file(PDF, 'kept.pdf'));
    await send(member, { content: 'kept', attachments: [{ id: sent.id }] });
    const unsent = await attach(member, file(PDF, 'gone.pdf'));
    const fresh = await attach(member, file(PDF, 'fresh.pdf'));
    // A day and an hour pass for two of them (the sent one has no deadline any more).
    await ctx.db
      .update(uploads)
      .set({ removeAt: sql`${uploads.removeAt} - interval '25 hours'`, createdAt: new Date(Date.now() - 25 * 3_600_000) })
      .where(inArray(uploads.id, [sent.id, unsent.id]));
    expect(await sweepUploads(ctx.db, ctx.app.storage)).toBeGreaterThanOrEqual(1);
    const left = (await ctx.db.select({ id: uploads.id }).from(uploads)).map((r) => r.id);
    expect(left).toContain(sent.id);
    expect(left).toContain(fresh.id);
    expect(left).not.toContain(unsent.id);
    expect(existsSync(storedFile(unsent))).toBe(false);
    expect(existsSync(storedFile(sent))).toBe(true);
    expect((await send(member, { content: 'late', attachments: [{ id: unsent.id }] })).json()).toMatchObject({ code: 'attachment_invalid' });
  });
});
