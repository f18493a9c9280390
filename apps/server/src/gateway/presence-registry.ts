import { Presence } from '@rally/shared/api/users';
import { presenceOf, type PresenceValue } from './presence';

/** The user's shown presence changed; `version` orders the changes of one user (see PresenceTracker.apply). */
export interface PresenceChange {
  userId: string;
  presence: PresenceValue;
  version: number;
}

/** What a sweep of stopped processes, or a beat, came to. */
export interface PresenceBeat {
  /** Users whose presence changed because a process that held their sessions stopped. */
  changes: PresenceChange[];
  /** This process had been taken for stopped (it missed its beats): it must report its users again. */
  lapsed: boolean;
}

/**
 * Where every server process records which users have live sessions on it, so that a user's
 * presence is the aggregate over all their sessions on all processes. Each process reports, per
 * user, the best presence of the user's sessions it holds (or none: the entry goes); the registry
 * computes the shown presence (presence.ts presenceOf) with the status the user chose, and says
 * when it changed, numbered per user.
 */
export interface PresenceRegistry {
  /**
   * This process's sessions of the user now report `local` (null: none left here). `chosen` (the
   * status stored in the user's settings, read at READY) is taken only when the registry knows none
   * yet, so that a status chosen meanwhile on another process is not overwritten.
   */
  sync(userId: string, local: PresenceValue | null, chosen: PresenceValue | null): Promise<PresenceChange | null>;
  /** The user chose a status (POST /api/v1/me/presence). */
  choose(userId: string, chosen: PresenceValue): Promise<PresenceChange | null>;
  /** The user's shown presence and its version; null when the registry has never shown one. */
  current(userId: string): Promise<{ presence: PresenceValue; version: number } | null>;
  /** Of these users, the ones with a live session on some process. */
  live(userIds: string[]): Promise<Set<string>>;
  /** Keep this process registered, and take the sessions of processes that stopped doing so off their users. */
  beat(): Promise<PresenceBeat>;
  close(): Promise<void>;
}

interface MemoryEntry {
  local: PresenceValue | null;
  chosen: PresenceValue | null;
  shown: PresenceValue | null;
  version: number;
}

/**
 * One process (no Redis): every session is on it, and none survives it (presences are reset at
 * start). An entry per user who connected since the start (kept, so that versions only grow).
 */
export class MemoryPresenceRegistry implements PresenceRegistry {
  private readonly users = new Map<string, MemoryEntry>();

  private entry(userId: string): MemoryEntry {
    let entry = this.users.get(userId);
    if (!entry) this.users.set(userId, (entry = { local: null, chosen: null, shown: null, version: 0 }));
    return entry;
  }

  private recompute(userId: string, entry: MemoryEntry): PresenceChange | null {
    const presence = presenceOf(entry.chosen ?? Presence.ONLINE, entry.local === null ? [] : [entry.local]);
    if (presence === entry.shown) return null;
    entry.shown = presence;
    entry.version++;
    return { userId, presence, version: entry.version };
  }

  async sync(userId: string, local: PresenceValue | null, chosen: PresenceValue | null): Promise<PresenceChange | null> {
    const entry = this.entry(userId);
    entry.local = local;
    entry.chosen ??= chosen;
    return this.recompute(userId, entry);
  }

  async choose(userId: string, chosen: PresenceValue): Promise<PresenceChange | null> {
    const entry = this.entry(userId);
    entry.chosen = chosen;
    return this.recompute(userId, entry);
  }

  async current(userId: string): Promise<{ presence: PresenceValue; version: number } | null> {
    const entry = this.users.get(userId);
    return entry?.shown == null ? null : { presence: entry.shown, version: entry.version };
  }

  async live(userIds: string[]): Promise<Set<string>> {
    return new Set(userIds.filter((id) => this.users.get(id)?.local != null));
  }

  async beat(): Promise<PresenceBeat> {
    return { changes: [], lapsed: false };
  }

  async close(): Promise<void> {
    this.users.clear();
  }
}
