import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { screenCapSchema } from '@rally/shared/voice/signaling';

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

const mac = (secret: string, payload: string) => createHmac('sha256', `voice:${secret}`).update(payload).digest('base64url');

export function signVoiceToken(secret: string, grant: VoiceGrant): string {
  const payload = Buffer.from(JSON.stringify(grant)).toString('base64url');
  return `${payload}.${mac(secret, payload)}`;
}

/** The grant of a well-signed, unexpired token; null for anything else. */
export function verifyVoiceToken(secret: string, token: string, now = Date.now()): VoiceGrant | null {
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined) return null;
  const expected = Buffer.from(mac(secret, payload));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  const grant = voiceGrantSchema.safeParse(json);
  if (!grant.success || grant.data.exp <= now) return null;
  return grant.data;
}
