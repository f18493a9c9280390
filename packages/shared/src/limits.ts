/** Business constants and limits from the spec (000 §9, 001 §9). One place for both ends. */
export const LIMITS = {
  username: { min: 1, max: 16, registerMax: 15 },
  slug: { min: 3, max: 20 },
  password: { min: 6, max: 128 },
  email: { max: 254 },
  birthdateYears: 124,
  minimumAge: 13,
  teamName: { min: 1, max: 20 },
  teamDescription: { max: 1000 },
  /** Safe for teen cannot be switched in a team of more members than this (001 §5, §9). */
  safeForTeenMembers: 100,
  channelName: { min: 1, max: 20 },
  categoryName: { min: 1, max: 20 },
  /** The spec gives no bound for a channel's description (its header cuts it at 50); Discord's topic bound. */
  channelDescription: { max: 1024, headerCut: 50 },
  /** A watch-stream channel's streamer username. */
  streamChannel: { min: 4, max: 25 },
  streamPlatforms: ['twitch', 'kick'] as const,
  /** Voice user limit: 0 means unlimited. */
  userLimit: { min: 0, max: 100 },
  /** Slowmode seconds (rateLimitPerUser): the spec gives no bound, this is Discord's six hours. */
  slowmode: { max: 21_600 },
  /**
   * `inputMax`: the longest content a send request may carry at all (the server then checks the
   * sender's own limit, max or premiumMax, so that the error names it).
   */
  message: { max: 2000, premiumMax: 5000, counterFrom: 1500, pageSize: 50, inputMax: 65_536 },
  nonce: { max: 64 },
  /**
   * Attachments (001 §9): at most `max` per message (the file size limit is uploadLimitBytes).
   * An upload not sent with a message within `unsentHours` is removed.
   */
  attachments: { max: 5, unsentHours: 24 },
  inviteMaxUses: [null, 50, 100, 200, 500, 1000] as const,
  inviteExpiry: ['never', '30m', '1h', '6h', '12h', '1d', '7d', '30d'] as const,
  /** Invite codes: this many random base62 characters. */
  inviteCode: { length: 8 },
  /** Teams a user may own or belong to at once (as Discord's 100 servers). */
  teamsPerUser: 100,
  friendCode: { max: 64 },
  /** Friend-invite codes: this many random base62 characters (about 95 bits: not guessable). */
  friendCodeLength: 16,
  /**
   * The add-friend field (001 §5 Friend username, §9 friend name 3 to 20): a handle (3 to 20) or,
   * since registration accepts names of one character, a name (1 to 16); characters, an emoji one.
   */
  friendName: { min: 1, max: 20 },
  /** The pending friend-request badge shows at most this number, then '9+' (001 §2, §9). */
  friendBadgeMax: 9,
  /**
   * Direct chats (001 §2 /chat, §9): a group chat holds at most `groupMembers` people (Discord's
   * 10), its creator included; the list's last-message preview is cut at `previewLength`
   * characters, and `placeholders` rows stand in while it loads.
   */
  dm: { groupMembers: 10, previewLength: 25, placeholders: 10 },
  /** The ALTCHA widget's payload (base64 JSON), a few hundred bytes. */
  captchaToken: { max: 4096 },
  /**
   * Two-factor sign-in (000 §5, §9): a 6-digit app code; `backupCodes` codes of `backupCodeLength`
   * letters or digits, shown as xxxx-xxxx-xxxx.
   */
  twoFactor: { codeLength: 6, backupCodes: 12, backupCodeLength: 12 },
  /** The security page's report form: a one-line title and the details (a few paragraphs to a long write-up). */
  securityReport: { titleMax: 200, descriptionMin: 20, descriptionMax: 10_000 },
  /** Moderation (001 §8, §9): a ban's reason, the bans list and an audit log page. */
  banReason: { max: 512 },
  bansPage: 1000,
  auditLogPage: 50,
  /**
   * Roles (001 §9: name 24). The spec gives no limit for a role's description or icon, nor for the
   * roles of a team; these bound what one request may carry.
   */
  roleName: { max: 24 },
  roleDescription: { max: 256 },
  roleIcon: { max: 64 },
  rolesPerTeam: 250,
  /**
   * Channel and category order (001 §7 drag-reorder): the spec gives no bound. At most this many ids
   * in one reorder (Discord's 500 channels of a server), each priority 0 … `priorityMax`.
   */
  channelOrder: { max: 500, priorityMax: 1_000_000 },
  /**
   * Reactions: at most `distinctPerMessage` different emoji on one message (Discord's 20); a
   * message's reaction lists name the first `usersShown` users of each emoji (the count is exact);
   * an emoji in a path is at most `emojiMax` characters (the longest standard sequences are 14).
   */
  reactions: { distinctPerMessage: 20, usersShown: 20, emojiMax: 32 },
  /**
   * Team emoji (001 §6, §9: name 32; upload webp, png or gif, several files at once). The spec gives
   * no other bound: a team keeps at most `perTeam` (Discord's 50 of an unboosted server, doubled),
   * one upload carries at most `perUpload` files of at most `fileMaxBytes` each (Discord's 256 KB,
   * quadrupled for animated gifs), and every emoji is stored as webp at most `sizePx` square.
   */
  emoji: { nameMax: 32, perTeam: 100, perUpload: 10, fileMaxBytes: 1024 * 1024, sizePx: 128 },
  /**
   * Message search (issue 9; the spec is silent): the query's length, results per page, and the
   * shortest last word matched as a prefix (a one-letter prefix would match most of the index).
   */
  search: { queryMax: 200, pageSize: 25, prefixMin: 2 },
  /**
   * Unread counters (001 §9): the server counts a channel's unread messages (and its mentions) up to
   * `countCap`; a channel's badge shows at most `channelBadgeMax` then '999+', the direct-messages
   * badge at most `dmBadgeMax` then '99+'.
   */
  unread: { countCap: 1000, channelBadgeMax: 999, dmBadgeMax: 99 },
  /**
   * Scheduled messages (001 §5, §9: up to 365 days ahead). The spec gives no bound for how many may
   * wait; `pendingMax` bounds one user's, over all channels.
   */
  scheduledMessage: { maxDaysAhead: 365, pendingMax: 100 },
  /** Pinned messages: at most `perChannel` in one channel or direct chat (Discord's 50). */
  pins: { perChannel: 50 },
  /**
   * Custom status (000 §7 Status, 001 §2 Status editor; the spec gives no bound): its text is at most
   * `contentMax` characters (Discord's 128); the editor offers `suggestions` ideas, `suggestionsShown`
   * at a time, the next ones every `rotateMs`.
   */
  status: { contentMax: 128, suggestions: 30, suggestionsShown: 3, rotateMs: 2000 },
  /**
   * Game activity (000 §7 POST /api/v1/me/rpc; the spec gives no bound): the name, details and state
   * lines are at most `textMax` characters each, the game id `gameIdMax`; a start time may be at most
   * `startSkewMs` in the future (clocks differ).
   */
  activity: { textMax: 128, gameIdMax: 64, startSkewMs: 60_000 },
} as const;

/**
 * Per-user rate limits enforced by the server (fixed windows; shared by the processes with Redis),
 * named by the endpoints they count (`userRateLimit`, api/endpoint.ts): past one, 429 with
 * Retry-After. Every call whose effect other users hear of counts against one, so that no user can
 * make the server send others frames at an unbounded rate (SECURITY.md, "Fan-out").
 */
export const RATE_LIMITS = {
  /** Messages a user may send across all channels. */
  messageSend: { count: 10, windowMs: 5_000 },
  /** Edits, deletions, pins and unpins of messages (the author's own, or a moderator's of others'). */
  messageChange: { count: 10, windowMs: 5_000 },
  /** Reactions a user may add or take back across all messages. */
  reactions: { count: 20, windowMs: 5_000 },
  /** Message searches (and further pages of one) a user may run. */
  search: { count: 20, windowMs: 10_000 },
  /** Changes their circle hears of: custom status, activity, avatar, banner, username, chosen presence. */
  circle: { count: 10, windowMs: 20_000 },
  /** Friend requests, answers, removals, blocks and unblocks (each tells the other user). */
  friends: { count: 20, windowMs: 60_000 },
  /** Joining and leaving teams (each tells the team's members). */
  membership: { count: 10, windowMs: 60_000 },
  /** Changes of a team, its roles, channels, categories, emoji and members' roles, kicks, bans, ownership. */
  teamSettings: { count: 60, windowMs: 30_000 },
  /** Voice joins, moves and disconnections by HTTP, and region changes of a voice channel. */
  voice: { count: 20, windowMs: 10_000 },
  /** CHANNEL_TYPING events one user may cause (besides one per channel every TYPING.serverGapMs). */
  typing: { count: 5, windowMs: 3_000 },
  /**
   * Uploads (POST /api/v1/upload: pictures, banners, backgrounds, attachments): not a fan-out, but
   * each is decoding work on the server (SECURITY.md, "Uploads"); 20 a minute is four messages of
   * five attachments.
   */
  uploads: { count: 20, windowMs: 60_000 },
} as const;

export const TIMING = {
  heartbeatIntervalMs: 30_000,
  /** A connection that sends no heartbeat for this long is closed. */
  heartbeatTimeoutMs: 75_000,
  /** How long a disconnected session can be resumed. */
  resumeWindowMs: 3 * 60_000,
  reconnectDelayMs: 10_000,
  loadingTipMs: 10_000,
  toastMs: 2_000,
} as const;

export const ALLOWED_REGIONS_DEFAULT = ['TR', 'AZ'] as const;
