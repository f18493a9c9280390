import { describe, expect, it } from 'vitest';
import { TeamPermission } from '@rally/shared/permissions';
import type { EndpointPermission } from '@rally/shared/api/endpoint';
import { withTestApp } from '../../../test/helpers/app';
import { makeChannel, makeMember, makeTeam, makeUser } from '../../../test/helpers/factories';
import { channels } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { newId } from '../../lib/snowflake';
import { AccessCache } from './cache';
import { requirePermission, type PermissionInput } from './require';

describe('requirePermission: what an endpoint declares, checked before its handler', () => {
  const ctx = withTestApp();

  /** The refusal as [status, code], or 'granted' with what the handler would receive. */
  async function check(userId: string, permission: EndpointPermission, input: Partial<PermissionInput>) {
    try {
      return await requirePermission(new AccessCache(ctx.db), userId, permission, { params: {}, body: {}, ...input });
    } catch (err) {
      if (err instanceof AppError) return [err.status, err.code];
      throw err;
    }
  }

  async function fixture() {
    const owner = await makeUser(ctx.app);
    const member = await makeUser(ctx.app);
    const moderator = await makeUser(ctx.app);
    const stranger = await makeUser(ctx.app);
    const team = await makeTeam(ctx, owner, { members: [member] });
    await makeMember(ctx, team.teamId, moderator, { roles: [{ permissions: TeamPermission.KICK_MEMBERS }] });
    return { owner, member, moderator, stranger, team };
  }

  it('a team permission: 404 for strangers and unknown teams, 403 without the bit, the access otherwise', async () => {
    const { owner, member, moderator, stranger, team } = await fixture();
    const params = { teamId: team.teamId };
    expect(await check(stranger.id, { team: 'member' }, { params })).toEqual([404, 'team_not_found']);
    expect(await check(member.id, { team: 'member' }, { params: { teamId: '1' } })).toEqual([404, 'team_not_found']);
    expect(await check(member.id, { team: 'member' }, { params })).toMatchObject({ access: { userId: member.id, team: { id: team.teamId } } });
    expect(await check(member.id, { team: 'KICK_MEMBERS' }, { params })).toEqual([403, 'forbidden']);
    expect(await check(moderator.id, { team: 'KICK_MEMBERS' }, { params })).toMatchObject({ access: { userId: moderator.id } });
    expect(await check(moderator.id, { team: 'owner' }, { params })).toEqual([403, 'forbidden']);
    expect(await check(owner.id, { team: 'owner' }, { params })).toMatchObject({ access: { userId: owner.id } });
    // From a body field, as POST /api/v1/teams/invite reads it.
    expect(await check(member.id, { team: 'CREATE_INVITES', from: 'body.teamId' }, { body: { teamId: team.teamId } })).toMatchObject({
      access: { userId: member.id },
    });
  });

  it('a channel permission: 404 for categories, DMs, unknown channels, strangers and another team in the path; VIEW_CHANNEL first; 400 for a bit the type lacks', async () => {
    const { owner, member, stranger, team } = await fixture();
    const other = await makeTeam(ctx, owner);
    const hidden = await makeChannel(ctx, team.teamId, { hiddenFrom: [team.teamId] });
    const voice = await makeChannel(ctx, team.teamId, { type: 'voice', name: 'Voice' });
    const general = { channelId: team.generalId };
    expect(await check(member.id, { channel: 'SEND_MESSAGES' }, { params: general })).toMatchObject({
      channel: { id: team.generalId },
      access: { userId: member.id },
    });
    expect(await check(stranger.id, { channel: 'SEND_MESSAGES' }, { params: general })).toEqual([404, 'channel_not_found']);
    expect(await check(owner.id, { channel: 'VIEW_CHANNEL' }, { params: { channelId: team.categoryId } })).toEqual([404, 'channel_not_found']);
    const dm = newId();
    await ctx.db.insert(channels).values({ id: dm, teamId: null, type: 'DM', name: 'dm' });
    expect(await check(owner.id, { channel: 'VIEW_CHANNEL' }, { params: { channelId: dm } })).toEqual([404, 'channel_not_found']);
    expect(await check(owner.id, { channel: 'VIEW_CHANNEL' }, { params: { channelId: newId() } })).toEqual([404, 'channel_not_found']);
    expect(await check(owner.id, { channel: 'VIEW_CHANNEL' }, { params: { ...general, teamId: other.teamId } })).toEqual([404, 'channel_not_found']);
    expect(await check(owner.id, { channel: 'VIEW_CHANNEL' }, { params: { ...general, teamId: team.teamId } })).toMatchObject({
      channel: { id: team.generalId },
    });
    expect(await check(member.id, { channel: 'SEND_MESSAGES' }, { params: { channelId: hidden } })).toEqual([403, 'no_permission_to_view_channel']);
    expect(await check(owner.id, { channel: 'SEND_MESSAGES' }, { params: { channelId: voice } })).toEqual([400, 'channel_messages_unsupported']);
    expect(await check(owner.id, { channel: 'CREATE_TODOS' }, { params: general })).toEqual([400, 'channel_type_unsupported']);
    expect(await check(member.id, { channel: 'CONNECT' }, { params: { channelId: voice } })).toMatchObject({ channel: { id: voice } });
    expect(await check(member.id, { channel: 'MANAGE_CHANNEL' }, { params: general })).toEqual([403, 'forbidden']);
  });

  it('{ none } loads nothing', async () => {
    const { stranger, team } = await fixture();
    expect(await check(stranger.id, { none: 'the team is public' }, { params: { teamId: team.teamId } })).toEqual({});
  });
});
