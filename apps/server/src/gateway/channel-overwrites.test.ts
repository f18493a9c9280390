import { describe, expect, it } from 'vitest';
import { ChannelPermission } from '@rally/shared/permissions';
import { call, withTestApp } from '../../test/helpers/app';
import { makeTeam, makeUser, type TestUser } from '../../test/helpers/factories';
import { readyClient, sendAs, type TestClient } from './testing';

const { VIEW_CHANNEL } = ChannelPermission;

/** Overwrites edited through the channel routes (modules/channels) change what a socket hears at once. */
describe('channel overwrites, live', () => {
  const ctx = withTestApp({}, { listen: true });

  const ready = async (user: TestUser): Promise<TestClient> => (await readyClient(ctx, user)).client;
  const send = (author: TestUser, channelId: string, content: string) => sendAs(ctx, author, channelId, content);

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
