/** Permission bits (spec 001 §3, §6). Team-level and channel-level sets are separate bitmasks. */
export const TeamPermission = {
  ADMINISTRATOR: 1 << 0,
  MANAGE_CHANNELS: 1 << 1,
  MANAGE_ROLES: 1 << 2,
  MANAGE_TEAM: 1 << 3,
  VIEW_AUDIT_LOG: 1 << 4,
  BAN_MEMBERS: 1 << 5,
  DELETE_MESSAGES: 1 << 6,
  MANAGE_APPLICATIONS: 1 << 7,
  JOIN_TOURNAMENTS: 1 << 8,
  CREATE_INVITES: 1 << 9,
  MENTION_EVERYONE_AND_HERE: 1 << 10,
  MANAGE_BLOGS: 1 << 11,
  KICK_MEMBERS: 1 << 12,
  MOVE_MEMBERS: 1 << 13,
} as const;
export type TeamPermissionName = keyof typeof TeamPermission;
export const ALL_TEAM_PERMISSIONS = Object.values(TeamPermission).reduce((a, b) => a | b, 0);

/** Permissions the default (everyone) role of a new team holds. */
export const DEFAULT_ROLE_PERMISSIONS = TeamPermission.CREATE_INVITES | TeamPermission.JOIN_TOURNAMENTS;

export const ChannelPermission = {
  VIEW_CHANNEL: 1 << 0,
  MANAGE_CHANNEL: 1 << 1,
  SEND_MESSAGES: 1 << 2,
  MANAGE_MESSAGES: 1 << 3,
  USE_EXTERNAL_EMOJIS: 1 << 4,
  CAN_SEE_MESSAGE_HISTORY: 1 << 5,
  CONNECT: 1 << 6,
  DISCONNECT: 1 << 7,
  CREATE_TODOS: 1 << 8,
  DELETE_TODOS: 1 << 9,
  EDIT_TODOS: 1 << 10,
  CREATE_ANNOUNCEMENTS: 1 << 11,
  DELETE_ANNOUNCEMENTS: 1 << 12,
  EDIT_ANNOUNCEMENTS: 1 << 13,
} as const;
export type ChannelPermissionName = keyof typeof ChannelPermission;
export const ALL_CHANNEL_PERMISSIONS = Object.values(ChannelPermission).reduce((a, b) => a | b, 0);

export const CHANNEL_TYPES = ['text', 'voice', 'todo', 'watchstream', 'announcement', 'whiteboard', 'category', 'DM'] as const;
export type ChannelType = (typeof CHANNEL_TYPES)[number];

const C = ChannelPermission;
/** Bits that apply to each channel type, and the bits a channel of that type grants by default. */
export const CHANNEL_PERMISSION_SETS: Record<ChannelType, { applicable: number; defaults: number }> = {
  text: {
    applicable: C.VIEW_CHANNEL | C.MANAGE_MESSAGES | C.SEND_MESSAGES | C.USE_EXTERNAL_EMOJIS | C.MANAGE_CHANNEL | C.CAN_SEE_MESSAGE_HISTORY,
    defaults: C.VIEW_CHANNEL | C.SEND_MESSAGES | C.USE_EXTERNAL_EMOJIS | C.CAN_SEE_MESSAGE_HISTORY,
  },
  voice: { applicable: C.VIEW_CHANNEL | C.CONNECT | C.MANAGE_CHANNEL | C.DISCONNECT, defaults: C.VIEW_CHANNEL | C.CONNECT },
  todo: { applicable: C.VIEW_CHANNEL | C.CREATE_TODOS | C.DELETE_TODOS | C.EDIT_TODOS | C.MANAGE_CHANNEL, defaults: C.VIEW_CHANNEL },
  watchstream: { applicable: C.VIEW_CHANNEL | C.MANAGE_CHANNEL, defaults: C.VIEW_CHANNEL },
  category: { applicable: C.VIEW_CHANNEL | C.MANAGE_CHANNEL, defaults: C.VIEW_CHANNEL },
  whiteboard: { applicable: C.VIEW_CHANNEL | C.MANAGE_CHANNEL, defaults: C.VIEW_CHANNEL },
  announcement: {
    applicable: C.VIEW_CHANNEL | C.MANAGE_CHANNEL | C.CREATE_ANNOUNCEMENTS | C.DELETE_ANNOUNCEMENTS | C.EDIT_ANNOUNCEMENTS,
    defaults: C.VIEW_CHANNEL,
  },
  DM: { applicable: C.VIEW_CHANNEL | C.SEND_MESSAGES | C.CAN_SEE_MESSAGE_HISTORY, defaults: C.VIEW_CHANNEL | C.SEND_MESSAGES | C.CAN_SEE_MESSAGE_HISTORY },
};

export interface Overwrite {
  allow: number;
  deny: number;
}
export interface ChannelOverwrites {
  role: Record<string, Overwrite>;
  user: Record<string, Overwrite>;
}

export interface PermissionRole {
  id: string;
  permissions: number;
  priority: number;
}

export interface PermissionContext {
  teamId: string;
  ownerId: string;
  userId: string;
  /** Role ids the member holds, without the default role (its id is the team id). */
  memberRoleIds: readonly string[];
  roles: readonly PermissionRole[];
}

export function hasBit(mask: number, bit: number): boolean {
  return (mask & bit) === bit;
}

/** Team-level permissions of a member: owner has all, otherwise the OR of the default role and held roles. */
export function computeTeamPermissions(ctx: PermissionContext): number {
  if (ctx.userId === ctx.ownerId) return ALL_TEAM_PERMISSIONS;
  const held = new Set([ctx.teamId, ...ctx.memberRoleIds]);
  let mask = 0;
  for (const role of ctx.roles) if (held.has(role.id)) mask |= role.permissions;
  if (hasBit(mask, TeamPermission.ADMINISTRATOR)) return ALL_TEAM_PERMISSIONS;
  return mask;
}

/** Channel bits that a team permission brings on every channel, before overwrites (spec 001 §6). */
const CHANNEL_BITS_OF_TEAM_BITS: readonly (readonly [team: number, channel: number])[] = [
  [TeamPermission.MANAGE_CHANNELS, ChannelPermission.MANAGE_CHANNEL],
  [TeamPermission.DELETE_MESSAGES, ChannelPermission.MANAGE_MESSAGES],
];

/** The channel bits a role's team permissions bring on every channel. */
export function channelBitsOfTeamPermissions(teamPermissions: number): number {
  let mask = 0;
  for (const [team, channel] of CHANNEL_BITS_OF_TEAM_BITS) if (hasBit(teamPermissions, team)) mask |= channel;
  return mask;
}

/** A mask after one overwrite: its deny bits cleared, then its allow bits set (a bit in both is allowed). */
export function applyOverwrite(mask: number, overwrite: Overwrite | undefined): number {
  return overwrite ? (mask & ~overwrite.deny) | overwrite.allow : mask;
}

/**
 * One target's overwrite on a channel in a category: the category's, with the channel's own allow
 * and deny taking precedence bit by bit (the channel is the more specific of the two).
 */
export function mergeOverwrites(category: Overwrite | undefined, channel: Overwrite | undefined): Overwrite | undefined {
  if (!category) return channel;
  if (!channel) return category;
  return { allow: (category.allow & ~channel.deny) | channel.allow, deny: (category.deny & ~channel.allow) | channel.deny };
}

/**
 * Effective channel permissions (spec 001 §3, §6; the exact rule and worked examples are in
 * docs/permissions.md):
 * - a DM grants its participants the DM set, whatever their teams say (DMs are exempt);
 * - the owner and ADMINISTRATOR hold every bit that applies to the channel's type;
 * - otherwise the everyone layer (the type's defaults and the default role's team-derived bits,
 *   then the default role's overwrite) OR each held role's grant (its team-derived bits, then its
 *   overwrite): a role's deny takes away only what that role itself would bring, never a bit the
 *   everyone layer or another role allows ("deny cannot override already allowed bits");
 * - then the member's own overwrite, which beats every role (both ways);
 * - overwrites are the category's merged with the channel's per target (`mergeOverwrites`), and
 *   the result is masked to the bits that apply to the type.
 */
export function computeChannelPermissions(
  ctx: PermissionContext,
  channel: { type: ChannelType; permissions?: ChannelOverwrites },
  category?: { permissions?: ChannelOverwrites },
): number {
  const set = CHANNEL_PERMISSION_SETS[channel.type];
  if (channel.type === 'DM') return set.defaults;
  if (hasBit(computeTeamPermissions(ctx), TeamPermission.ADMINISTRATOR)) return set.applicable;
  const own = channel.permissions;
  const inherited = category?.permissions;
  const roleOverwrite = (id: string) => mergeOverwrites(inherited?.role[id], own?.role[id]);
  const teamBitsOf = (id: string) => ctx.roles.find((role) => role.id === id)?.permissions ?? 0;

  let mask = applyOverwrite(set.defaults | channelBitsOfTeamPermissions(teamBitsOf(ctx.teamId)), roleOverwrite(ctx.teamId));
  for (const roleId of ctx.memberRoleIds) {
    if (roleId !== ctx.teamId) mask |= applyOverwrite(channelBitsOfTeamPermissions(teamBitsOf(roleId)), roleOverwrite(roleId));
  }
  mask = applyOverwrite(mask, mergeOverwrites(inherited?.user[ctx.userId], own?.user[ctx.userId]));
  return mask & set.applicable;
}

/**
 * Whether the member sees the channel: VIEW_CHANNEL, or being one of its participants (a voice
 * channel's connected members see it even when VIEW_CHANNEL is denied). DMs hold VIEW_CHANNEL.
 */
export function canViewChannel(permissions: number, participant = false): boolean {
  return participant || hasBit(permissions, ChannelPermission.VIEW_CHANNEL);
}

/** Slowmode does not apply to a member who holds MANAGE_CHANNEL or MANAGE_MESSAGES on the channel (spec 001 §5). */
export function isSlowmodeExempt(permissions: number): boolean {
  return (permissions & (ChannelPermission.MANAGE_CHANNEL | ChannelPermission.MANAGE_MESSAGES)) !== 0;
}

/** Seconds the member must wait between messages on the channel: its slowmode, or 0 when exempt. */
export function slowmodeSeconds(channel: { rateLimitPerUser: number }, permissions: number): number {
  return isSlowmodeExempt(permissions) ? 0 : Math.max(0, channel.rateLimitPerUser);
}
