import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ChannelPermission } from '@rally/shared/permissions';
import { withTestApp } from '../../../test/helpers/app';
import { makeChannel, makeTeam, makeUser } from '../../../test/helpers/factories';
import { channels } from '../../db/schema';
import { newId } from '../../lib/snowflake';
import { findChannels, findMemberships, findRoles, findTeams, setChannelOverwrite, type TeamsOf } from './repository';

describe('permissions repository', () => {
  const ctx = withTestApp();
  const { VIEW_CHANNEL, SEND_MESSAGES } = ChannelPermission;

  const overwritesOf = async (channelId: string) => (await ctx.db.select({ p: channels.permissions }).from(channels).where(eq(channels.id, channelId)))[0]?.p;

  describe('reads by channel id', () => {
    const readsOf = async (userId: string, teamsOf: TeamsOf) => ({
      teams: await findTeams(ctx.db, teamsOf),
      roles: await findRoles(ctx.db, teamsOf),
      channels: await findChannels(ctx.db, teamsOf),
      memberships: await findMemberships(ctx.db, userId, teamsOf),
    });

    it("read the channel's team as reads by its id do, and nothing for a DM or an unknown channel", async () => {
      const owner = await makeUser(ctx.app);
      const team = await makeTeam(ctx, owner);
      const other = await makeTeam(ctx, owner);
      const channelId = await makeChannel(ctx, team.teamId);
      const byChannel = await readsOf(owner.id, { channelId });
      expect(byChannel).toEqual(await readsOf(owner.id, [team.teamId]));
      expect(byChannel.channels.map((c) => c.id)).toContain(channelId);
      expect(byChannel.channels.every((c) => c.teamId === team.teamId) && byChannel.memberships.length === 1).toBe(true);
      expect((await readsOf(owner.id, { channelId: other.generalId })).teams.map((t) => t.id)).toEqual([other.teamId]);

      const dm = newId();
      await ctx.db.insert(channels).values({ id: dm, teamId: null, type: 'DM', name: 'dm' });
      const nothing = { teams: [], roles: [], channels: [], memberships: [] };
      expect(await readsOf(owner.id, { channelId: dm })).toEqual(nothing);
      expect(await readsOf(owner.id, { channelId: newId() })).toEqual(nothing);
    });
  });

  describe('setChannelOverwrite', () => {
    it('sets, replaces and removes one target, leaving the others', async () => {
      const owner = await makeUser(ctx.app);
      const team = await makeTeam(ctx, owner);
      const channelId = await makeChannel(ctx, team.teamId, { permissions: { role: {}, user: { [owner.id]: { allow: SEND_MESSAGES, deny: 0 } } } });

      const set = await setChannelOverwrite(ctx.db, channelId, { kind: 'role', id: team.teamId }, { allow: 0, deny: VIEW_CHANNEL });
      expect(set).toMatchObject({ channel: { id: channelId, permissions: { role: { [team.teamId]: { allow: 0, deny: VIEW_CHANNEL } } } } });
      await setChannelOverwrite(ctx.db, channelId, { kind: 'role', id: team.teamId }, { allow: VIEW_CHANNEL, deny: SEND_MESSAGES });
      expect(await overwritesOf(channelId)).toEqual({
        role: { [team.teamId]: { allow: VIEW_CHANNEL, deny: SEND_MESSAGES } },
        user: { [owner.id]: { allow: SEND_MESSAGES, deny: 0 } },
      });
      await setChannelOverwrite(ctx.db, channelId, { kind: 'user', id: owner.id }, null);
      expect(await overwritesOf(channelId)).toEqual({ role: { [team.teamId]: { allow: VIEW_CHANNEL, deny: SEND_MESSAGES } }, user: {} });
    });

    it('keeps every change when admins edit different targets of one channel at once', async () => {
      const owner = await makeUser(ctx.app);
      const team = await makeTeam(ctx, owner);
      const channelId = await makeChannel(ctx, team.teamId);
      const users = Array.from({ length: 8 }, () => newId());
      const results = await Promise.all([
        setChannelOverwrite(ctx.db, channelId, { kind: 'role', id: team.teamId }, { allow: 0, deny: VIEW_CHANNEL }),
        ...users.map((id, i) => setChannelOverwrite(ctx.db, channelId, { kind: 'user', id }, { allow: 1 << i, deny: 0 })),
      ]);
      expect(results.every((r) => 'channel' in r)).toBe(true);
      expect(await overwritesOf(channelId)).toEqual({
        role: { [team.teamId]: { allow: 0, deny: VIEW_CHANNEL } },
        user: Object.fromEntries(users.map((id, i) => [id, { allow: 1 << i, deny: 0 }])),
      });
    });

    it('refuses a role of another team and a channel that is not a team channel, writing nothing', async () => {
      const owner = await makeUser(ctx.app);
      const team = await makeTeam(ctx, owner);
      const other = await makeTeam(ctx, owner, { name: 'Other' });
      expect(await setChannelOverwrite(ctx.db, team.generalId, { kind: 'role', id: other.teamId }, { allow: 0, deny: VIEW_CHANNEL })).toEqual({
        missing: 'role',
      });
      expect(await overwritesOf(team.generalId)).toEqual({ role: {}, user: {} });
      expect(await setChannelOverwrite(ctx.db, newId(), { kind: 'user', id: owner.id }, { allow: 0, deny: 0 })).toEqual({ missing: 'channel' });
    });
  });
});
