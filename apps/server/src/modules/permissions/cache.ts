import type { Executor } from '../../db/client';
import { readAll } from '../../db/read-all';
import { accessOf, loadMemberRoleIds, loadTeamData, type AnyChannelAccess, type TeamAccess, type TeamData } from './access';
import { findDirectChat, type DirectChatRows } from './repository';

/**
 * One request's reads of access, each made once: a team's rows (team, roles, channels) and a
 * member's roles in it, by team id or from a channel id. addEndpoint makes one per request and
 * checks the endpoint's permission through it; services reach the same one as `deps.accessCache`,
 * so that loading the same team's access again (the caller's, or another member's: only their roles
 * are read) costs no round trip. From a channel id, the team's rows and the member's roles are read
 * in one round trip (the statements find the channel's team themselves), and kept under the team id
 * too: a later `team(teamId, …)` of that team reads nothing more. It holds what the request read: a
 * service that changes roles, memberships or overwrites and then reads access again calls
 * `forget()` first. Not for transactions (read with loadTeamAccess(tx, …) there).
 */
export class AccessCache {
  /** A team's rows, by team id. */
  private readonly teams = new Map<string, Promise<TeamData | null>>();
  /** A member's held roles (null: not a member), by `teamId:userId`. */
  private readonly roleIds = new Map<string, Promise<string[] | null>>();
  /** The rows of a channel's team (null: no such channel, or a DM), by channel id; a team's load fills it for each of its channels. */
  private readonly channelTeams = new Map<string, Promise<TeamData | null>>();
  /** Direct chats (null: not one), by channel id, read when a channel id names no team channel. */
  private readonly directChats = new Map<string, Promise<DirectChatRows | null>>();
  /** A member's held roles in a channel's team, read with it, by `channelId:userId`. */
  private readonly channelRoleIds = new Map<string, Promise<string[] | null>>();
  /** Bumped by forget(), so that a load that was in flight then is not kept. */
  private generation = 0;

  constructor(private readonly db: Executor) {}

  /** The member's access to the team, or null (not a member, or no such team). */
  async team(teamId: string, userId: string): Promise<TeamAccess | null> {
    const [data, roleIds] = await readAll(this.db, [
      () => memo(this.teams, teamId, () => this.keep(loadTeamData(this.db, teamId))),
      () => memo(this.roleIds, `${teamId}:${userId}`, () => loadMemberRoleIds(this.db, teamId, userId)),
    ]);
    return data && roleIds ? accessOf(data, userId, roleIds) : null;
  }

  /**
   * The team channel or category with the member's access to its team, or the direct chat with
   * its member's; null when there is no such channel or the user is not a member. A direct chat
   * costs a second round trip (the first finds no team).
   */
  async channel(channelId: string, userId: string): Promise<AnyChannelAccess | null> {
    const found = await this.accessFromChannel(channelId, userId);
    if (found === 'no team') return this.directChat(channelId, userId);
    const channel = found?.channels.find((c) => c.id === channelId);
    return found && channel ? { access: found, channel } : null;
  }

  private async directChat(channelId: string, userId: string): Promise<AnyChannelAccess | null> {
    const chat = await memo(this.directChats, channelId, () => findDirectChat(this.db, channelId));
    if (!chat?.memberIds.includes(userId)) return null;
    return { access: { userId, memberIds: chat.memberIds, readOnly: chat.readOnly }, channel: chat.channel };
  }

  /** Drop everything read so far (after a write that changes access). */
  forget(): void {
    this.generation += 1;
    this.teams.clear();
    this.roleIds.clear();
    this.channelTeams.clear();
    this.channelRoleIds.clear();
    this.directChats.clear();
  }

  /** The member's access to the channel's team; null when not a member; 'no team' when no team has the channel (a DM, or nothing). */
  private async accessFromChannel(channelId: string, userId: string): Promise<TeamAccess | null | 'no team'> {
    const rolesKey = `${channelId}:${userId}`;
    const known = this.channelTeams.get(channelId);
    if (known && !this.channelRoleIds.has(rolesKey)) {
      // The channel's team is read (or being read): by its id, only this member's roles may be missing.
      const data = await known;
      return data ? this.team(data.team.id, userId) : 'no team';
    }
    const generation = this.generation;
    const key = { channelId };
    const [data, roleIds] = await readAll(this.db, [
      () => memo(this.channelTeams, channelId, () => this.keep(loadTeamData(this.db, key))),
      () => memo(this.channelRoleIds, rolesKey, () => loadMemberRoleIds(this.db, key, userId)),
    ]);
    if (!data) return 'no team';
    if (generation === this.generation) keepFirst(this.roleIds, `${data.team.id}:${userId}`, roleIds);
    return roleIds ? accessOf(data, userId, roleIds) : null;
  }

  /** Once loaded, a team's rows are also kept under its id and under each of its channels' ids (unless forgotten meanwhile). */
  private async keep(load: Promise<TeamData | null>): Promise<TeamData | null> {
    const generation = this.generation;
    const data = await load;
    if (data && generation === this.generation) {
      keepFirst(this.teams, data.team.id, data);
      for (const channel of data.channels) keepFirst(this.channelTeams, channel.id, data);
    }
    return data;
  }
}

/** The promise of `key` in `map`, loading it once; a failed load is not kept. */
function memo<T>(map: Map<string, Promise<T>>, key: string, load: () => Promise<T>): Promise<T> {
  let promise = map.get(key);
  if (!promise) {
    promise = load();
    map.set(key, promise);
    promise.catch(() => map.get(key) === promise && map.delete(key));
  }
  return promise;
}

/** Keep `value` under `key` unless something (loaded or in flight) is there already. */
function keepFirst<T>(map: Map<string, Promise<T>>, key: string, value: T): void {
  if (!map.has(key)) map.set(key, Promise.resolve(value));
}
