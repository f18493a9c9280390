import type { Member, Role } from '@rally/shared/api/teams';
import { TeamPermission } from '@rally/shared/permissions';
import type { TeamAccess } from '../teams/access';

/**
 * Whether the viewer may give or take this role from the member (spec 001 §6, as the server checks
 * it): never the default role nor a bot's role; a self-assignable role on oneself; otherwise
 * MANAGE_ROLES, ranking above the role and, for another member, above that member.
 */
export function canChangeMemberRole(access: TeamAccess, teamId: string, member: Pick<Member, 'id' | 'roles'>, role: Role): boolean {
  if (!access.ready || role.id === teamId || role.botUserId) return false;
  const self = member.id === access.userId;
  if (self && role.isSelfAssignable) return true;
  return access.can(TeamPermission.MANAGE_ROLES) && access.canActOnRole(role) && (self || access.canActOnMember(member));
}
