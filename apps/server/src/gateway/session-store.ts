import type { Redis } from 'ioredis';
import type { SessionSnapshot } from './session';

/**
 * Where dropped sessions wait for RESUME, keyed by the sign-in that opened them (the hash of its
 * token) and the session id: only that sign-in can find a session, so a RESUME with someone else's
 * session id finds nothing and changes nothing. `take` removes what it returns, so that two sockets
 * can never resume one session.
 */
export interface SessionStore {
  save(snapshot: SessionSnapshot, ttlMs: number): Promise<void>;
  take(tokenHash: string, sessionId: string): Promise<SessionSnapshot | null>;
  close(): void;
}

const storeKey = (tokenHash: string, sessionId: string) => `${tokenHash}:${sessionId}`;

/** One process: resume works on the process that held the session. */
export class MemorySessionStore implements SessionStore {
  private readonly entries = new Map<string, { snapshot: SessionSnapshot; timer: NodeJS.Timeout }>();

  async save(snapshot: SessionSnapshot, ttlMs: number): Promise<void> {
    const key = storeKey(snapshot.tokenHash, snapshot.sessionId);
    const previous = this.entries.get(key);
    if (previous) clearTimeout(previous.timer);
    const timer = setTimeout(() => this.entries.delete(key), ttlMs);
    timer.unref();
    this.entries.set(key, { snapshot, timer });
  }

  async take(tokenHash: string, sessionId: string): Promise<SessionSnapshot | null> {
    const key = storeKey(tokenHash, sessionId);
    const entry = this.entries.get(key);
    if (!entry) return null;
    clearTimeout(entry.timer);
    this.entries.delete(key);
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

  private key(tokenHash: string, sessionId: string): string {
    return `${this.prefix}gw:session:${storeKey(tokenHash, sessionId)}`;
  }

  async save(snapshot: SessionSnapshot, ttlMs: number): Promise<void> {
    await this.redis.set(this.key(snapshot.tokenHash, snapshot.sessionId), JSON.stringify(snapshot), 'PX', ttlMs);
  }

  async take(tokenHash: string, sessionId: string): Promise<SessionSnapshot | null> {
    const raw = await this.redis.getdel(this.key(tokenHash, sessionId));
    if (!raw) return null;
    try {
      const snapshot = JSON.parse(raw) as SessionSnapshot;
      return snapshot.v === 2 ? snapshot : null;
    } catch {
      return null;
    }
  }

  close(): void {
    // The connection belongs to the bus, which closes it.
  }
}
