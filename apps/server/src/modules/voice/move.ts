import type { MoveVoiceRequest } from '@rally/shared/api/voice';
import { ChannelPermission, hasBit } from '@rally/shared/permissions';
import { badRequest, forbidden, notFound } from '../../lib/errors';
import { publishEvent } from '../../lib/events';
import type { ServiceDeps } from '../../lib/service-deps';
import { recordAudit } from '../audit/service';
import { canView, channelPermissions, type TeamAccess } from '../permissions/access';
import type { ChannelRow } from '../teams/mappers';
import { MOVE_GRANT_TTL_MS, signMoveGrant } from './move-grant';
import type { VoiceRuntime } from './runtime';

/** A channel of the team that the member may view; 404 channel_not_found otherwise (a hidden one is not revealed). */
function visibleChannel(access: TeamAccess, channelId: string): ChannelRow {
  const channel = access.channels.find((c) => c.id === channelId && c.type !== 'category');
  if (!channel || !canView(access, channel)) throw notFound('channel_not_found');
  return channel;
}

/**
 * Move a member from the voice channel they are in to another one of the team (001 §4 voice move;
 * the endpoint checked team MOVE_MEMBERS). The mover must see both channels (404), the target be a
 * voice channel (400 voice_move_target_invalid) other than the source (400
 * voice_move_same_channel), the member be in the source (404 voice_participant_not_found) and
 * allowed to connect to the target (403 voice_move_target_forbidden). Its user limit does not
 * apply: the moderator chose to fill it, as on Discord. Audited as USER_MOVED; the member's sessions
 * are sent VOICE_MOVE with a move grant to join the target, and the SFU ends their session in the
 * source ('voice_moved'), so that a client that ignores the event is out all the same.
 */
export async function moveVoice(deps: ServiceDeps, voice: VoiceRuntime, access: TeamAccess, channelId: string, move: MoveVoiceRequest): Promise<void> {
  const target = visibleChannel(access, channelId);
  const source = visibleChannel(access, move.fromChannelId);
  if (source.id === target.id) throw badRequest('voice_move_same_channel');
  if (target.type !== 'voice') throw badRequest('voice_move_target_invalid');
  const place = await voice.states.placeOf(move.userId);
  if (place?.channelId !== source.id) throw notFound('voice_participant_not_found');
  const theirs = await deps.accessCache.team(access.team.id, move.userId);
  if (!theirs) throw notFound('voice_participant_not_found');
  if (!hasBit(channelPermissions(theirs, target), ChannelPermission.CONNECT)) throw forbidden('voice_move_target_forbidden');

  const teamId = access.team.id;
  await recordAudit(deps.db, teamId, access.userId, {
    action: 'USER_MOVED',
    targetType: 'user',
    targetId: move.userId,
    changes: [{ key: 'channelId', old: source.id, new: target.id }],
    options: { channelId: target.id },
  });
  const token = signMoveGrant(voice.secret, { userId: move.userId, teamId, channelId: target.id, exp: Date.now() + MOVE_GRANT_TTL_MS });
  await publishEvent(deps, {
    audience: { kind: 'users', userIds: [move.userId] },
    event: { type: 'VOICE_MOVE', data: { teamId, fromChannelId: source.id, channelId: target.id, token } },
  });
  await voice.kick(source.id, move.userId, 'voice_moved');
}
