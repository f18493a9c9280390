import { z } from 'zod';
import { jsonSetting } from '../lib/json';
import { rateSetting } from '../lib/rate-setting';
import { VOICE_REGIONS } from '@rally/shared/voice/regions';
import { MAX_WATCHED_SCREENS } from '@rally/shared/voice/signaling';
import type { MediaNetwork } from './werift/peer-config';

/** The highest VOICE_MAX_SCREENSHARES may be set (a viewer cannot watch more at once). */
const MAX_SCREENSHARES_LIMIT = MAX_WATCHED_SCREENS;

/** "MIN-MAX", a UDP port range for the ICE sockets. */
const portRange = z
  .string()
  .regex(/^\d{1,5}-\d{1,5}$/, 'must look like MIN-MAX, e.g. 40000-40999')
  .transform((v) => v.split('-').map(Number) as [number, number])
  .refine(([min, max]) => min >= 1024 && max <= 65535 && min < max, 'must be two ports from 1024 to 65535, the first lower');

/** STUN/TURN servers as JSON: [{"urls":"turn:turn.example.com:3478","username":"u","credential":"p"}]. */
export const iceServersSchema = jsonSetting.pipe(
  z.array(z.object({ urls: z.string().min(1), username: z.string().optional(), credential: z.string().optional() })),
);

/**
 * The media network settings shared by the API (which runs the embedded SFU and tells clients the
 * ICE servers) and a standalone SFU process (sfu/main.ts). README "Voice".
 */
export const mediaSettingsSchema = z.object({
  /** The region this SFU serves (001 §9's list). */
  SFU_REGION: z.enum(VOICE_REGIONS).default('us-east-1'),
  /** UDP ports for media; unset: any free port (fine on a laptop, not behind a firewall). */
  SFU_UDP_PORTS: portRange.optional(),
  /** The public address put in ICE candidates when the SFU is behind NAT (a cloud VM's public IP). */
  SFU_ANNOUNCED_ADDRESS: z.string().min(1).optional(),
  /** STUN/TURN servers for the SFU and for clients (coturn for users behind strict NATs). */
  SFU_ICE_SERVERS: iceServersSchema.optional(),
  /**
   * The most screens shared at once in one voice channel; the next is refused with
   * screenshare_limit_reached. Each costs every member watching it up to about 6 Mbit/s (a Plus 1080p60 share).
   */
  VOICE_MAX_SCREENSHARES: z.coerce.number().int().min(1).max(MAX_SCREENSHARES_LIMIT).default(5),
  /** Frames one signalling socket may send, as COUNT/SECONDS; more closes it with 4008 voice_rate_limited (sfu/signaling.ts). */
  VOICE_FRAME_RATE: rateSetting.prefault('240/60'),
  /** Frames of all of one user's signalling sockets on one SFU node together, as COUNT/SECONDS; more closes the socket with 4008. */
  VOICE_USER_FRAME_RATE: rateSetting.prefault('480/60'),
  /**
   * A participant's `state` changes (mute, deafen) within this many ms of the last one told reach
   * the room and the API once, at the window's end, with the latest state; 0 tells each at once.
   */
  VOICE_STATE_COALESCE_MS: z.coerce.number().int().min(0).max(60_000).default(500),
});
export type MediaSettings = z.infer<typeof mediaSettingsSchema>;

/** The SFU's media network: loopback candidates too unless an announced address is set (a public deployment). */
export function mediaNetwork(settings: MediaSettings): MediaNetwork {
  return {
    portRange: settings.SFU_UDP_PORTS,
    announcedAddress: settings.SFU_ANNOUNCED_ADDRESS,
    iceServers: settings.SFU_ICE_SERVERS ?? [],
    loopback: !settings.SFU_ANNOUNCED_ADDRESS,
  };
}
