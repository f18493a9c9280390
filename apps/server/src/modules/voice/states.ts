import type { VoiceParticipant } from '@rally/shared/api/voice';

/** Where someone is in voice. */
export interface VoicePlace {
  teamId: string;
  channelId: string;
}

/** A change of the state the room told (muted, deafened, what they send). */
export type VoiceChange = Pick<VoiceParticipant, 'muted' | 'deafened' | 'sources'>;

/**
 * Who is in which voice channel, as the SFU reports it (joined, changed, left). One place per
 * user: joining a channel takes them out of the one they were in.
 */
export interface VoiceStates {
  /** Put the user in the channel; answers where they were before (null: nowhere, or already there). */
  join(place: VoicePlace, userId: string, now: Date): Promise<{ participant: VoiceParticipant; previous: VoicePlace | null }>;
  /** Their new state, when they are in that channel (null otherwise). */
  change(place: VoicePlace, userId: string, change: VoiceChange): Promise<VoiceParticipant | null>;
  /** Take the user out of that channel; false when they were not in it (already moved on). */
  leave(place: VoicePlace, userId: string): Promise<boolean>;
  placeOf(userId: string): Promise<VoicePlace | null>;
  count(channelId: string): Promise<number>;
  /** The team's channels that have someone in them, and who. */
  ofTeam(teamId: string): Promise<Record<string, VoiceParticipant[]>>;
  /** Everyone, emptied: the SFU that held them is gone. */
  clear(): Promise<{ place: VoicePlace; userId: string }[]>;
}

interface Entry {
  teamId: string;
  participant: VoiceParticipant;
}

/** The states of a single server process (its own SFU; the embedded default). */
export class MemoryVoiceStates implements VoiceStates {
  /** channelId → userId → entry, in joining order. */
  private readonly channels = new Map<string, Map<string, Entry>>();
  private readonly places = new Map<string, VoicePlace>();

  async join(place: VoicePlace, userId: string, now: Date) {
    const before = this.places.get(userId) ?? null;
    const here = before?.channelId === place.channelId;
    if (before && !here) this.remove(before, userId);
    const channel = this.channels.get(place.channelId) ?? new Map<string, Entry>();
    this.channels.set(place.channelId, channel);
    const existing = channel.get(userId)?.participant;
    const participant: VoiceParticipant = existing ?? { userId, muted: false, deafened: false, sources: [], joinedAt: now.toISOString() };
    channel.set(userId, { teamId: place.teamId, participant });
    this.places.set(userId, place);
    return { participant, previous: here ? null : before };
  }

  async change(place: VoicePlace, userId: string, change: VoiceChange) {
    const entry = this.channels.get(place.channelId)?.get(userId);
    if (!entry) return null;
    entry.participant = { ...entry.participant, ...change };
    return entry.participant;
  }

  async leave(place: VoicePlace, userId: string) {
    if (this.places.get(userId)?.channelId !== place.channelId) return false;
    this.remove(place, userId);
    return true;
  }

  async placeOf(userId: string) {
    return this.places.get(userId) ?? null;
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

  async clear() {
    const everyone = [...this.places].map(([userId, place]) => ({ place, userId }));
    this.channels.clear();
    this.places.clear();
    return everyone;
  }

  private remove(place: VoicePlace, userId: string): void {
    const channel = this.channels.get(place.channelId);
    channel?.delete(userId);
    if (channel?.size === 0) this.channels.delete(place.channelId);
    this.places.delete(userId);
  }
}
