import type { FastifyBaseLogger } from 'fastify';
import type { DispatchEvent } from '@rally/shared/gateway/protocol';
import { ChannelPermission, hasBit } from '@rally/shared/permissions';
import type { VoiceRemovalReason } from '@rally/shared/voice/signaling';
import { isGap, type EventBus } from '../../bus/types';
import type { Executor } from '../../db/client';
import { channelPermissions, loadTeamAccessOfMembers, type TeamAccess } from '../permissions/access';
import { changeOf } from '../permissions/visibility-changes';
import type { VoiceStates } from './states';

/** Whose stay in voice to check again: the team's participants, or one of them. */
export interface VoiceRecheck {
  teamId: string;
  userId: string | null;
}

/**
 * Which participants an event may have taken a voice channel from: those the visibility table
 * (VISIBILITY_CHANGES) says lost or may have lost access (`leave`, `forget`, `recompute`), and
 * someone who just joined (their token may predate the change that took their access).
 */
export function recheckOf(event: DispatchEvent): VoiceRecheck | null {
  if (event.type === 'VOICE_JOINED') return { teamId: event.data.teamId, userId: event.data.participant.userId };
  const change = changeOf(event);
  if (!change) return null;
  switch (change.kind) {
    case 'leave':
    case 'recompute':
      return { teamId: change.teamId, userId: change.userId };
    case 'forget':
      return { teamId: change.teamId, userId: null };
    case 'join':
      return null;
  }
}

/** Why the member may not stay in the voice channel (null: they may): out of the team, the channel gone, or VIEW_CHANNEL or CONNECT lost. */
export function removalReason(access: TeamAccess | undefined, channelId: string): VoiceRemovalReason | null {
  if (!access) return 'voice_team_left';
  const channel = access.channels.find((c) => c.id === channelId);
  if (!channel) return 'voice_channel_deleted';
  const bits = channelPermissions(access, channel);
  return hasBit(bits, ChannelPermission.VIEW_CHANNEL) && hasBit(bits, ChannelPermission.CONNECT) ? null : 'voice_access_lost';
}

export interface VoiceAccessWatchOptions {
  bus: EventBus;
  db: Executor;
  states: VoiceStates;
  /** Whether this process holds the node (it alone checks the participants of the node's rooms). */
  holds(nodeId: string): boolean;
  /** End the user's session in the channel's room (through the node directory, as any kick). */
  kick(channelId: string, userId: string, reason: VoiceRemovalReason): Promise<void>;
  log: Pick<FastifyBaseLogger, 'error'>;
}

/**
 * Voice follows access (SECURITY.md "Voice"): after every event that changes who may view what
 * (modules/permissions/visibility-changes.ts) and every VOICE_JOINED, the participants concerned
 * who are in rooms of nodes this process holds are checked through the permissions module, and
 * those who may no longer view or connect to their channel are kicked with the reason
 * (`VOICE_REMOVAL_REASONS`). Each process checks the rooms of its own nodes, so that every
 * participant is checked once, by the process that passes the node its kicks. Checks run one at a
 * time in bus order; one already waiting for the same team (or the whole team) is not queued again.
 */
export function watchVoiceAccess(options: VoiceAccessWatchOptions): { close(): Promise<void> } {
  const { states, log } = options;
  const waiting = new Set<string>();
  let queue = Promise.resolve();

  /** Who is in voice in the team (or only the user), in rooms of nodes held here. */
  async function present({ teamId, userId }: VoiceRecheck): Promise<{ channelId: string; userId: string }[]> {
    const found: { channelId: string; userId: string }[] = [];
    if (userId) {
      const place = await states.placeOf(userId);
      if (place?.teamId === teamId) found.push({ channelId: place.channelId, userId });
    } else {
      for (const [channelId, participants] of Object.entries(await states.ofTeam(teamId))) {
        for (const participant of participants) found.push({ channelId, userId: participant.userId });
      }
    }
    const held = new Map<string, boolean>();
    for (const channelId of new Set(found.map((p) => p.channelId))) {
      const nodeId = await states.roomNode(channelId);
      held.set(channelId, nodeId !== null && options.holds(nodeId));
    }
    return found.filter((p) => held.get(p.channelId));
  }

  async function check(recheck: VoiceRecheck): Promise<void> {
    const participants = await present(recheck);
    if (participants.length === 0) return;
    const accesses = await loadTeamAccessOfMembers(
      options.db,
      recheck.teamId,
      participants.map((p) => p.userId),
    );
    for (const { channelId, userId } of participants) {
      const reason = removalReason(accesses.get(userId), channelId);
      if (reason) await options.kick(channelId, userId, reason);
    }
  }

  const off = options.bus.subscribe((message) => {
    if (isGap(message)) return;
    const recheck = recheckOf(message.event);
    if (!recheck) return;
    const key = `${recheck.teamId}:${recheck.userId ?? '*'}`;
    if (waiting.has(key) || waiting.has(`${recheck.teamId}:*`)) return;
    waiting.add(key);
    queue = queue
      .then(() => {
        waiting.delete(key);
        return check(recheck);
      })
      .catch((err: unknown) => log.error({ err }, 'voice: checking access failed'));
  });

  return {
    async close() {
      off();
      await queue;
    },
  };
}
