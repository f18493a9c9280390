import type { PublicUser } from '@rally/shared/api/users';
import type { BusEntry, BusId } from '../bus/types';
import type { FrameTail } from './frames';

/** What a dropped session leaves behind for RESUME (in memory or in Redis, as JSON). */
export interface SessionSnapshot {
  v: 1;
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
  channelIds: string[];
  teamIds: string[];
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
  floor = 0;
  /** Unacknowledged frames `[seq, tail]`; tails are shared between the sessions of one envelope. */
  frames: [number, FrameTail][] = [];
  currentChannelId: string | null = null;
  /** The presence this session's client chose (PRESENCE_UPDATE), not kept across a resume. */
  presence: PublicUser['presence'] | null = null;
  /** The socket, while one is attached and the session is live. */
  sink: FrameSink | null = null;
  /** While starting or resuming: every bus entry that arrives waits here, unfiltered. */
  pending: BusEntry[] | null = null;

  constructor(
    readonly id: string,
    readonly userId: string,
    /** sha256 of the auth session token it was opened with. */
    readonly tokenHash: string,
    readonly channelIds: Set<string>,
    readonly teamIds: Set<string>,
    private readonly bufferLimit: number,
  ) {}

  /** Number the frame, keep it until acknowledged, and send it when a socket is attached. */
  push(tail: FrameTail): number {
    const seq = ++this.seq;
    this.frames.push([seq, tail]);
    if (this.frames.length > this.bufferLimit) this.floor = this.frames.shift()![0];
    if (this.sink) this.sink.sendRaw('{"seq":' + seq + ',' + tail);
    return seq;
  }

  /** The client has every frame up to `seq` (HEARTBEAT.seq): forget them. */
  ack(seq: number): void {
    const upTo = Math.min(seq, this.seq);
    if (upTo <= this.floor) return;
    const firstKept = this.frames.findIndex(([frameSeq]) => frameSeq > upTo);
    this.frames.splice(0, firstKept < 0 ? this.frames.length : firstKept);
    this.floor = upTo;
  }

  snapshot(cursor: BusId): SessionSnapshot {
    return {
      v: 1,
      sessionId: this.id,
      userId: this.userId,
      tokenHash: this.tokenHash,
      seq: this.seq,
      floor: this.floor,
      frames: this.frames,
      channelIds: [...this.channelIds],
      teamIds: [...this.teamIds],
      currentChannelId: this.currentChannelId,
      cursor,
    };
  }

  static fromSnapshot(snap: SessionSnapshot, bufferLimit: number): Session {
    const session = new Session(snap.sessionId, snap.userId, snap.tokenHash, new Set(snap.channelIds), new Set(snap.teamIds), bufferLimit);
    session.seq = snap.seq;
    session.floor = snap.floor;
    session.frames = snap.frames;
    session.currentChannelId = snap.currentChannelId;
    return session;
  }
}
