import { describe, expect, it } from 'vitest';
import { ChannelPermission, TeamPermission } from '@rally/shared/permissions';
import { call, withTestApp } from '../../test/helpers/app';
import { makeChannel, makeMember, makeTeam, makeUser, type TestUser } from '../../test/helpers/factories';
import { connectTo, readyClient, sendAs, until, type TestClient } from './testing';

const { VIEW_CHANNEL } = ChannelPermission;

/** Channel order and moves through the channel routes (modules/channels/order-service.ts), as sockets hear them. */
describe('channel order, live', () => {
  const ctx = withTestApp({ GATEWAY_RESUME_WAIT_MS: 1_000 }, { listen: true });

  const ready = async (user: TestUser): Promise<TestClient> => (await readyClient(ctx, user)).client;
  const send = (author: TestUser, channelId: string, content: string) => sendAs(ctx, author, channelId, content);

  /** A team with a category `staff` that denies VIEW_CHANNEL to the default role, and a lobby channel outside it. */
  async function setup() {
    const owner = await makeUser(ctx.app, 'owner');
    const member = await makeUser(ctx.app, 'member');
    const team = await makeTeam(ctx, owner, { members: [member] });
    const staff = await makeChannel(ctx, team.teamId, { type: 'category', name: 'staff', priority: 1, hiddenFrom: [team.teamId] });
    const lobby = await makeChannel(ctx, team.teamId, { name: 'lobby', priority: 0 });
    return { owner, member, team, staff, lobby };
  }

  it('moving a channel into a category that hides it makes a socket stop receiving its events, and moving it out gives them back', async () => {
    const { owner, member, team, staff, lobby } = await setup();
    const m = await ready(member);
    const o = await ready(owner);
    await send(owner, lobby, 'before');
    expect((await m.next('MESSAGE_SEND')).data.content).toBe('before');
    expect((await o.next('MESSAGE_SEND')).data.content).toBe('before');

    const into = await call(ctx.app, 'POST', `/api/v1/teams/${team.teamId}/categories/${staff}/channels/${lobby}`, { cookie: owner.cookie });
    expect(into.statusCode, into.body).toBe(200);
    // The member no longer sees it: told it is gone; the owner, who sees it, gets the update.
    expect(await m.next()).toMatchObject({ type: 'CHANNEL_DELETED', data: { id: lobby, teamId: team.teamId } });
    expect(await o.next()).toMatchObject({ type: 'CHANNEL_UPDATED', data: { id: lobby, parentId: staff } });
    await send(owner, lobby, 'staff only');
    expect((await o.next('MESSAGE_SEND')).data.content).toBe('staff only');

    const out = await call(ctx.app, 'DELETE', `/api/v1/teams/${team.teamId}/categories/${staff}/channels/${lobby}`, { cookie: owner.cookie });
    expect(out.statusCode, out.body).toBe(200);
    expect(await m.next()).toMatchObject({ type: 'CHANNEL_UPDATED', data: { id: lobby, parentId: null } });
    await send(owner, lobby, 'for everyone again');
    // 'staff only' never reached the member.
    expect(await m.next()).toMatchObject({ type: 'MESSAGE_SEND', data: { content: 'for everyone again' } });
  });

  it('a channel moved from a category hidden from a role into one the role may view appears to its member with the move', async () => {
    const { owner, team, staff } = await setup();
    const mod = await makeUser(ctx.app, 'mod');
    const [modRole] = (await makeMember(ctx, team.teamId, mod, { roles: [{ permissions: TeamPermission.KICK_MEMBERS, priority: 2 }] })).roleIds;
    const allow = await call(ctx.app, 'POST', `/api/v1/teams/${team.teamId}/categories/${staff}/permissions/role/${modRole}`, {
      cookie: owner.cookie,
      body: { allow: VIEW_CHANNEL, deny: 0 },
    });
    expect(allow.statusCode, allow.body).toBe(200);
    const admins = await makeChannel(ctx, team.teamId, { type: 'category', name: 'admins', priority: 2, hiddenFrom: [team.teamId] });
    const plans = await makeChannel(ctx, team.teamId, { name: 'plans', parentId: admins });
    const md = await ready(mod);
    await send(owner, plans, 'not yet');

    const move = await call(ctx.app, 'POST', `/api/v1/teams/${team.teamId}/categories/${staff}/channels/${plans}`, { cookie: owner.cookie });
    expect(move.statusCode, move.body).toBe(200);
    expect(await md.next()).toMatchObject({ type: 'CHANNEL_UPDATED', data: { id: plans, parentId: staff } });
    await send(owner, plans, 'now the mod sees it');
    expect(await md.next()).toMatchObject({ type: 'MESSAGE_SEND', data: { content: 'now the mod sees it' } });
  });

  it('an order is sent to each socket cut to the channels it may view, and not at all when it sees none of them', async () => {
    const { owner, member, team, lobby } = await setup();
    const hidden = await makeChannel(ctx, team.teamId, { name: 'hidden', priority: 1, hiddenFrom: [team.teamId] });
    const hidden2 = await makeChannel(ctx, team.teamId, { name: 'hidden2', priority: 2, hiddenFrom: [team.teamId] });
    const m = await ready(member);
    const o = await ready(owner);
    const order = (channels: { id: string; priority: number }[]) =>
      call(ctx.app, 'PUT', `/api/v1/teams/${team.teamId}/channelspriority`, { cookie: owner.cookie, body: { channels } });

    expect(
      (
        await order([
          { id: hidden, priority: 0 },
          { id: lobby, priority: 1 },
        ])
      ).statusCode,
    ).toBe(200);
    expect(await o.next()).toMatchObject({
      type: 'CHANNELS_PRIORITY_UPDATED',
      data: {
        teamId: team.teamId,
        channels: [
          { id: hidden, parentId: null, priority: 0 },
          { id: lobby, parentId: null, priority: 1 },
        ],
      },
    });
    expect(await m.next()).toMatchObject({
      type: 'CHANNELS_PRIORITY_UPDATED',
      data: { teamId: team.teamId, channels: [{ id: lobby, parentId: null, priority: 1 }] },
    });

    // Only hidden channels: the owner hears it, the member nothing (the message after it is the next frame it gets).
    expect(
      (
        await order([
          { id: hidden2, priority: 0 },
          { id: hidden, priority: 3 },
        ])
      ).statusCode,
    ).toBe(200);
    expect((await o.next()).data.channels.map((c: { id: string }) => c.id)).toEqual([hidden2, hidden]);
    await send(owner, lobby, 'after the hidden order');
    expect(await m.next()).toMatchObject({ type: 'MESSAGE_SEND', data: { content: 'after the hidden order' } });

    // Categories: the member does not hear of the hidden `staff`.
    const categories = await call(ctx.app, 'GET', `/api/v1/teams/${team.teamId}/channels`, { cookie: owner.cookie });
    const ids = (categories.json().categories as { id: string; priority: number }[]).sort((a, b) => b.priority - a.priority).map((c) => c.id);
    expect(
      (await call(ctx.app, 'POST', `/api/v1/teams/${team.teamId}/categories-priority`, { cookie: owner.cookie, body: { categories: ids } })).statusCode,
    ).toBe(200);
    expect((await o.next('CATEGORIES_PRIORITY_UPDATED')).data.categories.map((c: { id: string }) => c.id)).toEqual(ids);
    expect((await m.next()).data.categories).toEqual([{ id: team.categoryId, priority: ids.indexOf(team.categoryId) }]);
  });

  it('a resumed session gets the orders it missed, cut as a live one would be', async () => {
    const { owner, member, team, lobby } = await setup();
    const hidden = await makeChannel(ctx, team.teamId, { name: 'hidden', priority: 1, hiddenFrom: [team.teamId] });
    const { client, sessionId } = await readyClient(ctx, member);
    const before = ctx.app.gateway.connectionCount();
    client.drop();
    await until(() => ctx.app.gateway.connectionCount() < before, 'the server to see the drop');

    const order = (channels: { id: string; priority: number }[]) =>
      call(ctx.app, 'PUT', `/api/v1/teams/${team.teamId}/channelspriority`, { cookie: owner.cookie, body: { channels } });
    expect((await order([{ id: hidden, priority: 5 }])).statusCode).toBe(200);
    expect(
      (
        await order([
          { id: hidden, priority: 0 },
          { id: lobby, priority: 1 },
        ])
      ).statusCode,
    ).toBe(200);

    const again = connectTo(ctx, { cookie: member.cookie });
    await again.opened;
    again.send({ type: 'RESUME', data: { sessionId, seq: 0 } });
    expect(await again.next()).toMatchObject({ type: 'CHANNELS_PRIORITY_UPDATED', seq: 1, data: { channels: [{ id: lobby, parentId: null, priority: 1 }] } });
    expect(await again.next()).toMatchObject({ type: 'RESUMED', data: { replayed: 1 } });
  });
});
