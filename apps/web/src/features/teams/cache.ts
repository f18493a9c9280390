import type { Category, Channel, Member, Role, Team } from '@rally/shared/api/teams';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { queryKeys } from '../../lib/query-keys';
import type { TeamChannelsData } from './channel-queries';

/**
 * The one place that writes the team caches — the team list, a team's channels and categories, its
 * roles and its members: queries, mutations and live event handlers all go through these, so each
 * entity is changed one way. A list that is not loaded is left alone (it is fetched whole when a
 * screen needs it), and a write that changes nothing keeps the cached object (no re-render).
 */

/** `list` with `item` in place of the entry of the same id, or added at the end. */
export function upsertById<T extends { id: string }>(list: readonly T[], item: T): T[] {
  const i = list.findIndex((x) => x.id === item.id);
  if (i === -1) return [...list, item];
  const next = list.slice();
  next[i] = item;
  return next;
}

/** `list` without the entry `id` (the same array when there is none). */
function withoutId<T extends { id: string }>(list: T[], id: string): T[] {
  return list.some((x) => x.id === id) ? list.filter((x) => x.id !== id) : list;
}

/** `list` with `update` applied to the entry `id` (the same array when there is none). */
function updateById<T extends { id: string }>(list: T[], id: string, update: (item: T) => T): T[] {
  return list.some((x) => x.id === id) ? list.map((x) => (x.id === id ? update(x) : x)) : list;
}

function updateLoaded<T>(qc: QueryClient, key: QueryKey, update: (data: T) => T): void {
  qc.setQueryData<T>(key, (old) => (old === undefined ? old : update(old)));
}

// ——— the team list (queryKeys.teams: Team[]) ———

/** The whole list, from READY. */
export function setTeamList(qc: QueryClient, teams: Team[]): void {
  qc.setQueryData<Team[]>(queryKeys.teams, teams);
}

/** A team created, joined or changed: in place of its copy in the list, or added (the event and the answer may both bring it). */
export function upsertTeamInList(qc: QueryClient, team: Team): void {
  updateLoaded<Team[]>(qc, queryKeys.teams, (list) => upsertById(list, team));
}

/** A change to one team of the list (its member count). */
export function updateTeamInList(qc: QueryClient, teamId: string, update: (team: Team) => Team): void {
  updateLoaded<Team[]>(qc, queryKeys.teams, (list) => updateById(list, teamId, update));
}

/** The team list in the user's order (a drag of the team icons; ids not in the list are ignored, teams not named keep their place at the end). */
export function setTeamListOrder(qc: QueryClient, ids: readonly string[]): void {
  updateLoaded<Team[]>(qc, queryKeys.teams, (list) => {
    const place = new Map(ids.map((id, i) => [id, i]));
    const next = [...list].sort((a, b) => (place.get(a.id) ?? ids.length) - (place.get(b.id) ?? ids.length));
    return next.every((t, i) => t === list[i]) ? list : next;
  });
}

/** The user is no longer in the team (left, removed, deleted): out of the list, everything cached under it (channels, roles, members, invites, bans, audit log) forgotten. */
export function removeTeamFromList(qc: QueryClient, teamId: string): void {
  updateLoaded<Team[]>(qc, queryKeys.teams, (list) => withoutId(list, teamId));
  // Every per-team key starts with [...queryKeys.teams, teamId] (lib/query-keys.ts).
  qc.removeQueries({ queryKey: [...queryKeys.teams, teamId] });
}

// ——— a team's channels and categories (queryKeys.teamChannels: TeamChannelsData) and roles ———

/** A team's channels, categories and roles, from READY or a join (lists of several teams are filtered to this one). */
export function seedTeam(qc: QueryClient, teamId: string, data: { channels: Channel[]; categories: Category[]; roles: Role[] }): void {
  qc.setQueryData<TeamChannelsData>(queryKeys.teamChannels(teamId), {
    channels: data.channels.filter((c) => c.teamId === teamId),
    categories: data.categories.filter((c) => c.teamId === teamId),
  });
  setTeamRoles(
    qc,
    teamId,
    data.roles.filter((r) => r.teamId === teamId),
  );
}

function updateChannels(qc: QueryClient, teamId: string, update: (data: TeamChannelsData) => TeamChannelsData): void {
  updateLoaded<TeamChannelsData>(qc, queryKeys.teamChannels(teamId), (data) => {
    const next = update(data);
    return next.channels === data.channels && next.categories === data.categories ? data : next;
  });
}

/** A team channel the user may view, new or changed. */
export function upsertChannel(qc: QueryClient, channel: Channel): void {
  if (channel.teamId !== null) updateChannels(qc, channel.teamId, (d) => ({ ...d, channels: upsertById(d.channels, channel) }));
}

/** A channel deleted, or no longer visible to the user. */
export function removeChannel(qc: QueryClient, teamId: string, channelId: string): void {
  updateChannels(qc, teamId, (d) => ({ ...d, channels: withoutId(d.channels, channelId) }));
}

/** A category the user may view, new or changed. */
export function upsertCategory(qc: QueryClient, category: Category): void {
  updateChannels(qc, category.teamId, (d) => ({ ...d, categories: upsertById(d.categories, category) }));
}

/** A category deleted, or no longer visible to the user. */
export function removeCategory(qc: QueryClient, teamId: string, categoryId: string): void {
  updateChannels(qc, teamId, (d) => ({ ...d, categories: withoutId(d.categories, categoryId) }));
}

/** A channel's place: its category (null: uncategorised) and its priority there. */
export interface ChannelPlace {
  id: string;
  parentId: string | null;
  priority: number;
}

/** `list` with each entry named in `places` given its place (entries that already have it, and the list when none changes, kept). */
function withPlaces<T extends { id: string; priority: number }>(list: T[], places: readonly (Pick<T, 'id'> & Partial<T>)[]): T[] {
  const byId = new Map(places.map((p) => [p.id, p]));
  let changed = false;
  const next = list.map((item) => {
    const place = byId.get(item.id);
    if (!place || (Object.keys(place) as (keyof T)[]).every((key) => item[key] === place[key])) return item;
    changed = true;
    return { ...item, ...place };
  });
  return changed ? next : list;
}

/** Channels took new places (a reorder or a move, live or optimistic): each named channel the user has gets its category and priority. */
export function setChannelPlaces(qc: QueryClient, teamId: string, places: readonly ChannelPlace[]): void {
  updateChannels(qc, teamId, (d) => ({ ...d, channels: withPlaces(d.channels, places) }));
}

/** Categories took new places: each named category the user has gets its priority. */
export function setCategoryPlaces(qc: QueryClient, teamId: string, places: readonly { id: string; priority: number }[]): void {
  updateChannels(qc, teamId, (d) => ({ ...d, categories: withPlaces(d.categories, places) }));
}

/** A team's roles as a whole (READY, a join, an edit or a reorder). */
export function setTeamRoles(qc: QueryClient, teamId: string, roles: Role[]): void {
  qc.setQueryData<Role[]>(queryKeys.teamRoles(teamId), roles);
}

/** A role created or cloned: into the team's roles if loaded (once), which stay ordered by priority, highest first. */
export function upsertRole(qc: QueryClient, role: Role): void {
  updateLoaded<Role[]>(qc, queryKeys.teamRoles(role.teamId), (roles) => upsertById(roles, role).sort((a, b) => b.priority - a.priority));
}

/** A role deleted: out of the team's roles and off every loaded member of the team. */
export function removeRole(qc: QueryClient, teamId: string, roleId: string): void {
  updateLoaded<Role[]>(qc, queryKeys.teamRoles(teamId), (roles) => withoutId(roles, roleId));
  updateLoaded<Member[]>(qc, queryKeys.teamMembers(teamId), (members) =>
    members.some((m) => m.roles.includes(roleId))
      ? members.map((m) => (m.roles.includes(roleId) ? { ...m, roles: m.roles.filter((r) => r !== roleId) } : m))
      : members,
  );
}

// ——— members (queryKeys.teamMembers: Member[]) ———

/** A member joined (or changed): into the team's loaded member list. Says whether that list had them already. */
export function upsertMember(qc: QueryClient, teamId: string, member: Member): boolean {
  let listed = false;
  updateLoaded<Member[]>(qc, queryKeys.teamMembers(teamId), (members) => {
    listed = members.some((m) => m.id === member.id);
    return upsertById(members, member);
  });
  return listed;
}

/** A change to one member of a team (their roles). */
export function updateMember(qc: QueryClient, teamId: string, userId: string, update: (member: Member) => Member): void {
  updateLoaded<Member[]>(qc, queryKeys.teamMembers(teamId), (members) => updateById(members, userId, update));
}

/** A role given to a member (USER_ROLE_ADDED, or the viewer's own add). */
export function addRoleToMember(qc: QueryClient, teamId: string, userId: string, roleId: string): void {
  updateMember(qc, teamId, userId, (m) => (m.roles.includes(roleId) ? m : { ...m, roles: [...m.roles, roleId] }));
}

/** A role taken from a member (USER_ROLE_REMOVED, or the viewer's own removal). */
export function removeRoleFromMember(qc: QueryClient, teamId: string, userId: string, roleId: string): void {
  updateMember(qc, teamId, userId, (m) => (m.roles.includes(roleId) ? { ...m, roles: m.roles.filter((r) => r !== roleId) } : m));
}

/** A member left or was removed: out of the team's loaded member list. Says whether that list had them. */
export function removeMember(qc: QueryClient, teamId: string, userId: string): boolean {
  let listed = false;
  updateLoaded<Member[]>(qc, queryKeys.teamMembers(teamId), (members) => {
    listed = members.some((m) => m.id === userId);
    return withoutId(members, userId);
  });
  return listed;
}

function isMembersKey(key: readonly unknown[]): boolean {
  const sample = queryKeys.teamMembers('');
  return key.length === sample.length && key[0] === sample[0] && key[2] === sample[2];
}

/** A change to one user (their presence) in every loaded member list. */
export function updateMemberEverywhere(qc: QueryClient, userId: string, update: (member: Member) => Member): void {
  qc.setQueriesData<Member[]>({ predicate: (q) => isMembersKey(q.queryKey) }, (old) => (old ? updateById(old, userId, update) : old));
}
