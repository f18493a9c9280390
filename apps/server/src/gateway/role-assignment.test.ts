import { describe, expect, it } from 'vitest';
import { ChannelPermission } from '@rally/shared/permissions';
import { call, withTestApp } from '../../test/helpers/app';
import { makeChannel, makeRole, makeTeam, makeUser, type TestUser } from '../../test/helpers/factories';
import { readyClient, sendAs, type TestClient } from './testing';

/** Giving and taking a role through the API changes what the member's open socket hears (modules/permissions/visibility-changes.ts, `recompute`). */
describe('roles live', () => {
  const ctx = withTestApp({ GATEWAY_RESUME_WAIT_MS: 1_000 }, { listen: true });

  const ready = async (user: TestUser): Promise<TestClient> => (await readyClient(ctx, user)).client;

  const send = (author: TestUser, channelId: string, content: string) => sendAs(ctx, author, channelId, content);

  it('a member given a role that may view a hidden channel starts receiving it on the same socket, and stops when the role is taken away', async () => {
    const [owner, member] = await Promise.all([makeUser(ctx.app, 'owner'), makeUser(ctx.app, 'member')]);
    const team = await makeTeam(ctx, owner, { members: [member] });
    const mods = await makeRole(ctx, team.teamId, { name: 'mods', permissions: 0 });
    const staffId = await makeChannel(ctx, team.teamId, {
      name: 'staff',
      hiddenFrom: [team.teamId],
      permissions: { role: { [mods]: { allow: ChannelPermission.VIEW_CHANNEL, deny: 0 } }, user: {} },
    });
    const socket = await ready(member);

    const add = await call(ctx.app, 'POST', `/api/v1/teams/${team.teamId}/members/${member.id}/roles/${mods}`, { cookie: owner.cookie });
    expect(add.statusCode, add.body).toBe(200);
    expect(await socket.next()).toMatchObject({ type: 'CHANNEL_CREATED', data: { id: staffId, name: 'staff' } });
    expect(await socket.next()).toMatchObject({ type: 'USER_ROLE_ADDED', data: { userId: member.id, roleId: mods } });
    await send(owner, staffId, 'for mods');
    expect(await socket.next()).toMatchObject({ type: 'MESSAGE_SEND', data: { content: 'for mods' } });

    const remove = await call(ctx.app, 'DELETE', `/api/v1/teams/${team.teamId}/members/${member.id}/roles/${mods}`, { cookie: owner.cookie });
    expect(remove.statusCode, remove.body).toBe(200);
    expect(await socket.next()).toMatchObject({ type: 'CHANNEL_DELETED', data: { id: staffId, teamId: team.teamId } });
    expect(await socket.next()).toMatchObject({ type: 'USER_ROLE_REMOVED', data: { userId: member.id, roleId: mods } });
    await send(owner, staffId, 'mods only again');
    await send(owner, team.generalId, 'for everyone');
    expect(await socket.next()).toMatchObject({ type: 'MESSAGE_SEND', data: { content: 'for everyone' } });
    expect(socket.unread()).toEqual([]);
  });
});
