import { z } from 'zod';
import { BODY_LIMIT, defineEndpoint } from './endpoint';
import { ROUTES } from './routes';
import { connectionSchema } from './connections';

export const Presence = { OFFLINE: 0, ONLINE: 1, IDLE: 2, DND: 3 } as const;
export const presenceSchema = z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]);
export const UserFlags = { PREMIUM: 1 << 0 } as const;
export const PrivateFlags = { POLICY_REVIEW_REQUIRED: 1 << 0 } as const;

/** What everyone may see of a user. */
export const publicUserSchema = z.object({
  id: z.string(),
  username: z.string(),
  slug: z.string(),
  profilePicture: z.string().nullable(),
  banner: z.string().nullable(),
  presence: presenceSchema,
  flags: z.number().int(),
  system: z.boolean(),
  bot: z.boolean(),
});
export type PublicUser = z.infer<typeof publicUserSchema>;

/**
 * A custom status (spec 001 §7 Status, §3 Member userStatus): a line of text and an emoji, either
 * may be absent. `emojiId` is a standard emoji's character(s) or a team emoji's id; `emoji` is that
 * team emoji's name and image (null for a standard one, or a team emoji deleted since).
 */
export const userStatusSchema = z.object({
  content: z.string().nullable(),
  emojiId: z.string().nullable(),
  emoji: z.object({ name: z.string(), url: z.string() }).nullable(),
});
export type UserStatus = z.infer<typeof userStatusSchema>;

/** What a game activity says the user does (Discord's rich presence types). */
export const ACTIVITY_TYPES = ['playing', 'streaming', 'listening', 'watching'] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];

/**
 * A game activity (spec 000 §7 POST /api/v1/me/rpc, 001 §3 Member userRPC{type, id, name,
 * startedAt}): what, its name, the game's id when the client knows it, two optional lines (details,
 * state) and since when (ISO time).
 */
export const activitySchema = z.object({
  type: z.enum(ACTIVITY_TYPES),
  id: z.string().nullable(),
  name: z.string(),
  details: z.string().nullable(),
  state: z.string().nullable(),
  startedAt: z.string(),
});
export type Activity = z.infer<typeof activitySchema>;

/** The steps of the app tour (000 §2: create team, invite friend), in the order they are shown. */
export const TOUR_STEPS = ['createTeam', 'inviteFriend'] as const;
export type TourStep = (typeof TOUR_STEPS)[number];
/** What became of a step: done (the user went to do it) or skipped. */
export const TOUR_STATUSES = ['done', 'skipped'] as const;
export type TourStatus = (typeof TOUR_STATUSES)[number];
/** The steps' statuses so far (users.app_tour; POST /api/v1/me/tour). */
export const tourStateSchema = z.partialRecord(z.enum(TOUR_STEPS), z.enum(TOUR_STATUSES));
export type TourState = z.infer<typeof tourStateSchema>;

/** A stored tour document as the API tells it: the known steps with a known status, nothing else. */
export function toTourState(stored: Record<string, string>): TourState {
  const state: TourState = {};
  for (const step of TOUR_STEPS) {
    const status = stored[step];
    if (status === 'done' || status === 'skipped') state[step] = status;
  }
  return state;
}

/** The signed-in user's own record. */
export const selfUserSchema = publicUserSchema.extend({
  email: z.string(),
  verified: z.boolean(),
  twoFA: z.boolean(),
  location: z.enum(['TR', 'other']),
  mustSetBirthdate: z.boolean(),
  appTourIsFinished: z.boolean(),
  /** The app tour's steps answered so far (the tour shows the first one without a status). */
  appTour: tourStateSchema,
  privateFlags: z.number().int(),
  createdAt: z.string(),
  /** The linked Kick and Twitch accounts (spec 000 §3 connections): in GET /me; elsewhere left out (GET /me/connections has them). */
  connections: z.array(connectionSchema).optional(),
});
export type SelfUser = z.infer<typeof selfUserSchema>;

export const userSettingsSchema = z.object({
  locale: z.enum(['en', 'tr']),
  developerMode: z.object({ isEnabled: z.boolean() }),
  leftSidebar: z.object({ isEnabled: z.boolean() }),
  privacy: z.object({
    friendRequests: z.enum(['everyone', 'fof', 'noone']),
    directMessages: z.enum(['everyone', 'fof', 'friends']),
  }),
  /**
   * The status the user chose (POST /api/v1/me/presence): online (idle by itself after
   * inactivity), idle, do not disturb, or invisible (offline). Absent: online (never chosen).
   */
  presence: presenceSchema.optional(),
});
export type UserSettings = z.infer<typeof userSettingsSchema>;

/**
 * A new account's settings. The left sidebar is on: Rally's team sidebar has always sat on the left
 * of wide screens, and turning the setting off puts it across the top (001 §2).
 */
export const DEFAULT_USER_SETTINGS: UserSettings = {
  locale: 'en',
  developerMode: { isEnabled: false },
  leftSidebar: { isEnabled: true },
  privacy: { friendRequests: 'everyone', directMessages: 'everyone' },
  presence: Presence.ONLINE,
};

export const meResponseSchema = z.object({
  success: z.literal(true),
  user: selfUserSchema,
  settings: userSettingsSchema,
  location: z.enum(['TR', 'other']),
});
export type MeResponse = z.infer<typeof meResponseSchema>;

export const meEndpoint = defineEndpoint({
  ...ROUTES.me,
  summary: 'The signed-in user, their settings, and the location of this visit',
  response: meResponseSchema,
});

/**
 * The app settings a user changes from the settings screen (000 §3, §7 POST /api/v1/me/settings
 * {settings}): the UI language, developer mode (Copy ID on messages, users, channels and teams) and
 * the left sidebar. Each may be left out to keep it; privacy has its own endpoint
 * (POST /api/v1/me/settings/privacy) and the chosen status its own (POST /api/v1/me/presence).
 */
export const updateSettingsSchema = z.object({
  settings: z
    .object({
      locale: userSettingsSchema.shape.locale,
      developerMode: userSettingsSchema.shape.developerMode,
      leftSidebar: userSettingsSchema.shape.leftSidebar,
    })
    .partial(),
});
export type UpdateSettings = z.input<typeof updateSettingsSchema>;
export type SettingsChange = UpdateSettings['settings'];
export const settingsResponseSchema = z.object({ success: z.literal(true), settings: userSettingsSchema });

export const updateSettingsEndpoint = defineEndpoint({
  ...ROUTES.updateSettings,
  summary: "Change the caller's language, developer mode or left sidebar (000 §3 user settings); answers all the settings after the change",
  body: updateSettingsSchema,
  response: settingsResponseSchema,
  bodyLimit: BODY_LIMIT.SMALL,
});
