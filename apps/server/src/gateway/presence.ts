import { Presence, type PublicUser } from '@rally/shared/api/users';

export type PresenceValue = PublicUser['presence'];

/** Which of several sessions' presences the user shows: do-not-disturb, then online, then idle, then invisible. */
const RANK: Record<PresenceValue, number> = { [Presence.DND]: 3, [Presence.ONLINE]: 2, [Presence.IDLE]: 1, [Presence.OFFLINE]: 0 };

/**
 * The presence the user shows, from the status they chose (POST /api/v1/me/presence, kept in their
 * settings) and what each of their live sessions reports (PRESENCE_UPDATE frames: idle after
 * inactivity, online when active again; a session that reported nothing counts as online).
 * No live session anywhere: offline. A chosen idle, do-not-disturb or invisible (offline) status
 * holds whatever the sessions say; with online chosen, the best of the sessions' reports.
 */
export function presenceOf(chosen: PresenceValue, sessions: Iterable<PresenceValue>): PresenceValue {
  const best = bestOf(sessions);
  if (best === null) return Presence.OFFLINE;
  return chosen === Presence.ONLINE ? best : chosen;
}

/** The highest-ranked of some reported presences; null when there is none. */
export function bestOf(values: Iterable<PresenceValue>): PresenceValue | null {
  let best: PresenceValue | null = null;
  for (const value of values) if (best === null || RANK[value] > RANK[best]) best = value;
  return best;
}

/**
 * Changes of a user's live sessions on this process are coalesced per user: the first one of a
 * burst (a socket opening or closing, a PRESENCE_UPDATE frame) schedules a flush after `delayMs`,
 * and the flush hands the user's sessions of this process to the presence tracker at once. A
 * user's burst of hundreds of frames costs at most one registry update, one write and one event
 * per window.
 */
export class PresenceCoalescer {
  private readonly pending = new Map<string, NodeJS.Timeout>();
  private readonly running = new Set<Promise<void>>();

  constructor(
    private readonly flush: (userId: string) => Promise<void>,
    private readonly delayMs: number,
  ) {}

  /** Something about the user's sessions on this process changed. */
  changed(userId: string): void {
    if (this.pending.has(userId)) return;
    const timer = setTimeout(() => {
      this.pending.delete(userId);
      this.start(userId);
    }, this.delayMs);
    timer.unref();
    this.pending.set(userId, timer);
  }

  /** Run the user's scheduled flush now, if any, and wait for every flush in progress (before a chosen status is applied). */
  async flushNow(userId: string): Promise<void> {
    const timer = this.pending.get(userId);
    if (timer) {
      clearTimeout(timer);
      this.pending.delete(userId);
      this.start(userId);
    }
    await Promise.all(this.running);
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
