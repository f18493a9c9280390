/** A fixed-window counter: at most `count` hits per `windowMs`. */
export class RateWindow {
  private windowStart = 0;
  private hits = 0;
  /** Time of the last hit (0: never). */
  lastHitAt = 0;

  constructor(private readonly rate: { count: number; windowMs: number }) {}

  /** Count one hit at `now`; false when it is over the window's allowance. */
  hit(now: number): boolean {
    this.lastHitAt = now;
    if (now - this.windowStart >= this.rate.windowMs) {
      this.windowStart = now;
      this.hits = 0;
    }
    return ++this.hits <= this.rate.count;
  }
}
