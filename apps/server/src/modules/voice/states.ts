import type { VoiceParticipant } from '@rally/shared/api/voice';

/** Where someone is in voice. */
export interface VoicePlace {
  teamId: string;
  channelId: string;
}

/** A change of the state the room told (muted, deafened, what they send). */
export type VoiceChange = Pick<VoiceParticipant, 'muted' | 'deafened' | 'sources'>;

/** Someone taken out, and where from. */
export interface VoiceDeparture {
  place: VoicePlace;
  userId: string;
}

/** What join answers: the participant, and where they were before (null: nowhere, or already there) on which node. */
export interface VoiceJoined {
  participant: VoiceParticipant;
  previous: VoicePlace | null;
  /** The node their previous session was on, when it was another one (that session is to be ended). */
  previousNode: string | null;
}

/**
 * Who is in which voice channel, as the SFU nodes report it (joined, changed, left), and which
 * node holds each channel's room. One place per user: joining a channel takes them out of the one
 * they were in. Each participant is on one node; a report from a node the user is no longer on
 * (they rejoined elsewhere) changes nothing. A channel's room is pinned to one node from its
 * first join until it is empty, so that everyone in it meets on the same SFU.
 */
export interface VoiceStates {
  join(place: VoicePlace, userId: string, nodeId: string, now: Date): Promise<VoiceJoined>;
  /** Their new state, when they are in that channel on that node (null otherwise). */
  change(place: VoicePlace, userId: string, nodeId: string, change: VoiceChange): Promise<VoiceParticipant | null>;
  /** Take the user out of that channel; false when they were not in it on that node (moved on). */
  leave(place: VoicePlace, userId: string, nodeId: string): Promise<boolean>;
  placeOf(userId: string): Promise<VoicePlace | null>;
  count(channelId: string): Promise<number>;
  /** The team's channels that have someone in them, and who (in joining order). */
  ofTeam(teamId: string): Promise<Record<string, VoiceParticipant[]>>;
  /** Who is on the node. */
  onNode(nodeId: string): Promise<VoiceDeparture[]>;
  /** Everyone on the node, taken out: the node is gone. */
  clearNode(nodeId: string): Promise<VoiceDeparture[]>;
  /** The node that holds the channel's room, null when none does. */
  roomNode(channelId: string): Promise<string | null>;
  /**
   * Pin the channel's room to `nodeId` unless it is pinned already (to another node than
   * `replacing`, a node found gone); answers the node it is pinned to. Until someone is reported
   * in the room the pin lasts `ttlMs` (a token nobody used); then until the channel empties.
   */
  pinRoom(channelId: string, nodeId: string, replacing: string | null, ttlMs: number): Promise<string>;
}

interface Entry {
  teamId: string;
  participant: VoiceParticipant;
}

/** The states of a single server process (no REDIS_URL): its own nodes only. */
export class MemoryVoiceStates implements VoiceStates {
  /** channelId → userId → entry, in joining order. */
  private readonly channels = new Map<string, Map<string, Entry>>();
  private readonly places = new Map<string, VoicePlace & { nodeId: string }>();
  /** channelId → the node, and until when the pin lasts (null: while someone is in the room). */
  private readonly rooms = new Map<string, { nodeId: string; until: number | null }>();

  async join(place: VoicePlace, userId: string, nodeId: string, now: Date): Promise<VoiceJoined> {
    const before = this.places.get(userId) ?? null;
    const here = before?.channelId === place.channelId;
    if (before && !here) this.remove(before, userId);
    const channel = this.channels.get(place.channelId) ?? new Map<string, Entry>();
    this.channels.set(place.channelId, channel);
    const existing = channel.get(userId)?.participant;
    const participant: VoiceParticipant = existing ?? { userId, muted: false, deafened: false, sources: [], joinedAt: now.toISOString() };
    channel.set(userId, { teamId: place.teamId, participant });
    this.places.set(userId, { teamId: place.teamId, channelId: place.channelId, nodeId });
    const room = this.pin(place.channelId);
    if (!room) this.rooms.set(place.channelId, { nodeId, until: null });
    else if (room.nodeId === nodeId) room.until = null;
    return {
      participant,
      previous: before && !here ? { teamId: before.teamId, channelId: before.channelId } : null,
      previousNode: before && before.nodeId !== nodeId ? before.nodeId : null,
    };
  }

  async change(place: VoicePlace, userId: string, nodeId: string, change: VoiceChange) {
    if (!this.isAt(place, userId, nodeId)) return null;
    const entry = this.channels.get(place.channelId)?.get(userId);
    if (!entry) return null;
    entry.participant = { ...entry.participant, ...change };
    return entry.participant;
  }

  async leave(place: VoicePlace, userId: string, nodeId: string) {
    if (!this.isAt(place, userId, nodeId)) return false;
    this.remove(place, userId);
    return true;
  }

  async placeOf(userId: string) {
    const place = this.places.get(userId);
    return place ? { teamId: place.teamId, channelId: place.channelId } : null;
  }

  async count(channelId: string) {
    return this.channels.get(channelId)?.size ?? 0;
  }

  async ofTeam(teamId: string) {
    const result: Record<string, VoiceParticipant[]> = {};
    for (const [channelId, entries] of this.channels) {
      const list = [...entries.values()].filter((entry) => entry.teamId === teamId).map((entry) => entry.participant);
      if (list.length > 0) result[channelId] = list;
    }
    return result;
  }

  async onNode(nodeId: string) {
    return [...this.places]
      .filter(([, place]) => place.nodeId === nodeId)
      .map(([userId, place]) => ({ place: { teamId: place.teamId, channelId: place.channelId }, userId }));
  }

  async clearNode(nodeId: string) {
    const gone = await this.onNode(nodeId);
    for (const { place, userId } of gone) this.remove(place, userId);
    return gone;
  }

  async roomNode(channelId: string) {
    return this.pin(channelId)?.nodeId ?? null;
  }

  async pinRoom(channelId: string, nodeId: string, replacing: string | null, ttlMs: number) {
    const current = this.pin(channelId);
    if (current && current.nodeId !== replacing) return current.nodeId;
    this.rooms.set(channelId, { nodeId, until: this.channels.has(channelId) ? null : Date.now() + ttlMs });
    return nodeId;
  }

  /** The channel's pin, unless it expired. */
  private pin(channelId: string): { nodeId: string; until: number | null } | null {
    const room = this.rooms.get(channelId);
    if (room?.until != null && room.until <= Date.now()) {
      this.rooms.delete(channelId);
      return null;
    }
    return room ?? null;
  }

  private isAt(place: VoicePlace, userId: string, nodeId: string): boolean {
    const at = this.places.get(userId);
    return at?.channelId === place.channelId && at.nodeId === nodeId;
  }

  private remove(place: VoicePlace, userId: string): void {
    const channel = this.channels.get(place.channelId);
    channel?.delete(userId);
    if (channel?.size === 0) {
      this.channels.delete(place.channelId);
      this.rooms.delete(place.channelId);
    }
    this.places.delete(userId);
  }
}
