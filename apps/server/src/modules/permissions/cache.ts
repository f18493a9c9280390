import type { Executor } from '../../db/client';
import { readAll } from '../../db/read-all';
import { accessOf, loadMemberRoleIds, loadTeamData, type ChannelAccess, type TeamAccess, type TeamData } from './access';
import { findChannelTeamId } from './repository';

/**
 * One request's reads of access, each made once: a team's rows (team, roles, channels), a member's
 * roles in it, a channel's team. addEndpoint makes one per request and checks the endpoint's
 * permission through it; services reach the same one as `deps.accessCache`, so that loading the
 * same team's access again (the caller's, or another member's: only their roles are read) costs no
 * round trip. It holds what the request read: a service that changes roles, memberships or
 * overwrites and then reads access again calls `forget()` first. Not for transactions (read with
 * loadTeamAccess(tx, …) there).
 */
export class AccessCache {
  private readonly teams = new Map<string, Promise<TeamData | null>>();
  private readonly roleIds = new Map<string, Promise<string[] | null>>();
  private readonly channelTeams = new Map<string, Promise<string | null>>();

  constructor(private readonly db: Executor) {}

  /** The member's access to the team, or null (not a member, or no such team). */
  async team(teamId: string, userId: string): Promise<TeamAccess | null> {
    const [data, roleIds] = await readAll(this.db, [
      () => memo(this.teams, teamId, () => loadTeamData(this.db, teamId)),
      () => memo(this.roleIds, `${teamId}:${userId}`, () => loadMemberRoleIds(this.db, teamId, userId)),
    ]);
    return data && roleIds ? accessOf(data, userId, roleIds) : null;
  }

  /** The team channel or category with the member's access to its team, or null (no such channel, a DM, or not a member). */
  async channel(channelId: string, userId: string): Promise<ChannelAccess | null> {
    const teamId = await memo(this.channelTeams, channelId, () => findChannelTeamId(this.db, channelId));
    const access = teamId ? await this.team(teamId, userId) : null;
    const channel = access?.channels.find((c) => c.id === channelId);
    return access && channel ? { access, channel } : null;
  }

  /** Drop everything read so far (after a write that changes access). */
  forget(): void {
    this.teams.clear();
    this.roleIds.clear();
    this.channelTeams.clear();
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
