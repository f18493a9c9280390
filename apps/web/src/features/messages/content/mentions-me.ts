import type { MessageMentions } from '@rally/shared/api/messages';
import type { Member } from '@rally/shared/api/teams';
import { useQueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { queryKeys } from '../../../lib/query-keys';
import { useMeUser } from '../../auth/queries';

/** Does a message mention this user: by name, through one of their roles, or with @everyone / @here (as the server resolved it)? */
export function mentionsUser(mentions: MessageMentions, userId: string, roleIds: readonly string[]): boolean {
  return mentions.everyone || mentions.here || mentions.users.includes(userId) || mentions.roles.some((r) => roleIds.includes(r));
}

/** Whether the message mentions the signed-in user (its row is then highlighted). Roles come from the open team's member list. */
export function useMentionsMe(mentions: MessageMentions): boolean {
  const me = useMeUser();
  const { teamId } = useParams();
  const queryClient = useQueryClient();
  if (!me) return false;
  const roleIds =
    mentions.roles.length > 0 && teamId ? (queryClient.getQueryData<Member[]>(queryKeys.teamMembers(teamId))?.find((m) => m.id === me.id)?.roles ?? []) : [];
  return mentionsUser(mentions, me.id, roleIds);
}
