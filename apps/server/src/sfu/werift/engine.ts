import type { MediaStreamTrack } from 'werift';
import type { MediaSource, ScreenCap, ServerMessage } from '@rally/shared/voice/signaling';
import type { SfuClient, SfuEngine, SfuSession, SfuStats } from '../engine';
import type { MediaNetwork } from './peer-config';
import { Peer, type PeerEvents } from './peer';

interface Member {
  peer: Peer;
  client: SfuClient;
  /** Ends the session from the engine's side (kick, transport failure). */
  end: (reason: string) => void;
  /** It holds one of the room's screen share places (asked to publish its screen, not stopped since). */
  sharing: boolean;
  /** Whose screens it receives (`watch`): screens go only to their watchers. */
  watching: Set<string>;
}

export interface WeriftEngineOptions {
  /** The most screens shared at once in a room (VOICE_MAX_SCREENSHARES). */
  maxScreenShares: number;
}

/** The werift engine: rooms of peers in this process; every packet is forwarded here. */
export class WeriftEngine implements SfuEngine {
  private readonly roomsById = new Map<string, Map<string, Member>>();
  private readonly counters: SfuStats = { rooms: 0, participants: 0, forwardedAudio: 0, forwardedVideo: 0, packetsIn: 0, packetsOut: 0 };

  constructor(
    private readonly network: MediaNetwork,
    private readonly options: WeriftEngineOptions,
  ) {}

  join(roomId: string, participant: { userId: string; screenCap: ScreenCap }, client: SfuClient): SfuSession {
    const send = (message: ServerMessage) => client.send(message);
    this.roomsById.get(roomId)?.get(participant.userId)?.end('voice_session_replaced');
    const room = this.roomsById.get(roomId) ?? new Map<string, Member>();
    this.roomsById.set(roomId, room);

    const events: PeerEvents = {
      published: (from, source, track) => this.fanOut(room, from, source, track),
      unpublished: (from, source) => {
        const member = room.get(from.userId);
        if (source === 'screen' && member?.peer === from) member.sharing = false;
        this.retract(room, from, source);
      },
      stateChanged: (from) => this.announce(room, from),
      failed: (gone) => {
        const current = room.get(gone.userId);
        if (current?.peer === gone) current.end('voice_connection_failed');
      },
    };
    const peer = new Peer(participant.userId, participant.screenCap, this.network, send, events, this.counters);
    let ended = false;
    const member: Member = {
      peer,
      client,
      sharing: false,
      watching: new Set(),
      end: (reason) => {
        if (ended) return;
        ended = true;
        send({ op: 'error', reason });
        void this.remove(roomId, peer);
      },
    };
    const others = [...room.values()];
    room.set(participant.userId, member);
    send({ op: 'joined', userId: participant.userId, participants: others.map((other) => other.peer.participant()), screenCap: participant.screenCap });
    this.broadcast(room, participant.userId, { op: 'participant', participant: peer.participant() });
    // Their microphones; screens only once watched.
    for (const other of others) {
      const microphone = other.peer.published.get('microphone');
      if (microphone) peer.subscribe(other.peer, 'microphone', microphone);
    }
    // The first offer: the m-lines of what the others send (none yet in an empty room).
    peer.negotiate();

    return {
      handle: async (message) => {
        switch (message.op) {
          case 'answer':
            return peer.answer(message.sdp);
          case 'publish':
            if (message.source === 'screen' && !this.claimScreen(room, member)) {
              return send({ op: 'unpublished', source: 'screen', reason: 'screenshare_limit_reached' });
            }
            return peer.publish(message.source);
          case 'unpublish':
            if (message.source === 'screen') member.sharing = false;
            return peer.unpublish(message.source);
          case 'watch':
            return this.watch(room, member, new Set(message.userIds));
          case 'state':
            Object.assign(peer.state, { muted: message.muted, deafened: message.deafened, speaking: message.speaking });
            return events.stateChanged(peer);
          case 'ping':
            return send({ op: 'pong', t: message.t });
        }
      },
      leave: async () => {
        ended = true;
        await this.remove(roomId, peer);
      },
    };
  }

  kick(roomId: string, userId: string, reason: string): boolean {
    const member = this.roomsById.get(roomId)?.get(userId);
    if (!member) return false;
    member.end(reason);
    return true;
  }

  rooms(): Map<string, string[]> {
    return new Map([...this.roomsById].map(([id, room]) => [id, [...room.keys()]]));
  }

  stats(): SfuStats {
    let participants = 0;
    let forwardedAudio = 0;
    let forwardedVideo = 0;
    for (const room of this.roomsById.values()) {
      for (const { peer } of room.values()) {
        participants += 1;
        forwardedAudio += peer.forwarded('audio');
        forwardedVideo += peer.forwarded('video');
      }
    }
    return { ...this.counters, rooms: this.roomsById.size, participants, forwardedAudio, forwardedVideo };
  }

  async close(): Promise<void> {
    const peers = [...this.roomsById.values()].flatMap((room) => [...room.values()].map((member) => member.peer));
    this.roomsById.clear();
    await Promise.all(peers.map((peer) => peer.close()));
  }

  private fanOut(room: Map<string, Member>, from: Peer, source: MediaSource, track: MediaStreamTrack): void {
    for (const member of room.values()) {
      if (member.peer !== from && (source !== 'screen' || member.watching.has(from.userId))) member.peer.subscribe(from, source, track);
    }
    this.announce(room, from);
  }

  /** A place among the room's screen shares (VOICE_MAX_SCREENSHARES), or false when they are all taken. */
  private claimScreen(room: Map<string, Member>, member: Member): boolean {
    if (member.sharing) return true;
    let taken = 0;
    for (const other of room.values()) if (other.sharing) taken += 1;
    if (taken >= this.options.maxScreenShares) return false;
    member.sharing = true;
    return true;
  }

  /** Receive the screens of `userIds` from now on, and stop receiving the others. */
  private watch(room: Map<string, Member>, member: Member, userIds: Set<string>): void {
    userIds.delete(member.peer.userId);
    for (const userId of member.watching) if (!userIds.has(userId)) member.peer.unsubscribe(userId, 'screen');
    for (const userId of userIds) {
      const publisher = room.get(userId)?.peer;
      const screen = publisher?.published.get('screen');
      if (publisher && screen && !member.watching.has(userId)) member.peer.subscribe(publisher, 'screen', screen);
    }
    member.watching = userIds;
  }

  private retract(room: Map<string, Member>, from: Peer, source: MediaSource): void {
    for (const member of room.values()) if (member.peer !== from) member.peer.unsubscribe(from.userId, source);
    this.announce(room, from);
  }

  /** Tell the room, and the participant's own client hook, the participant's state. */
  private announce(room: Map<string, Member>, peer: Peer): void {
    const participant = peer.participant();
    this.broadcast(room, peer.userId, { op: 'participant', participant });
    room.get(peer.userId)?.client.changed(participant);
  }

  private broadcast(room: Map<string, Member>, exceptUserId: string, message: ServerMessage): void {
    for (const [userId, member] of room) if (userId !== exceptUserId) member.client.send(message);
  }

  private async remove(roomId: string, peer: Peer): Promise<void> {
    const room = this.roomsById.get(roomId);
    const member = room?.get(peer.userId);
    if (!room || member?.peer !== peer) return;
    room.delete(peer.userId);
    member.client.ended();
    if (room.size === 0) this.roomsById.delete(roomId);
    for (const source of peer.published.keys()) for (const member of room.values()) member.peer.unsubscribe(peer.userId, source);
    this.broadcast(room, peer.userId, { op: 'left', userId: peer.userId });
    await peer.close();
  }
}
