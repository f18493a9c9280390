import type { Connection } from './connection';
import type { PresenceValue } from './presence';
import type { GatewayOptions } from './options';
import { RATE_LIMITS } from '@rally/shared/limits';
import { RateWindow } from './rate-window';

/** What one user holds on this process: the sockets, and the budgets that all of them share. */
export interface UserSockets {
  readonly connections: Set<Connection>;
  /** Client frames of all the user's sockets together. */
  readonly frames: RateWindow;
  /** Sockets opened (each costs a READY). */
  readonly opens: RateWindow;
  /** CHANNEL_TYPING events passed on (RATE_LIMITS.typing): switching channels must not get round the per-channel gap. */
  readonly typing: RateWindow;
  /** The status the user chose, as read at their latest READY here (presence-tracker.ts). */
  chosen: PresenceValue | null;
}

export type Admission = { ok: true; user: UserSockets } | { ok: false; reason: 'too_many_sockets' | 'rate' };

/**
 * Per-user limits of the gateway, on top of the per-socket ones: one user could otherwise open any
 * number of sockets, each inside its own frame limit, and flood the process (a probe with 300
 * sockets sending presence updates stalled every other request for over a minute). The limits are
 * per process (kept in memory, no round trip per frame); several processes behind a load balancer
 * each apply them.
 */
export class UserRegistry {
  private readonly users = new Map<string, UserSockets>();

  constructor(private readonly options: Pick<GatewayOptions, 'maxSocketsPerUser' | 'userFrameRate' | 'userConnectRate'>) {}

  /** Admit a new socket of the user, or say why not (over the socket cap, or opening too fast). */
  admit(conn: Connection, now: number): Admission {
    let user = this.users.get(conn.userId);
    if (!user) {
      user = {
        connections: new Set(),
        frames: new RateWindow(this.options.userFrameRate),
        opens: new RateWindow(this.options.userConnectRate),
        typing: new RateWindow(RATE_LIMITS.typing),
        chosen: null,
      };
      this.users.set(conn.userId, user);
    }
    if (!user.opens.hit(now)) return { ok: false, reason: 'rate' };
    if (user.connections.size >= this.options.maxSocketsPerUser) return { ok: false, reason: 'too_many_sockets' };
    user.connections.add(conn);
    return { ok: true, user };
  }

  /** The socket closed. The user's counters are kept while a window could still matter (see sweep). */
  release(conn: Connection): void {
    this.users.get(conn.userId)?.connections.delete(conn);
  }

  get(userId: string): UserSockets | undefined {
    return this.users.get(userId);
  }

  /** Forget users without sockets whose windows have passed (called by the gateway's sweep). */
  sweep(now: number): void {
    const idleFor = Math.max(this.options.userFrameRate.windowMs, this.options.userConnectRate.windowMs);
    for (const [userId, user] of this.users) {
      if (user.connections.size === 0 && now - user.opens.lastHitAt >= idleFor && now - user.frames.lastHitAt >= idleFor) this.users.delete(userId);
    }
  }
}
