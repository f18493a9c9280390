import { z } from 'zod';
import { LIMITS } from '../limits';
import { snowflakeSchema } from './common';
import { BODY_LIMIT, defineEndpoint } from './endpoint';
import { ROUTES } from './routes';
import { text } from './text';

/**
 * Audit entry types (spec 001 §3 "Audit entry"): user banned, unbanned, kicked, disconnected, roles
 * updated (and moved to another voice channel, beside disconnected); emoji, channel, role, category and webhook created, deleted, updated; team updated; bot
 * added; messages deleted; to-do items deleted.
 */
export const AUDIT_ACTIONS = [
  'USER_BANNED',
  'USER_UNBANNED',
  'USER_KICKED',
  'USER_DISCONNECTED',
  'USER_MOVED',
  'USER_ROLES_UPDATED',
  'EMOJI_CREATED',
  'EMOJI_DELETED',
  'EMOJI_UPDATED',
  'CHANNEL_CREATED',
  'CHANNEL_DELETED',
  'CHANNEL_UPDATED',
  'ROLE_CREATED',
  'ROLE_DELETED',
  'ROLE_UPDATED',
  'CATEGORY_CREATED',
  'CATEGORY_DELETED',
  'CATEGORY_UPDATED',
  'WEBHOOK_CREATED',
  'WEBHOOK_DELETED',
  'WEBHOOK_UPDATED',
  'TEAM_UPDATED',
  'BOT_ADDED',
  'MESSAGES_DELETED',
  'TODO_ITEMS_DELETED',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** What an entry's target is (its `targetId` names one of these; null for entries about the team itself). */
export const AUDIT_TARGET_TYPES = ['user', 'channel', 'category', 'role', 'emoji', 'webhook', 'team'] as const;
export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];

/** One changed key of an entry: its value before and after (null when absent); `id` names a sub-item (a role added to a member). */
const jsonValue = z.union([z.string(), z.number(), z.boolean(), z.null()]);
export const auditChangeSchema = z.object({ key: z.string(), old: jsonValue, new: jsonValue, id: z.string().optional() });
export type AuditChange = z.infer<typeof auditChangeSchema>;

/** The extra fields of some entry types: the channel of deleted messages, of a voice disconnect or a voice move's target, how many were deleted. */
export const auditOptionsSchema = z.object({ channelId: z.string().optional(), count: z.number().int().optional() });
export type AuditOptions = z.infer<typeof auditOptionsSchema>;

export const auditEntrySchema = z.object({
  id: z.string(),
  actionType: z.enum(AUDIT_ACTIONS),
  /** Who acted (null once their account is gone). */
  userId: z.string().nullable(),
  targetType: z.enum(AUDIT_TARGET_TYPES).nullable(),
  targetId: z.string().nullable(),
  changes: z.array(auditChangeSchema),
  options: auditOptionsSchema.nullable(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** A user as the audit log and the bans list name them. */
export const moderationUserSchema = z.object({ id: z.string(), username: z.string(), subdomain: z.string(), profilePicture: z.string().nullable() });

export const banSchema = z.object({ user: moderationUserSchema, reason: z.string().nullable(), createdAt: z.string() });
export type Ban = z.infer<typeof banSchema>;

export const banRequestSchema = z.object({
  /** Optional; trimmed, at most LIMITS.banReason.max characters (the ban dialog's counter). */
  reason: text({ max: LIMITS.banReason.max, tooLong: 'ban_reason_too_long', multiline: true }).trim().optional(),
});
export type BanRequest = z.input<typeof banRequestSchema>;

export const listBansQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(LIMITS.bansPage).optional().default(LIMITS.bansPage),
});

/** Newest first; `before` (an entry id) pages back along the (team_id, id desc) index. */
export const listAuditLogsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(LIMITS.auditLogPage).optional().default(LIMITS.auditLogPage),
  before: snowflakeSchema.optional(),
});
export type ListAuditLogsQuery = z.infer<typeof listAuditLogsQuerySchema>;

export const leaveTeamRequestSchema = z.object({ id: snowflakeSchema });

const successSchema = z.object({ success: z.literal(true) });
export const listBansResponseSchema = z.object({ success: z.literal(true), bans: z.array(banSchema) });
/** `users`: the actors and user targets that the entries name (the audit log shows 'Unknown User' for any other). */
export const listAuditLogsResponseSchema = z.object({
  success: z.literal(true),
  auditLogs: z.array(auditEntrySchema),
  users: z.array(moderationUserSchema),
});

// ---- endpoints ----

export const memberParamsSchema = z.object({ teamId: snowflakeSchema, userId: snowflakeSchema });
const teamParamsSchema = z.object({ teamId: snowflakeSchema });

export const kickMemberEndpoint = defineEndpoint({
  ...ROUTES.kickMember,
  userRateLimit: 'teamSettings',
  summary: 'Remove a member below the caller from the team (not its creator)',
  permission: { team: 'KICK_MEMBERS' },
  params: memberParamsSchema,
  response: successSchema,
});

export const banMemberEndpoint = defineEndpoint({
  ...ROUTES.banMember,
  userRateLimit: 'teamSettings',
  summary: 'Ban a user from the team with an optional reason, removing them if a member (below the caller, not the creator)',
  permission: { team: 'BAN_MEMBERS' },
  params: memberParamsSchema,
  body: banRequestSchema,
  response: successSchema,
  bodyLimit: BODY_LIMIT.DEFAULT,
});

export const unbanMemberEndpoint = defineEndpoint({
  ...ROUTES.unbanMember,
  userRateLimit: 'teamSettings',
  summary: 'Lift a ban',
  permission: { team: 'BAN_MEMBERS' },
  params: memberParamsSchema,
  response: successSchema,
});

export const listBansEndpoint = defineEndpoint({
  ...ROUTES.listBans,
  summary: "The team's bans, newest first (at most 1000)",
  permission: { team: 'BAN_MEMBERS' },
  params: teamParamsSchema,
  query: listBansQuerySchema,
  response: listBansResponseSchema,
});

export const leaveTeamEndpoint = defineEndpoint({
  ...ROUTES.leaveTeam,
  userRateLimit: 'membership',
  summary: 'Leave a team (its creator cannot)',
  permission: { team: 'member', from: 'body.id' },
  body: leaveTeamRequestSchema,
  response: successSchema,
  bodyLimit: BODY_LIMIT.SMALL,
});

export const listAuditLogsEndpoint = defineEndpoint({
  ...ROUTES.listAuditLogs,
  summary: "A page of the team's audit log, newest first (at most 50, `before` an entry id)",
  permission: { team: 'VIEW_AUDIT_LOG' },
  params: teamParamsSchema,
  query: listAuditLogsQuerySchema,
  response: listAuditLogsResponseSchema,
});
