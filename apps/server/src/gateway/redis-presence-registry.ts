import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { PresenceValue } from './presence';
import type { PresenceBeat, PresenceChange, PresenceRegistry } from './presence-registry';

/**
 * Recomputes the shown presence of the user hash KEYS[1] (fields `s:<process>` = the best presence
 * of the user's sessions on that process, `c` = chosen status, `p` = shown presence, `v` = version)
 * the way presence.ts presenceOf does; returns {p, v} when it changed, nil otherwise. A hash
 * without sessions expires after ARGV[1] ms (its version then starts over, long after any write
 * that could race with it).
 */
const RECOMPUTE = `
local function recompute(key, idleTtl)
  local h = redis.call('HGETALL', key)
  local rank = { ['3'] = 3, ['1'] = 2, ['2'] = 1, ['0'] = 0 }
  local best, chosen, shown = nil, '1', nil
  for i = 1, #h, 2 do
    local k, v = h[i], h[i + 1]
    if k == 'c' then chosen = v
    elseif k == 'p' then shown = v
    elseif string.sub(k, 1, 2) == 's:' and (best == nil or rank[v] > rank[best]) then best = v end
  end
  local p
  if best == nil then p = '0' elseif chosen == '1' then p = best else p = chosen end
  if best == nil then redis.call('PEXPIRE', key, idleTtl) else redis.call('PERSIST', key) end
  if p == shown then return nil end
  redis.call('HSET', key, 'p', p)
  return { p, redis.call('HINCRBY', key, 'v', 1) }
end
`;

/** KEYS: user hash, the process's user set. ARGV: idle ttl, field, value ('' = none here), chosen ('' = keep), user id. */
const SYNC =
  RECOMPUTE +
  `
if ARGV[3] == '' then
  redis.call('HDEL', KEYS[1], ARGV[2])
  redis.call('SREM', KEYS[2], ARGV[5])
else
  redis.call('HSET', KEYS[1], ARGV[2], ARGV[3])
  redis.call('SADD', KEYS[2], ARGV[5])
end
if ARGV[4] ~= '' then redis.call('HSETNX', KEYS[1], 'c', ARGV[4]) end
return recompute(KEYS[1], ARGV[1])
`;

/** KEYS: user hash. ARGV: idle ttl, chosen. */
const CHOOSE =
  RECOMPUTE +
  `
redis.call('HSET', KEYS[1], 'c', ARGV[2])
return recompute(KEYS[1], ARGV[1])
`;

type Changed = [string, number] | null;

/** How long a user's hash is kept after their last session went (its chosen status with it). */
const IDLE_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * Shared by every process on one Redis. Each process has a random id and keeps a key alive
 * (`presence:proc:<id>`, expiring after `ttlMs`) with every beat; it lists the users it holds
 * sessions of in `presence:pu:<id>`. A process that stops beating (killed, stalled, restarted
 * with a new id) is found by the others' beats once its key expired: one of them (a lock per
 * stopped process) takes its entries off its users, whose presence goes offline unless they have
 * sessions elsewhere, and the change is published like any other.
 */
export class RedisPresenceRegistry implements PresenceRegistry {
  readonly processId = randomBytes(8).toString('hex');
  private registered = false;

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    /** A process that has not beaten for this long is taken for stopped. */
    private readonly ttlMs: number,
  ) {}

  private userKey(userId: string): string {
    return `${this.prefix}presence:u:${userId}`;
  }
  private procKey(id: string): string {
    return `${this.prefix}presence:proc:${id}`;
  }
  private procUsersKey(id: string): string {
    return `${this.prefix}presence:pu:${id}`;
  }
  private get procsKey(): string {
    return `${this.prefix}presence:procs`;
  }

  private static change(userId: string, raw: unknown): PresenceChange | null {
    const changed = raw as Changed;
    return changed ? { userId, presence: Number(changed[0]) as PresenceValue, version: Number(changed[1]) } : null;
  }

  private async syncFor(processId: string, userId: string, local: PresenceValue | null, chosen: PresenceValue | null): Promise<PresenceChange | null> {
    const raw = await this.redis.eval(
      SYNC,
      2,
      this.userKey(userId),
      this.procUsersKey(processId),
      IDLE_TTL_MS,
      `s:${processId}`,
      local === null ? '' : String(local),
      chosen === null ? '' : String(chosen),
      userId,
    );
    return RedisPresenceRegistry.change(userId, raw);
  }

  sync(userId: string, local: PresenceValue | null, chosen: PresenceValue | null): Promise<PresenceChange | null> {
    return this.syncFor(this.processId, userId, local, chosen);
  }

  async choose(userId: string, chosen: PresenceValue): Promise<PresenceChange | null> {
    return RedisPresenceRegistry.change(userId, await this.redis.eval(CHOOSE, 1, this.userKey(userId), IDLE_TTL_MS, String(chosen)));
  }

  async current(userId: string): Promise<{ presence: PresenceValue; version: number } | null> {
    const [p, v] = await this.redis.hmget(this.userKey(userId), 'p', 'v');
    return p == null || v == null ? null : { presence: Number(p) as PresenceValue, version: Number(v) };
  }

  async live(userIds: string[]): Promise<Set<string>> {
    if (userIds.length === 0) return new Set();
    const pipeline = this.redis.pipeline();
    for (const id of userIds) pipeline.hkeys(this.userKey(id));
    const results = (await pipeline.exec()) ?? [];
    const out = new Set<string>();
    results.forEach(([err, keys], i) => {
      if (err) throw err;
      if ((keys as string[]).some((k) => k.startsWith('s:'))) out.add(userIds[i]!); // results follow userIds
    });
    return out;
  }

  async beat(): Promise<PresenceBeat> {
    // XX: the key exists only while the others still take this process for alive.
    const kept = this.registered ? await this.redis.set(this.procKey(this.processId), '1', 'PX', this.ttlMs, 'XX') : null;
    if (!kept) await this.redis.set(this.procKey(this.processId), '1', 'PX', this.ttlMs);
    await this.redis.sadd(this.procsKey, this.processId);
    const lapsed = this.registered && !kept;
    this.registered = true;
    return { changes: await this.sweep(), lapsed };
  }

  /** Take the entries of the processes whose key expired off their users. */
  private async sweep(): Promise<PresenceChange[]> {
    const others = (await this.redis.smembers(this.procsKey)).filter((id) => id !== this.processId);
    if (others.length === 0) return [];
    const alive = await Promise.all(others.map((id) => this.redis.exists(this.procKey(id))));
    const changes: PresenceChange[] = [];
    for (const [i, id] of others.entries()) {
      if (alive[i]) continue;
      const lock = `${this.prefix}presence:sweep:${id}`;
      if (!(await this.redis.set(lock, this.processId, 'PX', this.ttlMs, 'NX'))) continue; // another process sweeps it
      for (const userId of await this.redis.smembers(this.procUsersKey(id))) {
        const change = await this.syncFor(id, userId, null, null);
        if (change) changes.push(change);
      }
      await this.redis.del(this.procUsersKey(id));
      await this.redis.srem(this.procsKey, id);
      await this.redis.del(lock);
    }
    return changes;
  }

  async close(): Promise<void> {
    // The connection belongs to the bus, which closes it. The process's entries stay until its key
    // expires: its clients reconnect to another process meanwhile, and their users do not flicker offline.
  }
}
