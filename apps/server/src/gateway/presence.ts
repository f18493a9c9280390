import { Presence, type PublicUser } from '@rally/shared/api/users';

type PresenceValue = PublicUser['presence'];

/** Which of several sessions' presences the user shows: do-not-disturb, then online, then idle. */
const RANK: Record<PresenceValue, number> = { [Presence.DND]: 3, [Presence.ONLINE]: 2, [Presence.IDLE]: 1, [Presence.OFFLINE]: 0 };

/** The user's presence over their sessions' chosen presences; null when no session chose one. */
export function aggregatePresence(values: Iterable<PresenceValue | null>): PresenceValue | null {
  let best: PresenceValue | null = null;
  for (const value of values) if (value !== null && (best === null || RANK[value] > RANK[best])) best = value;
  return best;
}

export interface PresenceDeps {
  /** The presences chosen by the user's live sessions on this process. */
  sessionsOf(userId: string): Iterable<PresenceValue | null>;
  /** Store the user's presence; true when it changed (the caller publishes only then). */
  write(userId: string, presence: PresenceValue): Promise<boolean>;
  /** Tell the user's audiences (their teams, or themselves). */
  publish(userId: string, presence: PresenceValue): Promise<void>;
  onError(err: unknown): void;
}

/**
 * PRESENCE_UPDATE frames are coalesced per user: the first one of a burst schedules a flush after
 * `delayMs`; the flush computes the user's aggregate presence once, writes it only when it differs
 * from the stored one (a conditional update, so that several processes agree), and publishes only
 * then. A user's burst of hundreds of frames costs at most one write and one event per window.
 */
export class PresenceCoalescer {
  private readonly pending = new Map<string, NodeJS.Timeout>();
  private readonly running = new Set<Promise<void>>();

  constructor(
    private readonly deps: PresenceDeps,
    private readonly delayMs: number,
  ) {}

  /** A session of the user chose a presence (already set on the session). */
  changed(userId: string): void {
    if (this.pending.has(userId)) return;
    const timer = setTimeout(() => {
      this.pending.delete(userId);
      this.start(userId);
    }, this.delayMs);
    timer.unref();
    this.pending.set(userId, timer);
  }

  private async flush(userId: string): Promise<void> {
    const presence = aggregatePresence(this.deps.sessionsOf(userId));
    if (presence === null) return;
    try {
      if (await this.deps.write(userId, presence)) await this.deps.publish(userId, presence);
    } catch (err) {
      this.deps.onError(err);
    }
  }

  /** Run the scheduled flushes now and wait for every flush (shutdown, tests). */
  async drain(): Promise<void> {
    for (const [userId, timer] of this.pending) {
      clearTimeout(timer);
      this.pending.delete(userId);
      this.start(userId);
    }
    await Promise.all(this.running);
  }

  private start(userId: string): void {
    const run = this.flush(userId).finally(() => this.running.delete(run));
    this.running.add(run);
  }
}
