import { ChannelPermission } from '@rally/shared/permissions';
import { useTeamAccess } from '../teams/access';
import { useTeamChannels } from '../teams/channel-queries';
import { useTeams } from '../teams/queries';

/** Whether the user holds MANAGE_MESSAGES on the channel (from the cached team, roles and channels); never in a direct chat (`teamId` null). */
export function useCanManageMessages(teamId: string | null, channelId: string): boolean {
  const team = useTeams().data?.find((t) => t.id === teamId);
  const channel = useTeamChannels(teamId ?? '', teamId !== null).data?.channels.find((c) => c.id === channelId);
  const access = useTeamAccess(team ?? { id: teamId ?? '', createdBy: '' });
  return !!team && !!channel && access.canOnChannel(channel, ChannelPermission.MANAGE_MESSAGES);
}

/** Whether the user may pin and unpin messages here: MANAGE_MESSAGES in a team channel, any member of a direct chat. */
export function useCanPin(teamId: string | null, channelId: string): boolean {
  const canManage = useCanManageMessages(teamId, channelId);
  return teamId === null || canManage;
}
