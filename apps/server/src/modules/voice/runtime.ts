import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { VoiceRegion } from '@rally/shared/voice/regions';
import { RedisBus } from '../../bus/redis-bus';
import type { EventBus } from '../../bus/types';
import type { Executor } from '../../db/client';
import { type Publisher } from '../../lib/events';
import type { MediaSettings } from '../../sfu/config';
import type { SfuStats } from '../../sfu/engine';
import { VOICE_TOKEN_TTL_MS } from '../../sfu/token';
import { watchVoiceAccess } from './access-watch';
import { EmbeddedSfu } from './embedded-sfu';
import { MemoryNodeDirectory, RedisNodeDirectory, type NodeControl, type NodeDirectory, type NodeKick, type VoiceNode } from './nodes';
import { signalingPathOf } from './proxy';
import { RedisVoiceStates } from './redis-states';
import { RemoteNodeLinks } from './remote-nodes';
import { createReportApplier } from './reports';
import type { VoiceNodeSettings } from './settings';
import { MemoryVoiceStates, type VoiceStates } from './states';

/**
 * Voice in this server process (docs/voice.md "Several processes and nodes"): the SFU nodes it
 * holds (its embedded child, remote nodes linked to it), whose reports it applies to the voice
 * states (shared on Redis when REDIS_URL is set) and tells the channels (VOICE_JOINED,
 * VOICE_UPDATED, VOICE_LEFT); which node each channel's room is on; kicks to whichever process
 * holds the node; the participants of its nodes who lose access to their channel taken out
 * (access-watch.ts).
 */
export interface VoiceRuntime {
  /** This process's embedded SFU. */
  sfu: EmbeddedSfu;
  states: VoiceStates;
  settings: MediaSettings & VoiceNodeSettings;
  /** The secret voice tokens are signed with (shared with the SFU nodes). */
  secret: string;
  /** The id of this process's embedded node. */
  embeddedId: string;
  /** The node a join of the channel goes to (the room's, pinned on first use); throws when none can be had. */
  nodeFor(channel: { id: string; region: string }): Promise<VoiceNode>;
  /** End the user's session in the channel's room (on whichever process holds its node). */
  kick(channelId: string, userId: string, reason: string): Promise<void>;
  /** Where to pass a signalling upgrade for an embedded node (null: the node is gone). */
  signalingTarget(nodeId: string | null): Promise<{ host: string; port: number } | null>;
  /** The end of remote nodes' links (the SFU_NODE_LINK_PATH upgrades). */
  remote: RemoteNodeLinks;
  /** The remote nodes linked to this process now. */
  linkedNodes(): string[];
  /** The figures of a node this process holds (null: not held here, or no answer). */
  stats(nodeId: string): Promise<SfuStats | null>;
  close(): Promise<void>;
}

/** A room pinned by a join whose client never came is free again after this long (the token's life, and some). */
const PIN_TTL_MS = 2 * VOICE_TOKEN_TTL_MS;

export interface VoiceRuntimeOptions {
  secret: string;
  settings: MediaSettings & VoiceNodeSettings & { REDIS_PREFIX: string };
  bus: EventBus;
  /** Where access is read (who may still view and connect to a voice channel). */
  db: Executor;
  log: FastifyBaseLogger;
}

export function createVoiceRuntime(options: VoiceRuntimeOptions): VoiceRuntime {
  const { bus, log, settings } = options;
  const publisher: Publisher = { bus, log };
  const redis = bus instanceof RedisBus ? bus.commands : null;
  const states: VoiceStates = redis ? new RedisVoiceStates(redis, settings.REDIS_PREFIX) : new MemoryVoiceStates();
  const secret = settings.SFU_SECRET ?? `voice:${options.secret}`;
  const embeddedId = `api-${randomBytes(6).toString('hex')}`;
  /** The nodes this process holds, and how to reach them. */
  const held = new Map<string, NodeControl>();
  /** The remote nodes linked to this process. */
  const linked = new Set<string>();
  const reports = createReportApplier(states, publisher, log, (order) => directory.kick(order));

  const deliverKick = (order: NodeKick) => held.get(order.nodeId)?.kick(order.roomId, order.userId, order.reason);
  const directoryEvents = {
    kick: deliverKick,
    gone: (nodeId: string) => reports.sweep(nodeId),
    // Held here but found expired (this process stalled): the node says again who is in its rooms.
    lapsed: (nodeId: string) => held.get(nodeId)?.resync(),
  };
  const directory: NodeDirectory = redis
    ? new RedisNodeDirectory(redis, settings.REDIS_PREFIX, settings.VOICE_NODE_TTL_MS, directoryEvents, (err) =>
        log.error({ err }, 'voice: the node directory failed'),
      )
    : new MemoryNodeDirectory(settings.VOICE_NODE_TTL_MS, directoryEvents);

  const sfu = new EmbeddedSfu(
    secret,
    settings,
    settings.SFU_INTERNAL_HOST,
    {
      ready: (port) => {
        held.set(embeddedId, sfu);
        const node: VoiceNode = {
          id: embeddedId,
          region: settings.SFU_REGION,
          endpoint: signalingPathOf(embeddedId),
          internal: { host: settings.SFU_INTERNAL_HOST, port },
        };
        directory.hold(node).catch((err: unknown) => log.error({ err }, 'voice: registering the embedded SFU failed'));
      },
      joined: (grant) => reports.apply(embeddedId, { type: 'joined', grant }),
      changed: (grant, state) => reports.apply(embeddedId, { type: 'changed', grant, state }),
      left: (grant) => reports.apply(embeddedId, { type: 'left', grant }),
      snapshot: (participants) => reports.apply(embeddedId, { type: 'snapshot', participants }),
      crashed: () => void reports.sweep(embeddedId),
    },
    log,
  );

  /** End the user's session in the channel's room, through the directory to the process holding its node. */
  async function kick(channelId: string, userId: string, reason: string): Promise<void> {
    const nodeId = await states.roomNode(channelId);
    if (nodeId) await directory.kick({ nodeId, roomId: channelId, userId, reason });
  }
  const access = watchVoiceAccess({ bus, db: options.db, states, holds: (nodeId) => held.has(nodeId), kick, log });

  const remote = new RemoteNodeLinks(settings.SFU_NODES, secret, {
    linked: (node, control) => {
      held.set(node.id, control);
      linked.add(node.id);
      directory
        .hold({ id: node.id, region: node.region, endpoint: node.url, internal: null })
        .catch((err: unknown) => log.error({ err }, 'voice: registering a node failed'));
      log.info({ nodeId: node.id, region: node.region }, 'voice: SFU node linked');
    },
    report: (nodeId, message) => reports.apply(nodeId, message),
    unlinked: (nodeId) => {
      held.delete(nodeId);
      linked.delete(nodeId);
      directory.release(nodeId);
      log.warn({ nodeId }, 'voice: SFU node link dropped');
    },
  });

  /** The embedded node, started if need be. */
  async function embedded(): Promise<VoiceNode> {
    const port = await sfu.port();
    return { id: embeddedId, region: settings.SFU_REGION, endpoint: signalingPathOf(embeddedId), internal: { host: settings.SFU_INTERNAL_HOST, port } };
  }

  /** For a room on no live node: a linked remote node of the channel's region, else this process's embedded one. */
  async function choose(region: string): Promise<VoiceNode> {
    for (const configured of settings.SFU_NODES.filter((n) => n.region === (region as VoiceRegion))) {
      const node = await directory.get(configured.id);
      if (node) return node;
    }
    return embedded();
  }

  return {
    sfu,
    states,
    settings,
    secret,
    embeddedId,
    remote,
    linkedNodes: () => [...linked],
    stats: async (nodeId) => (await held.get(nodeId)?.stats()) ?? null,
    async nodeFor(channel) {
      const pinned = await states.roomNode(channel.id);
      if (pinned) {
        const node = pinned === embeddedId ? await embedded() : await directory.get(pinned);
        if (node) return node;
      }
      const choice = await choose(channel.region);
      const winner = await states.pinRoom(channel.id, choice.id, pinned, PIN_TTL_MS);
      if (winner === choice.id) return choice;
      // Another process pinned the room meanwhile: its node, if it is alive.
      return (await directory.get(winner)) ?? choice;
    },
    kick,
    async signalingTarget(nodeId) {
      if (nodeId === null || nodeId === embeddedId) return { host: settings.SFU_INTERNAL_HOST, port: await sfu.port() };
      return (await directory.get(nodeId))?.internal ?? null;
    },
    async close() {
      await access.close();
      await remote.close();
      await directory.close();
      await sfu.close();
      // The embedded node's participants are gone with it: the other processes' sessions are told.
      await reports.sweep(embeddedId);
    },
  };
}
