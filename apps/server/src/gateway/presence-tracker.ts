import type { FastifyInstance } from 'fastify';
import { Coalescer } from '../lib/coalescer';
import { publishEvent } from '../lib/events';
import { presenceCircleOf, setOffline, usersShownPresent } from '../modules/presence/repository';
import { updatePresence } from '../modules/users/repository';
import type { PresenceValue } from './presence';
import type { PresenceChange, PresenceRegistry } from './presence-registry';

/** What the tracker needs of the gateway of this process. */
export interface LocalSessions {
  /** The best presence reported by the user's live sessions on this process (null: none here). */
  localPresence(userId: string): PresenceValue | null;
  /** The status the user chose, as read at their latest READY on this process (null: not known here). */
  chosenOf(userId: string): PresenceValue | null;
  /** Every user with a live session on this process. */
  localUsers(): Iterable<string>;
}

const RESET_PAGE = 1000;

/**
 * Presence over all of a user's sessions on all processes (docs/gateway-protocol.md, "Presence"):
 * changes of this process's sessions are coalesced per user (trailing: the first one of a burst — a
 * socket opening or closing, a PRESENCE_UPDATE frame — schedules a flush after coalesceMs, which
 * hands the user's sessions of this process to the registry at once; hundreds of frames cost at
 * most one registry update, one write and one event per window) and reported to the registry, which
 * says when the shown presence changed; the change is written to users.presence (what member
 * lists, message authors and READY read) and published as PRESENCE_UPDATE to the user's circle:
 * the members of their teams, their accepted friends and themselves. Beats keep this process
 * registered and take stopped processes' sessions off their users.
 */
export class PresenceTracker {
  private readonly coalescer: Coalescer<null>;
  private timer: NodeJS.Timeout | null = null;
  private beating: Promise<void> | null = null;

  constructor(
    private readonly app: FastifyInstance,
    private readonly registry: PresenceRegistry,
    private readonly local: LocalSessions,
    private readonly options: { coalesceMs: number; beatMs: number },
  ) {
    this.coalescer = new Coalescer((userId) => this.flush(userId), { delayMs: options.coalesceMs, leading: false, merge: () => null });
  }

  /**
   * Before the first socket: users still shown present without a live session anywhere (left by a
   * process that stopped before this one existed, or rows from before presence was tracked) are
   * shown offline; then beats start.
   */
  async start(): Promise<void> {
    let after: string | null = null;
    for (;;) {
      const ids = await usersShownPresent(this.app.db, after, RESET_PAGE);
      if (ids.length === 0) break;
      const live = await this.registry.live(ids);
      await setOffline(
        this.app.db,
        ids.filter((id) => !live.has(id)),
      );
      if (ids.length < RESET_PAGE) break;
      after = ids.at(-1)!; // a full page: its last id exists
    }
    await this.beat();
    this.timer = setInterval(() => void this.beat(), this.options.beatMs);
    this.timer.unref();
  }

  /** Something about the user's sessions on this process changed (opened, closed, reported idle or active). */
  changed(userId: string): void {
    void this.coalescer.changed(userId, null);
  }

  /**
   * The user chose a status (POST /api/v1/me/presence, its settings already written). This
   * process's sessions of the user are reported first if a report is waiting (a socket that just
   * closed, one that just opened), so that the status is applied over their present state, not
   * the one before.
   */
  async choose(userId: string, chosen: PresenceValue): Promise<void> {
    await this.coalescer.flushNow(userId);
    const change = await this.registry.choose(userId, chosen);
    if (change) await this.apply(change);
  }

  /** Stop beating and run the pending flushes (shutdown). */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.beating;
    await this.coalescer.drain();
    await this.registry.close();
  }

  /** Wait for the pending flushes (tests, shutdown). */
  drain(): Promise<void> {
    return this.coalescer.drain();
  }

  private async flush(userId: string): Promise<void> {
    try {
      const change = await this.registry.sync(userId, this.local.localPresence(userId), this.local.chosenOf(userId));
      if (change) await this.apply(change);
    } catch (err) {
      this.app.log.error({ err }, 'gateway: presence update failed');
    }
  }

  private beat(): Promise<void> {
    this.beating ??= (async () => {
      try {
        const { changes, lapsed } = await this.registry.beat();
        // Taken for stopped (a long stall): the sessions of this process are reported again.
        if (lapsed) for (const userId of this.local.localUsers()) this.changed(userId);
        for (const change of changes) await this.apply(change);
      } catch (err) {
        this.app.log.error({ err }, 'gateway: presence beat failed');
      } finally {
        this.beating = null;
      }
    })();
    return this.beating;
  }

  /**
   * Write the change and publish it, unless a later change of the user overtook it meanwhile
   * (another process, or another flush here): then the latest presence is written again (this
   * write may have landed after the later one's) and the later change's own publish tells it.
   */
  private async apply(change: PresenceChange): Promise<void> {
    const { userId, presence } = change;
    await updatePresence(this.app.db, userId, presence);
    const now = await this.registry.current(userId);
    if (now && now.version !== change.version) {
      if (now.presence !== presence) await updatePresence(this.app.db, userId, now.presence);
      return;
    }
    const circle = await presenceCircleOf(this.app.db, userId);
    await publishEvent(
      { bus: this.app.bus, log: this.app.log },
      {
        audience: { kind: 'circle', teamIds: circle.teamIds, userIds: [userId, ...circle.friendIds] },
        event: { type: 'PRESENCE_UPDATE', data: { userId, presence } },
      },
    );
  }
}
