import { describe, expect, it } from 'vitest';
import { ChannelPermission } from '@rally/shared/permissions';
import type { BusEnvelope } from '../bus/types';
import { publishEvent } from '../lib/events';
import { setChannelOverwrite, type OverwriteTarget } from '../modules/permissions/repository';
import { toCategory, toChannel } from '../modules/teams/mappers';
import { teamRepository } from '../modules/teams/repository';
import { withTestApp } from '../../test/helpers/app';
import { makeChannel, makeMember, makeRole, makeTeam, makeUser, type TestUser } from '../../test/helpers/factories';
import { loggedDatabase, QueryLog } from '../../test/helpers/query-log';
import { first } from '../../test/helpers/rows';
import { connectTo, readyClient, sendAs, until, type TestFrame } from './testing';

const { VIEW_CHANNEL } = ChannelPermission;

/**
 * Subscriptions follow changes of who sees what (modules/permissions/visibility-changes.ts): a session stops receiving a
 * channel's events when it loses access to it, and receives them again when it gets it back; live,
 * and across a resume.
 */
describe('gateway subscriptions', () => {
  const queries = new QueryLog();
  const ctx = withTestApp({ GATEWAY_RESUME_WAIT_MS: 1_000 }, { listen: true, database: (handle) => loggedDatabase(handle, queries) });

  const publish = (envelope: BusEnvelope) => publishEvent({ bus: ctx.app.bus, log: ctx.app.log }, envelope);

  const ready = (user: TestUser) => readyClient(ctx, user);

  const send = (author: TestUser, channelId: string, content: string) => sendAs(ctx, author, channelId, content);

  /** Write a channel overwrite through the repository and publish the change, as the channel routes will. */
  async function overwrite(channelId: string, target: OverwriteTarget, value: { allow: number; deny: number } | null): Promise<void> {
    const result = await setChannelOverwrite(ctx.db, channelId, target, value);
    if (!('channel' in result)) throw new Error(`no overwrite written: ${result.missing} missing`);
    const row = result.channel;
    if (row.type === 'category') await publish({ audience: { kind: 'channel', channelId }, event: { type: 'CATEGORY_UPDATED', data: toCategory(row) } });
    else await publish({ audience: { kind: 'channel', channelId }, event: { type: 'CHANNEL_UPDATED', data: toChannel(row) } });
  }

  /** An event only `user` receives: what comes before it in their stream is all they were sent. */
  const marker = (user: TestUser, presence: 0 | 1 | 2 | 3) =>
    publish({
      audience: { kind: 'circles', circles: [{ teamIds: [], userIds: [user.id] }] },
      event: { type: 'PRESENCE_UPDATE', data: { presences: [{ userId: user.id, presence }] } },
    });

  const summary = (f: TestFrame) => [f.type, f.data.content ?? f.data.id ?? f.data.presences?.[0].presence ?? f.data.roleId];

  async function setup() {
    const owner = await makeUser(ctx.app, 'owner');
    const member = await makeUser(ctx.app, 'member');
    const team = await makeTeam(ctx, owner, { members: [member] });
    return { owner, member, team };
  }

  it('stops delivering a channel to a socket whose user an overwrite hides it from, and delivers it again when the overwrite goes', async () => {
    const { owner, member, team } = await setup();
    const m = (await ready(member)).client;
    const o = (await ready(owner)).client;

    await send(owner, team.generalId, 'before');
    expect(summary(await m.next('MESSAGE_SEND'))).toEqual(['MESSAGE_SEND', 'before']);
    expect(summary(await o.next('MESSAGE_SEND'))).toEqual(['MESSAGE_SEND', 'before']);

    await overwrite(team.generalId, { kind: 'user', id: member.id }, { allow: 0, deny: VIEW_CHANNEL });
    // The member is told the channel went (not how it changed); the owner, who still sees it, gets the update.
    expect(await m.next()).toMatchObject({ type: 'CHANNEL_DELETED', data: { id: team.generalId, teamId: team.teamId } });
    expect((await o.next()).type).toBe('CHANNEL_UPDATED');

    await send(owner, team.generalId, 'hidden');
    await marker(member, 2);
    expect(summary(await m.next())).toEqual(['PRESENCE_UPDATE', 2]);
    expect(summary(await o.next())).toEqual(['MESSAGE_SEND', 'hidden']);

    await overwrite(team.generalId, { kind: 'user', id: member.id }, null);
    // The update itself reaches the member again and carries the channel: no separate CHANNEL_CREATED.
    expect(await m.next()).toMatchObject({ type: 'CHANNEL_UPDATED', data: { id: team.generalId, permissions: { user: {} } } });
    await send(owner, team.generalId, 'visible again');
    expect(summary(await m.next())).toEqual(['MESSAGE_SEND', 'visible again']);
    expect(m.unread()).toEqual([]);
  });

  it('follows roles: a role that may view a hidden channel shows it when given (USER_ROLE_ADDED) and hides it when deleted (ROLE_DELETED)', async () => {
    const { owner, member, team } = await setup();
    const bystander = await makeUser(ctx.app, 'bystander');
    await makeMember(ctx, team.teamId, bystander);
    const staffId = await makeChannel(ctx, team.teamId, { name: 'staff', hiddenFrom: [team.teamId] });
    const moderators = await makeRole(ctx, team.teamId, { name: 'mods', permissions: 0 });
    await overwrite(staffId, { kind: 'role', id: moderators }, { allow: VIEW_CHANNEL, deny: 0 });
    const m = (await ready(member)).client;
    const b = (await ready(bystander)).client;

    await teamRepository.addMemberRoles(ctx.db, team.teamId, member.id, [moderators]);
    await publish({
      audience: { kind: 'team', teamId: team.teamId },
      event: { type: 'USER_ROLE_ADDED', data: { teamId: team.teamId, userId: member.id, roleId: moderators } },
    });
    // The channel appears first, then the event that made it appear.
    expect(await m.next()).toMatchObject({ type: 'CHANNEL_CREATED', data: { id: staffId, name: 'staff' } });
    expect(summary(await m.next())).toEqual(['USER_ROLE_ADDED', moderators]);
    expect(summary(await b.next())).toEqual(['USER_ROLE_ADDED', moderators]);

    await send(owner, staffId, 'for mods');
    expect(summary(await m.next())).toEqual(['MESSAGE_SEND', 'for mods']);

    await teamRepository.deleteRole(ctx.db, team.teamId, moderators);
    await publish({ audience: { kind: 'team', teamId: team.teamId }, event: { type: 'ROLE_DELETED', data: { teamId: team.teamId, roleId: moderators } } });
    expect(await m.next()).toMatchObject({ type: 'CHANNEL_DELETED', data: { id: staffId, teamId: team.teamId } });
    expect(summary(await m.next())).toEqual(['ROLE_DELETED', moderators]);
    await send(owner, staffId, 'mods only again');
    await marker(member, 3);
    expect(summary(await m.next())).toEqual(['PRESENCE_UPDATE', 3]);
    // The bystander never saw the channel: neither the creation nor the deletion reached them.
    expect(b.unread().map((f) => f.type)).not.toContain('CHANNEL_DELETED');
  });

  it('hides a category and its channels together, and reads each team once for all of its sessions', async () => {
    const { owner, member, team } = await setup();
    const second = await makeUser(ctx.app, 'second');
    await makeMember(ctx, team.teamId, second);
    const sockets = [(await ready(member)).client, (await ready(member)).client, (await ready(second)).client];

    const from = queries.statements.length;
    await overwrite(team.categoryId, { kind: 'role', id: team.teamId }, { allow: 0, deny: VIEW_CHANNEL });
    for (const socket of sockets) {
      const frames = [await socket.next(), await socket.next()];
      expect(frames.map(summary)).toEqual([
        ['CHANNEL_DELETED', team.generalId],
        ['CATEGORY_DELETED', team.categoryId],
      ]);
    }
    // One load for the three sessions of two users: the team's row and the memberships were each read once (the write reads neither).
    const statements = queries.statements.slice(from);
    expect(statements.filter((sql) => /from "teams"/.test(sql))).toHaveLength(1);
    expect(statements.filter((sql) => /from "team_members"/.test(sql))).toHaveLength(1);

    await send(owner, team.generalId, 'owners only');
    await marker(member, 1);
    expect(summary(await first(sockets).next())).toEqual(['PRESENCE_UPDATE', 1]);
  });

  it('unsubscribes the sessions of a member who leaves, and every session of a deleted team', async () => {
    const { owner, member, team } = await setup();
    const m = (await ready(member)).client;
    const o = (await ready(owner)).client;

    await publish({ audience: { kind: 'team', teamId: team.teamId }, event: { type: 'USER_LEFT_TEAM', data: { teamId: team.teamId, userId: member.id } } });
    expect(summary(await m.next())).toEqual(['USER_LEFT_TEAM', undefined]);
    expect((await o.next()).type).toBe('USER_LEFT_TEAM');
    await send(owner, team.generalId, 'after the leave');
    await publish({
      audience: { kind: 'circles', circles: [{ teamIds: [team.teamId], userIds: [] }] },
      event: { type: 'PRESENCE_UPDATE', data: { presences: [{ userId: owner.id, presence: 2 }] } },
    });
    await marker(member, 0);
    expect(summary(await m.next())).toEqual(['PRESENCE_UPDATE', 0]);

    await publish({ audience: { kind: 'team', teamId: team.teamId }, event: { type: 'TEAM_DELETED', data: { teamId: team.teamId } } });
    expect(summary(await o.next('TEAM_DELETED'))).toEqual(['TEAM_DELETED', undefined]);
    await send(owner, team.generalId, 'after the team went');
    await publish({
      audience: { kind: 'circles', circles: [{ teamIds: [team.teamId], userIds: [] }] },
      event: { type: 'PRESENCE_UPDATE', data: { presences: [{ userId: member.id, presence: 1 }] } },
    });
    await marker(owner, 1);
    expect(summary(await o.next())).toEqual(['PRESENCE_UPDATE', 1]);
  });

  it('brings a resumed session back with the subscriptions of the changes it missed, each event filtered as they stood at its position', async () => {
    const { owner, member, team } = await setup();
    const { client, sessionId } = await ready(member);
    await send(owner, team.generalId, 'seen live');
    expect((await client.next('MESSAGE_SEND')).seq).toBe(1);
    const before = ctx.app.gateway.connectionCount();
    client.drop();
    await until(() => ctx.app.gateway.connectionCount() < before, 'the server to see the drop');

    await send(owner, team.generalId, 'missed, still visible');
    await overwrite(team.generalId, { kind: 'user', id: member.id }, { allow: 0, deny: VIEW_CHANNEL });
    await send(owner, team.generalId, 'missed, hidden by then');

    const again = connectTo(ctx, { cookie: member.cookie });
    await again.opened;
    again.send({ type: 'RESUME', data: { sessionId, seq: 1 } });
    const frames: ReturnType<typeof summary>[] = [];
    for (;;) {
      const frame = await again.next();
      if (frame.type === 'RESUMED') break;
      frames.push(summary(frame));
    }
    expect(frames).toEqual([
      ['MESSAGE_SEND', 'missed, still visible'],
      ['CHANNEL_DELETED', team.generalId],
    ]);
    // Live again with the subscriptions it came back with: the channel stays hidden until the overwrite goes.
    await send(owner, team.generalId, 'hidden, live');
    await marker(member, 2);
    expect(summary(await again.next())).toEqual(['PRESENCE_UPDATE', 2]);
    await overwrite(team.generalId, { kind: 'user', id: member.id }, null);
    expect(summary(await again.next())).toEqual(['CHANNEL_UPDATED', team.generalId]);
    await send(owner, team.generalId, 'visible, live');
    expect(summary(await again.next())).toEqual(['MESSAGE_SEND', 'visible, live']);
  });
});
