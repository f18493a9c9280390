import { useState } from 'react';
import { useTeamMembers } from '../teams/members-queries';

/**
 * A member's username as it was when a dialog about them opened: it stays while the member leaves
 * the list (the kick or ban itself removes them before the dialog closes).
 */
export function useMemberName(teamId: string, userId: string): string {
  const member = useTeamMembers(teamId).data?.find((m) => m.id === userId);
  const [name] = useState(() => member?.username ?? '');
  return member?.username ?? name;
}
