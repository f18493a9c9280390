import { describe, expect, it } from 'vitest';
import { ChannelPermission } from '@rally/shared/permissions';
import { call, withTestApp } from '../../test/helpers/app';
import { makeTeam, makeUser, type TestUser } from '../../test/helpers/factories';
import { connectTo, type TestClient } from './testing';

const { VIEW_CHANNEL } = ChannelPermission;

/** Overwrites edited through the channel routes (modules/channels) change what a socket hears at once. */
describe('channel overwrites, live', () => {
  const ctx = withTestApp({}, { listen: true });

  /** A socket past its READY (HEARTBEAT first, so READY comes at once). */
  async function ready(user: TestUser): Promise<TestClient> {
    const client = connectTo(ctx, { cookie: user.cookie });
    await client.opened;
    client.send({ type: 'HEARTBEAT', data: { seq: null } });
    await client.next('READY');
    return client;
  }
  const send = async (author: TestUser, channelId: string, content: string) =>
    expect((await call(ctx.app, 'POST', `/api/v1/channels/${channelId}/messages`, { cookie: author.cookie, body: { content } })).statusCode).toBe(201);

  it('a socket loses a channel when an overwrite set through the endpoint hides it, and gets it back when it is removed', async () => {
    const owner = await makeUser(ctx.app, 'owner');
    const member = await makeUser(ctx.app, 'member');
    const team = await makeTeam(ctx, owner, { members: [member] });
    const m = await ready(member);
    const path = `/api/v1/teams/${team.teamId}/channels/${team.generalId}/permissions/user/${member.id}`;

    const hide = await call(ctx.app, 'POST', path, { cookie: owner.cookie, body: { allow: 0, deny: VIEW_CHANNEL } });
    expect(hide.statusCode, hide.body).toBe(200);
    expect(await m.next()).toMatchObject({ type: 'CHANNEL_DELETED', data: { id: team.generalId, teamId: team.teamId } });
    await send(owner, team.generalId, 'hidden');

    expect((await call(ctx.app, 'POST', path, { cookie: owner.cookie, body: { allow: 0, deny: 0 } })).statusCode).toBe(200);
    expect(await m.next()).toMatchObject({ type: 'CHANNEL_UPDATED', data: { id: team.generalId } });
    await send(owner, team.generalId, 'visible');
    // 'hidden' never reached the member: the next message they get is the one sent after the overwrite went.
    expect(await m.next()).toMatchObject({ type: 'MESSAGE_SEND', data: { content: 'visible' } });
  });
});
