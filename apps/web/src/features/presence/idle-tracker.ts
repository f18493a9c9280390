import { Presence } from '@rally/shared/api/users';

/** How long without input before this tab reports itself idle. */
export const IDLE_AFTER_MS = 5 * 60_000;
/** Input more often than this does not re-arm the idle timer (pointer moves come by the hundred). */
const REARM_EVERY_MS = 1_000;

/**
 * What this tab reports of its user's activity (PRESENCE_UPDATE frames, docs/gateway-protocol.md
 * "Presence"): idle after IDLE_AFTER_MS without input, online again at the next input. Only
 * changes are reported; a new session starts online (the server counts a fresh socket as online).
 */
export class IdleTracker {
  private idle = false;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private armedAt = -Infinity;

  constructor(
    private readonly report: (presence: typeof Presence.ONLINE | typeof Presence.IDLE) => void,
    private readonly now: () => number = () => Date.now(),
    private readonly idleAfterMs = IDLE_AFTER_MS,
  ) {
    this.arm();
  }

  /** The user did something (pointer, key, wheel, touch, focus). */
  activity(): void {
    if (this.idle) {
      this.idle = false;
      this.report(Presence.ONLINE);
    } else if (this.now() - this.armedAt < REARM_EVERY_MS) return;
    this.arm();
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private arm(): void {
    this.stop();
    this.armedAt = this.now();
    this.timer = setTimeout(() => {
      this.timer = null;
      this.idle = true;
      this.report(Presence.IDLE);
    }, this.idleAfterMs);
  }
}
