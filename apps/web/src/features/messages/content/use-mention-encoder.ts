import { useCallback } from 'react';
import { useTeamChannels } from '../../teams/channel-queries';
import { useTeamMembers } from '../../teams/members-queries';
import { useTeamRoles } from '../../teams/queries';
import { encodeMentions } from './encode-mentions';

/**
 * The composer's text as sent: in a team, `@name`, `@Role` and `#channel` of the team become
 * mention syntax; in a direct chat (`teamId` null), `@name` of the chat's `people`.
 */
export function useMentionEncoder(teamId: string | null, people: readonly { id: string; username: string }[] = []): (text: string) => string {
  const inTeam = teamId !== null;
  const members = useTeamMembers(teamId ?? '', inTeam).data;
  const roles = useTeamRoles(teamId ?? '', inTeam).data;
  const channels = useTeamChannels(teamId ?? '', inTeam).data?.channels;
  return useCallback(
    (text: string) =>
      encodeMentions(text, {
        users: inTeam ? (members ?? []) : people,
        // The default role is @everyone, written as such.
        roles: (roles ?? []).filter((r) => r.id !== teamId),
        channels: (channels ?? []).filter((c) => c.type !== 'category'),
      }),
    [inTeam, members, people, roles, channels, teamId],
  );
}
