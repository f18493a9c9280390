import { z } from 'zod';
import { VOICE_REGIONS } from '../voice/regions';
import { MEDIA_SOURCES, screenCapSchema } from '../voice/signaling';
import { snowflakeSchema } from './common';
import { BODY_LIMIT, defineEndpoint } from './endpoint';
import { ROUTES } from './routes';

/**
 * Voice channels (spec 001 §2 voice panel and bar, §3 participants, §4 voice join and move, §7, §9;
 * docs/voice.md): joining through Rally's SFU, who is in which channel, moving and disconnecting.
 */

/** Someone in a voice channel (001 §3 Channel participants), as the room last told it. */
export const voiceParticipantSchema = z.object({
  userId: z.string(),
  muted: z.boolean(),
  deafened: z.boolean(),
  /** What they send now: their microphone, a shared screen. */
  sources: z.array(z.enum(MEDIA_SOURCES)),
  joinedAt: z.string(),
});
export type VoiceParticipant = z.infer<typeof voiceParticipantSchema>;

/** An ICE server for the browser's peer connection (STUN, or coturn for strict NATs). */
export const iceServerSchema = z.object({ urls: z.string(), username: z.string().optional(), credential: z.string().optional() });

/**
 * What joining needs (GET …/channels/{id}/join): a token good for a minute, the SFU's signalling address (a path on this origin, or a wss:// URL of another node),
 * its region, the ICE servers, and the largest screen share this user may send.
 */
export const voiceJoinSchema = z.object({
  channelId: z.string(),
  token: z.string(),
  userId: z.string(),
  endpoint: z.string(),
  region: z.enum(VOICE_REGIONS),
  iceServers: z.array(iceServerSchema),
  screenCap: screenCapSchema,
});
export type VoiceJoin = z.infer<typeof voiceJoinSchema>;

const teamChannelParams = z.object({ teamId: snowflakeSchema, channelId: snowflakeSchema });

/**
 * `token`: the move grant of a VOICE_MOVE event (a moderator moved the caller here): good for a
 * minute, for this user and this channel only, and it lets them in past the user limit.
 */
export const joinVoiceQuerySchema = z.object({ token: z.string().min(1).max(1024).optional() });

export const joinVoiceEndpoint = defineEndpoint({
  ...ROUTES.joinVoice,
  userRateLimit: 'voice',
  summary:
    "A token to join a voice channel on its region's SFU (403 voice_channel_full when it holds userLimit people, unless `token` is the caller's move grant for it)",
  permission: { channel: 'CONNECT' },
  params: teamChannelParams,
  query: joinVoiceQuerySchema,
  response: voiceJoinSchema.extend({ success: z.literal(true) }),
});

export const voiceStatesEndpoint = defineEndpoint({
  ...ROUTES.voiceStates,
  summary: 'Who is in each voice channel of the team that the caller may view',
  permission: { team: 'member' },
  params: z.object({ teamId: snowflakeSchema }),
  response: z.object({ success: z.literal(true), channels: z.record(z.string(), z.array(voiceParticipantSchema)) }),
});

export const disconnectVoiceEndpoint = defineEndpoint({
  ...ROUTES.disconnectVoice,
  userRateLimit: 'voice',
  summary: 'Take a member out of a voice channel',
  permission: { channel: 'DISCONNECT' },
  params: teamChannelParams.extend({ userId: snowflakeSchema }),
  response: z.object({ success: z.literal(true) }),
});

/** Move a member who is in voice in `fromChannelId` to the path's channel (001 §4 voice move). */
export const moveVoiceRequestSchema = z.object({ userId: snowflakeSchema, fromChannelId: snowflakeSchema });
export type MoveVoiceRequest = z.infer<typeof moveVoiceRequestSchema>;

export const moveVoiceEndpoint = defineEndpoint({
  ...ROUTES.moveVoice,
  userRateLimit: 'voice',
  summary:
    'Move a member from the voice channel they are in to this one (both channels visible to the caller; the user limit does not apply); they are sent VOICE_MOVE with a grant to join it',
  permission: { team: 'MOVE_MEMBERS' },
  params: teamChannelParams,
  body: moveVoiceRequestSchema,
  response: z.object({ success: z.literal(true) }),
  bodyLimit: BODY_LIMIT.SMALL,
});

export const setVoiceRegionRequestSchema = z.object({ region: z.enum(VOICE_REGIONS, { error: 'voice_region_invalid' }) });

export const setVoiceRegionEndpoint = defineEndpoint({
  ...ROUTES.setVoiceRegion,
  userRateLimit: 'voice',
  summary: "Set a voice channel's region (the SFU its members join)",
  permission: { channel: 'MANAGE_CHANNEL' },
  params: teamChannelParams,
  body: setVoiceRegionRequestSchema,
  response: z.object({ success: z.literal(true), region: z.enum(VOICE_REGIONS) }),
  bodyLimit: BODY_LIMIT.SMALL,
});

/** A voice region and the address to probe its SFU node's latency at (a path on this origin or a URL), null when no node serves it. */
export const voiceRegionProbeSchema = z.object({ region: z.enum(VOICE_REGIONS), probeUrl: z.string().nullable() });
export type VoiceRegionProbe = z.infer<typeof voiceRegionProbeSchema>;

export const voiceRegionsEndpoint = defineEndpoint({
  ...ROUTES.voiceRegions,
  summary: 'Every voice region with the probe address of the SFU node serving it (null: no node serves it), for the latency panel',
  response: z.object({ success: z.literal(true), regions: z.array(voiceRegionProbeSchema) }),
});

export const voiceProbeEndpoint = defineEndpoint({
  ...ROUTES.voiceProbe,
  summary: "A latency probe of this server's SFU region: answers at once, never cached",
  auth: 'public',
  response: z.object({ success: z.literal(true) }),
});
