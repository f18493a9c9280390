import type { DispatchAudienceKind, DispatchData, DispatchType } from '@rally/shared/gateway/protocol';

/** Who receives an event. Gateways deliver to their own sockets that match. */
export type Audience =
  /** Sessions subscribed to the channel (members who may view it), but those of the user `except` (a typer is not told of their own typing). */
  | { kind: 'channel'; channelId: string; except?: string }
  /** Every session of every member of the team. */
  | { kind: 'team'; teamId: string }
  /** Every session of these users. */
  | { kind: 'users'; userIds: string[] }
  /**
   * Every session of the members of these teams and of these users, each session once (a user's
   * presence goes to their teams and their friends as one envelope, however many teams they share).
   */
  | { kind: 'circle'; teamIds: string[]; userIds: string[] }
  /**
   * For an event that lists several users' changes (PRESENCE_UPDATE's `presences`): entry i of the
   * list goes to `circles[i]`; each session receives one frame with the entries it is in the circle of.
   */
  | { kind: 'circles'; circles: Circle[] };

/** The sessions of the members of these teams and of these users. */
export interface Circle {
  teamIds: string[];
  userIds: string[];
}

/**
 * An event and its audience. The audience must be of a kind the event type declares
 * (packages/shared gateway/protocol.ts `dispatchEvents`): a MESSAGE_SEND goes to a channel, never
 * to a team, and the compiler says so.
 */
export type BusEnvelope = {
  [K in DispatchType]: {
    audience: Extract<Audience, { kind: DispatchAudienceKind<K> }>;
    event: { type: K; data: DispatchData<K> };
    /** Process that published it (for diagnostics). */
    origin?: string;
  };
}[DispatchType];

/** Whom a gap concerns: an audience, or every session (when too many publishes failed to list them). */
export type GapAudience = Exclude<Audience, { kind: 'circles' }> | { kind: 'all' };

/** Whom a lost event of this audience concerns (circles: all of them as one circle). */
export function gapAudienceOf(audience: Audience): GapAudience {
  if (audience.kind !== 'circles') return audience;
  const teamIds = new Set<string>();
  const userIds = new Set<string>();
  for (const circle of audience.circles) {
    for (const id of circle.teamIds) teamIds.add(id);
    for (const id of circle.userIds) userIds.add(id);
  }
  return { kind: 'circle', teamIds: [...teamIds], userIds: [...userIds] };
}

/**
 * Published after a publish failed (lib/events.ts: the write had committed, the event did not go
 * out): the sessions of `audience` missed an event of type `type`. Gateways end those sessions with
 * INVALID_SESSION, live or resuming, so that their clients start over with a fresh READY.
 */
export interface BusGap {
  gap: { audience: GapAudience; type: DispatchType };
}

/** What travels on the bus: an event, or the notice that one was lost. */
export type BusMessage = BusEnvelope | BusGap;

export function isGap(message: BusMessage): message is BusGap {
  return 'gap' in message;
}

/**
 * Position of an envelope in the bus's total order, `"<ms>-<n>"` (a Redis stream id; the memory bus
 * uses `"0-<n>"`). Compare with compareBusIds, never as strings.
 */
export type BusId = string;

/** The position before every envelope. */
export const BUS_START: BusId = '0-0';

export interface BusEntry {
  id: BusId;
  message: BusMessage;
}

/** Second argument: the message's position in the bus (ignored by most subscribers). */
export type BusHandler = (message: BusMessage, id: BusId) => void;

/**
 * Delivers events to every server process, every process in the same order. In-process by
 * default; a Redis stream when REDIS_URL is set, so that several processes behind a load balancer
 * deliver each other's events. Recent envelopes are kept for a while (readAfter) so that the
 * gateway can catch a resumed session up, on any process.
 */
export interface EventBus {
  readonly kind: 'memory' | 'redis';
  /** Rejects when the bus did not take it (Redis unreachable): see lib/events.ts publishEvent. */
  publish(message: BusMessage): Promise<void>;
  /**
   * A publish of `envelope` failed: publish a BusGap for its audience as soon as the bus takes
   * one again (gaps.ts), so that the sessions that missed it are told. Stops at close().
   */
  reportLost(envelope: BusEnvelope): void;
  /** Returns an unsubscribe function. Handlers run one envelope at a time, in bus order. */
  subscribe(handler: BusHandler): () => void;
  /** Position of the last envelope handed to the subscribers of this process (BUS_START before any). */
  lastId(): BusId;
  /**
   * Up to `count` kept envelopes after `afterId`, in order. Null when envelopes after `afterId` may
   * have been dropped already (retention), so that a caller cannot rely on them being complete.
   */
  readAfter(afterId: BusId, count: number): Promise<BusEntry[] | null>;
  close(): Promise<void>;
}

/** Order of two bus ids: negative when a is before b. */
export function compareBusIds(a: BusId, b: BusId): number {
  const da = a.indexOf('-');
  const db = b.indexOf('-');
  const ma = Number(a.slice(0, da));
  const mb = Number(b.slice(0, db));
  if (ma !== mb) return ma - mb;
  return Number(a.slice(da + 1)) - Number(b.slice(db + 1));
}
