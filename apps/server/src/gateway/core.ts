import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';
import { CloseCode, GATEWAY_VERSION, type ClientFrame } from '@rally/shared/gateway/protocol';
import { Presence } from '@rally/shared/api/users';
import { TYPING } from '@rally/shared/gateway/typing';
import { publishEvent } from '../lib/events';
import type { BusId } from '../bus/types';
import { hashToken } from '../modules/auth/session-repository';
import { loadTeamAccessOfMembers } from '../modules/permissions/access';
import { chosenPresenceOf } from '../modules/presence/repository';
import { findUserById, toSelfUser } from '../modules/users/repository';
import { loadReadyState } from '../modules/teams/ready';
import { ReadMarkWriter } from '../modules/read-states/read-writer';
import { chatIdsOf } from '../modules/dms/repository';
import { Connection } from './connection';
import { dispatchFrame } from './frames';
import type { GatewayOptions } from './options';
import { bestOf } from './presence';
import type { PresenceRegistry } from './presence-registry';
import { PresenceTracker } from './presence-tracker';
import { canResume, catchUp } from './resume';
import { Router } from './router';
import { DM_VIEW } from '../modules/permissions/visibility-changes';
import { Session } from './session';
import type { SessionStore } from './session-store';
import { UserRegistry } from './users';

const INVALID_SESSION_CLOSE = 1000;

function ignoreSocketError(): void {
  // A close event follows.
}

/**
 * The life of every socket of this process: first frame or READY, RESUME, frames, close. Delivery
 * itself is the router's; dropped sessions go to the session store.
 */
export class GatewayCore {
  /** This process's sockets and their connections (the socket's listeners look theirs up here). */
  readonly connections = new Map<WebSocket, Connection>();
  /** Live sessions of this process, by id. */
  private readonly live = new Map<string, Connection>();
  /** Snapshots being written, by session id (a RESUME waits for them). */
  private readonly saving = new Map<string, Promise<void>>();
  readonly router: Router;
  /** Each user's sockets on this process and the budgets they share. */
  private readonly users: UserRegistry;
  readonly presence: PresenceTracker;
  /** MESSAGE_READ frames become read markers here, written in bursts (group commit). */
  private readonly reads: ReadMarkWriter;
  /** The listeners of every socket (`this` is the socket): one pair per process, not closures per socket. */
  private readonly onSocketMessage: (this: WebSocket, raw: WebSocket.RawData, isBinary: boolean) => void;
  private readonly onSocketClose: (this: WebSocket) => void;

  constructor(
    private readonly app: FastifyInstance,
    private readonly options: GatewayOptions,
    private readonly store: SessionStore,
    presenceRegistry: PresenceRegistry,
  ) {
    this.router = new Router(app.bus.lastId(), {
      loadAccess: (teamId, userIds) => loadTeamAccessOfMembers(app.db, teamId, userIds),
      invalidate: (session) => this.invalidate(session),
      onLoadError: (err) => app.log.error({ err }, 'gateway: loading what a session may view failed'),
    });
    this.users = new UserRegistry(options);
    this.reads = new ReadMarkWriter(app, (err) => app.log.error({ err }, 'gateway: marking a channel read failed'));
    this.presence = new PresenceTracker(
      app,
      presenceRegistry,
      {
        localPresence: (userId) => bestOf(this.liveSessionsOf(userId).map((s) => s.presence ?? Presence.ONLINE)),
        chosenOf: (userId) => this.users.get(userId)?.chosen ?? null,
        localUsers: () => new Set([...this.live.values()].map((conn) => conn.userId)),
      },
      { coalesceMs: options.presenceCoalesceMs, beatMs: Math.max(10, Math.floor(options.presenceTtlMs / 3)) },
    );
    // One handler pair for every socket (no closure per socket): `this` is the socket.
    const connections = this.connections;
    const onMessage = this.onMessage.bind(this);
    const onClose = this.onClose.bind(this);
    this.onSocketMessage = function (this: WebSocket, raw: WebSocket.RawData, isBinary: boolean) {
      const conn = connections.get(this);
      if (conn) onMessage(conn, raw, isBinary);
    };
    this.onSocketClose = function (this: WebSocket) {
      const conn = connections.get(this);
      if (conn) onClose(conn);
    };
  }

  open(ws: WebSocket, auth: { userId: string; token: string }): void {
    const conn = new Connection(ws, auth.userId, hashToken(auth.token), this.options);
    const admission = this.users.admit(conn, Date.now());
    if (!admission.ok) {
      ws.on('error', ignoreSocketError);
      if (admission.reason === 'rate') ws.close(CloseCode.RATE_LIMITED, 'rate limited');
      else ws.close(CloseCode.TOO_MANY_CONNECTIONS, 'too many connections');
      return;
    }
    conn.user = admission.user;
    this.connections.set(ws, conn);
    ws.on('message', this.onSocketMessage);
    ws.on('close', this.onSocketClose);
    ws.on('error', ignoreSocketError);
    // A resuming client sends RESUME at once; a fresh one sends nothing and gets READY after the wait.
    conn.waitTimer = setTimeout(() => void this.start(conn), this.options.resumeWaitMs);
  }

  private onMessage(conn: Connection, raw: WebSocket.RawData, isBinary: boolean): void {
    if (conn.phase === 'closed') return;
    const incoming = conn.read(raw, isBinary);
    if (!incoming.ok) {
      if (incoming.reason === 'rate') conn.close(CloseCode.RATE_LIMITED, 'rate limited');
      else conn.close(CloseCode.INVALID_FRAME, 'invalid frame');
      return;
    }
    const frame = incoming.frame;
    if (frame.type === 'RESUME') {
      if (conn.phase === 'waiting') {
        this.clearWait(conn);
        void this.resume(conn, frame.data.sessionId, frame.data.seq);
        return;
      }
      // The first frame, but READY went out already (it came after the wait): the client wanted
      // its old session, which this socket can no longer give; it starts over on a new socket.
      if (conn.framesReceived === 1) conn.sendControl({ type: 'INVALID_SESSION', data: { resumable: false } }, 0);
      this.end(conn, CloseCode.ALREADY_STARTED, 'already started', false);
      return;
    }
    if (conn.phase === 'waiting') {
      this.clearWait(conn);
      void this.start(conn);
    }
    this.handle(conn, frame);
  }

  private handle(conn: Connection, frame: Exclude<ClientFrame, { type: 'RESUME' }>): void {
    const session = conn.phase === 'live' ? conn.session : null;
    switch (frame.type) {
      case 'HEARTBEAT': {
        const seq = frame.data?.seq;
        if (session && typeof seq === 'number') session.ack(seq);
        conn.sendControl({ type: 'HEARTBEAT_ACK', data: {} }, session?.seq ?? 0);
        return;
      }
      case 'CHANNEL_MOUNTED':
        if (session && session.channelIds.has(frame.data.channelId)) session.currentChannelId = frame.data.channelId;
        return;
      case 'PRESENCE_UPDATE':
        if (session) {
          session.presence = frame.data.presence;
          this.presence.changed(session.userId);
        }
        return;
      case 'MESSAGE_READ':
        if (session) this.markRead(session, frame.data.channelId, frame.data.messageId);
        return;
      case 'CHANNEL_TYPING':
        if (session) this.typing(session, frame.data.channelId);
        return;
    }
  }

  /**
   * The session's user is typing in a channel it may view (not a category): the channel's other
   * viewers hear CHANNEL_TYPING. At most one per session and channel every TYPING.serverGapMs
   * passes, whatever the client sends (each one fans out to the whole channel).
   */
  private typing(session: Session, channelId: string): void {
    if (!session.channelIds.has(channelId)) return;
    let isChannel = false;
    for (const team of session.teams.values()) if (team.channels.has(channelId)) isChannel = true;
    if (!isChannel) return;
    const now = Date.now();
    if (session.typing && session.typing.channelId === channelId && now - session.typing.at < TYPING.serverGapMs) return;
    if (this.users.get(session.userId)?.typing.hit(now) === false) return;
    session.typing = { channelId, at: now };
    const userId = session.userId;
    void (async () => {
      session.username ??= (await findUserById(this.app.db, userId))?.username ?? null;
      if (session.username === null) return;
      await publishEvent(
        { bus: this.app.bus, log: this.app.log },
        {
          audience: { kind: 'channel', channelId, except: userId },
          event: { type: 'CHANNEL_TYPING', data: { channelId, userId, username: session.username } },
        },
      );
    })().catch((err: unknown) => this.app.log.error({ err }, 'gateway: typing failed'));
  }

  /** The session's user read a channel it may view (modules/read-states: the marker moves, their sessions hear MESSAGE_READ). */
  private markRead(session: Session, channelId: string, messageId: string | undefined): void {
    if (!session.channelIds.has(channelId)) return;
    let teamId: string | null | undefined;
    for (const [id, team] of session.teams) if (team.channels.has(channelId)) teamId = id === DM_VIEW ? null : id;
    if (teamId === undefined) return; // a category
    this.reads.mark({ userId: session.userId, channelId, teamId, upTo: messageId });
  }

  /** A fresh session: subscribe (collecting events at once), load READY, send it, then go live. */
  private async start(conn: Connection): Promise<void> {
    if (conn.phase !== 'waiting') return;
    conn.phase = 'starting';
    conn.waitTimer = null;
    const session = new Session(randomBytes(16).toString('base64url'), conn.userId, conn.tokenHash, this.options.replayBuffer);
    conn.session = session;
    this.router.addPending(session);
    try {
      const [user, state, chatIds] = await Promise.all([
        findUserById(this.app.db, conn.userId),
        loadReadyState(this.app.db, conn.userId),
        chatIdsOf(this.app.db, conn.userId),
      ]);
      if (conn.phase !== 'starting') return;
      if (!user) {
        this.end(conn, CloseCode.NOT_AUTHENTICATED, 'not authenticated', false);
        return;
      }
      if (conn.user) conn.user.chosen = chosenPresenceOf(user);
      session.username = user.username;
      for (const team of state.teams) {
        const ofTeam = (row: { id: string; teamId: string | null }) => (row.teamId === team.id ? [row.id] : []);
        session.view(team.id, state.channels.flatMap(ofTeam), state.categories.flatMap(ofTeam));
      }
      session.view(DM_VIEW, chatIds, []);
      conn.sendControl(
        {
          type: 'READY',
          data: {
            version: GATEWAY_VERSION,
            sessionId: session.id,
            heartbeatInterval: this.options.heartbeatIntervalMs,
            user: toSelfUser(user),
            teams: state.teams,
            channels: state.channels,
            categories: state.categories,
            roles: state.roles,
            suspendedTeamLength: 0,
          },
        },
        0,
      );
      session.sink = conn;
      this.goLive(conn, session, null);
    } catch (err) {
      this.app.log.error({ err }, 'gateway: READY failed');
      this.end(conn, CloseCode.UNKNOWN_ERROR, 'error', false);
    }
  }

  private async resume(conn: Connection, sessionId: string, clientSeq: number): Promise<void> {
    conn.phase = 'resuming';
    const stillWanted = () => conn.phase === 'resuming';
    try {
      // The old socket may not have been seen closing yet: it is dropped now (only by its own sign-in).
      const previous = this.live.get(sessionId);
      if (previous && previous.tokenHash === conn.tokenHash) {
        this.detach(previous, true);
        previous.ws.terminate();
      }
      await this.saving.get(sessionId);
      const snapshot = await this.store.take(conn.tokenHash, sessionId);
      if (!stillWanted()) {
        if (snapshot) await this.store.save(snapshot, this.options.resumeWindowMs);
        return;
      }
      if (!canResume(snapshot, { userId: conn.userId, tokenHash: conn.tokenHash }, clientSeq)) {
        this.invalidSession(conn);
        return;
      }
      const session = Session.fromSnapshot(snapshot, this.options.replayBuffer);
      conn.session = session;
      this.router.addPending(session);
      const reached = await catchUp(session, this.app.bus, this.router, snapshot.cursor, clientSeq, stillWanted);
      if (!stillWanted()) return;
      if (reached === null) {
        this.invalidSession(conn);
        return;
      }
      let replayed = 0;
      for (const [seq, tail] of session.frames) {
        if (seq <= clientSeq) continue;
        conn.sendRaw(dispatchFrame(seq, tail));
        replayed++;
      }
      const before = session.seq;
      session.sink = conn;
      this.goLive(conn, session, reached);
      if (conn.session !== session) return; // an event for it was lost meanwhile: INVALID_SESSION went out
      replayed += session.seq - before;
      conn.sendControl({ type: 'RESUMED', data: { replayed } }, session.seq);
    } catch (err) {
      // (A session that does not go live is taken off the router by end() or onClose().)
      this.app.log.error({ err }, 'gateway: RESUME failed');
      this.end(conn, CloseCode.UNKNOWN_ERROR, 'error', false);
    }
  }

  /**
   * The session is live on the socket: the router applies what arrived while it was starting or
   * catching up (after `after`, in order, with the subscription changes on the way), then delivers
   * directly.
   */
  private goLive(conn: Connection, session: Session, after: BusId | null): void {
    conn.phase = 'live';
    this.live.set(session.id, conn);
    this.router.release(session, after);
    this.connectionChanged(conn.userId);
  }

  /** A socket of the user went live or stopped being live. */
  private connectionChanged(userId: string): void {
    if (this.options.presenceOnConnect) this.presence.changed(userId);
  }

  /** A live session missed an event (or what it may view could not be loaded): the client starts over. */
  private invalidate(session: Session): void {
    const conn = this.live.get(session.id);
    if (conn?.session === session && conn.phase === 'live') this.invalidSession(conn);
  }

  private invalidSession(conn: Connection): void {
    conn.sendControl({ type: 'INVALID_SESSION', data: { resumable: false } }, 0);
    this.end(conn, INVALID_SESSION_CLOSE, 'invalid session', false);
  }

  private onClose(conn: Connection): void {
    this.connections.delete(conn.ws);
    this.users.release(conn);
    this.clearWait(conn);
    const wasLive = conn.phase === 'live';
    conn.phase = 'closed';
    if (!conn.session) return;
    if (wasLive) {
      this.detach(conn, true);
      this.connectionChanged(conn.userId);
    } else {
      this.router.remove(conn.session);
      conn.session = null;
    }
  }

  /**
   * Take the session off its socket; with `save`, keep it for RESUME (here or on another process):
   * its frames so far, and the bus position after which the rest is to be read.
   */
  private detach(conn: Connection, save: boolean): void {
    const session = conn.session;
    if (!session) return;
    conn.session = null;
    session.sink = null;
    const cursor = this.router.cursorOf(session);
    this.router.remove(session);
    if (this.live.get(session.id) === conn) this.live.delete(session.id);
    if (!save) return;
    const snapshot = session.snapshot(cursor);
    const saved = this.store
      .save(snapshot, this.options.resumeWindowMs)
      .catch((err: unknown) => this.app.log.error({ err }, 'gateway: session snapshot failed'))
      .finally(() => {
        if (this.saving.get(session.id) === saved) this.saving.delete(session.id);
      });
    this.saving.set(session.id, saved);
  }

  /** Close a socket; its session is kept for RESUME only when `resumable`. */
  end(conn: Connection, code: number, reason: string, resumable: boolean): void {
    if (conn.phase === 'live') {
      this.detach(conn, resumable);
      this.connectionChanged(conn.userId);
    } else if (conn.session) {
      this.router.remove(conn.session);
      conn.session = null;
    }
    conn.phase = 'closed';
    conn.close(code, reason);
  }

  /** Close this process's sockets of an auth session (logout), for good. */
  endAuthSession(tokenHash: string): void {
    for (const conn of this.connections.values()) if (conn.tokenHash === tokenHash) this.end(conn, CloseCode.SESSION_ENDED, 'session ended', false);
  }

  /** Close the sockets with no frame for the timeout (called by the gateway's sweep). */
  sweep(now: number): void {
    for (const conn of this.connections.values()) {
      if (conn.phase !== 'closed' && now - conn.lastFrameAt > this.options.heartbeatTimeoutMs) {
        this.end(conn, CloseCode.SESSION_TIMEOUT, 'session timeout', true);
      }
    }
    this.users.sweep(now);
  }

  /** Snapshots still being written, presence writes still gathered and read markers (shutdown waits for them). */
  pendingWrites(): Promise<unknown> {
    return Promise.all([...this.saving.values(), this.presence.stop(), this.reads.drain()]);
  }

  /** The user's sessions that are live on this process. */
  private liveSessionsOf(userId: string): Session[] {
    const sessions: Session[] = [];
    for (const conn of this.users.get(userId)?.connections ?? []) if (conn.phase === 'live' && conn.session) sessions.push(conn.session);
    return sessions;
  }

  private clearWait(conn: Connection): void {
    if (conn.waitTimer) clearTimeout(conn.waitTimer);
    conn.waitTimer = null;
  }
}
