import type { Redis } from 'ioredis';
import type { SessionSnapshot } from './session';

/**
 * Where dropped sessions wait for RESUME. `take` removes what it returns, so that two sockets can
 * never resume one session.
 */
export interface SessionStore {
  save(snapshot: SessionSnapshot, ttlMs: number): Promise<void>;
  take(sessionId: string): Promise<SessionSnapshot | null>;
  close(): void;
}

/** One process: resume works on the process that held the session. */
export class MemorySessionStore implements SessionStore {
  private readonly entries = new Map<string, { snapshot: SessionSnapshot; timer: NodeJS.Timeout }>();

  async save(snapshot: SessionSnapshot, ttlMs: number): Promise<void> {
    const previous = this.entries.get(snapshot.sessionId);
    if (previous) clearTimeout(previous.timer);
    const timer = setTimeout(() => this.entries.delete(snapshot.sessionId), ttlMs);
    timer.unref();
    this.entries.set(snapshot.sessionId, { snapshot, timer });
  }

  async take(sessionId: string): Promise<SessionSnapshot | null> {
    const entry = this.entries.get(sessionId);
    if (!entry) return null;
    clearTimeout(entry.timer);
    this.entries.delete(sessionId);
    return entry.snapshot;
  }

  close(): void {
    for (const { timer } of this.entries.values()) clearTimeout(timer);
    this.entries.clear();
  }
}

/** Shared by every process on one Redis: a key per dropped session, expiring with the resume window. */
export class RedisSessionStore implements SessionStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  private key(sessionId: string): string {
    return `${this.prefix}gw:session:${sessionId}`;
  }

  async save(snapshot: SessionSnapshot, ttlMs: number): Promise<void> {
    await this.redis.set(this.key(snapshot.sessionId), JSON.stringify(snapshot), 'PX', ttlMs);
  }

  async take(sessionId: string): Promise<SessionSnapshot | null> {
    const raw = await this.redis.getdel(this.key(sessionId));
    if (!raw) return null;
    try {
      const snapshot = JSON.parse(raw) as SessionSnapshot;
      return snapshot.v === 1 ? snapshot : null;
    } catch {
      return null;
    }
  }

  close(): void {
    // The connection belongs to the bus, which closes it.
  }
}
