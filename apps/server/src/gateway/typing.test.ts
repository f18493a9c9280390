import { describe, expect, it } from 'vitest';
import { RATE_LIMITS } from '@rally/shared/limits';
import { withTestApp } from '../../test/helpers/app';
import { makeChannel, makeMessage, makeTeam, makeUser } from '../../test/helpers/factories';
import { readyClient, until, type TestClient } from './testing';

/** CHANNEL_TYPING (spec 001 §4): passed on to the channel's other viewers, throttled per session, never for what the typer may not view. */
describe('typing', () => {
  const ctx = withTestApp({ GATEWAY_RESUME_WAIT_MS: 20 }, { listen: true });

  /** Publish a message the sockets of the team see, to tell that nothing came before it. */
  const marker = (channelId: string, author: { id: string; username: string }, content: string) =>
    ctx.app.bus.publish({ audience: { kind: 'channel', channelId }, event: { type: 'MESSAGE_SEND', data: makeMessage(channelId, { content, author }) } });

  /** The next frame that is not a heartbeat's acknowledgement. */
  const nextSummary = async (c: TestClient) => {
    for (;;) {
      const f = await c.next();
      if (f.type !== 'HEARTBEAT_ACK') return [f.type, f.data.userId ?? f.data.content];
    }
  };

  it('tells the channel’s other viewers who is typing, once per 3 s per session, and not the typer', async () => {
    const owner = await makeUser(ctx.app, 'typing_owner');
    const member = await makeUser(ctx.app, 'typing_member');
    const team = await makeTeam(ctx.app, owner, { members: [member] });
    const o = (await readyClient(ctx, owner)).client;
    const m = (await readyClient(ctx, member)).client;

    m.send({ type: 'CHANNEL_TYPING', data: { channelId: team.generalId, teamId: team.teamId } });
    const frame = await o.next('CHANNEL_TYPING');
    expect(frame.data).toEqual({ channelId: team.generalId, userId: member.id, username: 'typing_member' });
    // Again at once: dropped (the client's throttle is 3.5 s; the server passes one per 3 s).
    m.send({ type: 'CHANNEL_TYPING', data: { channelId: team.generalId } });
    await marker(team.generalId, owner, 'after the second typing');
    expect(await nextSummary(o)).toEqual(['MESSAGE_SEND', 'after the second typing']);
    // The typer's own socket heard nothing of it.
    expect(await nextSummary(m)).toEqual(['MESSAGE_SEND', 'after the second typing']);
    for (const c of [o, m]) c.close();
  });

  it(`passes on at most ${RATE_LIMITS.typing.count} typing events of one user per ${RATE_LIMITS.typing.windowMs / 1000} s, however often they switch channels`, async () => {
    const owner = await makeUser(ctx.app);
    const member = await makeUser(ctx.app);
    const team = await makeTeam(ctx.app, owner, { members: [member] });
    const other = await makeChannel(ctx.app, team.teamId, { name: 'other', parentId: team.categoryId, priority: 1 });
    const m = (await readyClient(ctx, member)).client;
    const since = ctx.events.mark();
    for (let i = 0; i < 4 * RATE_LIMITS.typing.count; i++) m.send({ type: 'CHANNEL_TYPING', data: { channelId: i % 2 ? other : team.generalId } });
    const told = () => ctx.events.ofType('CHANNEL_TYPING', { since }).length;
    await until(async () => told() >= RATE_LIMITS.typing.count, 'the typing events');
    await new Promise((resolve) => setTimeout(resolve, 300)); // any further one has been published by now (not a timing assertion)
    expect(told()).toBe(RATE_LIMITS.typing.count);
    m.close();
  });

  it('ignores typing in a channel the session may not view, and in a category', async () => {
    const owner = await makeUser(ctx.app);
    const member = await makeUser(ctx.app);
    const team = await makeTeam(ctx.app, owner, { members: [member] });
    const hidden = await makeChannel(ctx.app, team.teamId, { name: 'staff', parentId: team.categoryId, priority: 1, hiddenFrom: [team.teamId] });
    const o = (await readyClient(ctx, owner)).client;
    const m = (await readyClient(ctx, member)).client;
    m.send({ type: 'CHANNEL_TYPING', data: { channelId: hidden } });
    m.send({ type: 'CHANNEL_TYPING', data: { channelId: team.categoryId } });
    await marker(team.generalId, owner, 'after the refused typing');
    expect(await nextSummary(o)).toEqual(['MESSAGE_SEND', 'after the refused typing']);
    for (const c of [o, m]) c.close();
  });
});
