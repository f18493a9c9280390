import { RateWindow } from '../gateway/rate-window';
import type { Rate } from '../lib/rate-setting';

/** The limits of an SFU node's signalling sockets (VOICE_FRAME_RATE, VOICE_USER_FRAME_RATE, VOICE_STATE_COALESCE_MS of sfu/config.ts). */
export interface SignalingLimits {
  frameRate: Rate;
  userFrameRate: Rate;
  stateCoalesceMs: number;
}

/**
 * The frame budgets of one node's signalling sockets, as the gateway's (gateway/users.ts): each
 * socket's own, and each user's across all their sockets on this node (one user may hold a socket
 * per channel, each within its own budget). Kept in memory, no round trip per frame; each node
 * applies them. A user's budget is forgotten once its window has passed without a frame.
 */
export class FrameBudgets {
  private readonly users = new Map<string, RateWindow>();
  private readonly sweep: NodeJS.Timeout;

  constructor(private readonly limits: Pick<SignalingLimits, 'frameRate' | 'userFrameRate'>) {
    this.sweep = setInterval(() => this.forget(Date.now()), Math.max(1_000, limits.userFrameRate.windowMs));
    this.sweep.unref();
  }

  /** A new socket's own budget. */
  socket(): RateWindow {
    return new RateWindow(this.limits.frameRate);
  }

  /** The user's budget, shared by their sockets on this node. */
  user(userId: string): RateWindow {
    let frames = this.users.get(userId);
    if (!frames) this.users.set(userId, (frames = new RateWindow(this.limits.userFrameRate)));
    return frames;
  }

  private forget(now: number): void {
    for (const [userId, frames] of this.users) if (now - frames.lastHitAt >= this.limits.userFrameRate.windowMs) this.users.delete(userId);
  }

  close(): void {
    clearInterval(this.sweep);
  }
}
