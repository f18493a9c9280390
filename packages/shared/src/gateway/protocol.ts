import { z } from 'zod';
import { snowflakeSchema } from '../api/common';
import { text } from '../api/text';
import { directChatSchema } from '../api/dms';
import { blockedUserSchema, friendSchema } from '../api/friends';
import { messageSchema } from '../api/messages';
import { reactionSchema } from '../api/reactions';
import { teamEmojiSchema } from '../api/emojis';
import { categorySchema, channelSchema, memberSchema, roleSchema, teamSchema } from '../api/teams';
import { voiceParticipantSchema } from '../api/voice';
import { connectionSchema } from '../api/connections';
import { sessionInfoSchema } from '../api/sessions';
import { activitySchema, presenceSchema, selfUserSchema, userSettingsSchema, userStatusSchema } from '../api/users';

/** Protocol version, sent in READY. Bump on a breaking change of any frame. */
export const GATEWAY_VERSION = 1;

// ---------- client -> server ----------

export const clientFrameSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('HEARTBEAT'), data: z.object({ seq: z.number().int().nullable().optional() }).optional() }),
  z.object({ type: z.literal('RESUME'), data: z.object({ sessionId: text({ max: 64 }).min(1), seq: z.number().int().min(0) }) }),
  z.object({ type: z.literal('CHANNEL_MOUNTED'), data: z.object({ channelId: snowflakeSchema, teamId: snowflakeSchema.optional() }) }),
  z.object({ type: z.literal('PRESENCE_UPDATE'), data: z.object({ presence: presenceSchema }) }),
  /** The user is typing in the channel (sent at most every TYPING.throttleMs while typing). Ignored for a channel the session may not view. */
  z.object({ type: z.literal('CHANNEL_TYPING'), data: z.object({ channelId: snowflakeSchema, teamId: snowflakeSchema.optional() }) }),
  /**
   * The user has read the channel up to `messageId` (the newest message it shows; absent: the
   * channel's newest message). Ignored for a channel the session may not view.
   */
  z.object({
    type: z.literal('MESSAGE_READ'),
    data: z.object({ channelId: snowflakeSchema, teamId: snowflakeSchema.optional(), messageId: snowflakeSchema.optional() }),
  }),
]);
export type ClientFrame = z.infer<typeof clientFrameSchema>;

// ---------- server -> client ----------

export const readySchema = z.object({
  version: z.number().int(),
  sessionId: z.string(),
  heartbeatInterval: z.number().int(),
  user: selfUserSchema,
  teams: z.array(teamSchema),
  channels: z.array(channelSchema),
  categories: z.array(categorySchema),
  roles: z.array(roleSchema),
  suspendedTeamLength: z.number().int(),
});
export type ReadyData = z.infer<typeof readySchema>;

/**
 * Whom a published event may be addressed to: sessions that may view a channel, members of a team,
 * users, a circle (the members of several teams and some users, each session once), or circles (an
 * event listing several users' changes, each entry to its own circle: every session receives the
 * entries whose circle includes it, in one frame).
 */
export type AudienceKind = 'channel' | 'team' | 'users' | 'circle' | 'circles';

function dispatchEvent<S extends z.ZodType, A extends readonly [AudienceKind, ...AudienceKind[]]>(schema: S, audiences: A) {
  return { schema, audiences };
}

/**
 * Dispatch events: everything the server pushes that changes state. Each carries a sequence
 * number, is kept for resume, and is routed by the bus to an audience of one of the kinds it
 * declares here (the server's BusEnvelope type refuses any other at compile time).
 */
export const dispatchEvents = {
  /** A new message: to the sessions that may view its channel. */
  MESSAGE_SEND: dispatchEvent(messageSchema, ['channel']),
  /** Someone is typing in a channel (their CHANNEL_TYPING frame): to the sessions that may view it, but the typer's own. */
  CHANNEL_TYPING: dispatchEvent(z.object({ channelId: z.string(), userId: z.string(), username: z.string() }), ['channel']),
  /** A message was edited: the message after the edit, without its reactions (they change by their own events); to the sessions that may view its channel. */
  MESSAGE_UPDATED: dispatchEvent(messageSchema.omit({ reactions: true }), ['channel']),
  /** A message was deleted (replies to it then show the deleted-reply text): to the sessions that may view its channel. */
  MESSAGE_DELETED: dispatchEvent(z.object({ id: z.string(), channelId: z.string() }), ['channel']),
  /**
   * A message was pinned or unpinned (or lost its pin by being deleted): to the sessions that may
   * view its channel, which update the message's `pinned` flag and the channel's pins list. A pin
   * also posts its system message ("<user> pinned a message.") as MESSAGE_SEND.
   */
  CHANNEL_PINS_UPDATED: dispatchEvent(z.object({ channelId: z.string(), messageId: z.string(), pinned: z.boolean() }), ['channel']),
  /** Someone reacted to a message with an emoji (`emoji`: a team emoji's name and image, null for a standard one): to the channel's sessions. */
  MESSAGE_REACTION_ADDED: dispatchEvent(
    z.object({ channelId: z.string(), messageId: z.string(), emojiId: z.string(), userId: z.string(), emoji: reactionSchema.shape.emoji }),
    ['channel'],
  ),
  /** Someone took their reaction back: to the channel's sessions. */
  MESSAGE_REACTION_REMOVED: dispatchEvent(z.object({ channelId: z.string(), messageId: z.string(), emojiId: z.string(), userId: z.string() }), ['channel']),
  /**
   * The user read channels (MESSAGE_READ from one of their sessions, or a whole team marked read):
   * each channel with the newest message id now read; to that user's sessions, so that reading on
   * one device clears the badges on the others. `teamId` is null for direct chats.
   */
  MESSAGE_READ: dispatchEvent(z.object({ teamId: z.string().nullable(), reads: z.array(z.object({ channelId: z.string(), lastReadId: z.string() })) }), [
    'users',
  ]),
  /**
   * The user marked a channel unread from a message (Mark Unread): its read marker moved back to just
   * before it, with the channel's counts from there; to that user's sessions. `teamId` is null for a
   * direct chat.
   */
  MESSAGE_UNREAD: dispatchEvent(
    z.object({ teamId: z.string().nullable(), channelId: z.string(), lastReadId: z.string(), unreadCount: z.number().int(), mentionCount: z.number().int() }),
    ['users'],
  ),
  /** The user joined a team (their sessions subscribe to it and its channels): to that user. */
  USER_JOINED_TEAM: dispatchEvent(
    z.object({ team: teamSchema, channels: z.array(channelSchema), categories: z.array(categorySchema), roles: z.array(roleSchema) }),
    ['users'],
  ),
  /** Someone joined the team: to its members. */
  TEAM_MEMBER_ADDED: dispatchEvent(z.object({ teamId: z.string(), member: memberSchema }), ['team']),
  /**
   * Users' presences changed: each to its user's circle (the members of their teams, their accepted
   * friends and themselves). The changes a server process saw within one window (presence's
   * coalescing time) travel together: each session gets one frame listing those it may hear of.
   */
  PRESENCE_UPDATE: dispatchEvent(z.object({ presences: z.array(z.object({ userId: z.string(), presence: presenceSchema })).min(1) }), ['circles']),
  /**
   * A user's username, custom status, game activity, avatar (`profilePicture`) or banner changed:
   * the one that changed, as it is now (null: none; a field left out did not change); to their
   * circle, each session once.
   */
  USER_PROFILE_UPDATED: dispatchEvent(
    z.object({
      userId: z.string(),
      username: z.string().optional(),
      status: userStatusSchema.nullable().optional(),
      activity: activitySchema.nullable().optional(),
      profilePicture: z.string().nullable().optional(),
      banner: z.string().nullable().optional(),
    }),
    ['circle'],
  ),
  /**
   * The user's settings changed (POST /api/v1/me/settings, /me/settings/privacy, on any device): all
   * of them as they are now; to that user's sessions.
   */
  USER_SETTINGS_UPDATED: dispatchEvent(userSettingsSchema, ['users']),
  /** The user linked or unlinked a Kick or Twitch account (on any device): all their connections as they are now; to that user. */
  CONNECTIONS_UPDATED: dispatchEvent(z.object({ connections: z.array(connectionSchema) }), ['users']),
  /**
   * The user's e-mail address or its verification changed (POST /api/v1/me/email/change, a verified
   * link): the address and whether it is verified, as they are now; to that user's sessions.
   */
  EMAIL_CHANGED: dispatchEvent(z.object({ email: z.string(), verified: z.boolean() }), ['users']),
  /**
   * The user signed in on another device (POST /api/v1/login): the new session as the sessions
   * list shows it (never the current one of a session that hears of it); to that user's sessions.
   */
  SESSION_CREATED: dispatchEvent(sessionInfoSchema.omit({ current: true }), ['users']),
  /**
   * Sessions of the user ended (signed out from the sessions list, logout, a password change): their
   * public ids; to that user's sessions (the ended ones' sockets close).
   */
  SESSIONS_REVOKED: dispatchEvent(z.object({ ids: z.array(z.string()).min(1) }), ['users']),
  /** The user ordered their team list (on any device): the ids of all their teams, first to last; to that user. */
  TEAMS_PRIORITY_UPDATED: dispatchEvent(z.object({ teamIds: z.array(z.string()) }), ['users']),
  /**
   * Channels took new places (a reorder of a category's channels or of the uncategorised ones), each
   * with its category (`parentId`) and priority: to the team's members, each session told only of
   * the channels it may view (none: not at all). A move between categories is a CHANNEL_UPDATED.
   */
  CHANNELS_PRIORITY_UPDATED: dispatchEvent(
    z.object({ teamId: z.string(), channels: z.array(z.object({ id: z.string(), parentId: z.string().nullable(), priority: z.number().int() })) }),
    ['team'],
  ),
  /** The categories took new places: to the team's members, each session told only of the categories it may view. */
  CATEGORIES_PRIORITY_UPDATED: dispatchEvent(z.object({ teamId: z.string(), categories: z.array(z.object({ id: z.string(), priority: z.number().int() })) }), [
    'team',
  ]),

  // Events that change who sees what: the gateway recomputes its sessions' subscriptions on each
  // (apps/server/src/modules/permissions/visibility-changes.ts). A session that comes to see a channel or category gets
  // a CHANNEL_CREATED / CATEGORY_CREATED for it, one that no longer sees it a CHANNEL_DELETED /
  // CATEGORY_DELETED, whether the row was created, deleted or only had its permissions changed.

  /** A channel the session may view now (new, or newly visible): to the sessions that may view it. */
  CHANNEL_CREATED: dispatchEvent(channelSchema, ['channel']),
  /** A channel changed (its overwrites too): to the sessions that may view it after the change. */
  CHANNEL_UPDATED: dispatchEvent(channelSchema, ['channel']),
  /** A channel the session no longer sees (deleted, or hidden from it): to the sessions that saw it. */
  CHANNEL_DELETED: dispatchEvent(z.object({ id: z.string(), teamId: z.string() }), ['channel']),
  /** A category the session may view now: to the sessions that may view it. */
  CATEGORY_CREATED: dispatchEvent(categorySchema, ['channel']),
  /** A category changed (its overwrites apply to its channels): to the sessions that may view it after the change. */
  CATEGORY_UPDATED: dispatchEvent(categorySchema, ['channel']),
  /** A category the session no longer sees (deleted, or hidden from it). */
  CATEGORY_DELETED: dispatchEvent(z.object({ id: z.string(), teamId: z.string() }), ['channel']),
  /** A member was given a role: to the team's members. */
  USER_ROLE_ADDED: dispatchEvent(z.object({ teamId: z.string(), userId: z.string(), roleId: z.string() }), ['team']),
  /** A member lost a role: to the team's members. */
  USER_ROLE_REMOVED: dispatchEvent(z.object({ teamId: z.string(), userId: z.string(), roleId: z.string() }), ['team']),
  /** A role was created or cloned (its priority taken, the roles at or above it moved up one: TEAM_ROLES_UPDATED follows): to the team's members. */
  ROLE_CREATED: dispatchEvent(roleSchema, ['team']),
  /** A role was deleted (and taken from every member): to the team's members. */
  ROLE_DELETED: dispatchEvent(z.object({ teamId: z.string(), roleId: z.string() }), ['team']),
  /** The team's roles after an edit or a reorder, highest first: to the team's members. */
  TEAM_ROLES_UPDATED: dispatchEvent(z.object({ teamId: z.string(), roles: z.array(roleSchema) }), ['team']),
  /** The team's emoji after an upload, a rename or a delete, oldest first: to the team's members (pickers and the settings tab). */
  TEAM_EMOJIS_UPDATED: dispatchEvent(z.object({ teamId: z.string(), emojis: z.array(teamEmojiSchema) }), ['team']),
  /** The team's profile or owner changed: to its members. */
  TEAM_UPDATED: dispatchEvent(teamSchema, ['team']),
  /** A member left or was removed: to the team's members, the one leaving included (their sessions then stop hearing the team). */
  USER_LEFT_TEAM: dispatchEvent(z.object({ teamId: z.string(), userId: z.string() }), ['team']),
  /** The team was deleted: to its members (their sessions then stop hearing it). */
  TEAM_DELETED: dispatchEvent(z.object({ teamId: z.string() }), ['team']),

  // Friends and blocks (spec 000 §4, 001 §4 Friend): each side is sent the entry as it sees it
  // (`friend.user` is the other one), so these go to one user at a time.

  /** A friend request was sent (pending added): to the sender and to the receiver. */
  FRIEND_REQUEST: dispatchEvent(z.object({ friend: friendSchema }), ['users']),
  /** A request was accepted (the entry becomes accepted): to both users. */
  FRIEND_ACCEPTED: dispatchEvent(z.object({ friend: friendSchema }), ['users']),
  /** A request was rejected or cancelled, a friend unfriended, or one blocked the other (the entry goes): to both users. */
  FRIEND_REMOVED: dispatchEvent(z.object({ userId: z.string() }), ['users']),
  /** The user blocked someone: to the blocker's sessions only (the blocked user is not told). */
  USER_BLOCKED: dispatchEvent(z.object({ blocked: blockedUserSchema }), ['users']),
  /** The user unblocked someone: to the blocker's sessions only. */
  USER_UNBLOCKED: dispatchEvent(z.object({ userId: z.string() }), ['users']),

  // Direct chats (001 §2 /chat): each member is sent the chat as they see it (`users` are the others).

  /** A direct chat was opened, or shown again to someone who had hidden it: to that member (their sessions start hearing its channel). */
  DM_CREATED: dispatchEvent(z.object({ dm: directChatSchema }), ['users']),
  /** The member hid a chat from their list, or showed it again: to their sessions. */
  DM_HIDDEN: dispatchEvent(z.object({ channelId: z.string(), hidden: z.boolean() }), ['users']),

  // Voice (001 §4 voice join, leave, metadata and move; docs/voice.md): told by the SFU, to the
  // sessions that may view the voice channel.

  /** Someone is in a voice channel now (connected to its SFU): to the channel's sessions. */
  VOICE_JOINED: dispatchEvent(z.object({ teamId: z.string(), channelId: z.string(), participant: voiceParticipantSchema }), ['channel']),
  /** Someone muted, deafened, or started or stopped sharing their screen: to the channel's sessions. */
  VOICE_UPDATED: dispatchEvent(z.object({ teamId: z.string(), channelId: z.string(), participant: voiceParticipantSchema }), ['channel']),
  /** Someone left a voice channel (left, disconnected, moved, or their connection was lost): to the channel's sessions. */
  VOICE_LEFT: dispatchEvent(z.object({ teamId: z.string(), channelId: z.string(), userId: z.string() }), ['channel']),
  /**
   * A moderator moved the user from `fromChannelId` to `channelId`: to the moved user's sessions.
   * `token` is a move grant for GET …/channels/{channelId}/join?token= (a minute, this user and
   * channel, past the user limit); the tab in the call leaves it and joins there.
   */
  VOICE_MOVE: dispatchEvent(z.object({ teamId: z.string(), fromChannelId: z.string(), channelId: z.string(), token: z.string() }), ['users']),
} as const;
export type DispatchType = keyof typeof dispatchEvents;
export type DispatchData<T extends DispatchType> = z.infer<(typeof dispatchEvents)[T]['schema']>;
/** The audience kinds an event type may be published to. */
export type DispatchAudienceKind<T extends DispatchType> = (typeof dispatchEvents)[T]['audiences'][number];
export type DispatchEvent = { [K in DispatchType]: { type: K; data: DispatchData<K> } }[DispatchType];
export const DISPATCH_TYPES = Object.keys(dispatchEvents) as DispatchType[];

/** Whether `type` is an event this build knows (a newer server may send others). */
export function isDispatchType(type: string): type is DispatchType {
  return Object.prototype.hasOwnProperty.call(dispatchEvents, type);
}

/** Control frames: about the connection itself, never replayed. */
export type ControlFrame =
  | { type: 'READY'; data: ReadyData }
  | { type: 'HEARTBEAT_ACK'; data: Record<string, never> }
  | { type: 'RESUMED'; data: { replayed: number } }
  | { type: 'INVALID_SESSION'; data: { resumable: false } };

/** Every server frame carries `seq`: a dispatch its own number, a control frame the last one sent. */
export type ServerFrame = (DispatchEvent | ControlFrame) & { seq: number };

/** Close codes (see docs/gateway-protocol.md). */
export const CloseCode = {
  /** Unexpected server error; reconnect and resume. */
  UNKNOWN_ERROR: 4000,
  /** A frame was not JSON or did not match the schema. */
  INVALID_FRAME: 4001,
  /** No or invalid session cookie; do not reconnect until signed in. */
  NOT_AUTHENTICATED: 4003,
  /** RESUME sent when not allowed (not the first frame). */
  ALREADY_STARTED: 4005,
  /** Too many frames; reconnect after the delay. */
  RATE_LIMITED: 4008,
  /** No heartbeat within the timeout. */
  SESSION_TIMEOUT: 4009,
  /** The user already has as many sockets open as one user may (on this server process); reconnect after the delay. */
  TOO_MANY_CONNECTIONS: 4010,
  /** The server is shutting down or restarting; reconnect (another process will take it) and resume. */
  SERVER_RESTART: 4012,
  /** The session was ended (logout); do not reconnect. */
  SESSION_ENDED: 4014,
} as const;
export type CloseCodeValue = (typeof CloseCode)[keyof typeof CloseCode];

/** Close codes after which a client should not reconnect on its own. */
export const TERMINAL_CLOSE_CODES: readonly number[] = [CloseCode.NOT_AUTHENTICATED, CloseCode.SESSION_ENDED];
