/** Typing indicators (spec 001 §4, §9). */
export const TYPING = {
  /** A client sends CHANNEL_TYPING at most this often while the user types. */
  throttleMs: 3_500,
  /** The server passes on one CHANNEL_TYPING per session and channel at most this often (a little under the throttle, for jitter). */
  serverGapMs: 3_000,
  /** An entry goes this long after its last event. */
  expiryMs: 5_000,
  /** How often the message view drops expired entries. */
  checkMs: 1_000,
  /** Names shown; more typers read 'N users are typing...'. */
  maxNames: 5,
} as const;
