import { useCallback } from 'react';
import { useTeamChannels } from '../../teams/channel-queries';
import { useTeamMembers } from '../../teams/members-queries';
import { useTeamRoles } from '../../teams/queries';
import { encodeMentions } from './encode-mentions';

/** The composer's text as sent in a team: `@name`, `@Role` and `#channel` of the team become mention syntax. */
export function useMentionEncoder(teamId: string): (text: string) => string {
  const members = useTeamMembers(teamId).data;
  const roles = useTeamRoles(teamId).data;
  const channels = useTeamChannels(teamId).data?.channels;
  return useCallback(
    (text: string) =>
      encodeMentions(text, {
        users: members ?? [],
        // The default role is @everyone, written as such.
        roles: (roles ?? []).filter((r) => r.id !== teamId),
        channels: (channels ?? []).filter((c) => c.type !== 'category'),
      }),
    [members, roles, channels, teamId],
  );
}
