import type { VoiceJoin, VoiceParticipant } from '@rally/shared/api/voice';
import type { SelfUser } from '@rally/shared/api/users';
import { UserFlags } from '@rally/shared/api/users';
import { hasBit, TeamPermission } from '@rally/shared/permissions';
import { SCREEN_CAP_DEFAULT, SCREEN_CAP_PLUS, type VoiceRegion } from '@rally/shared/voice/regions';
import { AppError, badRequest, forbidden, notFound } from '../../lib/errors';
import type { ServiceDeps } from '../../lib/service-deps';
import { signVoiceToken, VOICE_TOKEN_TTL_MS } from '../../sfu/token';
import { recordAudit } from '../audit/service';
import { updateChannel } from '../channels/service';
import { canView, type ChannelAccess, type TeamAccess } from '../permissions/access';
import type { ChannelRow } from '../teams/mappers';
import { acceptsMoveGrant } from './move-grant';
import type { VoiceNode } from './nodes';
import type { VoiceRuntime } from './runtime';

/**
 * Join a voice channel (the endpoint checked CONNECT): refused when it holds userLimit people
 * (403 voice_channel_full, 'Channel is full') unless the caller is already in it or may move
 * members (as on Discord), or comes with the move grant a moderator's move sent them for this
 * channel (move-grant.ts; any other token: 403 voice_move_token_invalid); then a token for the SFU
 * node holding the channel's room (pinned on the first join: a linked node of the channel's region,
 * else the embedded one), good for a minute. Plus holders may share 1920×1080 at 60 fps, others
 * 1280×720 at 30 (000 §9), which the SFU enforces.
 */
export async function joinVoice(
  voice: VoiceRuntime,
  { access, channel }: ChannelAccess,
  user: Pick<SelfUser, 'id' | 'flags'>,
  moveToken?: string,
): Promise<VoiceJoin> {
  const moved = moveToken !== undefined;
  if (moved && !acceptsMoveGrant(voice.secret, moveToken, { userId: user.id, teamId: access.team.id, channelId: channel.id })) {
    throw forbidden('voice_move_token_invalid');
  }
  if (channel.userLimit > 0 && !moved && !hasBit(access.teamPermissions, TeamPermission.MOVE_MEMBERS)) {
    const place = await voice.states.placeOf(user.id);
    if (place?.channelId !== channel.id && (await voice.states.count(channel.id)) >= channel.userLimit) {
      throw new AppError(403, 'voice_channel_full');
    }
  }
  let node: VoiceNode;
  try {
    node = await voice.nodeFor(channel);
  } catch {
    throw new AppError(503, 'voice_unavailable');
  }
  const screenCap = hasBit(user.flags, UserFlags.PREMIUM) ? SCREEN_CAP_PLUS : SCREEN_CAP_DEFAULT;
  const token = signVoiceToken(voice.secret, {
    userId: user.id,
    teamId: access.team.id,
    channelId: channel.id,
    screenCap: { ...screenCap },
    exp: Date.now() + VOICE_TOKEN_TTL_MS,
  });
  return {
    channelId: channel.id,
    token,
    userId: user.id,
    endpoint: node.endpoint,
    region: channel.region as VoiceRegion,
    iceServers: voice.settings.SFU_ICE_SERVERS ?? [],
    screenCap: { ...screenCap },
  };
}

/** Who is in the team's voice channels that the caller may view. */
export async function voiceStatesOf(voice: VoiceRuntime, access: TeamAccess): Promise<Record<string, VoiceParticipant[]>> {
  const all = await voice.states.ofTeam(access.team.id);
  const visible = new Map(access.channels.filter((channel) => canView(access, channel)).map((channel) => [channel.id, channel]));
  return Object.fromEntries(Object.entries(all).filter(([channelId]) => visible.has(channelId)));
}

/**
 * Take a member out of a voice channel (the endpoint checked DISCONNECT there): 404
 * voice_participant_not_found unless they are in it; the SFU ends their session ('You were removed
 * from the meeting.') and reports them gone, which tells the channel. Audited as USER_DISCONNECTED.
 */
export async function disconnectVoice(deps: ServiceDeps, voice: VoiceRuntime, { access, channel }: ChannelAccess, userId: string): Promise<void> {
  const place = await voice.states.placeOf(userId);
  if (place?.channelId !== channel.id) throw notFound('voice_participant_not_found');
  await recordAudit(deps.db, access.team.id, access.userId, {
    action: 'USER_DISCONNECTED',
    targetType: 'user',
    targetId: userId,
    options: { channelId: channel.id },
  });
  await voice.kick(channel.id, userId, 'voice_disconnected');
}

/** Set a voice channel's region (the endpoint checked MANAGE_CHANNEL): audited and told as any channel edit. */
export async function setVoiceRegion(deps: ServiceDeps, target: ChannelAccess, region: VoiceRegion): Promise<ChannelRow> {
  if (target.channel.type !== 'voice') throw badRequest('voice_region_unsupported');
  return updateChannel(deps, target, { region });
}
