import { sql, type SQL } from 'drizzle-orm';
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { CHANNEL_TYPES, type ChannelOverwrites } from '@rally/shared/permissions';
import type { UserSettings } from '@rally/shared/api/users';
import type { ChannelAdditionalData } from '@rally/shared/api/teams';
import type { MessageMentions } from '@rally/shared/api/messages';
import type { Attachment } from '@rally/shared/api/attachments';
import type { ATTACHMENT_UPLOAD, UploadKind } from '@rally/shared/api/uploads';
import { AUDIT_ACTIONS, AUDIT_TARGET_TYPES, type AuditChange, type AuditOptions } from '@rally/shared/api/moderation';
import { snowflake, tsvector } from './types';

/**
 * A username as Add Friend compares names (modules/friends/repository.ts findUsersByName): in
 * Unicode normal form NFKC, lower case, the Turkish dotless ı as i (as slugs fold it,
 * modules/auth/slug.ts). The users table keeps an index on it.
 */
export const usernameKey = (value: SQL | AnyPgColumn) => sql`translate(lower(normalize(${value}, NFKC)), 'ı', 'i')`;

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: snowflake('id').primaryKey(),
    username: text('username').notNull(),
    slug: text('slug').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    verified: boolean('verified').notNull().default(false),
    birthdate: text('birthdate'),
    location: text('location').notNull().default('other'),
    consentAt: timestamp('consent_at', { withTimezone: true, mode: 'date' }),
    profilePicture: text('profile_picture'),
    banner: text('banner'),
    presence: smallint('presence').notNull().default(1),
    flags: integer('flags').notNull().default(0),
    privateFlags: integer('private_flags').notNull().default(0),
    system: boolean('system').notNull().default(false),
    bot: boolean('bot').notNull().default(false),
    appTourIsFinished: boolean('app_tour_is_finished').notNull().default(false),
    /** The TOTP secret (base32): pending while two_factor_enabled_at is null, in use after. */
    twoFactorSecret: text('two_factor_secret'),
    /** When two-factor sign-in was turned on (a code of the secret confirmed); null while off. */
    twoFactorEnabledAt: timestamp('two_factor_enabled_at', { withTimezone: true, mode: 'date' }),
    /** The last TOTP time step accepted: a code is good once (RFC 6238 §5.2). */
    twoFactorLastStep: integer('two_factor_last_step'),
    /** The app tour's steps and their status (POST /api/v1/me/tour {step, status}). */
    appTour: jsonb('app_tour').$type<Record<string, string>>().notNull().default({}),
    /** When the account was deleted: its personal data is gone, its messages stay under "Deleted User". */
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
    settings: jsonb('settings').$type<UserSettings>().notNull(),
    /** Custom status (POST /api/v1/me/status): text and emoji, null when none. */
    statusContent: text('status_content'),
    statusEmoji: text('status_emoji'),
    /** The game being played (POST /api/v1/me/rpc), null when none. */
    activity: jsonb('activity').$type<unknown>(),
    /** The code of the user's friend-invite link (GET /api/v1/me/friendInvite), made on first use. */
    friendCode: text('friend_code').unique(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
    uniqueIndex('users_slug_lower_idx').on(sql`lower(${t.slug})`),
    index('users_username_key_idx').on(usernameKey(t.username)),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    /** sha256 of the token; the token itself is only in the cookie. */
    tokenHash: text('token_hash').primaryKey(),
    userId: snowflake('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    userAgent: text('user_agent'),
    ip: text('ip'),
    /** When the session last authenticated a request (updated at most once a minute): the sessions list. */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }),
  },
  // expires_at: the hourly sweep of expired sessions (modules/auth/session-expiry.ts) reads by it.
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

/**
 * Password reset tokens (modules/auth/password-reset.ts): only the sha256 of the token is kept (the
 * token is in the mailed link); single-use (used_at) and valid until expires_at.
 */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: snowflake('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('password_reset_tokens_user_idx').on(t.userId)],
);

/** Two-factor backup codes (000 §7 verify → data.backupCodes): sha256 of each, single-use. */
export const twoFactorBackupCodes = pgTable(
  'two_factor_backup_codes',
  {
    userId: snowflake('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.codeHash] })],
);

/** E-mail verification links (/emailVerify?key&date&email): sha256 of the key, for one address. */
export const emailVerifications = pgTable(
  'email_verifications',
  {
    keyHash: text('key_hash').primaryKey(),
    userId: snowflake('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('email_verifications_user_idx').on(t.userId)],
);

/** Linked accounts of other services (000 §2 Connections: kick, twitch), one per provider. */
export const userConnections = pgTable(
  'user_connections',
  {
    id: snowflake('id').primaryKey(),
    userId: snowflake('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    providerUserId: text('provider_user_id').notNull(),
    username: text('username').notNull(),
    createdAt: createdAt(),
  },
  (t) => [unique('user_connections_user_provider_key').on(t.userId, t.provider)],
);

/** OAuth 2.0 authorisations under way: the state (sha256) and the PKCE verifier, short-lived. */
export const oauthStates = pgTable('oauth_states', {
  stateHash: text('state_hash').primaryKey(),
  userId: snowflake('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  provider: text('provider').notNull(),
  codeVerifier: text('code_verifier').notNull(),
  createdAt: createdAt(),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
});

/**
 * Mails written when no SMTP server is configured (modules/mail/outbox.ts): the development outbox
 * page lists them, newest first.
 */
export const mailOutbox = pgTable('mail_outbox', {
  id: snowflake('id').primaryKey(),
  recipient: text('recipient').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html').notNull(),
  createdAt: createdAt(),
});

/** Solved captcha challenges, so that each is accepted once. */
export const usedCaptchas = pgTable('used_captchas', {
  signature: text('signature').primaryKey(),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
});

export const teams = pgTable('teams', {
  id: snowflake('id').primaryKey(),
  name: text('name').notNull(),
  profilePicture: text('profile_picture'),
  banner: text('banner'),
  description: text('description'),
  ownerId: snowflake('owner_id')
    .notNull()
    .references(() => users.id),
  isVerified: boolean('is_verified').notNull().default(false),
  isSafeForTeen: boolean('is_safe_for_teen').notNull().default(false),
  isDiscoverable: boolean('is_discoverable').notNull().default(false),
  memberCount: integer('member_count').notNull().default(0),
  createdAt: createdAt(),
});

export const teamMembers = pgTable(
  'team_members',
  {
    teamId: snowflake('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    userId: snowflake('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    joinedAt: timestamp('joined_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** Place of the team in the member's own team list (PATCH /api/v1/teams/priority); null: after the ordered ones, by joining time. */
    priority: integer('priority'),
  },
  (t) => [primaryKey({ columns: [t.teamId, t.userId] }), index('team_members_user_idx').on(t.userId)],
);

export const roles = pgTable(
  'roles',
  {
    id: snowflake('id').primaryKey(),
    teamId: snowflake('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    color: text('color'),
    color2: text('color2'),
    priority: integer('priority').notNull().default(0),
    permissions: integer('permissions').notNull().default(0),
    iconEmojiId: text('icon_emoji_id'),
    isDisplayedSeparately: boolean('is_displayed_separately').notNull().default(false),
    mentionable: boolean('mentionable').notNull().default(false),
    isSelfAssignable: boolean('is_self_assignable').notNull().default(false),
    description: text('description'),
    /**
     * A bot's role (spec 001 §3 botScope.userId): the bot it belongs to, which holds it. Such a role
     * cannot be deleted, given, taken or switched to separate display, mentionable or self-assignable
     * (001 §6); it goes with its bot's account.
     */
    botUserId: snowflake('bot_user_id').references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  // (team_id, id): a team's roles, and the key member_roles refers to, so a member holds only roles of their team.
  // bot_user_id: the roles a deleted bot account takes with it (the cascade reads by it).
  (t) => [unique('roles_team_id_id_unique').on(t.teamId, t.id), index('roles_bot_user_idx').on(t.botUserId)],
);

/**
 * Roles a member holds besides the default role (whose id is the team id, and which every member
 * holds without a row). Leaving the team or deleting the role deletes the rows.
 */
export const memberRoles = pgTable(
  'member_roles',
  {
    teamId: snowflake('team_id').notNull(),
    userId: snowflake('user_id').notNull(),
    roleId: snowflake('role_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.teamId, t.userId, t.roleId] }),
    foreignKey({ name: 'member_roles_member_fk', columns: [t.teamId, t.userId], foreignColumns: [teamMembers.teamId, teamMembers.userId] }).onDelete('cascade'),
    foreignKey({ name: 'member_roles_role_fk', columns: [t.teamId, t.roleId], foreignColumns: [roles.teamId, roles.id] }).onDelete('cascade'),
    // The members of a role.
    index('member_roles_role_idx').on(t.roleId),
  ],
);

/** The SQL list of CHANNEL_TYPES (the shared list is the one source; a new type needs npm run db:generate). */
const channelTypesSql = sql.raw(CHANNEL_TYPES.map((type) => `'${type}'`).join(', '));

/**
 * Channels of every type, categories included (type 'category'); DMs have no team. The database
 * keeps `type` within CHANNEL_TYPES and `parent_id` pointing at an existing channel (a deleted
 * category leaves its channels uncategorised); that the parent is a category of the same team is
 * the service's rule, checked where a parent is set.
 */
export const channels = pgTable(
  'channels',
  {
    id: snowflake('id').primaryKey(),
    teamId: snowflake('team_id').references(() => teams.id, { onDelete: 'cascade' }),
    type: text('type', { enum: CHANNEL_TYPES }).notNull(),
    name: text('name').notNull(),
    description: text('description'),
    parentId: snowflake('parent_id').references((): AnyPgColumn => channels.id, { onDelete: 'set null' }),
    priority: integer('priority').notNull().default(0),
    nsfw: boolean('nsfw').notNull().default(false),
    rateLimitPerUser: integer('rate_limit_per_user').notNull().default(0),
    userLimit: integer('user_limit').notNull().default(0),
    /** A voice channel's region (001 §9): the SFU its members join. */
    region: text('region').notNull().default('us-east-1'),
    permissions: jsonb('permissions').$type<ChannelOverwrites>().notNull().default({ role: {}, user: {} }),
    /** A watch-stream channel's stream (spec 001 §3 additionalData: streamPlatform, streamChannel); null for the other types. */
    additionalData: jsonb('additional_data').$type<ChannelAdditionalData>(),
    createdAt: createdAt(),
  },
  (t) => [
    index('channels_team_idx').on(t.teamId),
    index('channels_parent_idx').on(t.parentId),
    check('channels_type_check', sql`${t.type} in (${channelTypesSql})`),
  ],
);

export const invites = pgTable(
  'invites',
  {
    code: text('code').primaryKey(),
    teamId: snowflake('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    inviterId: snowflake('inviter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    uses: integer('uses').notNull().default(0),
    maxUses: integer('max_uses'),
    applicationEnabled: boolean('application_enabled').notNull().default(false),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [index('invites_team_idx').on(t.teamId)],
);

export const messages = pgTable(
  'messages',
  {
    id: snowflake('id').primaryKey(),
    channelId: snowflake('channel_id')
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    authorId: snowflake('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    type: text('type').notNull().default('text'),
    replyTo: snowflake('reply_to'),
    nonce: text('nonce'),
    /** Files sent with the message (spec 001 §3 Attachment), at most LIMITS.attachments.max: copies of their rows in uploads. */
    attachments: jsonb('attachments').$type<Attachment[]>().notNull().default([]),
    /** Rich embeds (spec 001 §3 Embed), as webhooks and bots send them. */
    embeds: jsonb('embeds').$type<unknown[]>().notNull().default([]),
    /** Who the content mentions, resolved when it was sent or edited: user ids, role ids, @everyone, @here. */
    mentions: jsonb('mentions').$type<MessageMentions>().notNull().default({ users: [], roles: [], everyone: false, here: false }),
    /** The content as words for full-text search ('simple': no language stemming, Turkish and English alike). */
    search: tsvector('search').generatedAlwaysAs(sql`to_tsvector('simple', content)`),
    createdAt: createdAt(),
    editedAt: timestamp('edited_at', { withTimezone: true, mode: 'date' }),
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
    /** When the message was pinned to its channel (null: not pinned); at most LIMITS.pins.perChannel per channel. */
    pinnedAt: timestamp('pinned_at', { withTimezone: true, mode: 'date' }),
    /** Who pinned it (null when not pinned, or when that account is gone). */
    pinnedBy: snowflake('pinned_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('messages_channel_id_idx').on(t.channelId, t.id.desc()),
    /** A channel's pins, newest pin first (the pins list and the limit's count). */
    index('messages_pinned_idx')
      .on(t.channelId, t.pinnedAt.desc())
      .where(sql`${t.pinnedAt} is not null`),
    /** For the set null when an account that pinned is deleted. */
    index('messages_pinned_by_idx')
      .on(t.pinnedBy)
      .where(sql`${t.pinnedBy} is not null`),
    index('messages_search_idx').using('gin', t.search),
    index('messages_author_idx').on(t.authorId, t.id.desc()),
  ],
);

/** One user's reaction with one emoji (a standard emoji's character, or a team emoji's id) on a message. */
export const messageReactions = pgTable(
  'message_reactions',
  {
    messageId: snowflake('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    emojiId: text('emoji_id').notNull(),
    userId: snowflake('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.messageId, t.emojiId, t.userId] })],
);

/** A user's report of a message, with one of the spec's reasons (001 §5 Report); one per user and message. */
export const messageReports = pgTable(
  'message_reports',
  {
    id: snowflake('id').primaryKey(),
    messageId: snowflake('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    reporterId: snowflake('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    createdAt: createdAt(),
  },
  (t) => [unique('message_reports_message_reporter_unique').on(t.messageId, t.reporterId)],
);

/** What an upload is: a POST /api/v1/upload type (an image kind or `attachment`), or a team emoji's image. */
export type StoredUploadKind = UploadKind | typeof ATTACHMENT_UPLOAD | 'emoji';
const STORED_UPLOAD_KINDS = [
  'teamIcon',
  'teamBanner',
  'userAvatar',
  'userBanner',
  'customBackground',
  'BlogHeroImage',
  'attachment',
  'emoji',
] as const satisfies readonly StoredUploadKind[];
// Every kind is in the list (a new upload type must be added above).
const everyKindListed: Exclude<StoredUploadKind, (typeof STORED_UPLOAD_KINDS)[number]> extends never ? true : never = true;
void everyKindListed;

/**
 * Every file the server stores (modules/uploads/records.ts): each upload of POST /api/v1/upload,
 * each team emoji's image. `key` names it in the storage; `uploader_id` sent it (null once that
 * account row is gone, or for files older than this table whose uploader was not recorded).
 * `holder_id` is what uses it, taken once: for an attachment its message or scheduled message, for
 * an avatar, a banner or a custom background its user, for a team's icon, banner or emoji its team.
 * `remove_at`: when the sweep removes the row and its file — an unused upload's deadline, or the
 * moment its holder went (a deleted message, channel, team or account, a replaced image); null
 * while it is held. `attachment`: what a message carries of an attachment.
 */
export const uploads = pgTable(
  'uploads',
  {
    id: snowflake('id').primaryKey(),
    key: text('key').notNull().unique(),
    kind: text('kind', { enum: STORED_UPLOAD_KINDS }).notNull(),
    uploaderId: snowflake('uploader_id').references(() => users.id, { onDelete: 'set null' }),
    holderId: snowflake('holder_id'),
    attachment: jsonb('attachment').$type<Attachment>(),
    removeAt: timestamp('remove_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('uploads_holder_idx').on(t.holderId),
    index('uploads_uploader_idx').on(t.uploaderId),
    index('uploads_remove_at_idx')
      .on(t.removeAt)
      .where(sql`${t.removeAt} is not null`),
  ],
);

/**
 * Messages waiting for their time (spec 001 §5 Scheduled date: up to 365 days ahead). The scheduler
 * takes due rows with FOR UPDATE SKIP LOCKED, so that with several processes each is sent once, and
 * moves each into messages (type 'scheduled') in the transaction that deletes it here.
 */
export const scheduledMessages = pgTable(
  'scheduled_messages',
  {
    id: snowflake('id').primaryKey(),
    channelId: snowflake('channel_id')
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    authorId: snowflake('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    replyTo: snowflake('reply_to'),
    attachments: jsonb('attachments').$type<Attachment[]>().notNull().default([]),
    sendAt: timestamp('send_at', { withTimezone: true, mode: 'date' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('scheduled_messages_send_at_idx').on(t.sendAt), index('scheduled_messages_channel_idx').on(t.channelId)],
);

/**
 * How far a user has read a channel or DM: the newest message id read (0: nothing), and the mentions
 * of them counted since then. No row: nothing read.
 */
export const readStates = pgTable(
  'read_states',
  {
    userId: snowflake('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    channelId: snowflake('channel_id')
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    lastReadId: snowflake('last_read_id').notNull().default('0'),
    mentionCount: integer('mention_count').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.channelId] }), index('read_states_channel_idx').on(t.channelId)],
);

/**
 * A direct chat (spec 001 §3 Direct chat): a channel of type 'DM' without a team, its members in
 * dm_members. `pair_key` ('low:high' user ids) makes a two-person chat unique; group chats have none.
 * `read_only`: a system chat, in which nobody replies.
 */
export const directChats = pgTable('direct_chats', {
  channelId: snowflake('channel_id')
    .primaryKey()
    .references(() => channels.id, { onDelete: 'cascade' }),
  pairKey: text('pair_key').unique(),
  createdBy: snowflake('created_by').references(() => users.id, { onDelete: 'set null' }),
  readOnly: boolean('read_only').notNull().default(false),
  createdAt: createdAt(),
});

/** The people of a direct chat; `hidden`: the member hid it from their list (a new message shows it again). */
export const dmMembers = pgTable(
  'dm_members',
  {
    channelId: snowflake('channel_id')
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    userId: snowflake('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    hidden: boolean('hidden').notNull().default(false),
    joinedAt: timestamp('joined_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.channelId, t.userId] }), index('dm_members_user_idx').on(t.userId)],
);

/**
 * A friendship or friend request between two users, one row per pair: `user_low` < `user_high`
 * (as numbers). `requester_id` sent the request; `status` is pending until the other accepts.
 */
export const friendships = pgTable(
  'friendships',
  {
    userLow: snowflake('user_low')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userHigh: snowflake('user_high')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    requesterId: snowflake('requester_id').notNull(),
    status: text('status', { enum: ['pending', 'accepted'] }).notNull(),
    createdAt: createdAt(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    primaryKey({ columns: [t.userLow, t.userHigh] }),
    index('friendships_user_high_idx').on(t.userHigh),
    check('friendships_order_check', sql`${t.userLow} < ${t.userHigh}`),
  ],
);

/** A user's block of another (POST /api/me/users/{userId}/block): no DMs and no friend requests from them. */
export const userBlocks = pgTable(
  'user_blocks',
  {
    userId: snowflake('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: snowflake('blocked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.blockedId] }), index('user_blocks_blocked_idx').on(t.blockedId)],
);

/** A team's own emoji (spec 001 §3 Emoji): usable in its messages and reactions, and elsewhere with Plus. */
export const emojis = pgTable(
  'emojis',
  {
    id: snowflake('id').primaryKey(),
    teamId: snowflake('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    url: text('url').notNull(),
    createdBy: snowflake('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('emojis_team_idx').on(t.teamId)],
);

/**
 * Users banned from a team: they are not members, and no invite lets them join again until the ban
 * is lifted. `actor_id`: who banned them (null once that account is gone).
 */
export const bans = pgTable(
  'bans',
  {
    teamId: snowflake('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    userId: snowflake('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason'),
    actorId: snowflake('actor_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.teamId, t.userId] })],
);

/**
 * The audit log: one row per moderation or configuration action (spec 001 §3 "Audit entry"),
 * written in the transaction of the change it records. `target_id` names a user, channel, role,
 * category, emoji or webhook (`target_type`), without a foreign key: the entry outlives its target.
 * `changes`: what changed, old and new value per key; `options`: the entry type's extra fields.
 */
export const auditLogEntries = pgTable(
  'audit_log_entries',
  {
    id: snowflake('id').primaryKey(),
    teamId: snowflake('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    actorId: snowflake('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actionType: text('action_type', { enum: AUDIT_ACTIONS }).notNull(),
    targetType: text('target_type', { enum: AUDIT_TARGET_TYPES }),
    targetId: snowflake('target_id'),
    changes: jsonb('changes').$type<AuditChange[]>().notNull().default([]),
    options: jsonb('options').$type<AuditOptions>(),
    createdAt: createdAt(),
  },
  // A team's log, newest first (ids are snowflakes: time ordered), paged with `before`.
  (t) => [index('audit_log_entries_team_id_idx').on(t.teamId, t.id.desc())],
);
