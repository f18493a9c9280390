import { z } from 'zod';
import { BODY_LIMIT, defineEndpoint } from './endpoint';
import { ROUTES } from './routes';

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

/** The signed-in user's own record. */
export const selfUserSchema = publicUserSchema.extend({
  email: z.string(),
  verified: z.boolean(),
  twoFA: z.boolean(),
  location: z.enum(['TR', 'other']),
  mustSetBirthdate: z.boolean(),
  appTourIsFinished: z.boolean(),
  privateFlags: z.number().int(),
  createdAt: z.string(),
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
