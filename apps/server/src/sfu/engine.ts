import type { ClientMessage, ParticipantState, ScreenCap, ServerMessage } from '@rally/shared/voice/signaling';

/**
 * The media engine behind Rally's SFU, kept small so that another engine (Janus, a later issue)
 * can replace werift: rooms of participants, each publishing sources and subscribing to the
 * others', and figures. The signalling server (sfu/server.ts) only passes messages through it.
 */
export interface SfuEngine {
  /**
   * A participant enters a room (joining it twice replaces the first session). `send` carries the
   * engine's messages to the client, starting with `joined`; `ended` is called once, when the
   * participant is out of the room (left, kicked, replaced, or its transport failed).
   */
  join(roomId: string, participant: { userId: string; screenCap: ScreenCap }, client: SfuClient): SfuSession;
  /** Remove a participant (moderation: DISCONNECT, or moved elsewhere); their session ends with `reason`. */
  kick(roomId: string, userId: string, reason: string): boolean;
  /** Who is in each room now. */
  rooms(): Map<string, string[]>;
  stats(): SfuStats;
  close(): Promise<void>;
}

export interface SfuClient {
  send(message: ServerMessage): void;
  /** The participant's state changed (muted, deafened, speaking, what they send). */
  changed(state: ParticipantState): void;
  ended(): void;
}

/** One client's session in a room: the messages it sends after `join`, and leaving. */
export interface SfuSession {
  handle(message: Exclude<ClientMessage, { op: 'join' }>): Promise<void>;
  leave(): Promise<void>;
}

export interface SfuStats {
  rooms: number;
  participants: number;
  /** Streams forwarded now (one per publisher source and subscriber). */
  forwardedAudio: number;
  forwardedVideo: number;
  /** RTP packets received from publishers and sent to subscribers since the start. */
  packetsIn: number;
  packetsOut: number;
}
