import { z } from 'zod';
import { screenCapSchema } from '@rally/shared/voice/signaling';
import { seal, unseal } from '../lib/seal';

/**
 * Voice tokens: what GET …/channels/{id}/join grants, signed by the API with the secret it shares
 * with its SFU nodes (HMAC-SHA256), checked by the SFU before it answers anything else. A token
 * names one user in one room (the voice channel) and expires quickly: it is only for joining.
 */
export const voiceGrantSchema = z.object({
  userId: z.string(),
  teamId: z.string(),
  channelId: z.string(),
  /** The largest screen share this user may send (Plus: 1920×1080 at 60 fps). */
  screenCap: screenCapSchema,
  /** Expiry, milliseconds since 1970. */
  exp: z.number().int(),
});
export type VoiceGrant = z.infer<typeof voiceGrantSchema>;

/** How long a token is good for: the client joins right after it gets one. */
export const VOICE_TOKEN_TTL_MS = 60_000;

/** Voice tokens have a key of their own (lib/seal.ts): no other sealed grant passes for one. */
const keyOf = (secret: string) => `voice:${secret}`;

export function signVoiceToken(secret: string, grant: VoiceGrant): string {
  return seal(keyOf(secret), grant);
}

/** The grant of a well-signed, unexpired token; null for anything else. */
export function verifyVoiceToken(secret: string, token: string, now = Date.now()): VoiceGrant | null {
  const grant = voiceGrantSchema.safeParse(unseal(keyOf(secret), token));
  if (!grant.success || grant.data.exp <= now) return null;
  return grant.data;
}
