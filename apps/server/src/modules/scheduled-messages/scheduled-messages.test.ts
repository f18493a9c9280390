import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { messageSchema } from '@rally/shared/api/messages';
import { scheduledMessageSchema } from '@rally/shared/api/scheduled-messages';
import { LIMITS } from '@rally/shared/limits';
import { ChannelPermission } from '@rally/shared/permissions';
import { call, withTestApp } from '../../../test/helpers/app';
import { makeChannel, makeMember, makeTeam, makeUser, type TeamFixture, type TestUser } from '../../../test/helpers/factories';
import { first } from '../../../test/helpers/rows';
import { channels, messages, scheduledMessages, teamMembers } from '../../db/schema';
import { newId } from '../../lib/snowflake';
import { insertMessage } from '../messages/repository';
import { insertScheduled } from './repository';

const DAY_MS = 86_400_000;
const inMs = (ms: number) => new Date(Date.now() + ms).toISOString();

describe('scheduled messages', () => {
  // Polls once an hour: these tests send what is due themselves (scheduler.run()), or rely on the
  // wake-up of a message scheduled through the app.
  const ctx = withTestApp();

  let owner: TestUser;
  let member: TestUser;
  let team: TeamFixture;

  beforeAll(async () => {
    owner = await makeUser(ctx.app, 'owner');
    member = await makeUser(ctx.app, 'member');
    team = await makeTeam(ctx, owner, { name: 'Sched', members: [member] });
  });

  const send = (who: TestUser, channelId: string, body: Record<string, unknown>, headers?: Record<string, string>) =>
    call(ctx.app, 'POST', `/api/v1/channels/${channelId}/messages`, { cookie: who.cookie, body, headers });
  const listScheduled = (who: TestUser, channelId: string) => call(ctx.app, 'GET', `/api/v1/channels/${channelId}/scheduled-messages`, { cookie: who.cookie });
  const cancel = (who: TestUser, channelId: string, id: string) =>
    call(ctx.app, 'DELETE', `/api/v1/channels/${channelId}/scheduled-messages/${id}`, { cookie: who.cookie });
  const rowsOf = (authorId: string) => ctx.db.select().from(scheduledMessages).where(eq(scheduledMessages.authorId, authorId));
  const messagesWith = (content: string) => ctx.db.select().from(messages).where(eq(messages.content, content));

  /** A waiting message that fell due a minute ago (a fixture row, as if scheduled earlier). */
  const dueRow = (authorId: string, channelId: string, content: string, replyTo: string | null = null) =>
    insertScheduled(ctx.db, { id: newId(), channelId, authorId, content, replyTo, sendAt: new Date(Date.now() - 60_000) });

  describe('validation', () => {
    it('refuses a time that is not an ISO instant with its offset, in the past, or more than 365 days ahead; nothing is stored or sent', async () => {
      const user = await makeUser(ctx.app);
      await makeMember(ctx, team.teamId, user);
      const since = ctx.events.mark();
      const cases: [unknown, string, string][] = [
        ['tomorrow', 'message_schedule_invalid', 'Enter a valid date and time'],
        ['2030-01-01T10:00:00', 'message_schedule_invalid', 'Enter a valid date and time'],
        [12345, 'message_schedule_invalid', 'Enter a valid date and time'],
        [inMs(-60_000), 'message_schedule_past', 'Pick a time in the future'],
        [inMs(366 * DAY_MS), 'message_schedule_too_far', 'Messages can be scheduled at most 365 days ahead'],
      ];
      for (const [scheduledAt, code, message] of cases) {
        const res = await send(user, team.generalId, { content: 'later', scheduledAt });
        expect(res.statusCode, String(scheduledAt)).toBe(400);
        expect(res.json()).toMatchObject({ code, message, errors: { scheduledAt: message } });
      }
      const untimed = await send(user, team.generalId, { content: 'later', type: 'scheduled' });
      expect(untimed.statusCode).toBe(400);
      expect(untimed.json()).toMatchObject({ code: 'message_schedule_required', errors: { scheduledAt: 'A scheduled message needs a date and time' } });

      const turkish = await send(user, team.generalId, { content: 'later', scheduledAt: inMs(400 * DAY_MS) }, { 'accept-language': 'tr' });
      expect(turkish.json().errors).toEqual({ scheduledAt: 'Mesajlar en fazla 365 gün sonrası için zamanlanabilir' });

      expect(await rowsOf(user.id)).toEqual([]);
      expect(await messagesWith('later')).toEqual([]);
      expect(ctx.events.ofType('MESSAGE_SEND', { since })).toEqual([]);
    });

    it('accepts a time up to 365 days ahead, with any offset', async () => {
      const user = await makeUser(ctx.app);
      await makeMember(ctx, team.teamId, user);
      const far = new Date(Date.now() + 365 * DAY_MS - 60_000);
      const res = await send(user, team.generalId, { content: 'next year', scheduledAt: far.toISOString().replace('Z', '+00:00') });
      expect(res.statusCode).toBe(201);
      expect(scheduledMessageSchema.parse(res.json().scheduledMessage).scheduledAt).toBe(far.toISOString());
      expect(first(await rowsOf(user.id)).sendAt.toISOString()).toBe(far.toISOString());
    });

    it(`refuses more than ${LIMITS.scheduledMessage.pendingMax} waiting messages of one user`, async () => {
      const user = await makeUser(ctx.app);
      await makeMember(ctx, team.teamId, user);
      const later = new Date(Date.now() + DAY_MS);
      await ctx.db.insert(scheduledMessages).values(
        Array.from({ length: LIMITS.scheduledMessage.pendingMax }, (_, i) => ({
          id: newId(),
          channelId: team.generalId,
          authorId: user.id,
          content: `waiting ${i}`,
          sendAt: later,
        })),
      );
      const res = await send(user, team.generalId, { content: 'one more', scheduledAt: inMs(DAY_MS) });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'scheduled_message_limit', message: 'You can have at most 100 scheduled messages waiting' });
      expect(await rowsOf(user.id)).toHaveLength(LIMITS.scheduledMessage.pendingMax);
    });

    it('checks a scheduled send as a send: no SEND_MESSAGES, no message', async () => {
      const user = await makeUser(ctx.app);
      await makeMember(ctx, team.teamId, user);
      await ctx.db
        .update(channels)
        .set({ permissions: { role: {}, user: { [user.id]: { allow: 0, deny: ChannelPermission.SEND_MESSAGES } } } })
        .where(eq(channels.id, team.generalId));
      try {
        const res = await send(user, team.generalId, { content: 'sneaky', scheduledAt: inMs(DAY_MS) });
        expect(res.statusCode).toBe(403);
        expect(res.json().code).toBe('no_permission_to_send_messages');
        expect(await rowsOf(user.id)).toEqual([]);
      } finally {
        await ctx.db
          .update(channels)
          .set({ permissions: { role: {}, user: {} } })
          .where(eq(channels.id, team.generalId));
      }
    });
  });

  it('keeps the message until its time, then the scheduler sends it once: type scheduled, created at its time, mentions resolved then', async () => {
    const latecomer = await makeUser(ctx.app, 'latecomer');
    const replied = await insertMessage(ctx.db, { id: newId(), channelId: team.generalId, authorId: owner.id, content: 'question' });
    const since = ctx.events.mark();
    const at = inMs(2_000);
    const res = await send(member, team.generalId, { content: `  answer for <@${latecomer.id}>  `, nonce: 'n-1', replyTo: replied.id, scheduledAt: at });
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBeUndefined();
    const scheduled = scheduledMessageSchema.parse(res.json().scheduledMessage);
    expect(scheduled).toMatchObject({ channelId: team.generalId, content: `answer for <@${latecomer.id}>`, replyTo: replied.id, scheduledAt: at });

    // Only its author sees it waiting; nothing is published yet.
    expect((await listScheduled(member, team.generalId)).json()).toEqual({ success: true, scheduledMessages: [scheduled] });
    expect((await listScheduled(owner, team.generalId)).json()).toEqual({ success: true, scheduledMessages: [] });
    expect(ctx.events.ofType('MESSAGE_SEND', { since })).toEqual([]);

    // The mentioned user joins before it is sent: the mention is resolved when it is sent.
    await makeMember(ctx, team.teamId, latecomer);

    const published = await ctx.events.waitFor('MESSAGE_SEND', { since, timeoutMs: 15_000 });
    const message = messageSchema.parse(published.event.data);
    expect(published.audience).toEqual({ kind: 'channel', channelId: team.generalId });
    expect(message).toMatchObject({
      channelId: team.generalId,
      content: scheduled.content,
      type: 'scheduled',
      createdAt: at,
      replyTo: replied.id,
      nonce: null,
      createdBy: { id: member.id, username: member.username },
      mentions: { users: [latecomer.id], roles: [], everyone: false, here: false },
    });
    await ctx.app.scheduler.run();
    expect(ctx.events.ofType('MESSAGE_SEND', { since })).toHaveLength(1);
    expect(await messagesWith(scheduled.content)).toHaveLength(1);
    expect(await rowsOf(member.id)).toEqual([]);
    expect((await listScheduled(member, team.generalId)).json().scheduledMessages).toEqual([]);

    const read = await call(ctx.app, 'GET', `/api/v1/channels/${team.generalId}/messages/${message.id}`, { cookie: owner.cookie });
    expect(read.json()).toMatchObject({ success: true, scheduledDate: at, message: { id: message.id, type: 'scheduled' } });
  });

  it('sends a reply whose target was deleted meanwhile as a plain message', async () => {
    const target = await insertMessage(ctx.db, { id: newId(), channelId: team.generalId, authorId: owner.id, content: 'soon gone' });
    await ctx.db.update(messages).set({ deletedAt: new Date() }).where(eq(messages.id, target.id));
    await dueRow(member.id, team.generalId, 'reply to nothing', target.id);
    await ctx.app.scheduler.run();
    expect(first(await messagesWith('reply to nothing'))).toMatchObject({ replyTo: null, type: 'scheduled' });
  });

  it('does not send for an author who lost SEND_MESSAGES or left the team: the message is dropped', async () => {
    const muted = await makeUser(ctx.app, 'muted');
    const leaver = await makeUser(ctx.app, 'leaver');
    const kept = await makeUser(ctx.app, 'kept');
    for (const user of [muted, leaver, kept]) await makeMember(ctx, team.teamId, user);
    const lobbyId = await makeChannel(ctx, team.teamId, { name: 'lobby' });
    await dueRow(muted.id, lobbyId, 'muted speaks');
    await dueRow(leaver.id, lobbyId, 'leaver speaks');
    await dueRow(kept.id, lobbyId, 'kept speaks');
    await ctx.db
      .update(channels)
      .set({ permissions: { role: {}, user: { [muted.id]: { allow: 0, deny: ChannelPermission.SEND_MESSAGES } } } })
      .where(eq(channels.id, lobbyId));
    await ctx.db.delete(teamMembers).where(and(eq(teamMembers.teamId, team.teamId), eq(teamMembers.userId, leaver.id)));

    const since = ctx.events.mark();
    await ctx.app.scheduler.run();
    expect(ctx.events.ofType('MESSAGE_SEND', { since }).map((e) => e.event.data.content)).toEqual(['kept speaks']);
    expect(await messagesWith('muted speaks')).toEqual([]);
    expect(await messagesWith('leaver speaks')).toEqual([]);
    for (const user of [muted, leaver, kept]) expect(await rowsOf(user.id)).toEqual([]);
  });

  it('cancels: the author cancels a waiting message, which is never sent; others cannot; a sent or cancelled one is not found', async () => {
    const user = await makeUser(ctx.app);
    await makeMember(ctx, team.teamId, user);
    const res = await send(user, team.generalId, { content: 'changed my mind', scheduledAt: inMs(60_000) });
    const { id } = scheduledMessageSchema.parse(res.json().scheduledMessage);

    const byOther = await cancel(owner, team.generalId, id);
    expect(byOther.statusCode).toBe(404);
    expect(byOther.json()).toMatchObject({ code: 'scheduled_message_not_found', message: 'This scheduled message was already sent or cancelled' });
    expect(await rowsOf(user.id)).toHaveLength(1);

    expect((await cancel(user, team.generalId, id)).json()).toEqual({ success: true });
    expect(await rowsOf(user.id)).toEqual([]);
    expect((await cancel(user, team.generalId, id)).statusCode).toBe(404);

    const sent = await dueRow(user.id, team.generalId, 'already out');
    await ctx.app.scheduler.run();
    expect(await messagesWith('already out')).toHaveLength(1);
    expect((await cancel(user, team.generalId, sent.id)).statusCode).toBe(404);
    expect(await messagesWith('changed my mind')).toEqual([]);
  });

  it("lists only the caller's own waiting messages of the channel, the soonest first", async () => {
    const user = await makeUser(ctx.app);
    await makeMember(ctx, team.teamId, user);
    const later = await send(user, team.generalId, { content: 'second', scheduledAt: inMs(2 * DAY_MS) });
    const sooner = await send(user, team.generalId, { content: 'first', scheduledAt: inMs(DAY_MS) });
    await send(owner, team.generalId, { content: "owner's", scheduledAt: inMs(DAY_MS) });
    const listed = await listScheduled(user, team.generalId);
    expect(listed.json().scheduledMessages.map((m: { content: string }) => m.content)).toEqual(['first', 'second']);
    expect(listed.json().scheduledMessages[0].id).toBe(sooner.json().scheduledMessage.id);
    expect(listed.json().scheduledMessages[1].id).toBe(later.json().scheduledMessage.id);
  });
});

describe('the scheduler polls', () => {
  const ctx = withTestApp({ SCHEDULER_INTERVAL_MS: '50' });

  it('sends what fell due while no process ran (rows stored earlier) at its next poll, without being woken', async () => {
    const owner = await makeUser(ctx.app);
    const team = await makeTeam(ctx, owner);
    const since = ctx.events.mark();
    await insertScheduled(ctx.db, { id: newId(), channelId: team.generalId, authorId: owner.id, content: 'while down', sendAt: new Date(Date.now() - DAY_MS) });
    const published = await ctx.events.waitFor('MESSAGE_SEND', { since, timeoutMs: 10_000 });
    expect(published.event.data).toMatchObject({ content: 'while down', type: 'scheduled', createdBy: { id: owner.id } });
    expect(await ctx.db.select().from(scheduledMessages).where(eq(scheduledMessages.authorId, owner.id))).toEqual([]);
  });
});
