import { describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { ChannelPermission, type ChannelOverwrites } from '@rally/shared/permissions';
import { withTestApp } from '../../../test/helpers/app';
import { makeChannel, makeMember, makeRole, makeTeam, makeUser } from '../../../test/helpers/factories';
import { channels, memberRoles, roles, teamMembers } from '../../db/schema';
import { findMemberships, setChannelOverwrite } from '../permissions/repository';
import { deleteRole, findMember, listMembers, removeMemberRoles } from './repository';

describe('teams repository: roles of members', () => {
  const ctx = withTestApp();
  const { VIEW_CHANNEL, SEND_MESSAGES } = ChannelPermission;
  const hide = { allow: 0, deny: VIEW_CHANNEL };
  const mute = { allow: 0, deny: SEND_MESSAGES };

  const overwritesOf = async (channelId: string) => (await ctx.db.select({ p: channels.permissions }).from(channels).where(eq(channels.id, channelId)))[0]?.p;
  const heldBy = async (teamId: string, userId: string) =>
    (
      await ctx.db
        .select({ roleId: memberRoles.roleId })
        .from(memberRoles)
        .where(and(eq(memberRoles.teamId, teamId), eq(memberRoles.userId, userId)))
    )
      .map((r) => r.roleId)
      .sort();

  /** A team whose member holds roles A and B, another member holds A; two channels with overwrites for A, B and a user. */
  async function setup() {
    const owner = await makeUser(ctx.app);
    const member = await makeUser(ctx.app);
    const other = await makeUser(ctx.app);
    const team = await makeTeam(ctx, owner);
    const a = await makeRole(ctx, team.teamId, { name: 'A', permissions: 0 });
    const b = await makeRole(ctx, team.teamId, { name: 'B', permissions: 0 });
    await makeMember(ctx, team.teamId, member, { roles: [a, b] });
    await makeMember(ctx, team.teamId, other, { roles: [a] });
    const overwrites = (): ChannelOverwrites => ({ role: { [team.teamId]: mute, [a]: hide, [b]: hide }, user: { [member.id]: mute } });
    const first = await makeChannel(ctx, team.teamId, { permissions: overwrites() });
    const second = await makeChannel(ctx, team.teamId, { permissions: overwrites() });
    return { owner, member, other, team, a, b, first, second };
  }

  it('reads the held roles from member_roles with the membership, and drops them when the member leaves', async () => {
    const { member, team, a, b } = await setup();
    expect(await findMemberships(ctx.db, member.id)).toEqual([{ teamId: team.teamId, roleIds: [a, b].sort() }]);
    expect((await findMember(ctx.db, team.teamId, member.id))?.roleIds).toEqual([a, b].sort());
    expect((await listMembers(ctx.db, team.teamId)).map((m) => m.roleIds)).toEqual([[], [a, b].sort(), [a]]);
    await removeMemberRoles(ctx.db, team.teamId, member.id, [b]);
    expect(await findMemberships(ctx.db, member.id, [team.teamId])).toEqual([{ teamId: team.teamId, roleIds: [a] }]);
    await ctx.db.delete(teamMembers).where(and(eq(teamMembers.teamId, team.teamId), eq(teamMembers.userId, member.id)));
    expect(await heldBy(team.teamId, member.id)).toEqual([]);
  });

  it('deleteRole removes the role, its holders and its overwrites, and nothing else', async () => {
    const { member, other, team, a, b, first, second } = await setup();
    expect(await deleteRole(ctx.db, team.teamId, a)).toBe(true);
    expect(await ctx.db.select().from(roles).where(eq(roles.id, a))).toEqual([]);
    expect(await heldBy(team.teamId, member.id)).toEqual([b]);
    expect(await heldBy(team.teamId, other.id)).toEqual([]);
    for (const channelId of [first, second]) {
      expect(await overwritesOf(channelId)).toEqual({ role: { [team.teamId]: mute, [b]: hide }, user: { [member.id]: mute } });
    }
    // Both still members; the team's other channel untouched.
    expect((await listMembers(ctx.db, team.teamId)).length).toBe(3);
    expect(await overwritesOf(team.generalId)).toEqual({ role: {}, user: {} });
  });

  it('deleteRole refuses a role of another team and changes nothing', async () => {
    const { owner, member, team, a, first } = await setup();
    const elsewhere = await makeTeam(ctx, owner, { name: 'Elsewhere' });
    expect(await deleteRole(ctx.db, elsewhere.teamId, a)).toBe(false);
    expect(await ctx.db.select({ id: roles.id }).from(roles).where(eq(roles.id, a))).toEqual([{ id: a }]);
    expect((await heldBy(team.teamId, member.id)).includes(a)).toBe(true);
    expect((await overwritesOf(first))?.role[a]).toEqual(hide);
  });

  it('deleteRole leaves nothing half-written when a step fails', async () => {
    const { member, team, a, first, second } = await setup();
    const before = [await overwritesOf(first), await overwritesOf(second)];
    // The role row's delete fails, after the overwrites were rewritten in the same transaction.
    await ctx.db.execute(
      sql.raw(`
      CREATE FUNCTION refuse_role_delete() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF OLD.id = ${a} THEN RAISE EXCEPTION 'refused by test'; END IF; RETURN OLD; END $$`),
    );
    await ctx.db.execute(sql.raw('CREATE TRIGGER refuse_role_delete BEFORE DELETE ON roles FOR EACH ROW EXECUTE FUNCTION refuse_role_delete()'));
    try {
      await expect(deleteRole(ctx.db, team.teamId, a)).rejects.toThrow();
    } finally {
      await ctx.db.execute(sql.raw('DROP TRIGGER refuse_role_delete ON roles'));
      await ctx.db.execute(sql.raw('DROP FUNCTION refuse_role_delete()'));
    }
    expect([await overwritesOf(first), await overwritesOf(second)]).toEqual(before);
    expect((await heldBy(team.teamId, member.id)).includes(a)).toBe(true);
    expect(await ctx.db.select({ id: roles.id }).from(roles).where(eq(roles.id, a))).toEqual([{ id: a }]);
  });

  it('leaves no overwrite of a role deleted while it is being set', async () => {
    const { team, a, b, first, second } = await setup();
    const results = await Promise.all([
      setChannelOverwrite(ctx.db, team.generalId, { kind: 'role', id: a }, hide),
      deleteRole(ctx.db, team.teamId, a),
      setChannelOverwrite(ctx.db, first, { kind: 'role', id: b }, mute),
    ]);
    expect(results[1]).toBe(true);
    for (const channelId of [team.generalId, first, second]) expect((await overwritesOf(channelId))?.role[a]).toBeUndefined();
    expect((await overwritesOf(first))?.role[b]).toEqual(mute);
  });
});
