import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { REPORT_REASONS } from '@rally/shared/api/message-actions';
import { messageSchema } from '@rally/shared/api/messages';
import { ChannelPermission } from '@rally/shared/permissions';
import { call, withTestApp } from '../../../test/helpers/app';
import { makeTeam, makeUser, type TestUser } from '../../../test/helpers/factories';
import { channels, messageReports } from '../../db/schema';
import { newId } from '../../lib/snowflake';
import { userRateKey } from '../../lib/rate-limit';

describe('POST /api/v1/report/messages/{messageId}', () => {
  const ctx = withTestApp();
  const report = (user: TestUser, messageId: string, body: unknown) =>
    call(ctx.app, 'POST', `/api/v1/report/messages/${messageId}`, { cookie: user.cookie, body });
  const reports = (messageId: string) => ctx.app.db.select().from(messageReports).where(eq(messageReports.messageId, messageId));

  async function setup() {
    const owner = await makeUser(ctx.app);
    const member = await makeUser(ctx.app);
    const team = await makeTeam(ctx, owner, { name: 'Reports', members: [member] });
    await ctx.app.rateLimiter.reset(userRateKey('messageSend', owner.id));
    const sent = await call(ctx.app, 'POST', `/api/v1/channels/${team.generalId}/messages`, { cookie: owner.cookie, body: { content: 'report me' } });
    return { owner, member, team, message: messageSchema.parse(sent.json().message) };
  }

  it("stores one report of another's message with each of the spec's reasons", async () => {
    const { member, message } = await setup();
    expect(REPORT_REASONS).toEqual(['SPAM', 'INAPPROPRIATE', 'HARASSMENT', 'ABUSE', 'HATE_SPEECH', 'VIOLENCE', 'UNDERAGE', 'OTHER']);
    const res = await report(member, message.id, { reason: 'HARASSMENT' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ success: true });
    expect(await reports(message.id)).toMatchObject([{ reporterId: member.id, reason: 'HARASSMENT' }]);
    const again = await report(member, message.id, { reason: 'SPAM' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'report_exists', message: 'You have already reported this message' });
    expect(await reports(message.id)).toHaveLength(1);
  });

  it("refuses without a reason or with one that is not the spec's ('Please select a reason')", async () => {
    const { member, message } = await setup();
    for (const body of [{}, { reason: '' }, { reason: 'BORING' }, { reason: null }]) {
      const res = await report(member, message.id, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'report_reason_required', message: 'Please select a reason' });
    }
    expect(await reports(message.id)).toEqual([]);
  });

  it("refuses one's own message, and answers 404 for messages the reporter cannot read, deleted or unknown ones", async () => {
    const { owner, member, team, message } = await setup();
    const own = await report(owner, message.id, { reason: 'SPAM' });
    expect(own.statusCode).toBe(400);
    expect(own.json().code).toBe('report_own_message');
    const stranger = await makeUser(ctx.app);
    expect((await report(stranger, message.id, { reason: 'SPAM' })).json()).toMatchObject({ code: 'message_not_found', message: 'Message not found' });
    expect((await report(member, newId(), { reason: 'SPAM' })).statusCode).toBe(404);
    await ctx.app.db
      .update(channels)
      .set({ permissions: { role: { [team.teamId]: { allow: 0, deny: ChannelPermission.CAN_SEE_MESSAGE_HISTORY } }, user: {} } })
      .where(eq(channels.id, team.generalId));
    expect((await report(member, message.id, { reason: 'SPAM' })).statusCode).toBe(404);
    await ctx.app.db
      .update(channels)
      .set({ permissions: { role: {}, user: {} } })
      .where(eq(channels.id, team.generalId));
    expect((await call(ctx.app, 'DELETE', `/api/v1/channels/${team.generalId}/messages/${message.id}`, { cookie: owner.cookie })).statusCode).toBe(200);
    expect((await report(member, message.id, { reason: 'SPAM' })).statusCode).toBe(404);
    expect(await reports(message.id)).toEqual([]);
  });
});
