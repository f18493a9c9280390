import type { Redis } from 'ioredis';
import type { VoiceParticipant } from '@rally/shared/api/voice';
import type { VoiceChange, VoiceDeparture, VoiceJoined, VoicePlace, VoiceStates } from './states';

/*
 * Keys, under `<prefix>voice:` (ARGV[1] of every script):
 *   u:<user>   hash t (team), c (channel), n (node): the user's one place
 *   c:<chan>   hash user → joinedAt (ISO): who is in the channel
 *   s:<chan>   hash user → {"muted","deafened","sources"} JSON: their state, when it changed
 *   t:<team>   set of the team's channels with someone in them
 *   n:<node>   set of the users on the node (for sweeping a node that is gone)
 *   room:<chan> the node holding the channel's room (expiring until someone is reported in it)
 * Every change runs as one Lua script, so that concurrent reports from several processes never
 * leave a user in two places. The keys are built inside the scripts (one Redis, no cluster).
 */
const REMOVE = `
local function remove(p, t, c, user, n)
  redis.call('HDEL', p..'c:'..c, user)
  redis.call('HDEL', p..'s:'..c, user)
  if redis.call('HLEN', p..'c:'..c) == 0 then
    redis.call('SREM', p..'t:'..t, c)
    redis.call('DEL', p..'room:'..c)
  end
  redis.call('DEL', p..'u:'..user)
  if n then redis.call('SREM', p..'n:'..n, user) end
end
`;

/** ARGV: prefix, team, channel, user, node, now. Returns {joinedAt, state or '', previous team, previous channel, previous node}. */
const JOIN =
  REMOVE +
  `
local p, t, c, user, n = ARGV[1], ARGV[2], ARGV[3], ARGV[4], ARGV[5]
local before = redis.call('HMGET', p..'u:'..user, 't', 'c', 'n')
local pt, pc, pn = before[1], before[2], before[3]
local prevT, prevC, prevN = '', '', ''
if pc and pc ~= c then
  remove(p, pt, pc, user, pn)
  prevT, prevC = pt, pc
elseif pn and pn ~= n then
  redis.call('SREM', p..'n:'..pn, user)
end
if pn and pn ~= n then prevN = pn end
local joinedAt = redis.call('HGET', p..'c:'..c, user)
if not joinedAt then
  joinedAt = ARGV[6]
  redis.call('HSET', p..'c:'..c, user, joinedAt)
end
redis.call('HSET', p..'u:'..user, 't', t, 'c', c, 'n', n)
redis.call('SADD', p..'t:'..t, c)
redis.call('SADD', p..'n:'..n, user)
if not redis.call('SET', p..'room:'..c, n, 'NX') and redis.call('GET', p..'room:'..c) == n then redis.call('PERSIST', p..'room:'..c) end
local state = redis.call('HGET', p..'s:'..c, user) or ''
return {joinedAt, state, prevT, prevC, prevN}
`;

/** ARGV: prefix, channel, user, node, state JSON. Returns joinedAt, or nil when the user is not there on that node. */
const CHANGE = `
local p, c, user, n = ARGV[1], ARGV[2], ARGV[3], ARGV[4]
local at = redis.call('HMGET', p..'u:'..user, 'c', 'n')
if at[1] ~= c or at[2] ~= n then return nil end
redis.call('HSET', p..'s:'..c, user, ARGV[5])
return redis.call('HGET', p..'c:'..c, user)
`;

/** ARGV: prefix, channel, user, node. Returns 1 when taken out. */
const LEAVE =
  REMOVE +
  `
local p, c, user, n = ARGV[1], ARGV[2], ARGV[3], ARGV[4]
local at = redis.call('HMGET', p..'u:'..user, 't', 'c', 'n')
if at[2] ~= c or at[3] ~= n then return 0 end
remove(p, at[1], c, user, n)
return 1
`;

/** ARGV: prefix, node, take ('1': take them out). Returns a flat list team, channel, user, … of those on the node. */
const ON_NODE =
  REMOVE +
  `
local p, n = ARGV[1], ARGV[2]
local out = {}
for _, user in ipairs(redis.call('SMEMBERS', p..'n:'..n)) do
  local at = redis.call('HMGET', p..'u:'..user, 't', 'c', 'n')
  if at[3] == n then
    table.insert(out, at[1]); table.insert(out, at[2]); table.insert(out, user)
    if ARGV[3] == '1' then remove(p, at[1], at[2], user, nil) end
  end
end
if ARGV[3] == '1' then redis.call('DEL', p..'n:'..n) end
return out
`;

/** ARGV: prefix, channel, node, replacing ('' = none), ttl ms. Returns the node the room is pinned to. */
const PIN = `
local key = ARGV[1]..'room:'..ARGV[2]
local current = redis.call('GET', key)
if current and current ~= ARGV[4] then return current end
if redis.call('HLEN', ARGV[1]..'c:'..ARGV[2]) > 0 then redis.call('SET', key, ARGV[3])
else redis.call('SET', key, ARGV[3], 'PX', ARGV[5]) end
return ARGV[3]
`;

const stateSchemaDefaults: VoiceChange = { muted: false, deafened: false, sources: [] };

function participantOf(userId: string, joinedAt: string, state: string | null | undefined): VoiceParticipant {
  const change = state ? (JSON.parse(state) as VoiceChange) : stateSchemaDefaults;
  return { userId, muted: change.muted, deafened: change.deafened, sources: change.sources, joinedAt };
}

function departures(flat: string[]): VoiceDeparture[] {
  const out: VoiceDeparture[] = [];
  for (let i = 0; i + 2 < flat.length; i += 3) out.push({ place: { teamId: flat[i]!, channelId: flat[i + 1]! }, userId: flat[i + 2]! });
  return out;
}

/** The states shared by every server process on one Redis (REDIS_URL set). */
export class RedisVoiceStates implements VoiceStates {
  private readonly p: string;

  constructor(
    private readonly redis: Redis,
    prefix: string,
  ) {
    this.p = `${prefix}voice:`;
  }

  async join(place: VoicePlace, userId: string, nodeId: string, now: Date): Promise<VoiceJoined> {
    const [joinedAt, state, prevTeam, prevChannel, prevNode] = (await this.redis.eval(
      JOIN,
      0,
      this.p,
      place.teamId,
      place.channelId,
      userId,
      nodeId,
      now.toISOString(),
    )) as [string, string, string, string, string];
    return {
      participant: participantOf(userId, joinedAt, state),
      previous: prevChannel ? { teamId: prevTeam, channelId: prevChannel } : null,
      previousNode: prevNode || null,
    };
  }

  async change(place: VoicePlace, userId: string, nodeId: string, change: VoiceChange) {
    const state = JSON.stringify({ muted: change.muted, deafened: change.deafened, sources: change.sources });
    const joinedAt = (await this.redis.eval(CHANGE, 0, this.p, place.channelId, userId, nodeId, state)) as string | null;
    return joinedAt ? participantOf(userId, joinedAt, state) : null;
  }

  async leave(place: VoicePlace, userId: string, nodeId: string) {
    return (await this.redis.eval(LEAVE, 0, this.p, place.channelId, userId, nodeId)) === 1;
  }

  async placeOf(userId: string) {
    const [teamId, channelId] = await this.redis.hmget(`${this.p}u:${userId}`, 't', 'c');
    return teamId && channelId ? { teamId, channelId } : null;
  }

  count(channelId: string) {
    return this.redis.hlen(`${this.p}c:${channelId}`);
  }

  async ofTeam(teamId: string) {
    const channelIds = await this.redis.smembers(`${this.p}t:${teamId}`);
    if (channelIds.length === 0) return {};
    const pipeline = this.redis.pipeline();
    for (const id of channelIds) pipeline.hgetall(`${this.p}c:${id}`).hgetall(`${this.p}s:${id}`);
    const replies = (await pipeline.exec()) ?? [];
    const failure = replies.find(([err]) => err)?.[0];
    if (failure) throw failure;
    const result: Record<string, VoiceParticipant[]> = {};
    channelIds.forEach((channelId, i) => {
      // Two replies per channel, in order: who is in it, and their states.
      const joined = (replies[2 * i]?.[1] ?? {}) as Record<string, string>;
      const stateOf = (replies[2 * i + 1]?.[1] ?? {}) as Record<string, string>;
      const list = Object.entries(joined)
        .map(([userId, joinedAt]) => participantOf(userId, joinedAt, stateOf[userId]))
        .sort((a, b) => a.joinedAt.localeCompare(b.joinedAt) || a.userId.localeCompare(b.userId));
      if (list.length > 0) result[channelId] = list;
    });
    return result;
  }

  async onNode(nodeId: string) {
    return departures((await this.redis.eval(ON_NODE, 0, this.p, nodeId, '0')) as string[]);
  }

  async clearNode(nodeId: string) {
    return departures((await this.redis.eval(ON_NODE, 0, this.p, nodeId, '1')) as string[]);
  }

  roomNode(channelId: string) {
    return this.redis.get(`${this.p}room:${channelId}`);
  }

  async pinRoom(channelId: string, nodeId: string, replacing: string | null, ttlMs: number) {
    return (await this.redis.eval(PIN, 0, this.p, channelId, nodeId, replacing ?? '', ttlMs)) as string;
  }
}
