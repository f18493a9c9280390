import { z } from 'zod';

/**
 * The signalling protocol between a voice client and Rally's SFU (docs/voice.md): JSON text frames
 * on the SFU's WebSocket. The client sends `join` with the token of
 * GET /api/v1/teams/{teamId}/channels/{id}/join first; the SFU makes every offer (one peer
 * connection per client, one negotiation at a time) and the client only answers.
 */

/** What a client sends: its microphone, or a shared screen. */
export const MEDIA_SOURCES = ['microphone', 'screen'] as const;
export type MediaSource = (typeof MEDIA_SOURCES)[number];

/** The most a client may send of a shared screen (000 §9: 1920×1080 at 60 fps with Plus). */
export const screenCapSchema = z.object({ width: z.number().int(), height: z.number().int(), fps: z.number().int() });
export type ScreenCap = z.infer<typeof screenCapSchema>;

/** The most screens one client may watch at once. */
export const MAX_WATCHED_SCREENS = 25;

const sdp = z.string().min(1).max(100_000);

export const clientMessageSchema = z.discriminatedUnion('op', [
  z.object({ op: z.literal('join'), token: z.string().min(1).max(4096) }),
  /** The answer to the SFU's latest offer. */
  z.object({ op: z.literal('answer'), sdp }),
  /** Ask for a slot to send a source on: the SFU offers a receiving m-line for it. */
  z.object({ op: z.literal('publish'), source: z.enum(MEDIA_SOURCES) }),
  z.object({ op: z.literal('unpublish'), source: z.enum(MEDIA_SOURCES) }),
  /**
   * The participants whose shared screens this client wants to receive (the whole list, replacing
   * the last one): screens are forwarded only to those watching them; microphones to everyone.
   */
  z.object({ op: z.literal('watch'), userIds: z.array(z.string().min(1).max(64)).max(MAX_WATCHED_SCREENS) }),
  /** The client's own state, told to the room: muted, deafened, speaking (from audio levels). */
  z.object({ op: z.literal('state'), muted: z.boolean(), deafened: z.boolean(), speaking: z.boolean() }),
  /** Latency probe: answered with `pong` carrying the same `t`. */
  z.object({ op: z.literal('ping'), t: z.number() }),
]);
export type ClientMessage = z.infer<typeof clientMessageSchema>;

export const participantStateSchema = z.object({
  userId: z.string(),
  muted: z.boolean(),
  deafened: z.boolean(),
  speaking: z.boolean(),
  /** The sources the participant sends now. */
  sources: z.array(z.enum(MEDIA_SOURCES)),
});
export type ParticipantState = z.infer<typeof participantStateSchema>;

/** Which participant's source an m-line of the SFU's offer carries (by mid); null: unused for now. */
export const trackMapSchema = z.record(z.string(), z.object({ userId: z.string(), source: z.enum(MEDIA_SOURCES) }).nullable());
export type TrackMap = z.infer<typeof trackMapSchema>;

export const serverMessageSchema = z.discriminatedUnion('op', [
  z.object({ op: z.literal('joined'), userId: z.string(), participants: z.array(participantStateSchema), screenCap: screenCapSchema }),
  /**
   * An offer to answer. `publish`: the mid of each source the client asked to send (the client puts
   * its track on that transceiver and sets it to send); `tracks`: what each sending m-line carries.
   */
  z.object({
    op: z.literal('offer'),
    sdp,
    publish: z.record(z.string(), z.string()),
    tracks: trackMapSchema,
  }),
  z.object({ op: z.literal('participant'), participant: participantStateSchema }),
  z.object({ op: z.literal('left'), userId: z.string() }),
  /**
   * The SFU stopped taking a source from this client, or refused to: `reason` is an error code
   * (screen_cap_exceeded, screenshare_limit_reached).
   */
  z.object({ op: z.literal('unpublished'), source: z.enum(MEDIA_SOURCES), reason: z.string() }),
  z.object({ op: z.literal('pong'), t: z.number() }),
  /** The SFU ends the session: `reason` is an error code of i18n/errors.ts. */
  z.object({ op: z.literal('error'), reason: z.string() }),
]);
export type ServerMessage = z.infer<typeof serverMessageSchema>;

/**
 * Reasons the server ends a session because the participant may no longer be in the channel (sent
 * as `error {reason}`, then the close reason): out of the team (kicked, banned, left, the team
 * deleted), the channel deleted, or VIEW_CHANNEL or CONNECT taken away. Error codes of
 * i18n/errors.ts; the web client leaves the call and says why.
 */
export const VOICE_REMOVAL_REASONS = ['voice_team_left', 'voice_channel_deleted', 'voice_access_lost'] as const;
export type VoiceRemovalReason = (typeof VOICE_REMOVAL_REASONS)[number];

/** How the SFU closes a signalling socket that sent more frames than its limits allow (VOICE_FRAME_RATE, VOICE_USER_FRAME_RATE). */
export const VOICE_RATE_LIMITED = { code: 4008, reason: 'voice_rate_limited' } as const;
