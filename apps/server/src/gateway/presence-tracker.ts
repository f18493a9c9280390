import type { FastifyInstance } from 'fastify';
import { publishEvent } from '../lib/events';
import { presenceCirclesOf, setOffline, usersShownPresent } from '../modules/presence/repository';
import { updatePresences } from '../modules/users/repository';
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
 * changes of this process's sessions (a socket opening or closing, a PRESENCE_UPDATE frame) are
 * gathered for a window of coalesceMs that the first of them opens; at its end the users changed
 * within it are reported to the registry together, which says whose shown presence changed; those
 * changes are written to users.presence (what member lists, message authors and READY read) in at
 * most four statements and published as one PRESENCE_UPDATE listing them, each to its user's
 * circle (the members of their teams, their accepted friends and themselves): a session receives
 * one frame per window with the changes it may hear of, however many users connected meanwhile
 * (a thousand sockets connecting cost a frame per socket per window, not a thousand). A user
 * changes at most once per window whatever their rate. Windows run one after another. Beats keep
 * this process registered and take stopped processes' sessions off their users.
 */
export class PresenceTracker {
  /** Users changed within the open window. */
  private pending = new Set<string>();
  private window: NodeJS.Timeout | null = null;
  /** The window being applied, and those queued behind it: each runs after the one before. */
  private running: Promise<void> = Promise.resolve();
  private timer: NodeJS.Timeout | null = null;
  private beating: Promise<void> | null = null;

  constructor(
    private readonly app: FastifyInstance,
    private readonly registry: PresenceRegistry,
    private readonly local: LocalSessions,
    private readonly options: { coalesceMs: number; beatMs: number },
  ) {}

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
    this.pending.add(userId);
    if (this.window) return;
    this.window = setTimeout(() => this.closeWindow(), this.options.coalesceMs);
    this.window.unref();
  }

  /**
   * The user chose a status (POST /api/v1/me/presence, its settings already written). This
   * process's sessions of the user are reported first if a report is waiting (a socket that just
   * closed, one that just opened), so that the status is applied over their present state, not
   * the one before.
   */
  async choose(userId: string, chosen: PresenceValue): Promise<void> {
    if (this.pending.delete(userId)) this.enqueue([userId]);
    await this.running;
    const change = await this.registry.choose(userId, chosen);
    if (change) await this.apply([change]);
  }

  /** Stop beating and run the pending changes (shutdown). */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.beating;
    await this.drain();
    await this.registry.close();
  }

  /** Run the open window now and wait for every window (tests, shutdown). */
  drain(): Promise<void> {
    this.closeWindow();
    return this.running;
  }

  private closeWindow(): void {
    if (this.window) clearTimeout(this.window);
    this.window = null;
    if (this.pending.size === 0) return;
    const userIds = [...this.pending];
    this.pending = new Set();
    this.enqueue(userIds);
  }

  /** Report these users' sessions of this process to the registry after the windows before, and apply what changed. */
  private enqueue(userIds: string[]): void {
    this.running = this.running.then(async () => {
      try {
        const changes = await Promise.all(userIds.map((userId) => this.registry.sync(userId, this.local.localPresence(userId), this.local.chosenOf(userId))));
        await this.apply(changes.filter((change) => change !== null));
      } catch (err) {
        this.app.log.error({ err }, 'gateway: presence update failed');
      }
    });
  }

  private beat(): Promise<void> {
    this.beating ??= (async () => {
      try {
        const { changes, lapsed } = await this.registry.beat();
        // Taken for stopped (a long stall): the sessions of this process are reported again.
        if (lapsed) for (const userId of this.local.localUsers()) this.changed(userId);
        await this.apply(changes);
      } catch (err) {
        this.app.log.error({ err }, 'gateway: presence beat failed');
      } finally {
        this.beating = null;
      }
    })();
    return this.beating;
  }

  /**
   * Write the changes and publish them, but those that a later change of their user overtook
   * meanwhile (another process, or another window here): for those the latest presence is written
   * again (this write may have landed after the later one's) and the later change's own publish
   * tells it.
   */
  private async apply(changes: PresenceChange[]): Promise<void> {
    if (changes.length === 0) return;
    await updatePresences(this.app.db, changes);
    const now = await Promise.all(changes.map((change) => this.registry.current(change.userId)));
    const told: PresenceChange[] = [];
    const rewrite: PresenceChange[] = [];
    for (const [i, change] of changes.entries()) {
      const latest = now[i]; // aligned with changes
      if (!latest || latest.version === change.version) told.push(change);
      else if (latest.presence !== change.presence) rewrite.push({ ...change, presence: latest.presence });
    }
    if (rewrite.length > 0) await updatePresences(this.app.db, rewrite);
    if (told.length === 0) return;
    const circles = await presenceCirclesOf(
      this.app.db,
      told.map((change) => change.userId),
    );
    await publishEvent(
      { bus: this.app.bus, log: this.app.log },
      {
        audience: {
          kind: 'circles',
          circles: told.map(({ userId }) => {
            const circle = circles.get(userId)!; // an entry for each id asked for
            return { teamIds: circle.teamIds, userIds: [userId, ...circle.friendIds] };
          }),
        },
        event: { type: 'PRESENCE_UPDATE', data: { presences: told.map(({ userId, presence }) => ({ userId, presence })) } },
      },
    );
  }
}
