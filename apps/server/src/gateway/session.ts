import type { PublicUser } from '@rally/shared/api/users';
import { BUS_START, type BusEntry, type BusId } from '../bus/types';
import type { LoadedTeam } from './access-loads';
import type { FrameTail } from './frames';

/** A bus entry on its way to sessions, with its frame tail once serialised (shared by the sessions it reaches). */
export interface RoutedEntry extends BusEntry {
  tail?: FrameTail;
  /** The frame tails of an event that sessions see cut (visibility.ts, VIEW_CUTS), by cut. */
  cutTails?: Map<string, FrameTail>;
}

/** What a session may view of one team: `[teamId, channel ids, category ids]`. */
export type TeamView = [teamId: string, channelIds: string[], categoryIds: string[]];

/** What a dropped session leaves behind for RESUME (in memory or in Redis, as JSON). */
export interface SessionSnapshot {
  v: 2;
  sessionId: string;
  userId: string;
  /** sha256 of the auth session token: only the same sign-in may resume. */
  tokenHash: string;
  /** Last sequence number given out. */
  seq: number;
  /** Frames with a seq at or below this are gone (acknowledged or over the buffer bound). */
  floor: number;
  /** Unacknowledged dispatch frames, oldest first. */
  frames: [seq: number, tail: FrameTail][];
  /** The teams and, of each, the channels and categories the session may view. */
  teams: TeamView[];
  currentChannelId: string | null;
  /** Bus position up to which every matching envelope is in `frames`; later ones are read from the bus. */
  cursor: BusId;
}

/** Sends a finished frame to the socket (the connection decides what a slow socket gets). */
export interface FrameSink {
  sendRaw(frame: string): void;
}

/**
 * One gateway session: a user's subscriptions and sequence numbers. It outlives its socket for the
 * resume window (as a snapshot) and may continue on another socket, in this process or another.
 */
export class Session {
  seq = 0;
  /** Frames with a seq at or below this are gone (acknowledged or over the buffer bound). */
  floor = 0;
  /**
   * The unacknowledged frames' tails (shared between the sessions of one envelope) from index
   * `start` on, oldest first. Sequence numbers are consecutive, so a tail's is `floor + 1 + (index
   * - start)` and is not stored: a full buffer of 1,000 frames is 8 KB of pointers. The slots
   * before `start` are dropped in one splice once they are half the array (shifting one at a time
   * would move the whole buffer on every frame of a full one).
   */
  private tails: FrameTail[] = [];
  private start = 0;
  currentChannelId: string | null = null;
  /** The user's name (READY; read again after a resume), for the events the session's frames cause (CHANNEL_TYPING). */
  username: string | null | undefined = undefined;
  /** The last CHANNEL_TYPING passed on: its channel and when (core.ts typing). */
  typing: { channelId: string; at: number } | null = null;
  /** The presence this session's client chose (PRESENCE_UPDATE), not kept across a resume. */
  presence: PublicUser['presence'] | null = null;
  /** The socket, while one is attached and the session is live. */
  sink: FrameSink | null = null;
  /**
   * While the router does not deliver to it directly (starting, resuming, or waiting for the access
   * a change of who sees what needs): every bus entry that arrives waits here, unfiltered, to be
   * applied in order (router.ts).
   */
  pending: RoutedEntry[] | null = null;
  /** While `pending`: the bus position up to which every entry has been applied to the session. */
  position: BusId = BUS_START;
  /** Whether the router's index lists it (it then receives directly). */
  indexed = false;
  /** While `pending`: a load of what it may view is under way, and the entries wait for it. */
  awaiting = false;
  /** While `pending`: the loads of what it may view that its entries may use, by team. */
  loaded: Map<string, LoadedTeam> | null = null;
  /** What it may view of each team: its channels and its categories (channel audiences route to both). */
  readonly teams = new Map<string, { channels: Set<string>; categories: Set<string> }>();
  /** Every channel and category id of `teams`. */
  readonly channelIds = new Set<string>();

  constructor(
    readonly id: string,
    readonly userId: string,
    /** sha256 of the auth session token it was opened with. */
    readonly tokenHash: string,
    private readonly bufferLimit: number,
  ) {}

  /** Start hearing a team (if not yet) and these of its channels and categories. */
  view(teamId: string, channelIds: Iterable<string>, categoryIds: Iterable<string>): void {
    let team = this.teams.get(teamId);
    if (!team) this.teams.set(teamId, (team = { channels: new Set(), categories: new Set() }));
    for (const id of channelIds) {
      team.channels.add(id);
      this.channelIds.add(id);
    }
    for (const id of categoryIds) {
      team.categories.add(id);
      this.channelIds.add(id);
    }
  }

  /** Stop hearing a team and its channels; returns the ids no longer heard. */
  leave(teamId: string): string[] {
    const team = this.teams.get(teamId);
    if (!team) return [];
    this.teams.delete(teamId);
    const gone = [...team.channels, ...team.categories];
    for (const id of gone) this.channelIds.delete(id);
    return gone;
  }

  /** Stop hearing one channel or category (deleted). */
  forget(channelId: string): boolean {
    if (!this.channelIds.delete(channelId)) return false;
    for (const team of this.teams.values()) if (team.channels.delete(channelId) || team.categories.delete(channelId)) break;
    return true;
  }

  /** Number the frame, keep it until acknowledged, and send it when a socket is attached. */
  push(tail: FrameTail): number {
    const seq = ++this.seq;
    this.tails.push(tail);
    if (this.tails.length - this.start > this.bufferLimit) this.drop(1);
    if (this.sink) this.sink.sendRaw('{"seq":' + seq + ',' + tail);
    return seq;
  }

  /** The client has every frame up to `seq` (HEARTBEAT.seq): forget them. */
  ack(seq: number): void {
    const upTo = Math.min(seq, this.seq);
    if (upTo > this.floor) this.drop(upTo - this.floor);
  }

  /** Forget the `count` oldest frames. */
  private drop(count: number): void {
    this.start += count;
    this.floor += count;
    if (this.start === this.tails.length) {
      this.tails = [];
      this.start = 0;
    } else if (this.start * 2 >= this.tails.length) {
      this.tails.splice(0, this.start);
      this.start = 0;
    }
  }

  /** The unacknowledged frames `[seq, tail]`, oldest first. */
  get frames(): [seq: number, tail: FrameTail][] {
    const frames: [number, FrameTail][] = [];
    for (let i = this.start; i < this.tails.length; i++) frames.push([this.floor + 1 + i - this.start, this.tails[i]!]); // i < tails.length
    return frames;
  }

  snapshot(cursor: BusId): SessionSnapshot {
    return {
      v: 2,
      sessionId: this.id,
      userId: this.userId,
      tokenHash: this.tokenHash,
      seq: this.seq,
      floor: this.floor,
      frames: this.frames,
      teams: [...this.teams].map(([teamId, team]) => [teamId, [...team.channels], [...team.categories]]),
      currentChannelId: this.currentChannelId,
      cursor,
    };
  }

  static fromSnapshot(snap: SessionSnapshot, bufferLimit: number): Session {
    const session = new Session(snap.sessionId, snap.userId, snap.tokenHash, bufferLimit);
    for (const [teamId, channelIds, categoryIds] of snap.teams) session.view(teamId, channelIds, categoryIds);
    session.seq = snap.seq;
    // The frames are consecutive up to seq (as push and ack keep them); the oldest kept is floor + 1.
    session.floor = snap.frames.length ? snap.frames[0]![0] - 1 : snap.seq; // length checked
    session.tails = snap.frames.map(([, tail]) => tail);
    session.currentChannelId = snap.currentChannelId;
    return session;
  }
}
