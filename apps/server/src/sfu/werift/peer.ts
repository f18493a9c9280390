import {
  MediaStreamTrack,
  PictureLossIndication,
  ReceiverEstimatedMaxBitrate,
  RTCPeerConnection,
  RtcpPayloadSpecificFeedback,
  type RTCDtlsTransport,
  type RTCRtpTransceiver,
  type RtpPacket,
} from 'werift';
import type { MediaSource, ParticipantState, ScreenCap, ServerMessage, TrackMap } from '@rally/shared/voice/signaling';
import type { SfuStats } from '../engine';
import { announce, peerConfig, type MediaNetwork } from './peer-config';
import { screenBitrate, watchPublication } from './publication';

/** How often the SFU tells a screen publisher the bitrate it may use (REMB): Chromium ramps up by it. */
const REMB_INTERVAL_MS = 1_000;

export const kindOf = (source: MediaSource) => (source === 'microphone' ? 'audio' : 'video');

/** What a room needs from its peers' events. */
export interface PeerEvents {
  published(peer: Peer, source: MediaSource, track: MediaStreamTrack): void;
  unpublished(peer: Peer, source: MediaSource): void;
  stateChanged(peer: Peer): void;
  /** The client's transport failed or closed: it is gone. */
  failed(peer: Peer): void;
}

/** A sending m-line towards this client, and whose source it forwards now (null: none). */
interface Slot {
  transceiver: RTCRtpTransceiver;
  kind: 'audio' | 'video';
  feed: { from: Peer; source: MediaSource } | null;
  /** The local track the forwarded packets are written to; a new one per feed. */
  local: MediaStreamTrack;
  stop: () => void;
}

/**
 * One client's peer connection. The SFU makes every offer and runs one negotiation at a time:
 * a change while an offer waits for its answer is offered again after it. Receiving m-lines exist
 * only for the sources the client publishes (an unused inactive m-line would be reused and break
 * Chromium's m-line order); sending m-lines are kept and reused for later feeds of their kind.
 */
export class Peer {
  readonly pc: RTCPeerConnection;
  readonly state = { muted: false, deafened: false, speaking: false };
  /** The sources' receiving transceivers, made on `publish`. */
  private readonly receiving = new Map<MediaSource, RTCRtpTransceiver>();
  /** The tracks the client sends now, by source. */
  readonly published = new Map<MediaSource, MediaStreamTrack>();
  private readonly seenTracks = new Set<string>();
  private readonly watchers = new Map<MediaSource, () => void>();
  private readonly remb: NodeJS.Timeout;
  private readonly slots: Slot[] = [];
  /** The transports whose keyframe requests are read (one, bundled). */
  private readonly pliTransports = new Set<RTCDtlsTransport>();
  private negotiating = false;
  private again = false;
  private closed = false;

  constructor(
    readonly userId: string,
    readonly screenCap: ScreenCap,
    private readonly network: MediaNetwork,
    private readonly send: (message: ServerMessage) => void,
    private readonly events: PeerEvents,
    private readonly stats: SfuStats,
  ) {
    this.pc = new RTCPeerConnection(peerConfig(network));
    this.pc.connectionStateChange.subscribe((state) => {
      if (state === 'failed' || state === 'closed') this.events.failed(this);
    });
    this.remb = setInterval(() => this.sendRemb(), REMB_INTERVAL_MS);
    this.remb.unref();
  }

  participant(): ParticipantState {
    return { userId: this.userId, ...this.state, sources: [...this.published.keys()] };
  }

  /** Make (or reuse) the receiving m-line of a source and offer it. */
  publish(source: MediaSource): void {
    if (!this.receiving.has(source)) {
      const transceiver = this.pc.addTransceiver(kindOf(source), { direction: 'recvonly' });
      transceiver.onTrack.subscribe((track) => this.onTrack(source, track));
      this.receiving.set(source, transceiver);
    } else {
      const track = this.receiving.get(source)!.receiver.track;
      if (track && !this.published.has(source)) this.accept(source, track);
    }
    this.negotiate();
  }

  unpublish(source: MediaSource): void {
    this.watchers.get(source)?.();
    this.watchers.delete(source);
    if (!this.published.delete(source)) return;
    this.events.unpublished(this, source);
  }

  /** A track arrived on a receiving m-line: once per track, whatever the renegotiations. */
  private onTrack(source: MediaSource, track: MediaStreamTrack): void {
    if (this.seenTracks.has(track.uuid)) return;
    this.seenTracks.add(track.uuid);
    if (this.published.has(source)) this.unpublish(source);
    this.accept(source, track);
  }

  /** Take a source's track: count it, hold it to the screen cap, and give it to the room. */
  private accept(source: MediaSource, track: MediaStreamTrack): void {
    this.published.set(source, track);
    const stop = watchPublication(track, source, this.screenCap, this.stats, () => {
      this.unpublish(source);
      this.send({ op: 'unpublished', source, reason: 'screen_cap_exceeded' });
    });
    this.watchers.set(source, stop);
    this.events.published(this, source, track);
  }

  /** The bitrate a screen share may use, told to its publisher (REMB). */
  private sendRemb(): void {
    const track = this.published.get('screen');
    const transceiver = this.receiving.get('screen');
    if (!track?.ssrc || !transceiver) return;
    const feedback = new ReceiverEstimatedMaxBitrate({ mediaSsrc: 0, bitrate: BigInt(screenBitrate(this.screenCap)), ssrcFeedbacks: [track.ssrc] });
    void transceiver.dtlsTransport.sendRtcp([new RtcpPayloadSpecificFeedback({ feedback })]).catch(() => undefined);
  }

  /** Forward a publisher's track to this client on a free sending m-line of its kind. */
  subscribe(from: Peer, source: MediaSource, track: MediaStreamTrack): void {
    const kind = kindOf(source);
    const local = new MediaStreamTrack({ kind });
    let slot = this.slots.find((s) => s.kind === kind && s.feed === null);
    if (slot) {
      slot.local = local;
      void slot.transceiver.sender.replaceTrack(local);
    } else {
      const transceiver = this.pc.addTransceiver(local, { direction: 'sendonly' });
      slot = { transceiver, kind, feed: null, local, stop: () => undefined };
      this.slots.push(slot);
      this.passKeyFrameRequests(transceiver.dtlsTransport);
    }
    const target = slot;
    target.feed = { from, source };
    const { unSubscribe } = track.onReceiveRtp.subscribe((rtp: RtpPacket) => {
      if (this.state.deafened && kind === 'audio') return;
      // Each subscriber gets its own copy: the sender rewrites SSRC, payload type and sequence in
      // place, and the publisher's header extensions (its mid) would route it to the wrong m-line.
      const copy = rtp.clone();
      copy.header.extensions = [];
      target.local.writeRtp(copy);
      this.stats.packetsOut += 1;
    });
    target.stop = unSubscribe;
    if (kind === 'video') from.requestKeyFrame(source);
    this.negotiate();
  }

  /** Stop forwarding a publisher's source to this client; its m-line waits for another feed. */
  unsubscribe(userId: string, source: MediaSource): void {
    const slot = this.slots.find((s) => s.feed?.from.userId === userId && s.feed.source === source);
    if (!slot) return;
    slot.stop();
    slot.stop = () => undefined;
    slot.feed = null;
    this.negotiate();
  }

  /**
   * A subscriber's keyframe request (PLI) goes to the publisher of what the m-line it names carries
   * now. Read off the transport and matched by media SSRC here: werift routes a PLI by its sender
   * SSRC first, which is the subscriber's own microphone when it sends one (Chromium signs its RTCP
   * with it), so the request would land on that receiver instead of the sender it is about.
   */
  private passKeyFrameRequests(transport: RTCDtlsTransport): void {
    if (this.pliTransports.has(transport)) return;
    this.pliTransports.add(transport);
    transport.onRtcp.subscribe((packet) => {
      if (!(packet instanceof RtcpPayloadSpecificFeedback) || !(packet.feedback instanceof PictureLossIndication)) return;
      const mediaSsrc = packet.feedback.mediaSsrc;
      const slot = this.slots.find((s) => s.transceiver.sender.ssrc === mediaSsrc);
      if (slot?.feed) slot.feed.from.requestKeyFrame(slot.feed.source);
    });
  }

  /** Ask the client for a key frame of a source it sends (a subscriber's PLI, or a new subscriber). */
  requestKeyFrame(source: MediaSource): void {
    const track = this.published.get(source);
    const transceiver = this.receiving.get(source);
    if (track?.ssrc && transceiver) void transceiver.receiver.sendRtcpPLI(track.ssrc);
  }

  /** Offer the current m-lines; after the pending answer if one is awaited. */
  negotiate(): void {
    // Nothing to offer yet (an empty room, nothing published): the first m-line starts it.
    if (this.closed || this.pc.getTransceivers().length === 0) return;
    if (this.negotiating) {
      this.again = true;
      return;
    }
    this.negotiating = true;
    this.again = false;
    void this.offer().catch(() => this.events.failed(this));
  }

  private async offer(): Promise<void> {
    const offer = await this.pc.createOffer();
    await this.pc.setLocalDescription(offer);
    if (this.pc.iceGatheringState !== 'complete') await this.pc.iceGatheringStateChange.watch((state) => state === 'complete');
    if (this.closed) return;
    const publish: Record<string, string> = {};
    for (const [source, transceiver] of this.receiving) if (transceiver.mid) publish[source] = transceiver.mid;
    const tracks: TrackMap = {};
    for (const slot of this.slots) {
      if (slot.transceiver.mid) tracks[slot.transceiver.mid] = slot.feed && { userId: slot.feed.from.userId, source: slot.feed.source };
    }
    this.send({ op: 'offer', sdp: announce(this.pc.localDescription!.sdp, this.network.announcedAddress), publish, tracks });
  }

  async answer(sdp: string): Promise<void> {
    if (!this.negotiating) return;
    await this.pc.setRemoteDescription({ type: 'answer', sdp });
    this.negotiating = false;
    if (this.again) this.negotiate();
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.remb);
    for (const stop of this.watchers.values()) stop();
    for (const slot of this.slots) slot.stop();
    await this.pc.close();
  }

  /** Streams forwarded to this client now, by kind. */
  forwarded(kind: 'audio' | 'video'): number {
    return this.slots.filter((slot) => slot.kind === kind && slot.feed !== null).length;
  }
}
