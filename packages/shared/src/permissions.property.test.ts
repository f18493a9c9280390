import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ALL_CHANNEL_PERMISSIONS,
  ALL_TEAM_PERMISSIONS,
  CHANNEL_PERMISSION_SETS,
  CHANNEL_TYPES,
  ChannelPermission,
  computeChannelPermissions,
  computeTeamPermissions,
  hasBit,
  TeamPermission,
  type ChannelOverwrites,
  type ChannelType,
  type Overwrite,
  type PermissionContext,
} from './permissions';

const TEAM = '100';
const OWNER = '1';
const USER = '2';
const OTHER_USER = '3';
const ROLE_IDS = ['201', '202', '203', '204', '205'];
const TEAM_TYPES = CHANNEL_TYPES.filter((type) => type !== 'DM');

/** Any team bits but ADMINISTRATOR (which makes every property below trivial); administrators have their own property. */
const teamBits = fc.integer({ min: 0, max: ALL_TEAM_PERMISSIONS }).map((mask) => mask & ~TeamPermission.ADMINISTRATOR);
const channelBits = fc.integer({ min: 0, max: ALL_CHANNEL_PERMISSIONS });
const overwrite: fc.Arbitrary<Overwrite> = fc.record({ allow: channelBits, deny: channelBits });
/** Overwrites for some of `ids`. */
const overwritesOf = (ids: string[]): fc.Arbitrary<Record<string, Overwrite>> =>
  fc.array(fc.option(overwrite, { nil: undefined }), { minLength: ids.length, maxLength: ids.length }).map((list) => {
    const entries: Record<string, Overwrite> = {};
    list.forEach((entry, i) => {
      const id = ids[i];
      if (entry && id) entries[id] = entry;
    });
    return entries;
  });
const overwrites: fc.Arbitrary<ChannelOverwrites> = fc.record({ role: overwritesOf([TEAM, ...ROLE_IDS]), user: overwritesOf([USER, OTHER_USER]) });

interface World {
  ctx: PermissionContext;
  type: ChannelType;
  channel: ChannelOverwrites;
  category: ChannelOverwrites | undefined;
}

/** A member (never the owner) of a team with five roles, on a channel of any team type, maybe in a category. */
const world: fc.Arbitrary<World> = fc
  .record({
    defaultBits: teamBits,
    roleBits: fc.array(teamBits, { minLength: ROLE_IDS.length, maxLength: ROLE_IDS.length }),
    priorities: fc.array(fc.integer({ min: 1, max: 50 }), { minLength: ROLE_IDS.length, maxLength: ROLE_IDS.length }),
    held: fc.subarray(ROLE_IDS),
    type: fc.constantFrom(...TEAM_TYPES),
    channel: overwrites,
    category: fc.option(overwrites, { nil: undefined }),
  })
  .map(({ defaultBits, roleBits, priorities, held, type, channel, category }) => ({
    ctx: {
      teamId: TEAM,
      ownerId: OWNER,
      userId: USER,
      memberRoleIds: held,
      roles: [
        { id: TEAM, permissions: defaultBits, priority: 0 },
        ...ROLE_IDS.map((id, i) => ({ id, permissions: roleBits[i] ?? 0, priority: priorities[i] ?? 1 })),
      ],
    },
    type,
    channel,
    category,
  }));

const compute = ({ ctx, type, channel, category }: World, member: Partial<PermissionContext> = {}, own = channel) =>
  computeChannelPermissions({ ...ctx, ...member }, { type, permissions: own }, category && { permissions: category });

/** A bit that applies to the world's channel type. */
const withBit = fc.tuple(world, fc.nat()).map(([w, n]) => {
  const bits = bitsOf(CHANNEL_PERMISSION_SETS[w.type].applicable);
  return { w, bit: bits[n % bits.length] ?? ChannelPermission.VIEW_CHANNEL };
});

function bitsOf(mask: number): number[] {
  const bits: number[] = [];
  for (let bit = 1; bit <= mask; bit <<= 1) if (mask & bit) bits.push(bit);
  return bits;
}

/** The overwrite with `bit` taken out of both masks. */
const without = (ow: Overwrite | undefined, bit: number): Overwrite | undefined => ow && { allow: ow.allow & ~bit, deny: ow.deny & ~bit };
const withoutUser = (overwrites: ChannelOverwrites | undefined, bit: number): ChannelOverwrites | undefined =>
  overwrites && { role: overwrites.role, user: { ...overwrites.user, [USER]: without(overwrites.user[USER], bit) ?? { allow: 0, deny: 0 } } };

describe('computeChannelPermissions: properties', () => {
  it('never grants a bit that does not apply to the channel type', () => {
    fc.assert(fc.property(world, (w) => (compute(w) & ~CHANNEL_PERMISSION_SETS[w.type].applicable) === 0));
  });

  it('gives the owner and every administrator all that applies, whatever the overwrites', () => {
    fc.assert(
      fc.property(world, fc.constantFrom(...ROLE_IDS), (w, adminRole) => {
        const applicable = CHANNEL_PERMISSION_SETS[w.type].applicable;
        const roles = w.ctx.roles.map((role) => (role.id === adminRole ? { ...role, permissions: role.permissions | TeamPermission.ADMINISTRATOR } : role));
        const admin = { roles, memberRoleIds: [...w.ctx.memberRoleIds, adminRole] };
        return compute(w, { userId: OWNER }) === applicable && compute(w, admin) === applicable;
      }),
    );
  });

  it('never grants a bit, team or channel, when the member loses a role', () => {
    fc.assert(
      fc.property(world, fc.nat(), (w, n) => {
        if (w.ctx.memberRoleIds.length === 0) return true;
        const lost = w.ctx.memberRoleIds[n % w.ctx.memberRoleIds.length];
        const fewer = { memberRoleIds: w.ctx.memberRoleIds.filter((id) => id !== lost) };
        const teamBefore = computeTeamPermissions(w.ctx);
        const teamAfter = computeTeamPermissions({ ...w.ctx, ...fewer });
        return (teamAfter & ~teamBefore) === 0 && (compute(w, fewer) & ~compute(w) & ALL_CHANNEL_PERMISSIONS) === 0;
      }),
    );
  });

  it('lets a held role-allow beat an everyone-deny (when the member has no overwrite of their own for the bit)', () => {
    fc.assert(
      fc.property(withBit, fc.constantFrom(...ROLE_IDS), ({ w, bit }, roleId) => {
        const channel: ChannelOverwrites = {
          role: { ...w.channel.role, [TEAM]: { allow: 0, deny: bit }, [roleId]: { allow: bit, deny: 0 } },
          user: w.channel.user,
        };
        const world = {
          ...w,
          ctx: { ...w.ctx, memberRoleIds: [...w.ctx.memberRoleIds, roleId] },
          channel: withoutUser(channel, bit)!,
          category: withoutUser(w.category, bit),
        };
        const outsider = {
          ...world,
          ctx: { ...world.ctx, memberRoleIds: [] as string[], roles: world.ctx.roles.map((role) => ({ ...role, permissions: 0 })) },
        };
        // The everyone-deny works on a member without the role (and without team bits that bring it)…
        expect(hasBit(compute(outsider), bit)).toBe(false);
        // …and the role's allow beats it.
        return hasBit(compute(world), bit);
      }),
    );
  });

  it("lets the member's own overwrite beat every role overwrite, both ways", () => {
    fc.assert(
      fc.property(withBit, fc.boolean(), ({ w, bit }, allowed) => {
        const user = { ...w.channel.user, [USER]: allowed ? { allow: bit, deny: 0 } : { allow: 0, deny: bit } };
        return hasBit(compute(w, {}, { role: w.channel.role, user }), bit) === allowed;
      }),
    );
  });

  it('does not depend on the order or the priorities of the held roles', () => {
    fc.assert(
      fc.property(world, fc.array(fc.integer({ min: 1, max: 50 }), { minLength: ROLE_IDS.length, maxLength: ROLE_IDS.length }), (w, priorities) => {
        const reordered = {
          memberRoleIds: [...w.ctx.memberRoleIds].reverse(),
          roles: w.ctx.roles.map((role, i) => (role.id === TEAM ? role : { ...role, priority: priorities[i - 1] ?? 1 })),
        };
        return compute(w, reordered) === compute(w);
      }),
    );
  });

  it('gives every DM participant the DM set, whatever the overwrites', () => {
    fc.assert(fc.property(world, (w) => compute({ ...w, type: 'DM' }) === CHANNEL_PERMISSION_SETS.DM.defaults));
  });
});
