import { z } from 'zod';
import { snowflakeSchema } from '../api/common';
import { messageSchema } from '../api/messages';
import { categorySchema, channelSchema, memberSchema, roleSchema, teamSchema } from '../api/teams';
import { presenceSchema, selfUserSchema } from '../api/users';

/** Protocol version, sent in READY. Bump on a breaking change of any frame. */
export const GATEWAY_VERSION = 1;

// ---------- client -> server ----------

export const clientFrameSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('HEARTBEAT'), data: z.object({ seq: z.number().int().nullable().optional() }).optional() }),
  z.object({ type: z.literal('RESUME'), data: z.object({ sessionId: z.string().min(1).max(64), seq: z.number().int().min(0) }) }),
  z.object({ type: z.literal('CHANNEL_MOUNTED'), data: z.object({ channelId: snowflakeSchema, teamId: snowflakeSchema.optional() }) }),
  z.object({ type: z.literal('PRESENCE_UPDATE'), data: z.object({ presence: presenceSchema }) }),
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
 * Dispatch events: everything the server pushes that changes state. Each carries a sequence
 * number, is kept for resume, and is routed to its audience by the bus.
 */
export const dispatchEventSchemas = {
  MESSAGE_SEND: messageSchema,
  USER_JOINED_TEAM: z.object({ team: teamSchema, channels: z.array(channelSchema), categories: z.array(categorySchema), roles: z.array(roleSchema) }),
  TEAM_MEMBER_ADDED: z.object({ teamId: z.string(), member: memberSchema }),
  PRESENCE_UPDATE: z.object({ userId: z.string(), presence: presenceSchema }),
} as const;
export type DispatchType = keyof typeof dispatchEventSchemas;
export type DispatchData<T extends DispatchType> = z.infer<(typeof dispatchEventSchemas)[T]>;
export type DispatchEvent = { [K in DispatchType]: { type: K; data: DispatchData<K> } }[DispatchType];

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
