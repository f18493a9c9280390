import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { MediaStreamTrack, PictureLossIndication, RTCPeerConnection, RtcpPayloadSpecificFeedback, RtpHeader, RtpPacket, type RTCRtpTransceiver } from 'werift';
import WebSocket from 'ws';
import { voiceJoinSchema, type VoiceJoin } from '@rally/shared/api/voice';
import { serverMessageSchema, type MediaSource, type ServerMessage, type TrackMap } from '@rally/shared/voice/signaling';
import { messageText } from '../../src/gateway/message-text';
import { peerConfig } from '../../src/sfu/werift/peer-config';
import { call } from './app';

/**
 * A voice client for tests, in Node: a werift peer connection that answers the SFU's offers as
 * the web client does (it never offers), sends synthetic RTP on the sources it publishes and counts
 * what it receives per m-line.
 */
export class TestVoiceClient {
  readonly pc = new RTCPeerConnection(peerConfig({ iceServers: [], loopback: true }));
  readonly messages: ServerMessage[] = [];
  /** RTP packets received, by mid. */
  readonly received = new Map<string, number>();
  tracks: TrackMap = {};
  private readonly local = new Map<MediaSource, MediaStreamTrack>();
  private readonly waiters: { test: (m: ServerMessage) => boolean; resolve: (m: ServerMessage) => void }[] = [];
  private readonly timers = new Map<MediaSource, NodeJS.Timeout>();
  private answering = Promise.resolve();
  closeCode: number | null = null;
  /** The reason the socket was closed with (an error code of the SFU's), once closed. */
  closeReason: string | null = null;
  /** RTP packets written on the published sources, in all and by source. */
  sent = 0;
  readonly sentBySource = new Map<MediaSource, number>();
  /** Keyframe requests (PLI) received for the published sources. */
  keyFrameRequests = 0;
  private readonly sending = new Set<RTCRtpTransceiver>();

  private constructor(readonly socket: WebSocket) {
    this.pc.onTrack.subscribe((track) => {
      track.onReceiveRtp.subscribe(() => {
        const transceiver = this.pc.getTransceivers().find((t) => t.receiver.track === track || t.receiver.tracks.includes(track));
        const mid = transceiver?.mid ?? '?';
        this.received.set(mid, (this.received.get(mid) ?? 0) + 1);
      });
    });
    socket.on('message', (data) => this.onMessage(serverMessageSchema.parse(JSON.parse(messageText(data)))));
    socket.on('close', (code, reason) => {
      this.closeCode = code;
      this.closeReason = reason.toString();
    });
  }

  static async connect(url: string): Promise<TestVoiceClient> {
    const socket = new WebSocket(url);
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    return new TestVoiceClient(socket);
  }

  send(message: object): void {
    this.socket.send(JSON.stringify(message));
  }

  /** The first message (already received or to come) that passes `test`. */
  next<T extends ServerMessage['op']>(op: T, test: (m: Extract<ServerMessage, { op: T }>) => boolean = () => true): Promise<Extract<ServerMessage, { op: T }>> {
    const match = (m: ServerMessage): m is Extract<ServerMessage, { op: T }> => m.op === op && test(m as Extract<ServerMessage, { op: T }>);
    const found = this.messages.find(match);
    if (found) return Promise.resolve(found);
    return new Promise((resolve) => this.waiters.push({ test: match, resolve: (m) => resolve(m as Extract<ServerMessage, { op: T }>) }));
  }

  closed(): Promise<number> {
    if (this.closeCode !== null) return Promise.resolve(this.closeCode);
    return new Promise((resolve) => this.socket.once('close', (code) => resolve(code)));
  }

  private onMessage(message: ServerMessage): void {
    this.messages.push(message);
    if (message.op === 'offer') this.answering = this.answering.then(() => (this.pc.connectionState === 'closed' ? undefined : this.answer(message)));
    for (const waiter of [...this.waiters]) {
      if (waiter.test(message)) {
        this.waiters.splice(this.waiters.indexOf(waiter), 1);
        waiter.resolve(message);
      }
    }
  }

  private async answer(offer: Extract<ServerMessage, { op: 'offer' }>): Promise<void> {
    await this.pc.setRemoteDescription({ type: 'offer', sdp: offer.sdp });
    for (const [source, mid] of Object.entries(offer.publish)) {
      const transceiver = this.pc.getTransceivers().find((t: RTCRtpTransceiver) => t.mid === mid);
      const track = this.local.get(source as MediaSource);
      if (!transceiver || !track) continue;
      transceiver.setDirection('sendonly');
      if (transceiver.sender.track !== track) await transceiver.sender.replaceTrack(track);
      if (!this.sending.has(transceiver)) {
        this.sending.add(transceiver);
        // Read off the transport by media SSRC, as browsers do (werift's own routing tries the
        // sender SSRC first, which here is the SFU's receiving m-line, known as one of ours).
        const ssrc = transceiver.sender.ssrc;
        transceiver.dtlsTransport.onRtcp.subscribe((packet) => {
          if (packet instanceof RtcpPayloadSpecificFeedback && packet.feedback instanceof PictureLossIndication && packet.feedback.mediaSsrc === ssrc) {
            this.keyFrameRequests += 1;
          }
        });
      }
    }
    this.tracks = offer.tracks;
    const answer = await this.pc.createAnswer();
    await this.pc.setLocalDescription(answer);
    if (this.pc.iceGatheringState !== 'complete') await this.pc.iceGatheringStateChange.watch((state) => state === 'complete');
    this.send({ op: 'answer', sdp: this.pc.localDescription!.sdp });
  }

  /**
   * Publish a source and send `perTick` packets every `intervalMs` (payload from `payload(n)`, n
   * counting packets from 1), as a microphone's 20 ms Opus frames or a screen's video frames come:
   * the packets of one tick are one frame (one RTP timestamp, the marker on the last).
   */
  publish(source: MediaSource, payload: (n: number) => Buffer, intervalMs = 20, perTick = 1): void {
    const track = new MediaStreamTrack({ kind: source === 'microphone' ? 'audio' : 'video' });
    this.local.set(source, track);
    this.send({ op: 'publish', source });
    let n = 0;
    let frame = 0;
    const clockPerFrame = source === 'microphone' ? 960 : 3000;
    clearInterval(this.timers.get(source));
    this.timers.set(
      source,
      setInterval(() => {
        frame += 1;
        for (let i = 1; i <= perTick; i += 1) {
          n += 1;
          const header = new RtpHeader({
            payloadType: 96,
            sequenceNumber: n & 0xffff,
            timestamp: (frame * clockPerFrame) >>> 0,
            marker: i === perTick,
            ssrc: 1234,
          });
          track.writeRtp(new RtpPacket(header, payload(n)));
          this.sent += 1;
          this.sentBySource.set(source, (this.sentBySource.get(source) ?? 0) + 1);
        }
      }, intervalMs),
    );
  }

  /** Stop sending a source, and tell the SFU. */
  unpublish(source: MediaSource): void {
    clearInterval(this.timers.get(source));
    this.timers.delete(source);
    this.send({ op: 'unpublish', source });
  }

  /** Receive these participants' screens (and no others). */
  watch(...userIds: string[]): void {
    this.send({ op: 'watch', userIds });
  }

  /**
   * Ask for a key frame of what an m-line brings (a PLI), signed as Chromium signs its RTCP: with
   * the SSRC of what it sends itself (its microphone), when it sends anything.
   */
  async requestKeyFrame(userId: string, source: MediaSource): Promise<void> {
    const mid = Object.entries(this.tracks).find(([, feed]) => feed?.userId === userId && feed.source === source)?.[0];
    const transceiver = this.pc.getTransceivers().find((t) => t.mid === mid);
    const mediaSsrc = transceiver?.receiver.track?.ssrc;
    if (!transceiver || !mediaSsrc) throw new Error(`nothing arrives from ${userId}'s ${source}`);
    const senderSsrc = [...this.sending][0]?.sender.ssrc ?? transceiver.sender.ssrc;
    await transceiver.dtlsTransport.sendRtcp([new RtcpPayloadSpecificFeedback({ feedback: new PictureLossIndication({ senderSsrc, mediaSsrc }) })]);
  }

  /** Packets received on the m-line carrying `userId`'s `source`. */
  receivedFrom(userId: string, source: MediaSource): number {
    const mid = Object.entries(this.tracks).find(([, feed]) => feed?.userId === userId && feed.source === source)?.[0];
    return mid ? (this.received.get(mid) ?? 0) : 0;
  }

  async close(): Promise<void> {
    for (const timer of this.timers.values()) clearInterval(timer);
    this.socket.close();
    await this.pc.close();
  }
}

/** A VP8 key frame's first packet of the given size (RFC 7741 descriptor, RFC 6386 frame header). */
export function vp8KeyFrame(width: number, height: number): Buffer {
  const header = Buffer.from([0x10, 0x10, 0x00, 0x00, 0x9d, 0x01, 0x2a, width & 0xff, width >> 8, height & 0xff, height >> 8]);
  return Buffer.concat([header, Buffer.alloc(200, 7)]);
}

/** GET …/join of a voice channel, with a move grant as `?token=` when one is given. */
export const voiceJoinPath = (teamId: string, channelId: string, token?: string) =>
  `/api/v1/teams/${teamId}/channels/${channelId}/join${token === undefined ? '' : `?token=${encodeURIComponent(token)}`}`;

/**
 * Into a voice channel as the web client goes: the join call (throws unless it answers 200), the
 * signalling socket at the endpoint it names (the app's embedded SFU, or a remote node's ws(s)://
 * URL), its join, then `joined`. The client is added to `clients`, which the test closes.
 */
export async function joinVoice(
  app: FastifyInstance,
  clients: TestVoiceClient[],
  who: { cookie: string },
  teamId: string,
  channelId: string,
  token?: string,
): Promise<{ client: TestVoiceClient; answer: VoiceJoin }> {
  const response = await call(app, 'GET', voiceJoinPath(teamId, channelId, token), { cookie: who.cookie });
  if (response.statusCode !== 200) throw new Error(`voice join: ${response.statusCode} ${response.body}`);
  const answer = voiceJoinSchema.parse(response.json());
  const port = (app.server.address() as AddressInfo).port;
  const url = /^wss?:/.test(answer.endpoint) ? answer.endpoint : `ws://127.0.0.1:${port}${answer.endpoint}`;
  const client = await TestVoiceClient.connect(url);
  clients.push(client);
  client.send({ op: 'join', token: answer.token });
  await client.next('joined');
  return { client, answer };
}
