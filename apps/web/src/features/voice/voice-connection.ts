import type { VoiceJoin } from '@rally/shared/api/voice';
import {
  serverMessageSchema,
  type ClientMessage,
  type MediaSource,
  type ParticipantState,
  type ServerMessage,
  type TrackMap,
} from '@rally/shared/voice/signaling';
import { midCarrying } from './screen-share';
import { openMicrophone, playOn, voiceDevicePreferences, type Microphone, type VoiceDevicePrefs } from './voice-devices';

/** Connection states of 001 §3 (request is the join call before this class exists). */
export type VoiceState = 'joining' | 'connected' | 'reconnecting' | 'disconnected';

export interface VoiceConnectionEvents {
  state(state: VoiceState, reason?: string): void;
  participants(participants: ParticipantState[]): void;
  /** Who is heard speaking now (user ids), from the levels of the audio that arrives. */
  speaking(userIds: string[]): void;
  /** The round trip to the SFU in ms (the ICE candidate pair in use), every few seconds while connected. */
  ping(ms: number): void;
  /** What each receiving m-line carries now (the SFU's latest offer, answered). */
  tracks(tracks: TrackMap): void;
  /** The SFU stopped taking, or refused, a source this client sends: `reason` is an error code. */
  unpublished(source: MediaSource, reason: string): void;
}

/** How often the round trip is read. */
const PING_INTERVAL_MS = 2_000;
/** A transport that stays disconnected this long ends the call (001 §9: network auto-leave 10 s). */
const NETWORK_LEAVE_MS = 10_000;

/** A level (RMS of the samples) above this is speech, or any sound worth a ring. */
const SPEAKING_LEVEL = 0.01;
/** How often levels are read, and how long a voice keeps its ring after the last loud moment. */
const LEVEL_INTERVAL_MS = 100;
const SPEAKING_HOLD_MS = 500;

/** The page's hidden holder of the call's <audio> elements (played, never shown). */
function audioHolder(): HTMLElement {
  const existing = document.querySelector<HTMLElement>('[data-voice-audio]');
  if (existing) return existing;
  const holder = document.createElement('div');
  holder.hidden = true;
  holder.dataset.voiceAudio = '';
  document.body.append(holder);
  return holder;
}

/** The SFU's signalling address: a path on this origin (ws: or wss: like the page), or a full URL. */
export function signalingUrl(endpoint: string, loc: { protocol: string; host: string } = window.location): string {
  if (/^wss?:\/\//.test(endpoint)) return endpoint;
  return `${loc.protocol === 'https:' ? 'wss:' : 'ws:'}//${loc.host}${endpoint}`;
}

/**
 * One call in a voice channel through Rally's SFU (docs/voice.md): the signalling socket, one peer
 * connection that only answers the SFU's offers, the microphone sent on the m-line the SFU gives
 * it, and the others' audio played. Mute stops sending (the track is disabled); deafen also mutes
 * what comes in (the SFU stops forwarding, and the elements are muted).
 */
export class VoiceConnection {
  private readonly socket: WebSocket;
  private readonly pc: RTCPeerConnection;
  /** What is sent: the microphone through its input volume (voice-devices.ts). */
  private microphone: MediaStreamTrack | null = null;
  private mic: Microphone | null = null;
  /** The shared screen's track, while sharing (screen-share.ts captures it). */
  private screen: MediaStreamTrack | null = null;
  private readonly audio = new Map<string, HTMLAudioElement>();
  private tracks: TrackMap = {};
  private levels: AudioContext | null = null;
  private readonly analysers = new Map<string, AnalyserNode>();
  private readonly lastLoud = new Map<string, number>();
  private speakingNow: string[] = [];
  private levelTimer: number | undefined;
  private pingTimer: number | undefined;
  private lostTimer: number | undefined;
  private readonly others = new Map<string, ParticipantState>();
  private answering: Promise<void> = Promise.resolve();
  private closed = false;
  muted: boolean;
  deafened = false;

  constructor(
    readonly join: VoiceJoin,
    private readonly events: VoiceConnectionEvents,
    options: { muted: boolean },
  ) {
    this.muted = options.muted;
    this.pc = new RTCPeerConnection({ iceServers: join.iceServers });
    this.pc.addEventListener('connectionstatechange', () => this.onConnectionState());
    this.pc.addEventListener('track', (event) => this.onTrack(event));
    this.socket = new WebSocket(signalingUrl(join.endpoint));
    this.socket.addEventListener('open', () => {
      this.send({ op: 'join', token: join.token });
      void this.startMicrophone();
    });
    this.socket.addEventListener('message', (event) => this.onMessage(event));
    this.socket.addEventListener('close', (event) => this.end(event.reason || undefined));
    // It starts 'joining' (the owner's initial state): events only come asynchronously, from here on.
  }

  private send(message: ClientMessage): void {
    if (this.socket.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(message));
  }

  private async startMicrophone(): Promise<void> {
    try {
      const mic = await openMicrophone(voiceDevicePreferences.get());
      if (this.closed) {
        mic.stop();
        return;
      }
      this.mic = mic;
      this.microphone = mic.track;
      this.microphone.enabled = !this.muted;
      this.send({ op: 'publish', source: 'microphone' });
      this.sendState();
      // Settings changed while the microphone was opening.
      void this.applyDevices(voiceDevicePreferences.get()).catch(() => undefined);
    } catch {
      // No microphone (or refused): the call goes on, listening only.
      this.muted = true;
      this.sendState();
    }
  }

  private onMessage(event: MessageEvent): void {
    let message: ServerMessage;
    try {
      message = serverMessageSchema.parse(JSON.parse(String(event.data)));
    } catch {
      return;
    }
    switch (message.op) {
      case 'joined':
        for (const participant of message.participants) this.others.set(participant.userId, participant);
        this.emitParticipants();
        return;
      case 'participant':
        this.others.set(message.participant.userId, message.participant);
        this.emitParticipants();
        return;
      case 'left':
        this.others.delete(message.userId);
        this.emitParticipants();
        return;
      case 'offer':
        this.answering = this.answering.then(() => this.answer(message)).catch(() => this.leave());
        return;
      case 'error':
        this.end(message.reason);
        return;
      case 'unpublished':
        if (message.source === 'screen') this.dropScreen();
        this.events.unpublished(message.source, message.reason);
        return;
      case 'pong':
        // Latency probes are not sent by this client yet.
        return;
    }
  }

  /** Answer an offer: the microphone on the m-line the SFU named for it, everything else received. */
  private async answer(offer: Extract<ServerMessage, { op: 'offer' }>): Promise<void> {
    // Known before the remote description lands: its tracks fire `track` while it is applied.
    this.tracks = offer.tracks;
    await this.pc.setRemoteDescription({ type: 'offer', sdp: offer.sdp });
    const mid = offer.publish.microphone;
    if (mid !== undefined && this.microphone) {
      const transceiver = this.pc.getTransceivers().find((t) => t.mid === mid);
      if (transceiver) {
        transceiver.direction = 'sendonly';
        if (transceiver.sender.track !== this.microphone) await transceiver.sender.replaceTrack(this.microphone);
      }
    }
    const screenMid = offer.publish.screen;
    if (screenMid !== undefined && this.screen) {
      const transceiver = this.pc.getTransceivers().find((t) => t.mid === screenMid);
      if (transceiver) {
        transceiver.direction = 'sendonly';
        if (transceiver.sender.track !== this.screen) await transceiver.sender.replaceTrack(this.screen);
      }
    }
    await this.pc.setLocalDescription(await this.pc.createAnswer());
    await this.gathered();
    const sdp = this.pc.localDescription?.sdp;
    if (sdp) this.send({ op: 'answer', sdp });
    this.events.tracks(offer.tracks);
  }

  /** The SFU takes whole answers (no trickle): wait until the candidates are in. */
  private gathered(): Promise<void> {
    if (this.pc.iceGatheringState === 'complete') return Promise.resolve();
    return new Promise((resolve) => {
      const check = () => {
        if (this.pc.iceGatheringState !== 'complete') return;
        this.pc.removeEventListener('icegatheringstatechange', check);
        resolve();
      };
      this.pc.addEventListener('icegatheringstatechange', check);
    });
  }

  private onTrack(event: RTCTrackEvent): void {
    if (event.track.kind !== 'audio') return;
    const mid = event.transceiver.mid ?? event.track.id;
    const stream = new MediaStream([event.track]);
    let element = this.audio.get(mid);
    if (!element) {
      element = document.createElement('audio');
      element.autoplay = true;
      audioHolder().append(element);
      this.audio.set(mid, element);
    }
    element.muted = this.deafened;
    playOn(element, voiceDevicePreferences.get().output);
    element.srcObject = stream;
    void element.play().catch(() => undefined);
    this.listen(mid, stream);
  }

  /** Read the level of what arrives on an m-line, for the speaking rings. */
  private listen(mid: string, stream: MediaStream): void {
    try {
      this.levels ??= new AudioContext();
      const analyser = this.levels.createAnalyser();
      analyser.fftSize = 512;
      this.levels.createMediaStreamSource(stream).connect(analyser);
      this.analysers.set(mid, analyser);
      this.levelTimer ??= window.setInterval(() => this.readLevels(), LEVEL_INTERVAL_MS);
    } catch {
      // No Web Audio here: no rings, the call itself goes on.
    }
  }

  private readLevels(): void {
    const now = performance.now();
    const samples = new Float32Array(512);
    for (const [mid, analyser] of this.analysers) {
      const userId = this.tracks[mid]?.userId;
      if (!userId) continue;
      analyser.getFloatTimeDomainData(samples);
      let sum = 0;
      for (const sample of samples) sum += sample * sample;
      if (Math.sqrt(sum / samples.length) > SPEAKING_LEVEL) this.lastLoud.set(userId, now);
    }
    const speaking = [...this.lastLoud]
      .filter(([, at]) => now - at < SPEAKING_HOLD_MS)
      .map(([userId]) => userId)
      .sort();
    if (speaking.join() !== this.speakingNow.join()) {
      this.speakingNow = speaking;
      this.events.speaking(speaking);
    }
  }

  private onConnectionState(): void {
    const state = this.pc.connectionState;
    if (state === 'connected') {
      window.clearTimeout(this.lostTimer);
      this.lostTimer = undefined;
      this.events.state('connected');
      this.pingTimer ??= window.setInterval(() => void this.readPing(), PING_INTERVAL_MS);
      void this.readPing();
    } else if (state === 'disconnected') {
      this.events.state('reconnecting');
      this.lostTimer ??= window.setTimeout(() => this.end('voice_connection_failed'), NETWORK_LEAVE_MS);
    } else if (state === 'failed') this.end('voice_connection_failed');
  }

  private async readPing(): Promise<void> {
    const report = await this.pc.getStats();
    report.forEach((entry: { type?: string; state?: string; nominated?: boolean; currentRoundTripTime?: number }) => {
      if (entry.type === 'candidate-pair' && entry.state === 'succeeded' && entry.nominated && entry.currentRoundTripTime !== undefined) {
        this.events.ping(Math.round(entry.currentRoundTripTime * 1000));
      }
    });
  }

  private emitParticipants(): void {
    this.events.participants([...this.others.values()]);
  }

  private sendState(): void {
    this.send({ op: 'state', muted: this.muted, deafened: this.deafened, speaking: false });
  }

  setMuted(muted: boolean): void {
    this.muted = muted;
    if (this.microphone) this.microphone.enabled = !muted;
    this.sendState();
  }

  /**
   * The device settings changed (voice-devices.ts), applied at once: the input volume and device on
   * what is sent (a new track, without Web Audio, replaces the old one on its sender without an
   * offer), the output on what plays.
   */
  async applyDevices(prefs: VoiceDevicePrefs): Promise<void> {
    for (const element of this.audio.values()) playOn(element, prefs.output);
    const { mic } = this;
    if (!mic || this.closed) return;
    mic.setVolume(prefs.inputVolume);
    await mic.setDevice(prefs.input);
    const previous = this.microphone;
    if (this.closed || mic.track === previous) return;
    mic.track.enabled = !this.muted;
    this.microphone = mic.track;
    const sender = this.pc.getSenders().find((s) => s.track === previous);
    await sender?.replaceTrack(mic.track);
  }

  setDeafened(deafened: boolean): void {
    this.deafened = deafened;
    for (const element of this.audio.values()) element.muted = deafened;
    this.sendState();
  }

  /** Which participant's source each receiving m-line carries now (for the screen viewer and tests). */
  trackMap(): TrackMap {
    return this.tracks;
  }

  /** Send a captured screen (the SFU offers the m-line for it); a previous one is replaced. */
  shareScreen(track: MediaStreamTrack): void {
    if (this.closed) {
      track.stop();
      return;
    }
    if (this.screen !== track) this.screen?.stop();
    this.screen = track;
    this.send({ op: 'publish', source: 'screen' });
  }

  /** The screen this client sends now (its own preview). */
  sharedScreen(): MediaStreamTrack | null {
    return this.screen;
  }

  /** Stop sending the screen, and tell the SFU. */
  stopScreen(): void {
    if (!this.screen) return;
    this.dropScreen();
    this.send({ op: 'unpublish', source: 'screen' });
  }

  /** The screen's track stopped and off its m-line (which stays, for the next share). */
  private dropScreen(): void {
    const track = this.screen;
    if (!track) return;
    this.screen = null;
    track.stop();
    for (const transceiver of this.pc.getTransceivers()) {
      if (transceiver.sender.track === track) void transceiver.sender.replaceTrack(null).catch(() => undefined);
    }
  }

  /** Receive these participants' shared screens, and no others (the SFU forwards screens only when watched). */
  watch(userIds: string[]): void {
    this.send({ op: 'watch', userIds });
  }

  /** The track arriving with a participant's source now, if an m-line carries it. */
  receivedTrack(userId: string, source: MediaSource): MediaStreamTrack | null {
    const mid = midCarrying(this.tracks, userId, source);
    if (mid === null || this.pc.signalingState === 'closed') return null;
    return this.pc.getTransceivers().find((t) => t.mid === mid)?.receiver.track ?? null;
  }

  /** The peer connection's figures (inbound and outbound RTP), for the ping and for tests. */
  stats(): Promise<RTCStatsReport> {
    return this.pc.getStats();
  }

  leave(): void {
    this.end();
  }

  private end(reason?: string): void {
    if (this.closed) return;
    this.closed = true;
    this.mic?.stop();
    this.screen?.stop();
    window.clearInterval(this.levelTimer);
    window.clearInterval(this.pingTimer);
    window.clearTimeout(this.lostTimer);
    void this.levels?.close().catch(() => undefined);
    for (const element of this.audio.values()) {
      element.srcObject = null;
      element.remove();
    }
    this.pc.close();
    if (this.socket.readyState === WebSocket.OPEN || this.socket.readyState === WebSocket.CONNECTING) this.socket.close();
    this.events.state('disconnected', reason);
  }
}
