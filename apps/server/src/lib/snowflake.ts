import { RALLY_EPOCH } from '@rally/shared/ids';

/** Snowflake generator: 42 bits time, 10 bits worker, 12 bits sequence. One per process. */
export class Snowflake {
  private lastMs = -1;
  private sequence = 0;
  private readonly worker: bigint;

  constructor(workerId = Math.floor(Math.random() * 1024)) {
    this.worker = BigInt(workerId & 1023);
  }

  next(): string {
    let now = Date.now();
    if (now < this.lastMs) now = this.lastMs; // clock went back: keep ids monotonic
    if (now === this.lastMs) {
      this.sequence = (this.sequence + 1) & 4095;
      if (this.sequence === 0) now = ++this.lastMs; // sequence exhausted: borrow the next millisecond
    } else {
      this.sequence = 0;
    }
    this.lastMs = now;
    return ((BigInt(now - RALLY_EPOCH) << 22n) | (this.worker << 12n) | BigInt(this.sequence)).toString();
  }
}

export const ids = new Snowflake(Number(process.env.WORKER_ID ?? Math.floor(Math.random() * 1024)));
export const newId = (): string => ids.next();
