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

function applyOverwrites(base: number, overwrites: ChannelOverwrites | undefined, ctx: PermissionContext): number {
  if (!overwrites) return base;
  let mask = base;
  const everyone = overwrites.role[ctx.teamId];
  if (everyone) mask = (mask & ~everyone.deny) | everyone.allow;
  // Held roles: a deny from one role cannot take away what another held role allows.
  let allow = 0;
  let deny = 0;
  for (const roleId of ctx.memberRoleIds) {
    const ow = overwrites.role[roleId];
    if (ow) {
      allow |= ow.allow;
      deny |= ow.deny;
    }
  }
  mask = (mask & ~deny) | allow;
  const own = overwrites.user[ctx.userId];
  if (own) mask = (mask & ~own.deny) | own.allow;
  return mask;
}

/**
 * Effective channel permissions: owner and ADMINISTRATOR hold all; otherwise the channel type's
 * defaults, then the category's overwrites, then the channel's (everyone role, held roles, user).
 */
export function computeChannelPermissions(
  ctx: PermissionContext,
  channel: { type: ChannelType; permissions?: ChannelOverwrites },
  category?: { permissions?: ChannelOverwrites },
): number {
  const set = CHANNEL_PERMISSION_SETS[channel.type];
  const team = computeTeamPermissions(ctx);
  if (hasBit(team, TeamPermission.ADMINISTRATOR)) return set.applicable;
  let mask = set.defaults;
  mask = applyOverwrites(mask, category?.permissions, ctx);
  mask = applyOverwrites(mask, channel.permissions, ctx);
  if (hasBit(team, TeamPermission.MANAGE_CHANNELS)) mask |= ChannelPermission.MANAGE_CHANNEL;
  if (hasBit(team, TeamPermission.DELETE_MESSAGES)) mask |= ChannelPermission.MANAGE_MESSAGES;
  return mask & set.applicable;
}
