/**
 * TanStack Query keys, one factory for the whole client: the gateway dispatcher writes to the same
 * keys that the screens read.
 */
export const queryKeys = {
  me: ['me'] as const,
  /** GET /api/v1/me/delete: whether the account may be deleted (features/account). */
  accountDeletion: ['account', 'deletion'] as const,
  /** GET /api/v1/region: the visitor's location (TR shows the consent box at sign-up). */
  region: ['region'] as const,
  /** A legal page's markdown in one language (GET /api/v1/legal/:page). */
  legalPage: (page: string, locale: string) => ['legal', page, locale] as const,
  /** The Windows app's download URL (GET /api/github/latest/windows); null when none is configured. */
  windowsDownload: ['download', 'windows'] as const,
  teams: ['teams'] as const,
  /** { channels, categories } of one team (what the member may view). */
  teamChannels: (teamId: string) => ['teams', teamId, 'channels'] as const,
  teamMembers: (teamId: string) => ['teams', teamId, 'members'] as const,
  /** Roles of one team, seeded by READY. */
  teamRoles: (teamId: string) => ['teams', teamId, 'roles'] as const,
  /** Team settings: the invites, bans and audit log tabs (fetched when a tab opens). */
  teamInvites: (teamId: string) => ['teams', teamId, 'invites'] as const,
  teamBans: (teamId: string) => ['teams', teamId, 'bans'] as const,
  teamAuditLog: (teamId: string) => ['teams', teamId, 'audit-log'] as const,
  /** Who is in each voice channel of a team ({ [channelId]: VoiceParticipant[] }, features/voice). */
  voiceStates: (teamId: string) => ['teams', teamId, 'voice'] as const,
  /** Every voice region with its SFU node's probe address (GET /api/v1/voice/regions, features/voice). */
  voiceRegions: ['voice', 'regions'] as const,
  /** Infinite query of a channel's history, pages of 50, newest page first (features/messages/message-cache.ts, MessagesData). */
  channelMessages: (channelId: string) => ['channels', channelId, 'messages'] as const,
  /** One message read on its own (a reply's target that the history does not hold); null: deleted or missing. */
  message: (channelId: string, messageId: string) => ['channels', channelId, 'message', messageId] as const,
  /** The signed-in user's scheduled messages of a channel that are not sent yet (ScheduledMessage[], features/scheduled). */
  scheduledMessages: (channelId: string) => ['channels', channelId, 'scheduled'] as const,
  /** A channel's or chat's pinned messages, newest pin first (Pin[], features/pins). */
  pins: (channelId: string) => ['channels', channelId, 'pins'] as const,
  /** When a sent scheduled message was scheduled for (GET message's scheduledDate), for its info dialog. */
  scheduledDate: (channelId: string, messageId: string) => ['channels', channelId, 'message', messageId, 'scheduledDate'] as const,
  /**
   * The signed-in user's own messages of a channel that the server has not confirmed yet (sending or
   * failed). Client-only (never fetched), kept apart from the history so that refetches and live
   * events cannot drop them.
   */
  pendingMessages: (channelId: string) => ['local', 'pendingMessages', channelId] as const,
  /**
   * Messages of a channel that arrived live while its history could not take them (detached from
   * the present, or being read), for the next page read that reaches the present. Client-only.
   */
  liveTail: (channelId: string) => ['local', 'liveTail', channelId] as const,
  /** Who is typing in a channel (TypingEntry[], CHANNEL_TYPING events). Client-only. */
  typing: (channelId: string) => ['local', 'typing', channelId] as const,
  /** The latest presence of each user that a PRESENCE_UPDATE told in this session ({ [userId]: presence }). Client-only. */
  presence: ['local', 'presence'] as const,
  /** A user's profile (UserProfile), as seen from a team (with their roles there) or from nowhere (teamId null). */
  userProfile: (userId: string, teamId: string | null) => ['users', userId, 'profile', teamId] as const,
  invite: (code: string) => ['invites', code] as const,
  /** What the user has not read: the unread counters of every channel and direct chat (features/unread, UnreadState). */
  unread: ['unread'] as const,
  /** The signed-in user's friends and friend requests (Friend[]). */
  friends: ['friends'] as const,
  /** The signed-in user's direct chats that are not hidden, newest message first (DirectChat[]). */
  dms: ['dms'] as const,
  /** The users the signed-in user blocked (BlockedUser[]). */
  blocks: ['blocks'] as const,
  /** The signed-in user's own friend-invite code. */
  friendInviteCode: ['friendInvite', 'own'] as const,
  /** Who a friend-invite code belongs to. */
  friendInviter: (code: string) => ['friendInvite', 'code', code] as const,
  /** The emoji of the signed-in user's teams (CustomEmoji[]), for the emoji picker. */
  myEmojis: ['emojis', 'mine'] as const,
  /** The signed-in user's linked Kick and Twitch accounts (Connection[], features/connections; kept current by CONNECTIONS_UPDATED). */
  connections: ['connections'] as const,
  /** One team's emoji as its settings list them (TeamEmoji[], oldest first; the Emoji tab, kept current by TEAM_EMOJIS_UPDATED). */
  teamEmojis: (teamId: string) => ['teams', teamId, 'emojis'] as const,
  /**
   * Ids of team emoji deleted during this session (string[]): messages that show one fall back to
   * its `:name:` at once, even where the browser still holds the image. Client-only.
   */
  deletedEmojis: ['local', 'deletedEmojis'] as const,
  /** Pages of a message search (features/search), by its request. Not kept current by live events. */
  messageSearch: (query: Record<string, string | undefined>) => ['search', 'messages', query] as const,
  captcha: ['captcha'] as const,
  /** The signed-in user's sessions (devices, SessionInfo[]): read when the Sessions tab opens, kept current by SESSION_CREATED and SESSIONS_REVOKED. */
  sessions: ['sessions'] as const,
};
