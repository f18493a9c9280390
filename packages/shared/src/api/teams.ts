import { z } from 'zod';
import { VOICE_REGIONS } from '../voice/regions';
import { LIMITS } from '../limits';
import { CHANNEL_TYPES } from '../permissions';
import { snowflakeSchema } from './common';
import { BODY_LIMIT, defineEndpoint } from './endpoint';
import { ROUTES } from './routes';
import { nameText, text } from './text';
import { activitySchema, presenceSchema, userStatusSchema } from './users';

/** Trimmed, bidi controls removed; the input bound leaves room for the spaces that trimming removes. */
export const teamNameSchema = nameText({ max: LIMITS.teamName.max * 4, error: 'team_name_error', tooLong: 'team_name_error_max' })
  .min(LIMITS.teamName.min, 'team_name_error_min')
  .max(LIMITS.teamName.max, 'team_name_error_max');

export const teamSchema = z.object({
  id: z.string(),
  name: z.string(),
  profilePicture: z.string().nullable(),
  banner: z.string().nullable(),
  description: z.string().nullable(),
  createdBy: z.string(),
  isVerified: z.boolean(),
  isSafeForTeen: z.boolean(),
  isDiscoverable: z.boolean(),
  memberCount: z.number().int(),
  createdAt: z.string(),
});
export type Team = z.infer<typeof teamSchema>;

const overwriteSchema = z.object({ allow: z.number().int(), deny: z.number().int() });
export const channelOverwritesSchema = z.object({
  role: z.record(z.string(), overwriteSchema),
  user: z.record(z.string(), overwriteSchema),
});

/** A watch-stream channel's stream (spec 001 §3 additionalData), as stored and answered. */
export const channelAdditionalDataSchema = z.object({
  streamPlatform: z.enum(LIMITS.streamPlatforms),
  streamChannel: z.string(),
});
export type ChannelAdditionalData = z.infer<typeof channelAdditionalDataSchema>;

export const channelSchema = z.object({
  id: z.string(),
  teamId: z.string().nullable(),
  type: z.enum(CHANNEL_TYPES),
  name: z.string(),
  description: z.string().nullable(),
  parentId: z.string().nullable(),
  priority: z.number().int(),
  nsfw: z.boolean(),
  rateLimitPerUser: z.number().int(),
  userLimit: z.number().int(),
  /** A voice channel's region (001 §9; us-east-1 unless changed). */
  region: z.enum(VOICE_REGIONS),
  permissions: channelOverwritesSchema,
  /** A watch-stream channel's stream; null for the other types. */
  additionalData: channelAdditionalDataSchema.nullable(),
});
export type Channel = z.infer<typeof channelSchema>;

export const categorySchema = z.object({
  id: z.string(),
  teamId: z.string(),
  name: z.string(),
  priority: z.number().int(),
  permissions: channelOverwritesSchema,
});
export type Category = z.infer<typeof categorySchema>;

export const roleSchema = z.object({
  id: z.string(),
  teamId: z.string(),
  name: z.string(),
  color: z.string().nullable(),
  color2: z.string().nullable(),
  priority: z.number().int(),
  permissions: z.number().int(),
  iconEmojiId: z.string().nullable(),
  isDisplayedSeparately: z.boolean(),
  mentionable: z.boolean(),
  isSelfAssignable: z.boolean(),
  description: z.string().nullable(),
  /** The bot a bot's role belongs to (spec 001 §3 botScope.userId); null for every other role. */
  botUserId: z.string().nullable(),
});
export type Role = z.infer<typeof roleSchema>;

export const memberSchema = z.object({
  id: z.string(),
  username: z.string(),
  subdomain: z.string(),
  profilePicture: z.string().nullable(),
  bot: z.boolean(),
  system: z.boolean(),
  roles: z.array(z.string()),
  permissions: z.number().int(),
  joinedAt: z.string(),
  presence: presenceSchema,
  /** The member's custom status, null when none. */
  userStatus: userStatusSchema.nullable(),
  /** The member's game activity, null when none. */
  userRPC: activitySchema.nullable(),
});
export type Member = z.infer<typeof memberSchema>;

export const createTeamRequestSchema = z.object({
  name: teamNameSchema,
  /** The `url` that `POST /api/v1/upload` answered for a teamIcon upload (the server accepts only its own), or null / absent. */
  profilePicture: text({ max: 512, error: 'team_image_invalid' }).optional().nullable(),
});
export type CreateTeamRequest = z.input<typeof createTeamRequestSchema>;

export const createTeamResponseSchema = z.object({
  success: z.literal(true),
  createdTeam: teamSchema,
});

export const teamListResponseSchema = z.object({
  success: z.literal(true),
  teams: z.array(teamSchema),
  suspendedTeamLength: z.number().int(),
});

export const teamChannelsResponseSchema = z.object({
  success: z.literal(true),
  channels: z.array(channelSchema),
  categories: z.array(categorySchema),
});

/** Members of a team, oldest member first; `permissions` is each member's team permission mask. */
export const teamMembersResponseSchema = z.object({
  success: z.literal(true),
  members: z.array(memberSchema),
});

// ---- invites ----

export const INVITE_EXPIRY_MS: Record<(typeof LIMITS.inviteExpiry)[number], number | null> = {
  never: null,
  '30m': 30 * 60_000,
  '1h': 3_600_000,
  '6h': 6 * 3_600_000,
  '12h': 12 * 3_600_000,
  '1d': 24 * 3_600_000,
  '7d': 7 * 24 * 3_600_000,
  '30d': 30 * 24 * 3_600_000,
};

export const createInviteRequestSchema = z.object({
  teamId: snowflakeSchema,
  applicationEnabled: z.boolean().optional().default(false),
  type: z.literal('team').optional().default('team'),
  maxUses: z
    .number()
    .int()
    .nullable()
    .optional()
    .default(null)
    .refine((v) => (LIMITS.inviteMaxUses as readonly (number | null)[]).includes(v ?? null), 'invite_max_uses'),
  /** ISO date or null for never. At most 30 days ahead (plus a minute of clock slack). */
  expiresAt: text({ max: 64 })
    .datetime({ offset: true })
    .nullable()
    .optional()
    .default(null)
    .refine((v) => {
      if (v == null) return true;
      const t = Date.parse(v);
      return t > Date.now() && t <= Date.now() + 30 * 24 * 3_600_000 + 60_000;
    }, 'invite_expiry'),
});
export type CreateInviteRequest = z.input<typeof createInviteRequestSchema>;

export const inviteSchema = z.object({
  code: z.string(),
  teamId: z.string(),
  inviter: z.string(),
  uses: z.number().int(),
  maxUses: z.number().int().nullable(),
  applicationEnabled: z.boolean(),
  expiresAt: z.string().nullable(),
  type: z.literal('team'),
  createdAt: z.string(),
});
export type Invite = z.infer<typeof inviteSchema>;

export const createInviteResponseSchema = z.object({ success: z.literal(true), invite: inviteSchema, message: z.string().optional() });

export const inviteLookupResponseSchema = z.object({
  success: z.literal(true),
  code: z.string(),
  team: teamSchema,
  teamOwner: z.object({ id: z.string(), username: z.string(), profilePicture: z.string().nullable() }),
  applicationEnabled: z.boolean(),
  applicationQuestions: z.object({ enabled: z.boolean(), questions: z.array(z.unknown()) }),
  /** Present when the lookup asked for the viewer (`?user=true`) and one is signed in. */
  isMember: z.boolean().optional(),
  message: z.string().optional(),
});
export type InviteLookupResponse = z.infer<typeof inviteLookupResponseSchema>;

export const joinInviteResponseSchema = z.object({ success: z.literal(true), team: teamSchema, message: z.string() });

/**
 * Clean an invite code as the spec says: strip protocol, site origin (any host with a dot or a
 * port, or localhost), the invite path (`/invite/` or `/i/`), query and fragment, then any
 * character that is not a word character or hyphen. A bare code comes back unchanged.
 */
export function cleanInviteCode(input: string): string {
  let s = input.trim();
  s = s.replace(/^[a-z][a-z0-9+.-]*:\/\//i, '');
  // The leading host: everything before the first / ? or #, when it is localhost or has a dot or a port.
  const hostEnd = s.search(/[/?#]/);
  const host = hostEnd < 0 ? s : s.slice(0, hostEnd);
  if (host.toLowerCase() === 'localhost' || /[.:]/.test(host)) s = s.slice(host.length);
  const queryOrFragment = s.search(/[?#]/);
  if (queryOrFragment >= 0) s = s.slice(0, queryOrFragment);
  s = s.replace(/^\/+/, '');
  s = s.replace(/^(?:invite|i)\//i, '');
  return s.replace(/[^\w-]/g, '');
}

// ---- endpoints ----

export const teamParamsSchema = z.object({ teamId: snowflakeSchema });
export const inviteCodeParamsSchema = z.object({ code: text({ max: 512, error: 'invite_invalid' }).transform(cleanInviteCode) });
export const inviteLookupQuerySchema = z.object({ user: z.enum(['true', 'false']).optional() });

export const createTeamEndpoint = defineEndpoint({
  ...ROUTES.createTeam,
  summary: 'Create a team with its default role, #general in a text category and a General voice channel in a voice category',
  body: createTeamRequestSchema,
  response: createTeamResponseSchema,
  status: 201,
  bodyLimit: BODY_LIMIT.SMALL,
});

export const listTeamsEndpoint = defineEndpoint({
  ...ROUTES.listTeams,
  summary: "The signed-in user's teams",
  response: teamListResponseSchema,
});

export const teamChannelsEndpoint = defineEndpoint({
  ...ROUTES.teamChannels,
  summary: 'Channels and categories of a team that the user may view',
  permission: { team: 'member' },
  params: teamParamsSchema,
  response: teamChannelsResponseSchema,
});

export const teamMembersEndpoint = defineEndpoint({
  ...ROUTES.teamMembers,
  summary: 'Members of a team, oldest first, with their team permissions',
  permission: { team: 'member' },
  params: teamParamsSchema,
  response: teamMembersResponseSchema,
});

export const createInviteEndpoint = defineEndpoint({
  ...ROUTES.createInvite,
  summary: 'Create an invite to a team',
  permission: { team: 'CREATE_INVITES', from: 'body.teamId' },
  body: createInviteRequestSchema,
  response: createInviteResponseSchema,
  bodyLimit: BODY_LIMIT.SMALL,
});

export const lookupInviteEndpoint = defineEndpoint({
  ...ROUTES.lookupInvite,
  summary: 'An invite and its team, for anyone; ?user=true adds isMember for a signed-in viewer',
  auth: 'public',
  params: inviteCodeParamsSchema,
  query: inviteLookupQuerySchema,
  response: inviteLookupResponseSchema,
});

export const joinInviteEndpoint = defineEndpoint({
  ...ROUTES.joinInvite,
  userRateLimit: 'membership',
  summary: 'Join a team through an invite',
  params: inviteCodeParamsSchema,
  response: joinInviteResponseSchema,
  bodyLimit: BODY_LIMIT.SMALL,
});
