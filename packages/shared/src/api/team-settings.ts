import { z } from 'zod';
import { LIMITS } from '../limits';
import { snowflakeSchema } from './common';
import { BODY_LIMIT, defineEndpoint } from './endpoint';
import { ROUTES } from './routes';
import { inviteSchema, memberSchema, teamNameSchema, teamParamsSchema, teamSchema } from './teams';
import { text } from './text';

/**
 * A picture or banner as `POST /api/v1/upload` answered its `url` (the server accepts only its own
 * upload keys of the field's kind: teamIcon for the picture, teamBanner for the banner), or null to
 * remove it.
 */
const uploadedImageSchema = text({ max: 512, error: 'team_image_invalid' }).nullable().optional();

/**
 * The overview tab's fields (001 §7: POST /api/teams/{teamId} {banner | name | description |
 * isSafeForTeen | profilePicture}); absent fields stay as they are, at least one is needed. The
 * description is trimmed, at most 1000 characters; empty removes it.
 */
export const updateTeamRequestSchema = z
  .object({
    name: teamNameSchema.optional(),
    description: text({ max: LIMITS.teamDescription.max, tooLong: 'team_description_too_long', multiline: true }).trim().nullable().optional(),
    isSafeForTeen: z.boolean().optional(),
    profilePicture: uploadedImageSchema,
    banner: uploadedImageSchema,
  })
  .refine((body) => Object.values(body).some((v) => v !== undefined), 'team_update_empty');
export type UpdateTeamRequest = z.input<typeof updateTeamRequestSchema>;

/** The user's team list order, first to last: ids of teams they belong to (others are refused), each once. */
export const reorderTeamsRequestSchema = z
  .array(snowflakeSchema)
  .max(LIMITS.teamsPerUser, 'team_priority_invalid')
  .refine((ids) => new Set(ids).size === ids.length, 'team_priority_invalid');

/** Delete a team: its id and its exact name, typed by its creator (001 §5). */
export const deleteTeamRequestSchema = z.object({ id: snowflakeSchema, name: text({ max: LIMITS.teamName.max * 4, error: 'team_delete_name_mismatch' }) });

/** The new owner: a member of the team, not a bot, not the current owner (001 §5). */
export const changeOwnerRequestSchema = z.object({ owner: snowflakeSchema });

export const inviteParamsSchema = z.object({ teamId: snowflakeSchema, code: text({ max: 64, error: 'invite_invalid' }) });

const successSchema = z.object({ success: z.literal(true) });
export const teamResponseSchema = z.object({ success: z.literal(true), team: teamSchema });
export const myMemberResponseSchema = z.object({ success: z.literal(true), member: memberSchema });
export const listInvitesResponseSchema = z.object({ success: z.literal(true), invites: z.array(inviteSchema) });

// ---- endpoints ----

export const reorderTeamsEndpoint = defineEndpoint({
  ...ROUTES.reorderTeams,
  summary: "Order the caller's own team list (an array of their team ids, first to last); their sessions get TEAMS_PRIORITY_UPDATED",
  body: reorderTeamsRequestSchema,
  response: successSchema,
  bodyLimit: BODY_LIMIT.SMALL * 2,
});

export const updateTeamEndpoint = defineEndpoint({
  ...ROUTES.updateTeam,
  userRateLimit: 'teamSettings',
  summary: 'Change the name, description, picture, banner or safe-for-teen flag of a team (locks of 001 §5)',
  permission: { team: 'MANAGE_TEAM' },
  params: teamParamsSchema,
  body: updateTeamRequestSchema,
  response: teamResponseSchema,
  bodyLimit: BODY_LIMIT.DEFAULT,
});

export const teamDetailsEndpoint = defineEndpoint({
  ...ROUTES.teamDetails,
  summary: 'A team, for its members',
  permission: { team: 'member' },
  params: teamParamsSchema,
  response: teamResponseSchema,
});

export const myMemberEndpoint = defineEndpoint({
  ...ROUTES.myMember,
  summary: 'The caller as a member of the team (roles, team permissions)',
  permission: { team: 'member' },
  params: teamParamsSchema,
  response: myMemberResponseSchema,
});

export const changeOwnerEndpoint = defineEndpoint({
  ...ROUTES.changeOwner,
  userRateLimit: 'teamSettings',
  summary: 'Give the team to another member who is not a bot (its creator only)',
  permission: { team: 'owner' },
  params: teamParamsSchema,
  body: changeOwnerRequestSchema,
  response: teamResponseSchema,
  bodyLimit: BODY_LIMIT.SMALL,
});

export const deleteTeamEndpoint = defineEndpoint({
  ...ROUTES.deleteTeam,
  summary: 'Delete a team (its creator only, typing its exact name)',
  permission: { team: 'owner', from: 'body.id' },
  body: deleteTeamRequestSchema,
  response: successSchema,
  bodyLimit: BODY_LIMIT.SMALL,
});

export const listInvitesEndpoint = defineEndpoint({
  ...ROUTES.listInvites,
  summary: "The team's invites, newest first (expired and used-up ones included)",
  permission: { team: 'MANAGE_TEAM' },
  params: teamParamsSchema,
  response: listInvitesResponseSchema,
});

export const deleteInviteEndpoint = defineEndpoint({
  ...ROUTES.deleteInvite,
  summary: 'Delete an invite of the team',
  permission: { team: 'MANAGE_TEAM' },
  params: inviteParamsSchema,
  response: successSchema,
});
