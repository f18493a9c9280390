import type { Category, Channel, Member, Role, Team } from '@rally/shared/api/teams';
import { ChannelPermission, computeChannelPermissions, hasBit, type PermissionContext } from '@rally/shared/permissions';

/** Spec 001 §2, §9: offline members are not listed in teams of more than 1000 members. */
export const OFFLINE_HIDDEN_ABOVE = 1000;

/** One row of the virtualized member list: a group header or a member. */
export type MemberListRow =
  | { kind: 'header'; key: string; group: { type: 'role'; role: Role } | { type: 'online' } | { type: 'offline' }; count: number }
  | { kind: 'member'; key: string; member: Member; /** The highest displayed-separately role: the name's colour. */ colorRole: Role | null };

export interface MemberListInput {
  team: Pick<Team, 'id' | 'createdBy' | 'memberCount'>;
  members: readonly Member[];
  /** The team's roles (any order). */
  roles: readonly Role[];
  /** The open channel: only members who may VIEW_CHANNEL on it are listed; none, every member. */
  channel?: Pick<Channel, 'type' | 'permissions' | 'parentId'> | undefined;
  /** The channel's category (its overwrites apply to the channel). */
  category?: Pick<Category, 'permissions'> | undefined;
}

/** What every member holding the same set of roles shares: whether they see the channel and their top displayed role. */
interface RoleSetFacts {
  canView: boolean;
  displayRole: Role | null;
}

const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });
const byName = (a: Member, b: Member) => collator.compare(a.username, b.username) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * The highest-priority role among `roleIds` that is displayed separately (spec 001 §6: it gives the
 * name's colour and the member's group), or null. `byId`: the team's roles by id.
 */
export function topDisplayedRole(roleIds: readonly string[], byId: ReadonlyMap<string, Role>): Role | null {
  let best: Role | null = null;
  for (const id of roleIds) {
    const role = byId.get(id);
    if (role?.isDisplayedSeparately && (!best || role.priority > best.priority)) best = role;
  }
  return best;
}

/**
 * The member list of a channel (spec 001 §2): members who may VIEW_CHANNEL on it, online members
 * grouped under their highest-priority displayed-separately role (roles by priority, highest first),
 * the other online members under "Online", every offline member under "Offline" (none when the team
 * has over 1000 members); names in each group sorted. Empty groups are left out.
 *
 * Pure and fast for large teams: the channel permission and the top displayed role are worked out
 * once per distinct set of held roles (members with the same roles share them), and only per member
 * for the owner and for members with an overwrite of their own on the channel or its category.
 */
export function groupMembers({ team, members, roles, channel, category }: MemberListInput): MemberListRow[] {
  const byId = new Map(roles.map((r) => [r.id, r]));
  const ownOverwrite = new Set<string>();
  if (channel) {
    for (const id of Object.keys(channel.permissions.user)) ownOverwrite.add(id);
    if (category) for (const id of Object.keys(category.permissions.user)) ownOverwrite.add(id);
  }
  const baseCtx: Omit<PermissionContext, 'userId' | 'memberRoleIds'> = { teamId: team.id, ownerId: team.createdBy, roles };
  const canView = (userId: string, memberRoleIds: readonly string[]) =>
    !channel || hasBit(computeChannelPermissions({ ...baseCtx, userId, memberRoleIds }, channel, category), ChannelPermission.VIEW_CHANNEL);

  const facts = new Map<string, RoleSetFacts>();
  const factsOf = (member: Member): RoleSetFacts => {
    const key = member.roles.join(',');
    let found = facts.get(key);
    if (!found) {
      // Computed for a member without an overwrite of their own who is not the owner: what everyone with these roles gets.
      found = { canView: canView('', member.roles), displayRole: topDisplayedRole(member.roles, byId) };
      facts.set(key, found);
    }
    return found;
  };

  const showOffline = team.memberCount <= OFFLINE_HIDDEN_ABOVE && members.length <= OFFLINE_HIDDEN_ABOVE;
  const byRole = new Map<Role, Member[]>();
  const online: Member[] = [];
  const offline: Member[] = [];
  const colorOf = new Map<Member, Role | null>();

  for (const member of members) {
    if (member.presence === 0 && !showOffline) continue;
    const shared = factsOf(member);
    const visible = member.id === team.createdBy || ownOverwrite.has(member.id) ? canView(member.id, member.roles) : shared.canView;
    if (!visible) continue;
    colorOf.set(member, shared.displayRole);
    if (member.presence === 0) offline.push(member);
    else if (shared.displayRole) {
      const list = byRole.get(shared.displayRole);
      if (list) list.push(member);
      else byRole.set(shared.displayRole, [member]);
    } else online.push(member);
  }

  const rows: MemberListRow[] = [];
  const push = (key: string, group: Extract<MemberListRow, { kind: 'header' }>['group'], list: Member[]) => {
    if (list.length === 0) return;
    list.sort(byName);
    rows.push({ kind: 'header', key, group, count: list.length });
    for (const member of list) rows.push({ kind: 'member', key: `${key}:${member.id}`, member, colorRole: colorOf.get(member) ?? null });
  };
  for (const role of [...byRole.keys()].sort((a, b) => b.priority - a.priority)) push(`role:${role.id}`, { type: 'role', role }, byRole.get(role)!);
  push('online', { type: 'online' }, online);
  push('offline', { type: 'offline' }, offline);
  return rows;
}

/**
 * CSS for a name in a role's colour (spec 001 §3: color2 null means solid, else a gradient, drawn
 * through the text with background-clip), or undefined for no colour.
 */
export function roleNameStyle(role: Pick<Role, 'color' | 'color2'> | null | undefined): Record<string, string> | undefined {
  if (!role?.color) return undefined;
  if (!role.color2) return { color: role.color };
  return {
    color: role.color,
    backgroundImage: `linear-gradient(90deg, ${role.color}, ${role.color2})`,
    backgroundClip: 'text',
    WebkitBackgroundClip: 'text',
    WebkitTextFillColor: 'transparent',
  };
}
