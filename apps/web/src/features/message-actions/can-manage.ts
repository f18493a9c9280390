import { ChannelPermission, hasBit } from '@rally/shared/permissions';
import { useChannelPermissions } from '../teams/access';

/** Whether the user holds MANAGE_MESSAGES on the channel (from the cached team, roles and channels); never in a direct chat (`teamId` null). */
export function useCanManageMessages(teamId: string | null, channelId: string): boolean {
  const held = useChannelPermissions(teamId, channelId);
  return !!held && hasBit(held.permissions, ChannelPermission.MANAGE_MESSAGES);
}

/** Whether the user may pin and unpin messages here: MANAGE_MESSAGES in a team channel, any member of a direct chat. */
export function useCanPin(teamId: string | null, channelId: string): boolean {
  const canManage = useCanManageMessages(teamId, channelId);
  return teamId === null || canManage;
}
