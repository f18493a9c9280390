import type { Redis } from 'ioredis';
import type { VoiceRegion } from '@rally/shared/voice/regions';
import type { SfuStats } from '../../sfu/engine';

/** What the API can ask of a node it holds: its embedded child or a linked remote node. */
export interface NodeControl {
  kick(roomId: string, userId: string, reason: string): void;
  /** Ask the node who is in its rooms (answered by a snapshot report). */
  resync(): void;
  /** The node's figures; null when it does not answer. */
  stats(): Promise<SfuStats | null>;
}

/** An SFU node some API process holds: its embedded child, or a remote node linked to it. */
export interface VoiceNode {
  id: string;
  region: VoiceRegion;
  /** Where browsers open its signalling socket: a path of the API (embedded) or a wss:// URL (remote). */
  endpoint: string;
  /** Where API processes pass signalling upgrades for it (embedded nodes; null for remote ones). */
  internal: { host: string; port: number } | null;
}

/** A kick for a node, to be carried out by the process holding it. */
export interface NodeKick {
  nodeId: string;
  roomId: string;
  userId: string;
  reason: string;
}

export interface NodeDirectoryEvents {
  /** A kick for a node this process holds (from this process or another). */
  kick(order: NodeKick): void;
  /** A node whose holder stopped beating: its participants are to be swept out (one process is told). */
  gone(nodeId: string): Promise<void>;
  /** A node this process holds was found expired at a beat (the process stalled): others may have swept it. */
  lapsed(nodeId: string): void;
}

/**
 * Which SFU nodes are alive and which API process holds each one. A process `hold`s the nodes it
 * talks to (its embedded SFU; remote nodes linked to it) and is the only one applying their
 * reports and passing them kicks. In memory for a single process; on Redis for several.
 */
export interface NodeDirectory {
  hold(node: VoiceNode): Promise<void>;
  /** This process no longer holds the node (its link dropped): it stays listed until its entry expires. */
  release(nodeId: string): void;
  /** The node, when some process holds it. */
  get(nodeId: string): Promise<VoiceNode | null>;
  /** Have the node's holder end the user's session in the room. */
  kick(order: NodeKick): Promise<void>;
  close(): Promise<void>;
}

/** A single process: every node is its own; one released (its link dropped) and not held again within `ttlMs` is swept. */
export class MemoryNodeDirectory implements NodeDirectory {
  private readonly held = new Map<string, VoiceNode>();
  private readonly expiring = new Map<string, NodeJS.Timeout>();

  constructor(
    private readonly ttlMs: number,
    private readonly events: NodeDirectoryEvents,
  ) {}

  async hold(node: VoiceNode) {
    clearTimeout(this.expiring.get(node.id));
    this.expiring.delete(node.id);
    this.held.set(node.id, node);
  }

  release(nodeId: string) {
    this.held.delete(nodeId);
    clearTimeout(this.expiring.get(nodeId));
    const timer = setTimeout(() => {
      this.expiring.delete(nodeId);
      if (!this.held.has(nodeId)) void this.events.gone(nodeId);
    }, this.ttlMs);
    timer.unref();
    this.expiring.set(nodeId, timer);
  }

  async get(nodeId: string) {
    return this.held.get(nodeId) ?? null;
  }

  async kick(order: NodeKick) {
    if (this.held.has(order.nodeId)) this.events.kick(order);
  }

  async close() {
    for (const timer of this.expiring.values()) clearTimeout(timer);
    this.held.clear();
  }
}

/**
 * Several processes on one Redis. Each held node has a key `voice:node:<id>` (its VoiceNode and
 * holder as JSON) that the holder renews every third of `ttlMs`; all node ids are listed in
 * `voice:nodes`. At each beat a process looks for listed nodes whose key expired (holder killed or
 * stalled, remote node unlinked for that long) and, under a lock per node so that one process
 * does it, has their participants swept. Kicks travel on the pub/sub channel `voice:kick` to the
 * holder.
 */
export class RedisNodeDirectory implements NodeDirectory {
  private readonly held = new Map<string, VoiceNode>();
  private readonly subscriber: Redis;
  private readonly timer: NodeJS.Timeout;
  private beating: Promise<void> = Promise.resolve();
  private readonly p: string;

  constructor(
    private readonly redis: Redis,
    prefix: string,
    private readonly ttlMs: number,
    private readonly events: NodeDirectoryEvents,
    onError: (err: unknown) => void,
  ) {
    this.p = `${prefix}voice:`;
    this.subscriber = redis.duplicate();
    this.subscriber.on('message', (_channel: string, raw: string) => {
      try {
        const order = JSON.parse(raw) as NodeKick;
        if (this.held.has(order.nodeId)) this.events.kick(order);
      } catch (err) {
        onError(err);
      }
    });
    this.subscriber.on('error', onError);
    this.subscriber.subscribe(`${this.p}kick`).catch(onError);
    this.timer = setInterval(
      () => {
        this.beating = this.beating.then(() => this.beat()).catch(onError);
      },
      Math.max(100, Math.floor(ttlMs / 3)),
    );
    this.timer.unref();
  }

  private nodeKey(id: string): string {
    return `${this.p}node:${id}`;
  }

  async hold(node: VoiceNode) {
    this.held.set(node.id, node);
    await this.renew(node);
  }

  release(nodeId: string) {
    this.held.delete(nodeId);
  }

  async get(nodeId: string) {
    const raw = await this.redis.get(this.nodeKey(nodeId));
    return raw ? (JSON.parse(raw) as VoiceNode) : null;
  }

  async kick(order: NodeKick) {
    if (this.held.has(order.nodeId)) this.events.kick(order);
    else await this.redis.publish(`${this.p}kick`, JSON.stringify(order));
  }

  private async renew(node: VoiceNode): Promise<void> {
    await this.redis.multi().set(this.nodeKey(node.id), JSON.stringify(node), 'PX', this.ttlMs).sadd(`${this.p}nodes`, node.id).exec();
  }

  private async beat(): Promise<void> {
    for (const node of [...this.held.values()]) {
      // XX: the entry exists only while the others still take the node for alive.
      const kept = await this.redis.set(this.nodeKey(node.id), JSON.stringify(node), 'PX', this.ttlMs, 'XX');
      if (kept) continue;
      await this.renew(node);
      this.events.lapsed(node.id);
    }
    const listed = (await this.redis.smembers(`${this.p}nodes`)).filter((id) => !this.held.has(id));
    for (const id of listed) {
      if (await this.redis.exists(this.nodeKey(id))) continue;
      // The lock is left to expire: a process that listed the node before it was unlisted must not sweep it again.
      if (!(await this.redis.set(`${this.p}sweep:${id}`, '1', 'PX', this.ttlMs, 'NX'))) continue; // another process sweeps it
      await this.events.gone(id);
      // Unless it came back meanwhile, it is no longer listed.
      if (!(await this.redis.exists(this.nodeKey(id)))) await this.redis.srem(`${this.p}nodes`, id);
    }
  }

  async close() {
    clearInterval(this.timer);
    await this.beating;
    this.held.clear();
    this.subscriber.disconnect();
  }
}
