import type { FastifyBaseLogger } from 'fastify';
import { publishEvent, type Publisher } from '../../lib/events';
import type { NodeParticipant, SfuToApi } from '../../sfu/ipc';
import type { VoiceGrant } from '../../sfu/token';
import type { NodeKick } from './nodes';
import type { VoicePlace, VoiceStates } from './states';

/** A node's report that changes the states. */
export type NodeReport = Extract<SfuToApi, { type: 'joined' | 'changed' | 'left' | 'snapshot' }>;

export interface ReportApplier {
  /** Apply a report of a node this process holds, after the ones before it. */
  apply(nodeId: string, report: NodeReport): void;
  /** Take everyone on the node out (it is gone) and tell their channels; resolves when done. */
  sweep(nodeId: string): Promise<void>;
}

const placeOf = (grant: VoiceGrant): VoicePlace => ({ teamId: grant.teamId, channelId: grant.channelId });

/**
 * Applies the reports of the nodes this process holds to the voice states, one at a time and in
 * order (a quick join and leave stay in that order), and tells each change to the channel's
 * sessions on every process through the bus. A join on another node than the user's previous
 * session has that session kicked (`voice_session_replaced`).
 */
export function createReportApplier(
  states: VoiceStates,
  publisher: Publisher,
  log: Pick<FastifyBaseLogger, 'error'>,
  kick: (order: NodeKick) => Promise<void>,
): ReportApplier {
  let queue = Promise.resolve();
  const run = (what: string, work: () => Promise<void>): Promise<void> => {
    queue = queue.then(work).catch((err: unknown) => log.error({ err }, `voice: ${what} failed`));
    return queue;
  };
  const toChannel = (channelId: string) => ({ kind: 'channel' as const, channelId });

  const left = (place: VoicePlace, userId: string) =>
    publishEvent(publisher, { audience: toChannel(place.channelId), event: { type: 'VOICE_LEFT', data: { ...place, userId } } });

  async function joined(nodeId: string, grant: VoiceGrant): Promise<void> {
    const place = placeOf(grant);
    const { participant, previous, previousNode } = await states.join(place, grant.userId, nodeId, new Date());
    if (previous) await left(previous, grant.userId);
    if (previousNode) await kick({ nodeId: previousNode, roomId: (previous ?? place).channelId, userId: grant.userId, reason: 'voice_session_replaced' });
    await publishEvent(publisher, { audience: toChannel(place.channelId), event: { type: 'VOICE_JOINED', data: { ...place, participant } } });
  }

  async function changed(nodeId: string, grant: VoiceGrant, state: NonNullable<NodeParticipant['state']>): Promise<void> {
    const place = placeOf(grant);
    const participant = await states.change(place, grant.userId, nodeId, { muted: state.muted, deafened: state.deafened, sources: state.sources });
    if (participant) await publishEvent(publisher, { audience: toChannel(place.channelId), event: { type: 'VOICE_UPDATED', data: { ...place, participant } } });
  }

  /** A node linked again: who it has now is the truth (those it lost meanwhile leave, those it has are there). */
  async function snapshot(nodeId: string, participants: NodeParticipant[]): Promise<void> {
    const present = new Set(participants.map((p) => `${p.grant.channelId}:${p.grant.userId}`));
    const before = await states.onNode(nodeId);
    for (const { place, userId } of before) {
      if (!present.has(`${place.channelId}:${userId}`) && (await states.leave(place, userId, nodeId))) await left(place, userId);
    }
    const known = new Set(before.map(({ place, userId }) => `${place.channelId}:${userId}`));
    for (const { grant, state } of participants) {
      if (!known.has(`${grant.channelId}:${grant.userId}`)) await joined(nodeId, grant);
      if (state) await changed(nodeId, grant, state);
    }
  }

  return {
    apply(nodeId, report) {
      if (report.type === 'joined') void run('recording a join', () => joined(nodeId, report.grant));
      else if (report.type === 'changed') void run('recording a change', () => changed(nodeId, report.grant, report.state));
      else if (report.type === 'snapshot') void run('recording a node snapshot', () => snapshot(nodeId, report.participants));
      else {
        const place = placeOf(report.grant);
        void run('recording a leave', async () => {
          if (await states.leave(place, report.grant.userId, nodeId)) await left(place, report.grant.userId);
        });
      }
    },
    sweep(nodeId) {
      return run('sweeping a gone node', async () => {
        for (const { place, userId } of await states.clearNode(nodeId)) await left(place, userId);
      });
    },
  };
}
