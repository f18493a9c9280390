import { z } from 'zod';
import { seal, unseal } from '../../lib/seal';

/**
 * Move grants: what VOICE_MOVE carries to the moved user, for GET …/channels/{id}/join?token= to
 * let them into the channel a moderator moved them to, past its user limit. HMAC-SHA256 with a key
 * of their own (derived from the voice secret, so that neither an SFU token nor anything else the
 * server seals passes for one), for one user, one channel, one minute.
 */
const moveGrantSchema = z.object({ kind: z.literal('voice_move'), userId: z.string(), teamId: z.string(), channelId: z.string(), exp: z.number().int() });
export type MoveGrant = Omit<z.infer<typeof moveGrantSchema>, 'kind'>;

/** How long a move grant is good for: the moved client joins as soon as the event arrives. */
export const MOVE_GRANT_TTL_MS = 60_000;

const keyOf = (voiceSecret: string) => `move:${voiceSecret}`;

export function signMoveGrant(voiceSecret: string, grant: MoveGrant): string {
  return seal(keyOf(voiceSecret), { kind: 'voice_move', ...grant });
}

/** Whether `token` is a well-signed, unexpired grant to join exactly this channel of this team as this user. */
export function acceptsMoveGrant(voiceSecret: string, token: string, want: Omit<MoveGrant, 'exp'>, now = Date.now()): boolean {
  const parsed = moveGrantSchema.safeParse(unseal(keyOf(voiceSecret), token));
  if (!parsed.success) return false;
  const grant = parsed.data;
  return grant.exp > now && grant.userId === want.userId && grant.teamId === want.teamId && grant.channelId === want.channelId;
}
