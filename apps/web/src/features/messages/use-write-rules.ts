import { ChannelPermission, hasBit, slowmodeSeconds } from '@rally/shared/permissions';
import { useMeUser } from '../auth/queries';
import { useChannelPermissions } from '../teams/access';

/**
 * What the reader may do in a chat besides reading, as the server decides it
 * (docs/permissions.md): the composer gives way to a notice where they may not send, rather than
 * failing after Send.
 */
export interface WriteRules {
  /**
   * Why the reader may not send: 'verify' (their e-mail address is not verified), 'permission' (no
   * SEND_MESSAGES in the team channel), or null. A direct chat's own rules (read-only, blocked) are
   * the chat page's.
   */
  blocked: 'verify' | 'permission' | null;
  /** Reacting: refused to an unverified address (a team channel needs no SEND_MESSAGES to react). */
  canReact: boolean;
  /** The channel's slowmode between the reader's messages (0: none, or exempt by MANAGE_CHANNEL or MANAGE_MESSAGES). */
  slowmodeMs: number;
}

/** The reader's WriteRules in a team channel or a direct chat (teamId null), from the cached user, team, roles and channels. */
export function useWriteRules(teamId: string | null, channelId: string): WriteRules {
  const me = useMeUser();
  // Until the team's access is known nothing is refused: the notice never flashes on a channel the reader may write in.
  const held = useChannelPermissions(teamId, channelId);
  const unverified = !!me && !me.verified;
  return {
    blocked: unverified ? 'verify' : held && !hasBit(held.permissions, ChannelPermission.SEND_MESSAGES) ? 'permission' : null,
    canReact: !unverified,
    slowmodeMs: held ? slowmodeSeconds(held.channel, held.permissions) * 1000 : 0,
  };
}
