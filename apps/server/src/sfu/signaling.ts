import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { clientMessageSchema, VOICE_RATE_LIMITED, type ClientMessage, type ParticipantState, type ServerMessage } from '@rally/shared/voice/signaling';
import type { SfuEngine, SfuSession } from './engine';
import { messageText } from '../gateway/message-text';
import { Coalescer } from '../lib/coalescer';
import { jsonOrNull } from '../lib/json';
import type { NodeParticipant } from './ipc';
import { FrameBudgets, type SignalingLimits } from './signaling-limits';
import { verifyVoiceToken, type VoiceGrant } from './token';

/** A client that has not sent a valid `join` by then is dropped. */
const JOIN_TIMEOUT_MS = 10_000;
/** The largest signalling frame: an SDP with a few dozen m-lines. */
const MAX_FRAME_BYTES = 256 * 1024;

/** What the SFU tells the API about its participants (voice state, docs/voice.md). */
export interface SfuReporter {
  joined(grant: VoiceGrant): void;
  /** Muted, deafened or what they send changed (not speaking: that stays in the room). */
  changed(grant: VoiceGrant, state: ParticipantState): void;
  left(grant: VoiceGrant): void;
}

/**
 * The SFU's signalling endpoint: one WebSocket per client, the first frame a `join` with a voice
 * token signed by the API (anything else, or a bad or expired token, closes it with 4001), then
 * the client's answers and requests, passed to the engine. Every frame counts against the socket's
 * and its user's budgets (`limits`, signaling-limits.ts): one over either closes the socket with
 * 4008 voice_rate_limited. A participant's `state` changes are coalesced (`stateCoalesceMs`): the
 * first reaches the engine at once, those within the window after it once at its end with the
 * latest state, so that a burst of toggles costs the room and the API one update per window.
 */
export class SignalingServer {
  private readonly wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES, perMessageDeflate: false });
  /** Who is in the rooms now, with what they last told (a remote node's snapshot, sfu/api-link.ts). */
  private readonly present = new Map<WebSocket, NodeParticipant>();
  private readonly budgets: FrameBudgets;

  constructor(
    private readonly engine: SfuEngine,
    private readonly secret: string,
    private readonly reporter: SfuReporter,
    private readonly limits: SignalingLimits,
  ) {
    this.budgets = new FrameBudgets(limits);
    this.wss.on('connection', (socket) => this.accept(socket));
  }

  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void {
    this.wss.handleUpgrade(request, socket, head, (ws) => this.wss.emit('connection', ws, request));
  }

  private accept(socket: WebSocket): void {
    let session: SfuSession | null = null;
    let grant: VoiceGrant | null = null;
    const send = (message: ServerMessage) => {
      if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
      if (message.op === 'error') socket.close(4000, message.reason);
    };
    const timer = setTimeout(() => socket.close(4001, 'voice_token_invalid'), JOIN_TIMEOUT_MS);
    let queue = Promise.resolve();
    const frames = this.budgets.socket();
    /** One message at a time per client, in order (an answer must land before the next publish). */
    const handle = (message: Exclude<ClientMessage, { op: 'join' }>): Promise<void> => {
      const current = session;
      if (!current || socket.readyState !== socket.OPEN) return Promise.resolve();
      queue = queue.then(() => current.handle(message)).catch(() => socket.close(4003, 'voice_negotiation_failed'));
      return queue;
    };
    const states = new Coalescer<Extract<ClientMessage, { op: 'state' }>>((_key, state) => handle(state), {
      delayMs: this.limits.stateCoalesceMs,
      merge: (_pending, next) => next,
    });

    socket.on('message', (data, isBinary) => {
      const now = Date.now();
      if (!frames.hit(now) || (grant && !this.budgets.user(grant.userId).hit(now))) {
        socket.close(VOICE_RATE_LIMITED.code, VOICE_RATE_LIMITED.reason);
        return;
      }
      const parsed = isBinary ? null : jsonOrNull(messageText(data));
      const message = clientMessageSchema.safeParse(parsed);
      if (!message.success) {
        socket.close(4002, 'voice_message_invalid');
        return;
      }
      if (message.data.op === 'join') {
        if (session) return;
        grant = verifyVoiceToken(this.secret, message.data.token);
        if (!grant) {
          socket.close(4001, 'voice_token_invalid');
          return;
        }
        clearTimeout(timer);
        const joined = grant;
        // A session this replaces ends (and is reported left) inside join, before this one is reported.
        // A participant joins unmuted, undeafened, sending nothing: what changes from there is reported.
        let reported = JSON.stringify([false, false, []]);
        const changed = (state: ParticipantState) => {
          const key = JSON.stringify([state.muted, state.deafened, state.sources]);
          const entry = this.present.get(socket);
          if (entry) entry.state = state;
          if (key === reported) return;
          reported = key;
          this.reporter.changed(joined, state);
        };
        session = this.engine.join(
          joined.channelId,
          { userId: joined.userId, screenCap: joined.screenCap },
          {
            send,
            changed,
            ended: () => {
              if (this.present.get(socket)?.grant === joined) this.present.delete(socket);
              this.reporter.left(joined);
            },
          },
        );
        this.present.set(socket, { grant: joined, state: null });
        this.reporter.joined(joined);
        return;
      }
      if (!session) {
        socket.close(4001, 'voice_token_invalid');
        return;
      }
      if (message.data.op === 'state') void states.changed('state', message.data);
      else void handle(message.data);
    });

    socket.on('close', () => {
      clearTimeout(timer);
      void session?.leave();
    });
  }

  /** Everyone in the rooms now. */
  participants(): NodeParticipant[] {
    return [...this.present.values()];
  }

  async close(): Promise<void> {
    this.budgets.close();
    for (const client of this.wss.clients) client.terminate();
    await new Promise<void>((resolve) => this.wss.close(() => resolve()));
  }
}
