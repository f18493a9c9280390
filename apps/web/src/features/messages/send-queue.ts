import type { Attachment } from '@rally/shared/api/attachments';
import { ApiError } from '../../lib/api';

/** One message waiting to go, under its nonce (its optimistic row shows 'sending' meanwhile). */
export interface QueuedSend {
  nonce: string;
  content: string;
  replyTo: string | null;
  /** Uploaded attachments it carries (sent by id). */
  attachments: Attachment[];
}

/** Why sends are held: the user's send rate (429 too_many_requests) or the channel's slowmode (429 slowmode_active), until when (epoch ms). */
export type PaceNotice = { kind: 'rate' | 'slowmode'; until: number } | null;

export interface SendQueueDeps {
  /** POST the message; resolves once the server took it. */
  post(item: QueuedSend): Promise<void>;
  /** The server refused it for another reason than pacing: the row becomes 'failed'. */
  failed(item: QueuedSend, err: unknown): void;
  /**
   * After a message went: how long the channel's slowmode holds the reader's next one (0: none, or
   * exempt). The queue says so at once (a 'slowmode' notice until then) instead of learning it from a 429.
   */
  cooldownMs?: () => number;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
  /** Run `fn` in `ms` (the end of a cooldown's notice); setTimeout by default. */
  after?: (ms: number, fn: () => void) => void;
}

/** How long a refusal asks to wait before the same send, or null when it is not a pacing refusal. */
function paceOf(err: unknown): { kind: 'rate' | 'slowmode'; ms: number } | null {
  if (!(err instanceof ApiError) || err.status !== 429) return null;
  return { kind: err.code === 'slowmode_active' ? 'slowmode' : 'rate', ms: err.retryAfterMs ?? 1000 };
}

/**
 * A channel's outgoing messages, sent one at a time in the order written (so nothing overtakes).
 * A 429 (the per-user send rate, or slowmode) does not fail the message: the queue waits the
 * Retry-After the server gave and sends it again, and says so through `notice` (one notice, however
 * many messages wait); any other refusal fails that message and the queue goes on. Under slowmode
 * each sent message starts the cooldown the channel gives (`cooldownMs`): the notice shows it at
 * once, and the composer holds the next message until it ends.
 */
export class SendQueue {
  private readonly items: QueuedSend[] = [];
  private running = false;
  private current: PaceNotice = null;
  /** The end of the running slowmode cooldown (epoch ms; 0: none). */
  private coolUntil = 0;
  private readonly listeners = new Set<() => void>();

  constructor(private deps: SendQueueDeps) {}

  /** Report to these from now on (the latest view of the channel). */
  attach(deps: SendQueueDeps): void {
    this.deps = deps;
  }

  get notice(): PaceNotice {
    return this.current;
  }

  /** How many messages are waiting (the one being sent included). */
  get size(): number {
    return this.items.length;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getNotice = (): PaceNotice => this.current;

  enqueue(item: QueuedSend): void {
    this.items.push(item);
    void this.pump();
  }

  private setNotice(notice: PaceNotice): void {
    if (notice === this.current) return;
    this.current = notice;
    for (const listener of this.listeners) listener();
  }

  /** Slowmode holds the next message until `until`: the notice says so from now, and ends with it. */
  private cool(until: number, now: number): void {
    this.coolUntil = until;
    this.setNotice({ kind: 'slowmode', until });
    const after = this.deps.after ?? ((ms: number, fn: () => void) => void setTimeout(fn, ms));
    after(until - now, () => {
      if (this.coolUntil !== until) return;
      this.coolUntil = 0;
      if (!this.running) this.setNotice(null);
    });
  }

  private async pump(): Promise<void> {
    if (this.running) return;
    this.running = true;
    const sleep = this.deps.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
    const now = this.deps.now ?? Date.now;
    try {
      for (let item = this.items[0]; item; item = this.items[0]) {
        try {
          if (this.coolUntil > now()) await sleep(this.coolUntil - now());
          await this.deps.post(item);
          this.items.shift();
          const cooldown = this.deps.cooldownMs?.() ?? 0;
          if (cooldown > 0) this.cool(now() + cooldown, now());
        } catch (err) {
          const pace = paceOf(err);
          if (pace) {
            this.setNotice({ kind: pace.kind, until: now() + pace.ms });
            await sleep(pace.ms);
            continue;
          }
          this.items.shift();
          this.deps.failed(item, err);
        }
      }
    } finally {
      this.running = false;
      // A running cooldown keeps its notice until it ends.
      if (this.coolUntil <= now()) this.setNotice(null);
    }
  }
}
